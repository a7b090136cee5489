import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { aMilesimas, deMilesimas } from '#shared/cantidad';
import { M } from '#shared/messages';
import { METODO, ROL } from '#shared/roles';
import type { TCara } from '#shared/schemas/actividad';
import type { TEstadoVentaResponse } from '#shared/schemas/venta';
import type { Db, Tx } from '../../db/client';
import { factura, producto, turno, venta } from '../../db/schema';
import { turnoDelVendedor } from '../caja/caja.domain';
import { registrarPor } from '../actividad/actividad.domain';
import { reversarVenta } from '../fiado/fiado.domain';
import { revertirPuntos } from '../puntos/puntos.domain';
import { conRechazos, exigirPermiso } from '../tienda/permisos';
import { ajustarStockLote } from '../movimiento/ledger';
import { exigirSinDevoluciones } from './venta-lineas';
import { diaEnZona } from '../tienda/zona-horaria';
import { emitirDocumentoVenta, emitirNotaAnulacion } from '../dian/emision';

const V = M.ventas;

/** A sale's state changes (complete, annul) with who may make them, and the edits other faces may make. */

async function estadoDe(tx: Tx, tiendaId: number, ventaId: number): Promise<string> {
  const [v] = await tx
    .select({ estado: venta.estado })
    .from(venta)
    .where(and(eq(venta.idVenta, ventaId), eq(venta.tiendaId, tiendaId)))
    .limit(1);
  if (!v) throw new AppError('NOT_FOUND', V.ventaNoEncontrada);
  return v.estado;
}

/** Who changes a sale's state: the session's user (null for the store account) and role. */
export interface ActorVenta {
  usuarioId: number | null;
  rol: number;
  /** Through which face (the activity log's); the store's screens when not said. */
  cara?: TCara;
}

const autorDeActor = (a: ActorVenta) => ({ usuarioId: a.usuarioId, rol: a.rol, cara: a.cara ?? ('tienda' as const) });

/**
 * Who may complete or annul a sale (issue #15): roles 1 and 3 any sale of the store; role 2 only its
 * own sales of the same day (the store's, in its time zone), which is what the till needs (leaving or annulling the receipt
 * just printed). The same rule on every face: the store API, the detail page, the legacy call.
 */
export async function verificarQuienPuede(tx: Tx, tiendaId: number, ventaId: number, actor: ActorVenta): Promise<void> {
  if (actor.rol !== ROL.EMPLEADO) return;
  const [v] = await tx
    .select({
      usuarioId: venta.usuarioId,
      deHoy: sql<boolean>`${diaEnZona(venta.fecha, tiendaId)} = ${diaEnZona(sql`now()`, tiendaId)}`,
    })
    .from(venta)
    .where(and(eq(venta.idVenta, ventaId), eq(venta.tiendaId, tiendaId)))
    .limit(1);
  if (!v) throw new AppError('NOT_FOUND', V.ventaNoEncontrada);
  if (v.usuarioId !== actor.usuarioId || !v.deHoy) throw new AppError('FORBIDDEN', V.soloVentasPropiasDelDia);
}

/**
 * Pendiente → Completada and its lines → Pagado: the old client's step-by-step sale (step 3), or from
 * the invoice's detail for a sale left Pendiente. A sale paid at the till is already Completada
 * (issue #36). Completing twice is harmless.
 */
export async function completarVenta(options: { db: Db; tiendaId: number; ventaId: number; actor: ActorVenta }): Promise<TEstadoVentaResponse> {
  const { db, ...rest } = options;
  const r = await db.transaction((tx) => completarEn(tx, rest));
  // The electronic POS document once the sale is complete (issue #31); never fails the completion.
  await emitirDocumentoVenta(db, rest.tiendaId, rest.ventaId);
  return r;
}

/**
 * The shift a Pendiente sale is completed in (issue #51 point 7): its own while that is open; once its
 * shift was closed and counted, the open shift of whoever completes it — the money enters that drawer —
 * or, with none open, the till's refusal to sell without one. Nothing lands in a counted shift. The
 * closed shift's row is read FOR SHARE, so a close running at the same time waits for this sale or
 * goes first (and then the sale moves). Undefined: the sale keeps its shift.
 */
async function turnoAlCompletar(tx: Tx, tiendaId: number, ventaId: number, actor: ActorVenta): Promise<number | null | undefined> {
  const [v] = await tx
    .select({ turnoId: venta.turnoId })
    .from(venta)
    .where(and(eq(venta.idVenta, ventaId), eq(venta.tiendaId, tiendaId), eq(venta.estado, 'Pendiente')))
    .limit(1);
  if (v?.turnoId == null) return undefined;
  const [t] = await tx.select({ cerradoEn: turno.cerradoEn }).from(turno).where(eq(turno.idTurno, v.turnoId)).for('share');
  if (!t?.cerradoEn) return undefined;
  return turnoDelVendedor(tx, tiendaId, actor.usuarioId);
}

