import { aMilesimas, cantidadValida, deMilesimas, importeLinea } from '#shared/cantidad';
import { pagadoPorMetodo, repartirReembolso, valorDevueltoCantidad } from '#shared/devolucion';
import { repartirDescuento } from '#shared/impuestos';
import { devoluciones } from '#shared/messages/devoluciones';
import { sinRed } from '#shared/messages/sin-red';
import { METODO, METODOS_PAGO_SEED } from '#shared/roles';
import type { TCambioRequest, TDevolucionesDeVenta } from '#shared/schemas/devolucion';
import type { BaseLocal, DeshacerSalida, NuevaCambio, VentaSalida } from './base-local';
import { encolar, opsDeVenta, peticionDevolucion, restantesDe, validarDevolucion } from './deshacer-local';

const D = devoluciones;

/**
 * An exchange (cambio) of a sale made on this device, without the network (issue #53 point 4): some
 * units come back and the customer takes other products; the difference is paid or given back by one
 * method, as online (`POST /api/ventas/:id/cambios`, cambio.domain.ts). The device queues it in
 * `deshacer` after the sale and its earlier returns (ADR 034's machinery); at sync it goes to the
 * online endpoint with its key, where the same domain code applies the return's and the checkout's
 * rules (stock, the drawer, fiado and its limit, the `devolver` permission), once.
 */

/** What the cashier fills in: how much of each sold line comes back, what the customer takes instead, and how the difference moves. */
export interface DatosCambio {
  devolver: readonly { indice: number; cantidad: number }[];
  nuevas: readonly NuevaCambio[];
  metodoPagoId: number;
  /** What the customer hands over for a difference they pay (0 or absent: exactly the difference). */
  montoRecibido?: number;
  referencia?: string;
  motivo: string;
}

/** Pesos each line of the sale paid after its own discount and its share of the sale's (the server's `desglosarVenta` split). */
const pagadosDe = (venta: VentaSalida) =>
  repartirDescuento(
    venta.recibo.lineas.map((l) => l.subtotal),
    venta.recibo.descuento ?? 0,
  );

/**
 * What the units coming back are worth, by the server's rule (`valorDevueltoCantidad`: each line's
 * paid pesos spread over its units, half up, so the parts of a line add up to what it paid), after
 * the returns and exchanges already queued on this device.
 */
export function valorDevueltoLocal(venta: VentaSalida, ops: readonly DeshacerSalida[], devolver: readonly { indice: number; cantidad: number }[]): number {
  const pagados = pagadosDe(venta);
  const restantes = restantesDe(venta, ops);
  return devolver.reduce((suma, d) => {
    const vendidas = venta.cuerpo.lineas[d.indice]?.cantidad ?? 0;
    const yaDevueltas = deMilesimas((aMilesimas(vendidas) ?? 0) - (aMilesimas(restantes[d.indice] ?? 0) ?? 0));
    return suma + (d.cantidad > 0 ? valorDevueltoCantidad(pagados[d.indice] ?? 0, vendidas, yaDevueltas, d.cantidad) : 0);
  }, 0);
}

/** What the customer takes, at the catalogue's prices as the device knows them (the server prices it again at sync). */
export const valorNuevoLocal = (nuevas: readonly NuevaCambio[]) => nuevas.reduce((s, n) => s + importeLinea(n.precio, aMilesimas(n.cantidad) ?? 0), 0);

/**
 * The methods a difference given back may go by (ADR 039, the server's `exigirMetodoDiferencia`):
 * with a credit part in it, only fiado; else the sale's own method(s). Empty: any.
 */
export function metodosDevolucion(venta: VentaSalida, monto: number): number[] {
  if (monto <= 0) return [];
  const pagado = pagadoPorMetodo({ metodoPagoId: venta.cuerpo.metodoPagoId, total: venta.recibo.total, montoFiado: venta.recibo.montoFiado ?? venta.montoFiado });
  const { partes } = repartirReembolso(pagado, {}, monto);
  return partes.some((p) => p.metodoPagoId === METODO.FIADO) ? [METODO.FIADO] : partes.map((p) => p.metodoPagoId);
}

const nombreMetodo = (id: number) => METODOS_PAGO_SEED.find((m) => m.id === id)?.nombre ?? String(id);

