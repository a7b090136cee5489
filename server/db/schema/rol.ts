import { integer, pgTable, text } from 'drizzle-orm/pg-core';

export const rol = pgTable('rol', {
  idRol: integer('id_rol').primaryKey(),
  nombreRol: text('nombre_rol').notNull(),
  descripcion: text('descripcion').notNull().default(''),
});
