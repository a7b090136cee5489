import { v4 as uuid } from 'uuid';
import { aMilesimas, cantidadValida, deMilesimas, MILESIMAS, parseCantidad } from '#shared/cantidad';
import { devoluciones } from '#shared/messages/devoluciones';
import { sinRed } from '#shared/messages/sin-red';
import { METODO, METODOS_PAGO_SEED } from '#shared/roles';
import type { TDevolucionesDeVenta, TDevolucionRequest } from '#shared/schemas/devolucion';
import type { BaseLocal, DeshacerSalida, VentaSalida } from './base-local';

const M = { sinRed, devoluciones };

/**
 * Returns and annulments made without the network (issue #34, ADR 034). The device queues them as
 * *pendiente* for a sale it knows (sent, or still in its outbox) and issues nothing; at sync, after
 * the sales, each goes to the online path's own endpoint (`POST /api/ventas/:id/anular`,
 * `POST /api/ventas/:id/devoluciones` with its key), where the domain applies the same rules and
 * permissions as online. The checks here only spare the cashier an operation the server would refuse.
 */

/** What is left to return of each line of a sale: sold, less the returns and exchanges queued on this device (not refused). */
export function restantesDe(venta: VentaSalida, ops: readonly DeshacerSalida[]): number[] {
  const vivos = ops.filter((o) => o.ventaClave === venta.clave && (o.estado === 'pendiente' || o.estado === 'enviada') && o.tipo !== 'anulacion');
  return venta.cuerpo.lineas.map((l, i) => {
    const devueltas = vivos.reduce((a, o) => a + (aMilesimas(o.lineas?.find((x) => x.indice === i)?.cantidad ?? 0) ?? 0), 0);
    return deMilesimas((aMilesimas(l.cantidad) ?? 0) - devueltas);
  });
}

/** The quantities typed for each line of a sale (empty: 0; not a quantity: NaN, refused by the checks). */
export const lineasEscritas = (textos: readonly string[]) =>
  textos.map((t, indice) => {
    const m = t.trim() ? parseCantidad(t) : 0;
    return { indice, cantidad: m === null ? Number.NaN : m / MILESIMAS };
  });

/** Why this sale cannot be annulled on the device, or null. */
export function motivoNoAnular(venta: VentaSalida, ops: readonly DeshacerSalida[]): string | null {
  const vivos = ops.filter((o) => o.ventaClave === venta.clave && (o.estado === 'pendiente' || o.estado === 'enviada'));
  if (vivos.some((o) => o.tipo === 'anulacion')) return M.sinRed.yaAnulada;
  // An exchange is a return too (and the server refuses annulling a sale with returns).
  if (vivos.some((o) => o.tipo !== 'anulacion')) return M.sinRed.anularConDevolucion;
  return null;
}

/**
 * The method whose refund needs a reference (ADR 039: a card or transfer is refunded the same way, with
 * the voucher's or transfer's number), or null for cash and fiado; the server checks it again at sync.
 */
export function metodoConReferencia(venta: VentaSalida): string | null {
  const id = venta.cuerpo.metodoPagoId;
  if (id === METODO.EFECTIVO || id === METODO.FIADO) return null;
  return venta.recibo.metodo || (METODOS_PAGO_SEED.find((m) => m.id === id)?.nombre ?? M.sinRed.otroMedio);
}

/**
 * A return's lines checked against the sale: quantities of at least one line, each within what is
 * left and whole for a product sold by unit or a pack, a reason, and the refund's reference where the
 * sale's method needs one (`sinReferencia`: an exchange, whose difference has a method of its own);
 * an error message otherwise. The reference's rule is the request schema's, which loads (with zod) only
 * when a reference is checked: the offline machinery every screen loads goes without zod (issue #55 point 4).
 */
