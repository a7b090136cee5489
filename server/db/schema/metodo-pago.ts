import { integer, pgTable, text } from 'drizzle-orm/pg-core';

export const metodoPago = pgTable('metodo_pago', {
  idMetPago: integer('id_met_pago').primaryKey(),
  nombre: text('nombre').notNull(),
});
