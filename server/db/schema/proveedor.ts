import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { tienda } from './tienda';

export const proveedor = pgTable(
  'proveedor',
  {
    idProveedor: integer('id_proveedor').primaryKey().generatedByDefaultAsIdentity(),
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
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
    /** False once archived (issue #27): a supplier with deliveries is never deleted, only hidden from lists. */
    activo: boolean('activo').notNull().default(true),
  },
  (t) => [
    index('proveedor_tienda_idx').on(t.tiendaId, t.nombre),
    check('proveedor_tipo_identificacion_valido', sql`${t.tipoIdentificacion} is null or ${t.tipoIdentificacion} in ('CC', 'CE', 'NIT', 'PA', 'TI', 'PEP', 'PPT', 'NITE')`),
    check('proveedor_municipio_valido', sql`${t.municipio} is null or ${t.municipio} ~ '^[0-9]{5}$'`),
  ],
);
