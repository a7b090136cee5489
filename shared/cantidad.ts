import { formatPesos } from './money';
import { MEDIDAS, reglaUnidad, UNIDADES, UNIDADES_DIAN, type TMedida, type TUnidadDian } from './unidades';

/**
 * Quantities sold by unit or by measure (issue #33 point 3, ADR 030). A product sold by unit (DIAN
 * '94') takes whole numbers; one sold by a measure (kilogram, gram, litre, millilitre, metre,
 * centimetre, square metre, gallon: the unit rule, shared/unidades.ts) takes up to three decimals. JavaScript never adds or multiplies decimal quantities as floats: they become integer
 * thousandths (milésimas) here, and the database keeps them as numeric(12,3).
 *
 * The one rounding rule of money (ADR 030): a line's amount is precio × cantidad rounded half-up to
 * the peso, computed in integer thousandths: importe = ⌊(precio × milésimas + 500) / 1000⌋. The
 * database computes the same with round(precio_unit * cantidad) on numeric (half away from zero,
 * which is half-up for amounts that are never negative). A sale's total is the exact sum of its
 * lines' integer amounts.
 */

/** Thousandths in one unit of measure. */
export const MILESIMAS = 1000;

/** The largest quantity of a line, in units (LIMITES_DINERO.maxCantidad). */
const MAX_CANTIDAD = 9_999;

/** Sold by unit: whole numbers only. */
export const porUnidad = (unidad: string | null | undefined): boolean => reglaUnidad(unidad).decimales === 0;

/** What the till shows after the quantity: "kg", "g", "L", "ml", "m", "cm", "m²", "gal"; nothing for units. */
export const SIMBOLO_UNIDAD = Object.fromEntries(UNIDADES_DIAN.map((u) => [u, UNIDADES[u].simbolo])) as Record<TUnidadDian, string>;

/** A quantity (a JS number read from the database or JSON) as integer thousandths; null when it has more than three decimals. */
export function aMilesimas(cantidad: number): number | null {
  if (!Number.isFinite(cantidad)) return null;
  const m = Math.round(cantidad * MILESIMAS);
  // 0.375 * 1000 is 375 exactly, but 1.001 * 1000 is 1000.9999999999999: within a millionth is the same quantity.
  return Math.abs(m - cantidad * MILESIMAS) < 1e-6 ? m : null;
}

/**
 * A quantity read from the database or JSON as integer thousandths, to add or subtract without floats:
 * a value with more decimals (never stored: numeric(12,3)) is rounded to the nearest thousandth.
 */
export const milesimasDe = (cantidad: number): number => aMilesimas(cantidad) ?? Math.round(cantidad * MILESIMAS);

/** Integer thousandths back as the JS number the API carries (375 → 0.375). */
export const deMilesimas = (milesimas: number): number => milesimas / MILESIMAS;

/** Whether a quantity is valid for a product of this unit: above 0, at most 9 999, whole for units, at most three decimals otherwise. */
export function cantidadValida(cantidad: number, unidad: string | null | undefined): boolean {
  const m = aMilesimas(cantidad);
  if (m === null || m <= 0 || m > MAX_CANTIDAD * MILESIMAS) return false;
  return !porUnidad(unidad) || m % MILESIMAS === 0;
}

/**
 * Reads a quantity typed by a person in Spanish: "0,375", "1,5", "2", also "0.375" (a dot followed
 * by one to three digits is a decimal point, as a scale or a keypad writes it). Answers thousandths,
 * or null when it is not a number with at most three decimals. A "libra" is written by the caller as
 * 0,5 kg (issue #33: never a pound code).
 */
export function parseCantidad(texto: string): number | null {
  const t = texto.trim().replace(/\s/g, '');
  const m = /^(\d{1,4})(?:[.,](\d{1,3}))?$/.exec(t);
  if (!m) return null;
  const enteros = Number(m[1]);
  const decimales = Number((m[2] ?? '').padEnd(3, '0'));
  return enteros * MILESIMAS + decimales;
}

/** Thousandths shown in Spanish: 375 → "0,375", 1500 → "1,5", 2000 → "2". */
export function formatMilesimas(milesimas: number): string {
  const signo = milesimas < 0 ? '-' : '';
  const abs = Math.abs(milesimas);
  const enteros = Math.floor(abs / MILESIMAS).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const resto = (abs % MILESIMAS).toString().padStart(3, '0').replace(/0+$/, '');
  return signo + enteros + (resto ? `,${resto}` : '');
}

/** A quantity with its unit, as the cart and the receipt show it: "0,375 kg", "3". */
export function formatCantidad(cantidad: number, unidad: string | null | undefined): string {
  const m = milesimasDe(cantidad);
  const simbolo = reglaUnidad(unidad).simbolo;
  return simbolo ? `${formatMilesimas(m)} ${simbolo}` : formatMilesimas(m);
}