async function completarEn(tx: Tx, options: { tiendaId: number; ventaId: number; actor: ActorVenta }): Promise<TEstadoVentaResponse> {
  const { tiendaId, ventaId, actor } = options;
  {
    await verificarQuienPuede(tx, tiendaId, ventaId, actor);
    const otroTurno = await turnoAlCompletar(tx, tiendaId, ventaId, actor);
    const [done] = await tx
      .update(venta)
      .set({ estado: 'Completada', ...(otroTurno !== undefined ? { turnoId: otroTurno } : {}) })
      .where(and(eq(venta.idVenta, ventaId), eq(venta.tiendaId, tiendaId), eq(venta.estado, 'Pendiente')))
      .returning({ id: venta.idVenta });
    if (!done) {
      const estado = await estadoDe(tx, tiendaId, ventaId);
      if (estado === 'Completada') return { id: ventaId, estado };
      throw new AppError('BUSINESS_RULE', V.estadoVentaError);
    }
    await tx
      .update(factura)
      .set({ estado: 'Pagado' })
      .where(and(eq(factura.ventaId, ventaId), eq(factura.tiendaId, tiendaId), eq(factura.estado, 'Pendiente')));
    return { id: ventaId, estado: 'Completada' };
  }
}

/**
 * Before anything of a sale is undone (an annulment, a return of issue #32), inside its transaction:
 * the store's `anular` permission (role 1 always) with today's rule as the floor under it (issue #27),
 * then the sale's products locked in id order, as a checkout does. Undoing updates the sales summary
 * (database triggers) and the stock; taking those locks in the same order as concurrent sales of the
 * same products keeps the two from deadlocking.
 */
export async function prepararDeshacer(
  tx: Tx,
  tiendaId: number,
  ventaId: number,
  actor: ActorVenta,
  /**
   * A return asks `devolver` instead (issue #51 point 3); `conPin`: a supervisor's PIN authorised it
   * (checked by the caller), so neither the permission nor the own-sales-of-the-day floor applies.
   */
  opciones: {
    permiso?: 'anular' | 'devolver';
    conPin?: boolean;
    /** The permission was already asked before the transaction (a return, ADR 076): not read again. */
    permisoVisto?: boolean;
    /** Products the caller will also write (an exchange's new sale): locked with the sale's, in one id order. */
    otrosProductos?: readonly number[];
  } = {},
): Promise<void> {
  if (!opciones.conPin) {
    if (!opciones.permisoVisto) await exigirPermiso(tx, tiendaId, autorDeActor(actor), opciones.permiso ?? 'anular', { entidad: 'venta', id: ventaId });
    await verificarQuienPuede(tx, tiendaId, ventaId, actor);
  }
  // The sale's products (and the caller's others), locked in id order by one statement.
  const vendidos = tx
    .select({ id: factura.productoId })
    .from(factura)
    .where(and(eq(factura.ventaId, ventaId), eq(factura.tiendaId, tiendaId)));
  const otros = [...new Set(opciones.otrosProductos ?? [])];
  await tx
    .select({ id: producto.idProducto })
    .from(producto)
    .where(and(eq(producto.tiendaId, tiendaId), otros.length ? or(inArray(producto.idProducto, vendidos), inArray(producto.idProducto, otros)) : inArray(producto.idProducto, vendidos)))
    .orderBy(asc(producto.idProducto))
    .for('update');
}

/**
 * The receipt's exit button, after confirmation: the sale and its lines become Anulada and the
 * stock goes back with movimientos. The guarded UPDATE makes a second call a no-op, so stock is
 * never returned twice, even when two calls race.
 */
export async function anularVenta(options: { db: Db; tiendaId: number; ventaId: number; actor: ActorVenta }): Promise<TEstadoVentaResponse> {
  const { db, ...rest } = options;
  // A refused permission is recorded as an attempt once the transaction is undone (issue #27).
  const r = await conRechazos(db, () => db.transaction((tx) => anularEn(tx, rest)));
  // An electronic sale is corrected by its nota de ajuste (issue #31 point 7); never fails the annulment.
  await emitirNotaAnulacion(db, rest.tiendaId, rest.ventaId);
  return r;
}

