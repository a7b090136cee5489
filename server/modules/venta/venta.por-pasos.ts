import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import type { Db, Tx } from '../../db/client';
import { cliente, factura, metodoPago, venta } from '../../db/schema';
import { fieldError } from '../tienda/alcance';
import { abrirVenta, agregarLinea, type PedidoSinStock } from './venta-lineas';
import { crearUnaVez } from './venta.checkout';
import type { Autor } from '../actividad/actividad.domain';
import { clientesDeLaTienda, propioPrimero } from '../tienda/clientes.alcance';

const V = M.ventas;

/**
 * The old client's sale, call by call (spec §7): an empty Pendiente sale, then one invoice line per
 * cart line, then the status. It lives with the sale's domain (issue #27): the legacy face only adapts. Each call is one transaction; every stock exit goes through the ledger
 * (`ajustarStock`: a single guarded UPDATE plus its movimiento), so lines racing for the last units
 * can never take the stock below zero. The one-call checkout of the clean API is
 * `registrarVenta` in modules/venta; this is its step-by-step twin for the old clients.
 */

/** A Pendiente sale with total 0 of the store and cashier; an unknown client document means no client. */
export async function crearVentaPendiente(options: {
  db: Db;
  tiendaId: number;
  usuarioId: number | null;
  metodoPagoId: number;
  documentoCliente?: string;
  /** The sale's key (ADR 011): step 1 sent again with the same key answers the same sale. */
  clave?: string;
  /** How the face names an unknown payment method (its field's name). */
  metodoNoExiste?: () => AppError;
}): Promise<number> {
  const { db, tiendaId, usuarioId, metodoPagoId, clave } = options;
  return crearUnaVez({ db, tiendaId, clave, crear: () => db.transaction(async (tx) => {
    const [m] = await tx.select({ id: metodoPago.idMetPago }).from(metodoPago).where(eq(metodoPago.idMetPago, metodoPagoId)).limit(1);
    if (!m) throw (options.metodoNoExiste ?? (() => fieldError('metodoPagoId', V.metodoRequerido)))();
    let clienteId: number | null = null;
    const documento = options.documentoCliente?.trim();
    if (documento) {
      const [c] = await tx
        .select({ id: cliente.idCliente })
        .from(cliente)
        .where(and(clientesDeLaTienda(tiendaId), eq(cliente.documento, documento)))
        .orderBy(propioPrimero(tiendaId))
        .limit(1);
      clienteId = c?.id ?? null;
    }
    // Opened by the sale's domain, in the cashier's open shift as at the till (issue #27).
    return abrirVenta(tx, { tiendaId, usuarioId, metodoPagoId, clienteId, clave });
  }) });
}

/** The store's sale `ventaId`, its row locked until the transaction ends (404 when not the store's). */
async function ventaBloqueada(tx: Tx, tiendaId: number, ventaId: number) {
  const [v] = await tx
    .select({ estado: venta.estado })
    .from(venta)
    .where(and(eq(venta.idVenta, ventaId), eq(venta.tiendaId, tiendaId)))
    .for('update');
  if (!v) throw new AppError('NOT_FOUND', V.ventaNoEncontrada);
  return v;
}

/**
 * One invoice line of a Pendiente sale of the store, by the sale's owner (`agregarLinea`, issue #27):
 * the unit price is the product's own (a price sent by the client is never trusted), the stock goes
 * down through the ledger with a movimiento, and the sale's total grows — all or nothing. Short stock
 * names the product with the spec's text.
 */
export async function registrarLinea(options: {
  db: Db;
  tiendaId: number;
  ventaId: number;
  productoId: number;
  cantidad: number;
  /** Sell past the recorded stock (issue #36 point 7): the permission, or a supervisor's PIN. */
  sinStock?: PedidoSinStock;
  /** The customer presented the prescription (a product sold bajo fórmula médica, migration 0074). */
  formula?: boolean;
  autor: Autor;
}): Promise<{ idFactura: number; precio: number; total: number }> {
  const { db, tiendaId, ventaId, productoId, cantidad, sinStock, formula, autor } = options;
  return agregarLinea({ db, scope: { tiendaId }, ventaId, productoId, cantidad, soloPendiente: true, sinStock, formula, autor });
}

/** Whether a sale of the store has any invoice line (404 when it is not the store's sale). */
export async function tieneLineas(options: { db: Db; tiendaId: number; ventaId: number }): Promise<boolean> {
  const { db, tiendaId, ventaId } = options;
  const [v] = await db
    .select({ id: venta.idVenta })
    .from(venta)
    .where(and(eq(venta.idVenta, ventaId), eq(venta.tiendaId, tiendaId)))
    .limit(1);
  if (!v) throw new AppError('NOT_FOUND', V.ventaNoEncontrada);
  const [f] = await db
    .select({ id: factura.idFactura })
    .from(factura)
    .where(and(eq(factura.ventaId, ventaId), eq(factura.tiendaId, tiendaId)))
    .limit(1);
  return !!f;
}

/**
 * The lines of a completed sale become Pagado; answers how many lines of the sale are paid (spec §4: "set to paid through a separate update after
 * the sale completes"). Completing already does it, so a second call changes nothing; a sale still
 * Pendiente, or Anulada, is refused with the spec's message.
 */
export async function marcarLineasPagadas(options: { db: Db; tiendaId: number; ventaId: number }): Promise<number> {
  const { db, tiendaId, ventaId } = options;
  return db.transaction(async (tx) => {
    const v = await ventaBloqueada(tx, tiendaId, ventaId);
    if (v.estado !== 'Completada') throw new AppError('BUSINESS_RULE', V.estadoFacturaError);
    await tx
      .update(factura)
      .set({ estado: 'Pagado' })
      .where(and(eq(factura.ventaId, ventaId), eq(factura.tiendaId, tiendaId), eq(factura.estado, 'Pendiente')));
    const [n] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(factura)
      .where(and(eq(factura.ventaId, ventaId), eq(factura.tiendaId, tiendaId), eq(factura.estado, 'Pagado')));
    return n?.n ?? 0;
  });
}
