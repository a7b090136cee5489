import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { tienda } from './tienda';
import { sumaCantidadColumna } from './columna-cantidad';

/**
 * How many products of the store have sold exactly `cantidad` units (annulled sales excluded, only
 * products with sales): a histogram of venta_producto_resumen, kept by a trigger on that table
 * (migration 0016). The popularity analysis reads its totals and class counts from it, so its cost
 * follows the number of distinct quantities, not the number of products (issue #20, ADR 017).
 *
 * Rows are deltas (+1 / −1), only ever inserted by the trigger, so concurrent sales never wait on
 * each other here; the reader sums them per quantity and folds them into one row per quantity
 * when they pile up (`plegarContador`, server/db/plegar-contador.ts). Declared in server/db/resumenes.ts
 * (`VENTA_RESUMEN_CANTIDAD`, ADR 075), from which its trigger and rebuild functions are generated.
 */
export const ventaResumenCantidad = pgTable(
  'venta_resumen_cantidad',
  {
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    cantidad: sumaCantidadColumna('cantidad').notNull(),
    productos: bigint('productos', { mode: 'number' }).notNull(),
  },
  (t) => [index('venta_resumen_cantidad_idx').on(t.tiendaId, t.cantidad)],
);

/**
 * The store's sales per state (the invoice list's pager), as deltas kept by a trigger on venta
 * (migration 0016), read and folded like venta_resumen_cantidad; declared as `VENTA_CONTEO`.
 */
export const ventaConteo = pgTable(
  'venta_conteo',
  {
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    estado: text('estado').notNull(),
    ventas: bigint('ventas', { mode: 'number' }).notNull(),
  },
  (t) => [index('venta_conteo_idx').on(t.tiendaId, t.estado)],
);
