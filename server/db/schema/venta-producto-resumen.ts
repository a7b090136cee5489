import { index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { producto } from './producto';
import { tienda } from './tienda';
import { sumaCantidadColumna } from './columna-cantidad';

/**
 * Units sold per product (annulled sales excluded), kept by database triggers on factura and venta
 * (migration 0002), whatever path writes them: checkout, annulment, the legacy calls, the back-office.
 * The popularity analysis reads it instead of summing a million invoice lines. One row per product,
 * updated in place; declared in `server/db/resumenes.ts` (`VENTA_PRODUCTO_RESUMEN`, ADR 075), from
 * which its trigger and rebuild functions are generated.
 */
export const ventaProductoResumen = pgTable(
  'venta_producto_resumen',
  {
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    productoId: integer('producto_id').notNull().references(() => producto.idProducto, { onDelete: 'cascade' }),
    cantidadVendida: sumaCantidadColumna('cantidad_vendida').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tiendaId, t.productoId] }), index('venta_producto_resumen_orden_idx').on(t.tiendaId, t.cantidadVendida)],
);
