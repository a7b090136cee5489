import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tienda } from './tienda';

export const cliente = pgTable(
  'cliente',
  {
    idCliente: integer('id_cliente').primaryKey().generatedByDefaultAsIdentity(),
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    documento: text('documento').notNull(),
    tipoDocumento: text('tipo_documento').notNull().default('CC'),
    nombre: text('nombre').notNull(),
    apellido: text('apellido').notNull(),
    correo: text('correo'),
  },
  (t) => [
    uniqueIndex('cliente_tienda_documento_uq').on(t.tiendaId, t.documento),
    index('cliente_tienda_nombre_idx').on(t.tiendaId, t.nombre),
  ],
);
