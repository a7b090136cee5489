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