async function anularEn(tx: Tx, options: { tiendaId: number; ventaId: number; actor: ActorVenta }): Promise<TEstadoVentaResponse> {
  const { tiendaId, ventaId, actor } = options;
  {
    await prepararDeshacer(tx, tiendaId, ventaId, actor);
    await exigirSinDevoluciones(tx, tiendaId, ventaId);
    const [done] = await tx
      .update(venta)
      .set({ estado: 'Anulada' })
      .where(and(eq(venta.idVenta, ventaId), eq(venta.tiendaId, tiendaId), ne(venta.estado, 'Anulada')))
      .returning({ id: venta.idVenta, numero: venta.numero });
    if (!done) {
      await estadoDe(tx, tiendaId, ventaId); // 404 when it is not the store's sale
      return { id: ventaId, estado: 'Anulada' };
    }
    const lineas = await tx
      .update(factura)
      .set({ estado: 'Anulada' })
      .where(and(eq(factura.ventaId, ventaId), eq(factura.tiendaId, tiendaId)))
      .returning({ productoId: factura.productoId, cantidad: factura.cantidad, factor: factura.factor });
    const devueltas = new Map<number, number>();
    // Added in integer thousandths (ADR 030): a weighed line comes back exactly; a pack's line (ADR 033) gives back factor × cantidad units.
    for (const l of lineas) devueltas.set(l.productoId, deMilesimas(aMilesimas(devueltas.get(l.productoId) ?? 0)! + aMilesimas(l.cantidad)! * l.factor));
    const moved = await ajustarStockLote(tx, {
      tiendaId,
      cambios: [...devueltas].sort(([a], [b]) => a - b).map(([productoId, delta]) => ({ productoId, delta })),
      motivo: V.motivoAnulacion(done.numero),
      ventaId,
    });
    if (!moved) throw new AppError('BUSINESS_RULE', V.estadoVentaError);
    // A credit sale gives its charge back to the customer's account (fiado, issue #17).
    await reversarVenta(tx, { tiendaId, ventaId, usuarioId: actor.usuarioId });
    const [v] = await tx.select({ total: venta.total }).from(venta).where(eq(venta.idVenta, ventaId));
    // Its points (ADR 054): what it earned comes off the customer's balance (never below zero), what it spent goes back.
    await revertirPuntos(tx, { tiendaId, ventaId, ventaNumero: done.numero, total: Number(v?.total ?? 0), devuelto: Number(v?.total ?? 0), autor: autorDeActor(actor) });
    await registrarPor(tx, tiendaId, autorDeActor(actor), { tipo: 'anulacion', detalle: { ventaId, total: Number(v?.total ?? 0) } });
    return { id: ventaId, estado: 'Anulada' };
  }
}

/**
 * A sale's state set by a face that edits the whole row (the back-office form), inside its
 * transaction: the same transitions as the till's buttons, with their stock, lines and credit. Back to
 * Pendiente, or out of Anulada, is refused as the till refuses it. The same state changes nothing.
 */
export async function cambiarEstadoEn(tx: Tx, options: { tiendaId: number; ventaId: number; estado: string; actor: ActorVenta }): Promise<void> {
  const { estado, ...rest } = options;
  const actual = await estadoDe(tx, rest.tiendaId, rest.ventaId);
  if (estado === actual) return;
  if (estado === 'Completada') await completarEn(tx, rest);
  else if (estado === 'Anulada') await anularEn(tx, rest);
  else throw new AppError('BUSINESS_RULE', V.estadoVentaError);
}

/**
 * Fiado (issue #17, ADR 013): method 7 only from the till, where the customer's limit is checked and
 * the charge written. The old controller API and the back-office, which write a sale's method
 * directly, call this and are refused.
 */
export function metodoFueraDeCaja(metodoPagoId: number, campo = 'metodoPagoId'): void {
  if (metodoPagoId === METODO.FIADO) throw new AppError('VALIDATION', V.fiadoSoloEnCaja, { fields: { [campo]: V.fiadoSoloEnCaja } });
}

/**
 * A sale edited whole by a face that writes its row (the back-office form): credit is charged and
 * reversed only by the till's rules, so no sale becomes or stops being Fiado there, and a sale with
 * credit keeps its customer (the charge is on that customer's account).
 */
export function verificarEdicionDeVenta(
  actual: { metodoPagoId: number; clienteId: number | null; montoFiado: number },
  nueva: { metodoPagoId: number; clienteId: number | null },
): void {
  if (nueva.metodoPagoId !== actual.metodoPagoId) {
    metodoFueraDeCaja(nueva.metodoPagoId);
    metodoFueraDeCaja(actual.metodoPagoId);
  }
  if (actual.montoFiado > 0 && nueva.clienteId !== actual.clienteId)
    throw new AppError('VALIDATION', V.clienteDeVentaFiada, { fields: { clienteDocumento: V.clienteDeVentaFiada } });
}
