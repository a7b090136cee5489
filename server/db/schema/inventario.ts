import { date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { tienda } from './tienda';

export const inventario = pgTable(
  'inventario',
  {
    idInventario: integer('id_inventario').primaryKey().generatedByDefaultAsIdentity(),
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    cantidadInventario: integer('cantidad_inventario').notNull().default(0),
    fechaModificacion: date('fecha_modificacion', { mode: 'string' }).notNull().defaultNow(),
    estadoRevision: text('estado_revision').notNull().default('Pendiente'),
  },
  (t) => [index('inventario_tienda_idx').on(t.tiendaId)],
);
