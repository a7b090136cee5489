import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable } from 'drizzle-orm/pg-core';
import { producto } from './producto';
import { proveedor } from './proveedor';
import { tienda } from './tienda';

export const entregaPedido = pgTable(
  'entrega_pedido',
  {
    idEntrega: integer('id_entrega').primaryKey().generatedByDefaultAsIdentity(),
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    /** RESTRICT (issue #27): a supplier with deliveries is never deleted (it may be archived). */
    proveedorId: integer('proveedor_id').notNull().references(() => proveedor.idProveedor, { onDelete: 'restrict' }),
    productoId: integer('producto_id').notNull().references(() => producto.idProducto, { onDelete: 'cascade' }),
    fechaEntrega: date('fecha_entrega', { mode: 'string' }).notNull(),
    cantidad: integer('cantidad').notNull(),
  },
  (t) => [check('entrega_cantidad_positiva', sql`${t.cantidad} > 0`), index('entrega_tienda_idx').on(t.tiendaId)],
);
