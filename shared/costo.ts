/**
 * A product's cost (issue #32 point 6): what one received unit costs the store, and the weighted
 * average of what the units in stock cost. Integer pesos, rounded half up, exact (bigint inside).
 * The server keeps them on receiving (server/modules/compras/costo.domain.ts); the margin is
 * computed the same way everywhere from here.
 */
import { TARIFAS, type TImpuesto } from './impuestos';

/** Half-up division of non-negative integers. */
const dividir = (a: bigint, b: bigint) => (2n * a + b) / (2n * b);

/**
 * The cost of one received unit. `pagado` is what the store paid per unit, taxes included. A store
 * responsible for IVA deducts the IVA it paid (iva19, iva5): its cost is the price without it. Any
 * other store, and any other tax (INC is not deductible), keeps what it paid as its cost.
 */
export function costoNeto(pagado: number, impuesto: TImpuesto | null, responsableIva: boolean): number {
  if (!responsableIva || (impuesto !== 'iva19' && impuesto !== 'iva5')) return pagado;
  const puntos = BigInt(TARIFAS[impuesto].puntos);
  return Number(dividir(BigInt(pagado) * 10_000n, 10_000n + puntos));
}

/**
 * The weighted average cost after receiving `cantidad` units at `costo` each, with `stock` units on
 * hand at `promedio`. No stock on hand (none, or below zero after selling past it), or no average
 * known yet: the new units' cost is the average.
 */
export function costoPromedio(antes: { stock: number; promedio: number | null }, entrada: { cantidad: number; costo: number }): number {
  if (antes.stock <= 0 || antes.promedio == null) return entrada.costo;
  const total = BigInt(antes.stock) * BigInt(antes.promedio) + BigInt(entrada.cantidad) * BigInt(entrada.costo);
  return Number(dividir(total, BigInt(antes.stock + entrada.cantidad)));
}

/**
 * A unit's margin: the price (net of IVA for a store responsible for it, as its cost is) less the
 * cost; and as a percentage of that price, one decimal (null when the price is 0).
 */
export function margen(precio: number, costo: number, impuesto: TImpuesto | null, responsableIva: boolean): { pesos: number; porcentaje: number | null } {
  const neto = costoNeto(precio, impuesto, responsableIva);
  const pesos = neto - costo;
  return { pesos, porcentaje: neto > 0 ? Math.round((pesos * 1000) / neto) / 10 : null };
}
