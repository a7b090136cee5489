import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { cliente } from './cliente';
import { cantidadColumna } from './columna-cantidad';
import { producto } from './producto';
import { tienda } from './tienda';

/**
 * A named price list of a store (issue #59 point 1, ADR 047, migration 0064), e.g. *Mayorista*: its
 * own prices per product (`listaPrecioProducto`) and, for the rest, `porcentaje` off the base price.
 * Written only by server/modules/lista-precio; read by venta_registrar.
 */
export const listaPrecio = pgTable(
  'lista_precio',
  {
    idListaPrecio: integer('id_lista_precio').primaryKey().generatedByDefaultAsIdentity(),
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    nombre: text('nombre').notNull(),
    porcentaje: integer('porcentaje').notNull().default(0),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('lista_precio_porcentaje_valido', sql`${t.porcentaje} >= 0 and ${t.porcentaje} <= 90`),
    check('lista_precio_nombre_valido', sql`length(trim(${t.nombre})) between 1 and 60`),
    uniqueIndex('lista_precio_tienda_nombre_uq').on(t.tiendaId, sql`lower(${t.nombre})`),
  ],
);

/** A list's price of a product from `desde` units (1: its plain price; more: a quantity break). */
export const listaPrecioProducto = pgTable(
  'lista_precio_producto',
  {
    idListaPrecioProducto: integer('id_lista_precio_producto').primaryKey().generatedByDefaultAsIdentity(),
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    listaId: integer('lista_id').notNull().references(() => listaPrecio.idListaPrecio, { onDelete: 'cascade' }),
    productoId: integer('producto_id').notNull().references(() => producto.idProducto, { onDelete: 'cascade' }),
    desde: cantidadColumna('desde').notNull().default(1),
    precio: bigint('precio', { mode: 'number' }).notNull(),
  },
  (t) => [
    check('lista_precio_producto_precio_valido', sql`${t.precio} > 0 and ${t.precio} <= 100000000`),
    check('lista_precio_producto_desde_valido', sql`${t.desde} > 0 and ${t.desde} <= 9999`),
    uniqueIndex('lista_precio_producto_uq').on(t.listaId, t.productoId, t.desde),
  ],
);

/** The list a customer buys at in a store (one at most per store). */
export const listaPrecioCliente = pgTable(
  'lista_precio_cliente',
  {
    clienteId: integer('cliente_id').notNull().references(() => cliente.idCliente, { onDelete: 'cascade' }),
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    listaId: integer('lista_id').notNull().references(() => listaPrecio.idListaPrecio, { onDelete: 'cascade' }),
  },
  // One list per customer in each store (issue #56: the customer is the empresa's, lists are a store's).
  (t) => [primaryKey({ name: 'lista_precio_cliente_pkey', columns: [t.clienteId, t.tiendaId] }), index('lista_precio_cliente_lista_idx').on(t.listaId)],
);
