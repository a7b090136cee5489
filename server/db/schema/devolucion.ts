import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { factura } from './factura';
import { metodoPago } from './metodo-pago';
import { producto } from './producto';
import { tienda } from './tienda';
import { cantidadColumna } from './columna-cantidad';
import { turno } from './turno';
import { usuario } from './usuario';
import { venta } from './venta';

/**
 * A return (devolución, issue #32 point 1): some units of some lines of a completed sale come back,
 * and their share of what was paid is refunded. A document of its own, numbered per store, linked to
 * the sale; never an edit of the sale. Append-only, like the ledgers it writes to.
 */
export const devolucion = pgTable(
  'devolucion',
  {
    idDevolucion: integer('id_devolucion').primaryKey().generatedByDefaultAsIdentity(),
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    /** The store's own consecutive: the number people see ("Devolución N.º 3"). */
    numero: integer('numero').notNull(),
    ventaId: integer('venta_id')
      .notNull()
      .references(() => venta.idVenta, { onDelete: 'restrict' }),
    fecha: timestamp('fecha', { withTimezone: true }).notNull().defaultNow(),
    /** Who made it; null when the store account did. */
    usuarioId: integer('usuario_id').references(() => usuario.idUsuario, { onDelete: 'set null' }),
    /**
     * How the money went back (ADR 039): the method of the part that was not credited to the customer's
     * account (Efectivo out of the drawer, or the same transfer or card the sale was paid with); Fiado
     * when all of it was credited.
     */
    metodoPagoId: integer('metodo_pago_id')
      .notNull()
      .references(() => metodoPago.idMetPago),
    /** The shift whose drawer paid a cash refund (the returning person's open shift). */
    turnoId: integer('turno_id').references(() => turno.idTurno, { onDelete: 'set null' }),
    /** Pesos refunded: the returned units' share of what the sale's lines paid. */
    total: bigint('total', { mode: 'number' }).notNull(),
    /** Of `total`, the pesos credited to the customer's fiado account (issue #51 point 3); the rest went back by `metodo_pago_id`. */
    montoFiado: bigint('monto_fiado', { mode: 'number' }).notNull().default(0),
    /** The reference of the transfer or card refund that gave the money back (issue #51 point 3). */
    referencia: text('referencia'),
    motivo: text('motivo').notNull(),
    /** The till's key for this return: sent twice, it answers the return already made. */
    clave: uuid('clave'),
    /** An exchange (cambio, issue #32 point 2): the new sale this return's value went into, in the same transaction. */
    ventaCambioId: integer('venta_cambio_id').references(() => venta.idVenta, { onDelete: 'restrict' }),
  },
  (t) => [
    check('devolucion_total_rango', sql`${t.total} >= 0 and ${t.total} <= 1000000000000000`),
    check('devolucion_monto_fiado_rango', sql`${t.montoFiado} >= 0 and ${t.montoFiado} <= ${t.total} and (${t.metodoPagoId} <> 7 or ${t.montoFiado} = ${t.total})`),
    uniqueIndex('devolucion_tienda_numero_uq').on(t.tiendaId, t.numero),
    uniqueIndex('devolucion_tienda_clave_uq').on(t.tiendaId, t.clave),
    index('devolucion_venta_idx').on(t.ventaId),
    index('devolucion_turno_idx').on(t.turnoId),
    uniqueIndex('devolucion_venta_cambio_uq').on(t.ventaCambioId),
    index('devolucion_tienda_fecha_idx').on(t.tiendaId, t.fecha),
  ],
);

export const DESTINOS_DEVOLUCION = ['inventario', 'merma'] as const;

/** One returned line: units of one invoice line, back to stock or written off as damaged (merma). */
export const devolucionLinea = pgTable(
  'devolucion_linea',
  {
    idDevolucionLinea: integer('id_devolucion_linea').primaryKey().generatedByDefaultAsIdentity(),
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    devolucionId: integer('devolucion_id')
      .notNull()
      .references(() => devolucion.idDevolucion, { onDelete: 'restrict' }),
    facturaId: integer('factura_id')
      .notNull()
      .references(() => factura.idFactura, { onDelete: 'restrict' }),
    productoId: integer('producto_id')
      .notNull()
      .references(() => producto.idProducto, { onDelete: 'restrict' }),
    cantidad: cantidadColumna('cantidad').notNull(),
    /** Pesos refunded for these units. */
    valor: bigint('valor', { mode: 'number' }).notNull(),
    destino: text('destino').notNull(),
  },
  (t) => [
    check('devolucion_linea_cantidad', sql`${t.cantidad} > 0 and ${t.cantidad} <= 9999`),
    check('devolucion_linea_valor', sql`${t.valor} >= 0`),
    check('devolucion_linea_destino', sql`${t.destino} in ('inventario', 'merma')`),
    index('devolucion_linea_devolucion_idx').on(t.devolucionId),
    index('devolucion_linea_factura_idx').on(t.facturaId),
  ],
);
