import { milesimasDe } from './cantidad';
import { dividirRedondeando } from './impuestos';

/**
 * What returning `aDevolver` more units of a line gives back (issue #32 point 1), in whole pesos.
 *
 * A line paid `pagado` pesos (after its own discount and its share of the sale's, shared/impuestos.ts
 * `desglosarVenta`) for `vendidas` units. The first q units returned are worth q × pagado / vendidas
 * rounded half up; a return is the difference between what has been returned after it and before it.
 * So however the units come back, in one return or many, the refunds add up to exactly what the line
 * paid, never a peso more (tested as a property in shared/devolucion.test.ts).
 */
export function valorDevuelto(pagado: number, vendidas: number, yaDevueltas: number, aDevolver: number): number {
  if (vendidas <= 0 || aDevolver <= 0) return 0;
  const acumulado = (q: number) => dividirRedondeando(BigInt(pagado) * BigInt(q), BigInt(vendidas));
  return Number(acumulado(yaDevueltas + aDevolver) - acumulado(yaDevueltas));
}

/**
 * The same for quantities of up to three decimals (a weighed line, ADR 030), computed in integer
 * thousandths: returning 0,125 kg of a 0,375 kg line gives back exactly a third of what it paid, half
 * up, and the parts of a line add up to what it paid. Whole quantities give what `valorDevuelto` gives.
 */
export function valorDevueltoCantidad(pagado: number, vendidas: number, yaDevueltas: number, aDevolver: number): number {
  return valorDevuelto(pagado, milesimasDe(vendidas), milesimasDe(yaDevueltas), milesimasDe(aDevolver));
}

/** Pesos by payment method: what a sale was paid with, or what its returns gave back (issue #51 point 3). */
export type PorMetodo = Partial<Record<number, number>>;

/** The Fiado and Efectivo methods' ids (shared/roles.ts METODO), repeated here to keep this module free of imports. */
const FIADO = 7;
const EFECTIVO = 5;

/**
 * What a sale was paid with, by method: its credit part (`montoFiado`) under Fiado, the rest under the
 * method it was paid with. A sale wholly on fiado is all credit.
 */
export function pagadoPorMetodo(v: { metodoPagoId: number; total: number; montoFiado: number }): PorMetodo {
  const fiado = v.metodoPagoId === FIADO ? v.total : Math.min(v.montoFiado, v.total);
  const out: PorMetodo = {};
  if (fiado > 0) out[FIADO] = fiado;
  if (v.total - fiado > 0 && v.metodoPagoId !== FIADO) out[v.metodoPagoId] = v.total - fiado;
  return out;
}

/**
 * The order a refund follows the sale's payments (ADR 039): its credit part first (it lowers what the
 * customer owes: no money leaves for goods never paid), then what was paid by other means (refunded by
 * the same means, with a reference), cash last.
 */
export const ordenReembolso = (metodo: number) => (metodo === FIADO ? 0 : metodo === EFECTIVO ? 2 : 1);

/**
 * How `monto` pesos of a return go back (issue #51 point 3, ADR 039): method by method in
 * `ordenReembolso`, each up to what it paid less what earlier returns gave back by it. Never more by a
 * method than it paid, never more in all than the sale was paid; `resto` is what no method could take
 * (more than is left of the sale: the caller refuses it).
 */
export function repartirReembolso(pagado: PorMetodo, devuelto: PorMetodo, monto: number): { partes: { metodoPagoId: number; monto: number }[]; resto: number } {
  const metodos = Object.keys(pagado)
    .map(Number)
    .sort((a, b) => ordenReembolso(a) - ordenReembolso(b) || a - b);
  let resto = Math.max(0, monto);
  const partes: { metodoPagoId: number; monto: number }[] = [];
  for (const m of metodos) {
    const queda = Math.max(0, (pagado[m] ?? 0) - (devuelto[m] ?? 0));
    const parte = Math.min(queda, resto);
    if (parte > 0) partes.push({ metodoPagoId: m, monto: parte });
    resto -= parte;
  }
  return { partes, resto };
}
