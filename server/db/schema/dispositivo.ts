import { bigint, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tienda } from './tienda';
import { usuario } from './usuario';

/**
 * A device of the store allowed to sell without the network (issue #51 point 5): a browser that keeps
 * a random key of its own (not its sign-in) and is registered by role 1 — on the device itself, or by
 * authorising the request a cashier's device made. Renamed and revoked by role 1; never deleted (the
 * sales it sent name it). Only the key's SHA-256 is kept.
 */
export const equipoSinRed = pgTable(
  'equipo_sin_red',
  {
    idEquipo: integer('id_equipo').primaryKey().generatedByDefaultAsIdentity(),
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    nombre: text('nombre').notNull(),
    claveHash: text('clave_hash').notNull(),
    /** Who asked from it (signed in on it). */
    solicitadoPor: integer('solicitado_por').references(() => usuario.idUsuario, { onDelete: 'set null' }),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
    autorizadoPor: integer('autorizado_por').references(() => usuario.idUsuario, { onDelete: 'set null' }),
    autorizadoEn: timestamp('autorizado_en', { withTimezone: true }),
    revocadoPor: integer('revocado_por').references(() => usuario.idUsuario, { onDelete: 'set null' }),
    revocadoEn: timestamp('revocado_en', { withTimezone: true }),
  },
  (t) => [uniqueIndex('equipo_sin_red_tienda_clave_uq').on(t.tiendaId, t.claveHash)],
);

/**
 * A device (a browser's local database) that may sell without the network (issue #34 point 4, ADR
 * 028): the server gives it a prefix of its store once, while online; the device numbers its offline
 * sales `<prefijo>-1`, `-2`… from its own counter, and the server records that number as printed.
 */
export const dispositivoVenta = pgTable(
  'dispositivo_venta',
  {
    idDispositivo: integer('id_dispositivo').primaryKey().generatedByDefaultAsIdentity(),
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    /** `D1`, `D2`… per store: never given twice in a store. */
    prefijo: text('prefijo').notNull(),
    /** Who registered it (signed in on it); null for the store account. */
    usuarioId: integer('usuario_id').references(() => usuario.idUsuario, { onDelete: 'set null' }),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
    /** The registered device it numbers for (issue #51 point 5); null for prefixes given before: their sales are refused. */
    equipoId: integer('equipo_id').references(() => equipoSinRed.idEquipo, { onDelete: 'cascade' }),
    /**
     * Where `sin_red_version_seq` stood at this prefix's last complete catalogue download (issue #51
     * point 5, ADR 041): the customers' balances it saw are the ledger up to here. Null: never downloaded
     * since (its fiado sales are checked against the balance at arrival).
     */
    versionDescargada: bigint('version_descargada', { mode: 'number' }),
  },
  (t) => [uniqueIndex('dispositivo_venta_tienda_prefijo_uq').on(t.tiendaId, t.prefijo)],
);

