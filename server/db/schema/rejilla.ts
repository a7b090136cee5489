import { check, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { producto } from './producto';
import { tienda } from './tienda';

/**
 * The till's tap grid as the owner fixed it (issue #36 point 11): these products first, in `orden`,
 * then the best sellers. No row: the grid is the best sellers alone. Written and read only by
 * server/modules/venta/rejilla.ts. A product deleted leaves the grid with it.
 */
export const rejillaFija = pgTable(
  'rejilla_fija',
  {
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    productoId: integer('producto_id').notNull().references(() => producto.idProducto, { onDelete: 'cascade' }),
    orden: integer('orden').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tiendaId, t.productoId] }), check('rejilla_fija_orden', sql`${t.orden} >= 0 and ${t.orden} < 100`)],
);
