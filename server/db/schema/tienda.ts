import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TFormatoBalanza } from '#shared/balanza';

/**
 * The owner's account above its stores (issue #56, ADR 043). Step 1: every store is an empresa of one
 * (migration 0066); the catalogue, people and reports move up to it in the steps that follow.
 */
export const empresa = pgTable('empresa', {
  idEmpresa: integer('id_empresa').primaryKey().generatedByDefaultAsIdentity(),
  nombre: text('nombre').notNull(),
  creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
});

export const tienda = pgTable(
  'tienda',
  {
    idTienda: integer('id_tienda').primaryKey().generatedByDefaultAsIdentity(),
    /**
     * The store's empresa (issue #56, ADR 043). Never null in the database; a writer that leaves it
     * out gets an empresa of the store's own from the trigger `tienda_empresa` (hence the null
     * default here: the column may be left out of an insert).
     */
    empresaId: integer('empresa_id')
      .notNull()
      .default(sql`null`)
      .references(() => empresa.idEmpresa),
    nombreTienda: text('nombre_tienda').notNull(),
    direccion: text('direccion'),
    telefono: text('telefono'),
    /** The receipt's header (issue #19): the store's NIT or owner's documento, the paper's width, a closing line. */
    nit: text('nit'),
    anchoPapel: text('ancho_papel').notNull().default('80'),
    pieRecibo: text('pie_recibo'),
    /**
     * The store's login (role 1 of its empresa, ADR 043). A store the owner opens from *Sucursales*
     * (issue #56 step 3) has none: the owner signs in once, with the empresa's first store's login.
     */
    correo: text('correo'),
    contrasenaHash: text('contrasena_hash'),
    codigoInvitacion: text('codigo_invitacion').notNull(),
    /** When the invitation code stops admitting sign-ups (issue #15); null: it never expires. */
    codigoExpira: timestamp('codigo_expira', { withTimezone: true }),
    /**
     * When on, a new employee cannot sign in until role 1 approves the account (issue #15). On for new
     * stores (issue #28: anyone with the code could sign up cashiers); stores made before keep theirs.
     */
    aprobarEmpleados: boolean('aprobar_empleados').notNull().default(true),
    /** The IANA zone every date of the store is shown and grouped in (issue #16). */
    zonaHoraria: text('zona_horaria').notNull().default('America/Bogota'),
    /**
     * "Exigir caja abierta para vender" (issue #27): when on, every face that records a sale needs
     * the seller's open shift. A one-person shop may turn it off; cash is then not controlled.
     */
    exigirCaja: boolean('exigir_caja').notNull().default(true),
    /**
     * Above this many pesos a cash movement needs a supervisor's PIN, for a role the owner has not
     * allowed more (issue #27 point 1, server/modules/tienda/permisos.ts); null: no limit.
     */
    umbralCaja: bigint('umbral_caja', { mode: 'number' }),
    /**
     * The store account's own supervisor PIN (issue #36 point 5): the owner signed in as the store
     * (role 1, no user id) authorises a cashier's discount with it. Hashed like a password; its wrong
     * tries and lock work as an employee supervisor's (`usuario.pin_*`, server/modules/tienda/autorizacion.ts).
     */
    pinHash: text('pin_hash'),
    pinFallos: integer('pin_fallos').notNull().default(0),
    pinBloqueadoEn: timestamp('pin_bloqueado_en', { withTimezone: true }),
    /** Its verifier for offline devices and version (ADR 053), as an employee supervisor's (`usuario.pin_verificador`). */
    pinVerificador: text('pin_verificador'),
    pinVersion: integer('pin_version').notNull().default(0),
    /**
     * *Por pedir* (issue #32 point 3): a product at or under its minimum is suggested up to this
     * percentage of its minimum (200: twice the minimum).
     */
    pedidoObjetivo: integer('pedido_objetivo').notNull().default(200),
    /** *Por vencer* (issue #58 point 2): lots expiring within this many days (1–365). */
    diasPorVencer: smallint('dias_por_vencer').notNull().default(30),
    /**
     * The layouts of the store's label scales (issue #33 point 4, shared/balanza.ts): how the till
     * reads an EAN-13 of prefixes 20–29 into an item code and a weight or a price. Written only
     * through ZFormatosBalanza (role 1, server/modules/balanza/balanza.ts); none by default.
     */
    formatosBalanza: jsonb('formatos_balanza').$type<TFormatoBalanza[]>().notNull().default([]),
    /** Bumped when the password changes: older tokens stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tienda_empresa_idx').on(t.empresaId),
    uniqueIndex('tienda_correo_uq').on(sql`lower(${t.correo})`),
    uniqueIndex('tienda_codigo_invitacion_uq').on(t.codigoInvitacion),
    check('tienda_dias_por_vencer_valido', sql`${t.diasPorVencer} BETWEEN 1 AND 365`),
  ],
);
