import { METODO, METODOS_PAGO_SEED } from './roles';

/** One part of a sale's payment: a method and the pesos it covered (issue #36 point 3). */
export interface ParteDePago {
  metodoPagoId: number;
  metodo: string;
  monto: number;
}

const NOMBRE_FIADO = METODOS_PAGO_SEED.find((m) => m.id === METODO.FIADO)!.nombre;

interface VentaPagada {
  metodoPagoId: number;
  metodo: string;
  total: number;
  /** Pesos left on the customer's account; the rest was paid now with the sale's method. */
  montoFiado: number;
}

/**
 * A sale's payment as its parts: what its method covered and what was left on credit (fiado). A
 * sale paid half in cash and half on fiado is two parts, never "Efectivo" alone. The one reading of
 * the stored payment for the receipt, the invoice's detail and the list.
 */
export function partesDelPago(v: VentaPagada): ParteDePago[] {
  if (v.metodoPagoId === METODO.FIADO) return [{ metodoPagoId: METODO.FIADO, metodo: v.metodo, monto: v.total }];
  const pagado = v.total - v.montoFiado;
  const partes: ParteDePago[] = [];
  if (pagado > 0 || v.montoFiado <= 0) partes.push({ metodoPagoId: v.metodoPagoId, metodo: v.metodo, monto: pagado });
  if (v.montoFiado > 0) partes.push({ metodoPagoId: METODO.FIADO, metodo: NOMBRE_FIADO, monto: v.montoFiado });
  return partes;
}

/** The methods of a sale's parts in one line: "Efectivo + Fiado". */
export const metodosDelPago = (v: VentaPagada): string => partesDelPago(v).map((p) => p.metodo).join(' + ');

/**
 * Change is given only on cash, and only over the part paid now: null for any other method (a card
 * or a transfer charges the exact amount) and for a sale without an amount received.
 */
export function cambioDelPago(v: Omit<VentaPagada, 'metodo'> & { montoRecibido: number | null }): number | null {
  if (v.metodoPagoId !== METODO.EFECTIVO || v.montoRecibido == null) return null;
  return Math.max(0, v.montoRecibido - (v.total - v.montoFiado));
}
