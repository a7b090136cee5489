import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { producto } from './producto';
import { tienda } from './tienda';

/**
 * A product's sale units (issue #33 point 5, ADR 033, *presentaciones*): "Paca x12", "Caja x24", each
 * with its own barcode and price; selling one takes `factor` units of the product from stock. A
 * barcode names one thing of a store: a product or one of these (the trigger `codigo_barras_unico`).
 */
export const productoUnidadVenta = pgTable(
  'producto_unidad_venta',
  {
    idUnidadVenta: integer('id_unidad_venta').primaryKey().generatedByDefaultAsIdentity(),
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    productoId: integer('producto_id').notNull().references(() => producto.idProducto, { onDelete: 'cascade' }),
    /** What the till and the receipt show: "Paca x12". */
    nombre: text('nombre').notNull(),
    /** Units of the product in one: 2 to 1 000 (FACTOR_MAXIMO in shared/schemas/presentacion.ts). */
    factor: integer('factor').notNull(),
    codigoBarras: text('codigo_barras').notNull(),
    /** The pack's price, integer pesos. */
    precio: bigint('precio', { mode: 'number' }).notNull(),
  },
  (t) => [
    check('producto_unidad_venta_factor_valido', sql`${t.factor} between 2 and 1000`),
    check('producto_unidad_venta_precio_valido', sql`${t.precio} >= 0 and ${t.precio} <= 100000000`),
    uniqueIndex('producto_unidad_venta_codigo_uq').on(t.tiendaId, t.codigoBarras),
    index('producto_unidad_venta_producto_idx').on(t.productoId),
  ],
);