/** An exchange checked against the sale as the device knows it; its message, or null (the reference's rule loads with zod when it is reached). */
export async function validarCambio(venta: VentaSalida, ops: readonly DeshacerSalida[], datos: DatosCambio): Promise<string | null> {
  // The lines coming back and the reason: the offline return's checks (no refund reference: the exchange has its own method).
  const devuelta = await validarDevolucion(venta, ops, datos.devolver, datos.motivo, '', { sinReferencia: true });
  if (devuelta) return devuelta;
  if (!datos.nuevas.length) return D.sinProductosNuevos;
  for (const n of datos.nuevas) {
    const unidad = n.unidadVentaId ? '94' : (n.unidad ?? '94');
    if (!(n.cantidad > 0) || !cantidadValida(n.cantidad, unidad)) return unidad === '94' && n.cantidad > 0 && n.cantidad < 10_000 ? D.cantidadNuevaEntera(n.nombre) : D.cantidadNuevaInvalida(n.nombre);
  }
  const fiado = datos.metodoPagoId === METODO.FIADO;
  if (fiado && !venta.cuerpo.documentoCliente) return D.fiadoSinCliente;
  const diferencia = valorNuevoLocal(datos.nuevas) - valorDevueltoLocal(venta, ops, datos.devolver);
  // Given back: by how the sale was paid (a fiado exchange lowers the debt, always allowed with a customer).
  const validos = fiado ? [] : metodosDevolucion(venta, -diferencia);
  if (validos.length && !validos.includes(datos.metodoPagoId)) return D.diferenciaCambio(validos.map(nombreMetodo).join(' o '));
  if (diferencia > 0 && !fiado && datos.montoRecibido && datos.montoRecibido < diferencia) return sinRed.recibidoMenor;
  const { ZVentaBase } = await import('#shared/schemas/venta');
  const referencia = ZVentaBase.shape.referencia.safeParse(datos.referencia ?? '');
  if (!referencia.success) return referencia.error.issues[0]!.message;
  return null;
}

/** Queues an exchange of a sale of this device (after its sale and earlier returns); throws its message when the device knows it cannot be. */
export async function cambiarSinRed(db: BaseLocal, venta: VentaSalida, datos: DatosCambio): Promise<DeshacerSalida> {
  const error = await validarCambio(venta, await opsDeVenta(db, venta), datos);
  if (error) throw new Error(error);
  const diferencia = valorNuevoLocal(datos.nuevas) - valorDevueltoLocal(venta, await opsDeVenta(db, venta), datos.devolver);
  const referencia = datos.referencia?.trim();
  return encolar(db, {
    tipo: 'cambio',
    ventaClave: venta.clave,
    ventaNumero: venta.numero,
    lineas: datos.devolver.filter((l) => l.cantidad > 0),
    nuevas: [...datos.nuevas],
    metodoPagoId: datos.metodoPagoId,
    // What the customer handed over for the difference they pay: exactly it when left empty, as online.
    montoRecibido: diferencia > 0 && datos.metodoPagoId !== METODO.FIADO ? datos.montoRecibido || diferencia : 0,
    motivo: datos.motivo.trim(),
    ...(referencia ? { referencia } : {}),
  });
}

/**
 * The exchange's request for the server at sync: the lines coming back named by the sale's invoice
 * lines as a queued return's are (`peticionDevolucion`), the new lines as the till sends them
 * (prices never sent), the method and what was handed over; the operation's key as the exchange's.
 */
export function peticionCambio(op: DeshacerSalida, venta: VentaSalida, servidor: TDevolucionesDeVenta): TCambioRequest {
  const devolucion = peticionDevolucion(op, venta, servidor);
  return {
    clave: op.clave,
    metodoPagoId: op.metodoPagoId!,
    motivo: op.motivo!,
    montoRecibido: op.montoRecibido ?? 0,
    ...(op.referencia ? { referencia: op.referencia } : {}),
    devolver: devolucion.lineas,
    lineas: (op.nuevas ?? []).map((n) => ({ productoId: n.productoId, cantidad: n.cantidad, ...(n.unidadVentaId ? { unidadVentaId: n.unidadVentaId } : {}) })),
  };
}
