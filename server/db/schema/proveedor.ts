import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { empresa, tienda } from './tienda';

export const proveedor = pgTable(
  'proveedor',
  {
    idProveedor: integer('id_proveedor').primaryKey().generatedByDefaultAsIdentity(),
    /** The store where the supplier was created (issue #56: the supplier is the empresa's, shared by its stores). */
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    /**
     * The supplier's empresa (issue #56 point 2, ADR 064): every store of it orders from, receives from
     * and names this supplier. Never null in the database: a writer that leaves it out gets the store's
     * empresa from the trigger `proveedor_empresa` (hence the null default). Migration 0097.
     */
    empresaId: integer('empresa_id')
      .notNull()
      .default(sql`null`)
      .references(() => empresa.idEmpresa, { onDelete: 'cascade' }),
    nombre: text('nombre').notNull(),
    /** Digits only; text so that 10-digit Colombian numbers and leading zeros fit. */
    telefono: text('telefono').notNull(),
    email: text('email').notNull(),
    /**
     * For a later *documento soporte* (issue #32 point 7: purchases from sellers who do not invoice):
     * the seller's NIT or cédula (digits, a NIT's check digit after a dash), its address, and whether
     * it issues electronic invoices. Kept now, used later.
     */
    documento: text('documento'),
    direccion: text('direccion'),
    obligadoFacturar: boolean('obligado_facturar').notNull().default(true),
    /**
     * What the *documento soporte* (issue #57 point 3, ADR 055) names of a supplier who does not
     * invoice: its ID type (CC, CE, NIT, PA, TI, PEP, PPT, NITE: a foreign NIT) and its DANE
     * municipality (5 digits, the department is its first 2). Migration 0076.
     */
    tipoIdentificacion: text('tipo_identificacion'),
    municipio: text('municipio'),
    /**
     * Two suppliers of one empresa with one documento (its number, the NIT's check digit aside) from
     * before the suppliers were shared (migration 0097): both kept and flagged until one's documento is
     * corrected; the documento is unique per empresa for every other supplier.
     */
    documentoRepetido: boolean('documento_repetido').notNull().default(false),
    /** False once archived (issue #27): a supplier with deliveries is never deleted, only hidden from lists. */
    activo: boolean('activo').notNull().default(true),
    /**
     * The supplier this one was merged into (issue #56, ADR 072, migration 0106): an archived row whose
     * documento is the survivor's; its received purchases, deliveries and documentos soporte keep naming
     * it, its products and open orders went to the survivor. Null for every other supplier.
     */
    unidoA: integer('unido_a').references((): AnyPgColumn => proveedor.idProveedor, { onDelete: 'restrict' }),
  },
  (t) => [
    index('proveedor_tienda_idx').on(t.tiendaId, t.nombre),
    index('proveedor_empresa_nombre_idx').on(t.empresaId, t.nombre),
    uniqueIndex('proveedor_empresa_documento_uq')
      .on(t.empresaId, sql`split_part(${t.documento}, '-', 1)`)
      .where(sql`${t.documento} is not null and not ${t.documentoRepetido} and ${t.unidoA} is null`),
    check('proveedor_tipo_identificacion_valido', sql`${t.tipoIdentificacion} is null or ${t.tipoIdentificacion} in ('CC', 'CE', 'NIT', 'PA', 'TI', 'PEP', 'PPT', 'NITE')`),
    check('proveedor_unido_a_otro', sql`${t.unidoA} is null or (${t.unidoA} <> ${t.idProveedor} and not ${t.activo})`),
    check('proveedor_municipio_valido', sql`${t.municipio} is null or ${t.municipio} ~ '^[0-9]{5}$'`),
  ],
);
