import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { rol } from './rol';
import { tienda } from './tienda';

export const usuario = pgTable(
  'usuario',
  {
    idUsuario: integer('id_usuario').primaryKey().generatedByDefaultAsIdentity(),
    documento: text('documento').notNull(),
    tipoDoc: text('tipo_doc').notNull().default('CC'),
    nombre1: text('nombre1').notNull(),
    nombre2: text('nombre2'),
    apellido1: text('apellido1').notNull(),
    apellido2: text('apellido2'),
    correo: text('correo').notNull(),
    contrasenaHash: text('contrasena_hash').notNull(),
    rolId: integer('rol_id').notNull().references(() => rol.idRol),
    /** Null only for the platform operator. */
    tiendaId: integer('tienda_id').references(() => tienda.idTienda, { onDelete: 'cascade' }),
    tokenVersion: integer('token_version').notNull().default(0),
    /** False while the store's approval switch holds a new employee out (issue #15). */
    aprobado: boolean('aprobado').notNull().default(true),
    /** The supervisor's PIN (roles 1 and 3), hashed like a password (issue #16). */
    pinHash: text('pin_hash'),
    /**
     * Wrong PINs typed for this supervisor since the last right one, by any cashier (issue #28):
     * counted before the hash is checked, so parallel tries cannot pass the limit.
     */
    pinFallos: integer('pin_fallos').notNull().default(0),
    /** The supervisor's PIN stopped working after too many wrong ones: locked until they set it again. */
    pinBloqueadoEn: timestamp('pin_bloqueado_en', { withTimezone: true }),
    /**
     * The PIN's verifier for offline devices (issue #53 point 3, ADR 053: PBKDF2-SHA256, salted), made
     * when the PIN is set or at its next right check online; and the PIN's version, raised each time it is set.
     */
    pinVerificador: text('pin_verificador'),
    pinVersion: integer('pin_version').notNull().default(0),
    /** A cashier's PIN tries in the current window (issue #28), counted before the hash is checked. */
    pinIntentos: integer('pin_intentos').notNull().default(0),
    /** When the cashier's current window of PIN tries started. */
    pinIntentosDesde: timestamp('pin_intentos_desde', { withTimezone: true }),
    /**
     * The cashier who spent their PIN tries may not try again before this (issue #51 point 6): wrong
     * PINs lock the guesser, never the supervisor's PIN. Each lock since their last right PIN lasts
     * twice the one before (`pinCajeroBloqueos`), up to a day.
     */
    pinCajeroHasta: timestamp('pin_cajero_hasta', { withTimezone: true }),
    pinCajeroBloqueos: integer('pin_cajero_bloqueos').notNull().default(0),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A documento is unique within a store, not across stores: registering in one store says
    // nothing about the others (issue #15). The platform operator (no store) is never compared.
    uniqueIndex('usuario_tienda_documento_uq').on(t.tiendaId, t.documento),
    uniqueIndex('usuario_correo_uq').on(sql`lower(${t.correo})`),
    index('usuario_tienda_idx').on(t.tiendaId),
  ],
);
