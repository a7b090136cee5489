import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { cantidadColumna } from './columna-cantidad';
import { producto } from './producto';
import { tienda } from './tienda';

/**
 * A lot of a product that tracks lots (issue #58 point 2, ADR 051): its code and expiry, and how many
 * units of it are in stock. `cantidad` is written only by the stock ledger's trigger (movimiento_lotes),
 * so a product's lots add up to its stock. The row without code holds the units of no known lot.
 */
export const lote = pgTable(
  'lote',
  {
    idLote: integer('id_lote').primaryKey().generatedByDefaultAsIdentity(),
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    productoId: integer('producto_id').notNull().references(() => producto.idProducto, { onDelete: 'cascade' }),
    codigo: text('codigo'),
    vence: date('vence', { mode: 'string' }),
    cantidad: cantidadColumna('cantidad').notNull().default(0),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('lote_codigo_valido', sql`${t.codigo} IS NULL OR length(${t.codigo}) BETWEEN 1 AND 40`),
    check('lote_codigo_y_vence', sql`(${t.codigo} IS NULL) = (${t.vence} IS NULL)`),
    uniqueIndex('lote_producto_codigo_uq').on(t.productoId, sql`coalesce(${t.codigo}, '')`),
    index('lote_tienda_vence_idx').on(t.tiendaId, t.vence).where(sql`${t.cantidad} > 0`),
  ],
);

/**
 * Where each ledger row of a lot-tracked product put or took its units, lot by lot (written by the
 * trigger movimiento_lotes): a return finds here the lots its sale took from.
 */
export const loteMovimiento = pgTable(
  'lote_movimiento',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    movimientoId: integer('movimiento_id').notNull(),
    loteId: integer('lote_id').notNull().references(() => lote.idLote, { onDelete: 'cascade' }),
    productoId: integer('producto_id').notNull(),
    ventaId: integer('venta_id'),
    /** Positive into the lot, negative out of it. */
    cantidad: cantidadColumna('cantidad').notNull(),
  },
  (t) => [
    index('lote_movimiento_venta_idx').on(t.ventaId, t.productoId).where(sql`${t.ventaId} IS NOT NULL`),
    index('lote_movimiento_movimiento_idx').on(t.movimientoId),
    index('lote_movimiento_lote_idx').on(t.loteId),
  ],
);
