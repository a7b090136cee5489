import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
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
    /** False once archived (issue #27): a supplier with deliveries is never deleted, only hidden from lists. */
    activo: boolean('activo').notNull().default(true),
  },
  (t) => [index('proveedor_tienda_idx').on(t.tiendaId, t.nombre)],
);