export async function validarDevolucion(
  venta: VentaSalida,
  ops: readonly DeshacerSalida[],
  lineas: readonly { indice: number; cantidad: number }[],
  motivo: string,
  referencia = '',
  { sinReferencia = false } = {},
): Promise<string | null> {
  if (ops.some((o) => o.ventaClave === venta.clave && (o.estado === 'pendiente' || o.estado === 'enviada') && o.tipo === 'anulacion')) return M.sinRed.yaAnulada;
  // A line left empty is 0; anything unreadable (NaN) or negative is refused below.
  const pedidas = lineas.filter((l) => l.cantidad !== 0);
  if (!pedidas.length) return M.sinRed.nadaQueDevolver;
  const restantes = restantesDe(venta, ops);
  for (const l of pedidas) {
    const recibo = venta.recibo.lineas[l.indice];
    const linea = venta.cuerpo.lineas[l.indice];
    if (!recibo || !linea) return M.sinRed.nadaQueDevolver;
    const unidad = linea.unidadVentaId ? '94' : (recibo.unidad ?? '94');
    const m = aMilesimas(l.cantidad);
    if (m === null || !cantidadValida(l.cantidad, unidad) || m > (aMilesimas(restantes[l.indice] ?? 0) ?? 0)) return M.sinRed.cantidadDevolucionInvalida(recibo.nombre);
  }
  if (motivo.trim().length < 3) return M.sinRed.motivoRequerido;
  const metodo = sinReferencia ? null : metodoConReferencia(venta);
  if (metodo) {
    const { ZDevolucionRequest } = await import('#shared/schemas/devolucion');
    const r = ZDevolucionRequest.shape.referencia.safeParse(referencia);
    if (!r.success) return r.error.issues[0]!.message;
    if (!r.data) return M.devoluciones.referenciaRequerida(metodo);
  }
  return null;
}

/** The operations this device queued for a sale. */
export const opsDeVenta = (db: BaseLocal, venta: VentaSalida) => db.deshacer.where('ventaClave').equals(venta.clave).toArray();

/** Queues an operation after the device's earlier ones (they go to the server in this order, after their sales). */
export async function encolar(db: BaseLocal, op: Omit<DeshacerSalida, 'n' | 'creada' | 'estado' | 'clave'>): Promise<DeshacerSalida> {
  return db.transaction('rw', db.deshacer, db.salida, async () => {
    const ultimo = await db.deshacer.orderBy('n').last();
    const nueva: DeshacerSalida = { ...op, clave: uuid(), n: (ultimo?.n ?? 0) + 1, creada: Date.now(), estado: 'pendiente' };
    await db.deshacer.add(nueva);
    return nueva;
  });
}

/** Queues the annulment of a sale of this device (ADR 034); throws its message when the device already knows it cannot be. */
export async function anularSinRed(db: BaseLocal, venta: VentaSalida): Promise<DeshacerSalida> {
  const no = motivoNoAnular(venta, await opsDeVenta(db, venta));
  if (no) throw new Error(no);
  return encolar(db, { tipo: 'anulacion', ventaClave: venta.clave, ventaNumero: venta.numero });
}

/** Queues a return of some of a sale's lines; the money goes back by the sale's own method (ADR 034). */
export async function devolverSinRed(db: BaseLocal, venta: VentaSalida, lineas: { indice: number; cantidad: number }[], motivo: string, referencia = ''): Promise<DeshacerSalida> {
  const error = await validarDevolucion(venta, await opsDeVenta(db, venta), lineas, motivo, referencia);
  if (error) throw new Error(error);
  return encolar(db, {
    tipo: 'devolucion',
    ventaClave: venta.clave,
    ventaNumero: venta.numero,
    lineas: lineas.filter((l) => l.cantidad > 0),
    metodoPagoId: venta.cuerpo.metodoPagoId,
    motivo: motivo.trim(),
    ...(metodoConReferencia(venta) ? { referencia: referencia.trim() } : {}),
  });
}

/**
 * The return's request for the server, its lines named by the sale's invoice lines: the checkout
 * writes one line per product and pack in the order the request gave them (ADR 011, `mergeLineas`),
 * so the n-th line by id is the request's n-th; its product must agree, or the return is refused.
 */
export function peticionDevolucion(op: DeshacerSalida, venta: VentaSalida, servidor: TDevolucionesDeVenta): TDevolucionRequest {
  const lineas = [...servidor.lineas].sort((a, b) => a.facturaId - b.facturaId);
  if (lineas.length !== venta.cuerpo.lineas.length) throw new Error(M.sinRed.lineasNoCoinciden);
  return {
    clave: op.clave,
    metodoPagoId: op.metodoPagoId!,
    motivo: op.motivo!,
    ...(op.referencia ? { referencia: op.referencia } : {}),
    lineas: (op.lineas ?? []).map((l) => {
      const f = lineas[l.indice];
      if (!f || f.productoId !== venta.cuerpo.lineas[l.indice]?.productoId) throw new Error(M.sinRed.lineasNoCoinciden);
      return { facturaId: f.facturaId, cantidad: l.cantidad, destino: 'inventario' as const };
    }),
  };
}