/** The money rule: precio (integer pesos) × thousandths, rounded half-up to the peso. */
export function importeLinea(precio: number, milesimas: number): number {
  return Math.floor((precio * milesimas + MILESIMAS / 2) / MILESIMAS);
}

/**
 * A sale line's gross in pesos, before its discount (issue #52 point 4): the value asked when it was
 * sold by value (`importe`: "$ 2.000 de arroz" charges $ 2.000), else importeLinea of its price and
 * quantity. Every reader of a line's amount (cart, receipt, invoice, returns, reports, DIAN) asks this;
 * SQL asks linea_bruto() (server/db/functions/linea_bruto.sql), the same rule.
 */
export function brutoLinea(l: { precio: number; cantidad: number; importe?: number | null }): number {
  return l.importe ?? importeLinea(l.precio, milesimasDe(l.cantidad));
}

/**
 * Whether `importe` pesos may be the gross of a line of `milesimas` at `precio`: the quantity the value
 * buys (cantidadPorValor) is exactly that quantity. venta_registrar refuses a line otherwise.
 */
export const importeCorresponde = (importe: number, precio: number, milesimas: number): boolean => cantidadPorValor(importe, precio) === milesimas;

/**
 * Sold by value ("$500 de aceite"): the thousandths nearest to valor / precio, half-up; the line
 * then charges exactly valor (the line's `importe`, brutoLinea), though importeLinea(precio, milésimas)
 * may differ from it by up to half a thousandth's price.
 * Null when the price is 0 or the value buys less than one thousandth or more than 9 999 units.
 */
export function cantidadPorValor(valor: number, precio: number): number | null {
  if (!Number.isSafeInteger(valor) || !Number.isSafeInteger(precio) || precio <= 0 || valor <= 0) return null;
  const m = Math.floor((valor * MILESIMAS * 2 + precio) / (precio * 2));
  return m >= 1 && m <= MAX_CANTIDAD * MILESIMAS ? m : null;
}

/** A quantity as exact decimal text for a numeric parameter ("0.375", "-2"); throws on more than three decimals (zod checked them before). */
export function cantidadDecimal(cantidad: number): string {
  const m = aMilesimas(cantidad);
  if (m === null) throw new Error(`cantidad con más de tres decimales: ${cantidad}`);
  return String(deMilesimas(m));
}

/** After a unit price: "/kg", "/L"…; nothing for a product sold by unit ("$ 12.000/kg"). */
export function porUnidadDe(unidad: string | null | undefined): string {
  const simbolo = reglaUnidad(unidad).simbolo;
  return simbolo ? `/${simbolo}` : '';
}

/**
 * A unit price as every list, card, report and export shows it (issue #52 point 3): "$ 12.000/kg"
 * for a product sold by measure, "$ 2.800" for one sold by unit. With formatCantidad, the one way a
 * measured product's figures are written, on the web and in the server's exports.
 */
export const formatPrecioUnidad = (precio: number, unidad: string | null | undefined): string => formatPesos(precio) + porUnidadDe(unidad);

/** Each measure's total: units, kilos, litres, metres, square metres, gallons. */
export type TotalesMedida = Record<TMedida, number>;

/**
 * Units, kilos (grams as kilos), litres (millilitres as litres), metres (centimetres as metres), square
 * metres and gallons of some quantities, each apart and never added to one another (issue #52 point 3,
 * issue #58 point 3): a line counts cantidad × factor (a pack's units, or a pack's metres: a roll of 50 m),
 * a measured one in its measure (the unit rule's porMedida), to the thousandth. Exact in thousandths.
 * SQL's cantidad_en (generated by server/db/resumenes-sql.ts from UNIDADES) is the same rule.
 */
export function totalesPorMedida(items: { cantidad: number; unidad: string | null | undefined; factor?: number }[]): TotalesMedida {
  const t = Object.fromEntries(MEDIDAS.map((m) => [m, 0])) as TotalesMedida;
  for (const x of items) {
    const r = reglaUnidad(x.unidad);
    const m = milesimasDe(x.cantidad);
    // A pack counts factor × packs in its product's unit, by unit or by measure (a roll of 50 m is 50 m).
    const f = x.factor ?? 1;
    t[r.medida] += r.decimales === 0 ? m * f : Math.round((m * f) / r.porMedida);
  }
  return Object.fromEntries(MEDIDAS.map((m) => [m, deMilesimas(t[m])])) as TotalesMedida;
}

/**
 * The unit a line's quantity is written in: a pack's line (its `presentacion`, a factor above 1) counts
 * whole packs ("1 · Rollo x50 m", never "1 m"), even of a product sold by the metre (issue #58 point 2);
 * any other line its own unit.
 */
export const unidadMostrada = (l: { unidad?: string | null; presentacion?: string | null; factor?: number | null }): string | null | undefined =>
  l.presentacion || (l.factor ?? 1) > 1 ? '94' : l.unidad;
