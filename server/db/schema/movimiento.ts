import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { inventario } from './inventario';
import { lote } from './lote';
import { cantidadColumna } from './columna-cantidad';
import { producto } from './producto';
import { tienda } from './tienda';
import { venta } from './venta';

/** One line of the stock ledger: stock before, entries, exits, stock after. */
export const movimiento = pgTable(
  'movimiento',
  {
    idMovimiento: integer('id_movimiento').primaryKey().generatedByDefaultAsIdentity(),
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    productoId: integer('producto_id').references(() => producto.idProducto, { onDelete: 'set null' }),
    inventarioId: integer('inventario_id').references(() => inventario.idInventario, { onDelete: 'set null' }),
    ventaId: integer('venta_id').references(() => venta.idVenta, { onDelete: 'set null' }),
    /** The lot the units went into or came from, when the writer named it (a receipt's lot; ADR 051). */
    loteId: integer('lote_id').references(() => lote.idLote, { onDelete: 'set null' }),
    stockAntes: cantidadColumna('stock_antes').notNull().default(0),
    entradas: cantidadColumna('entradas').notNull().default(0),
    salidas: cantidadColumna('salidas').notNull().default(0),
    cantidadDespues: cantidadColumna('cantidad_despues').notNull(),
    estadoDespues: text('estado_despues').notNull().default(''),
    motivo: text('motivo').notNull().default(''),
    fechaMovimiento: timestamp('fecha_movimiento', { withTimezone: true }).notNull().defaultNow(),
    fechaModificacion: timestamp('fecha_modificacion', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('movimiento_tienda_fecha_idx').on(t.tiendaId, t.fechaMovimiento),
    index('movimiento_producto_idx').on(t.productoId),
  ],
);
