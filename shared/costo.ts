/**
 * A product's cost (issue #32 point 6): what one received unit costs the store, and the weighted
 * average of what the units in stock cost. Integer pesos, rounded half up, exact (bigint inside).
 * The server keeps them on receiving (server/modules/compras/costo.domain.ts); the margin is
 * computed the same way everywhere from here.
 */
import { importeLinea, milesimasDe } from './cantidad';
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
 * The weighted average cost after receiving `cantidad` units (of the product's own unit, up to three
 * decimals, ADR 030) at `costo` each, with `stock` units on hand at `promedio`. A line received in a
 * pack (ADR 036) passes `factor` (units per pack) and the cost of one pack as `costo`: the entry's
 * money is then exactly packs × cost per pack, never a rounded unit cost times the units. All in
 * integer thousandths (bigint), rounded half up once. No stock on hand (none, or below zero after
 * selling past it), or no average known yet: the new units' cost (costo ÷ factor, half up).
 */
export function costoPromedio(antes: { stock: number; promedio: number | null }, entrada: { cantidad: number; costo: number; factor?: number | null }): number {
  const factor = BigInt(entrada.factor ?? 1);
  const unidad = Number(dividir(BigInt(entrada.costo), factor));
  const stockM = BigInt(milesimasDe(antes.stock));
  if (stockM <= 0n || antes.promedio == null) return unidad;
  const entradaM = BigInt(milesimasDe(entrada.cantidad));
  // (units in thousandths × cost per pack) ÷ factor is exact: a pack line's units are factor × packs.
  const total = stockM * BigInt(antes.promedio) + (entradaM * BigInt(entrada.costo)) / factor;
  return Number(dividir(total, stockM + entradaM));
}

/**
 * ADR 036, the one rule of a pack's unit cost: the cost per pack ÷ factor, rounded half up to the peso
 * ($ 30.000 the paca x12 → $ 2.500; $ 10.000 the x3 → $ 3.333). Only the product's last cost and what a
 * unit is shown at use it; the purchase's money stays packs × cost per pack.
 */
export const costoPorUnidad = (costoEmpaque: number, factor: number): number => Number(dividir(BigInt(costoEmpaque), BigInt(factor)));

/**
 * A purchase line's money, integer pesos: in packs, packs × cost per pack (exact); in the product's own
 * unit, the project's one rounding rule (importeLinea, ADR 030): exactly cantidad × costo for whole
 * quantities, half up to the peso for kilograms or litres with decimals.
 */
export function importeCompra(linea: { cantidad: number; costo: number; factor?: number | null }): number {
  if (linea.factor != null) return linea.cantidad * linea.costo;
  return importeLinea(linea.costo, milesimasDe(linea.cantidad));
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
