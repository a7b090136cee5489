import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TAdquirente } from '#shared/schemas/factura-electronica';
import { empresa, tienda } from './tienda';

export const cliente = pgTable(
  'cliente',
  {
    idCliente: integer('id_cliente').primaryKey().generatedByDefaultAsIdentity(),
    /** The store where the customer was created (issue #56: the customer is the empresa's, shared by its stores). */
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    /**
     * The customer's empresa (issue #56 point 2, ADR 043): every store of it finds, sells to and takes
     * abonos from this customer; the fiado balance is one. Never null in the database: a writer that
     * leaves it out gets the store's empresa from the trigger `cliente_empresa` (hence the null default).
     */
    empresaId: integer('empresa_id')
      .notNull()
      .default(sql`null`)
      .references(() => empresa.idEmpresa, { onDelete: 'cascade' }),
    documento: text('documento').notNull(),
    tipoDocumento: text('tipo_documento').notNull().default('CC'),
    nombre: text('nombre').notNull(),
    apellido: text('apellido').notNull(),
    correo: text('correo'),
    /** For the WhatsApp statement and receipt (issue #17); digits as typed. */
    telefono: text('telefono'),
    /** May buy on credit (fiado, issue #17). */
    fiado: boolean('fiado').notNull().default(false),
    /** The credit limit (cupo) in pesos; the balance itself is the ledger's sum (credito_movimiento). */
    cupo: bigint('cupo', { mode: 'number' }).notNull().default(0),
    /**
     * Days a fiado sale has to be paid (issue #30 point 6): each credit sale is due this many days
     * after its date in the store's zone (`venta.fiado_vence`), the payment form *crédito* with its due
     * date on the receipt and the electronic POS document.
     */
    plazoFiado: integer('plazo_fiado').notNull().default(30),
    /**
     * False once archived (issue #27): a customer with credit history is never deleted; with a zero
     * balance it may be archived, hidden from the lists and the till's lookup, kept in reports.
     */
    activo: boolean('activo').notNull().default(true),
    /** The buyer's fiscal data a factura electrónica remembers (issue #57, ADR 044); null until asked once. */
    /**
     * Two customers of one empresa with one documento, from before the customers were shared (migration
     * 0090: two stores had each created the person). Both are kept and shown flagged until one's
     * documento is corrected; the documento is unique per empresa for every other customer.
     */
    documentoRepetido: boolean('documento_repetido').notNull().default(false),
    /**
     * The customer this one was merged into (issue #56, ADR 067, migration 0101): archived, its sales and
     * ledger lines kept where they were, its balances moved to the survivor by 'union' movements.
     */
    unidoA: integer('unido_a').references((): AnyPgColumn => cliente.idCliente, { onDelete: 'restrict' }),
    datosFiscales: jsonb('datos_fiscales').$type<TAdquirente>(),
    /**
     * When the row last changed (issue #34 point 3): set by the trigger `tocar_actualizado_en` on every
     * update, whatever face wrote it; the offline till downloads only what changed since its last sync.
     */
    actualizadoEn: timestamp('actualizado_en', { withTimezone: true }).notNull().defaultNow(),
    /** The offline download's cursor (issue #50 point 6), as `producto.version`. */
    version: bigint('version', { mode: 'number' }).notNull().default(sql`nextval('sin_red_version_seq')`),
  },
  (t) => [
    check('cliente_cupo_rango', sql`${t.cupo} >= 0 and ${t.cupo} <= 1000000000000`),
    check('cliente_datos_fiscales_acotados', sql`${t.datosFiscales} is null or octet_length(${t.datosFiscales}::text) <= 2000`),
    check('cliente_plazo_fiado_rango', sql`${t.plazoFiado} between 1 and 365`),
    check('cliente_unido_a_otro', sql`${t.unidoA} is null or (${t.unidoA} <> ${t.idCliente} and not ${t.activo})`),
    uniqueIndex('cliente_empresa_documento_uq').on(t.empresaId, t.documento).where(sql`not ${t.documentoRepetido} and ${t.unidoA} is null`),
    index('cliente_empresa_documento_idx').on(t.empresaId, t.documento),
    index('cliente_empresa_nombre_idx').on(t.empresaId, t.nombre),
    index('cliente_empresa_version_idx').on(t.empresaId, t.version),
  ],
);
