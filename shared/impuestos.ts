/**
 * Taxes of a Colombian shop (issue #30): the codes, the NIT's check digit and the one rule that splits
 * a tax-included price into base and tax. Pure: the server, the receipts and the reports use the same
 * functions, so a figure is computed one way everywhere (ADR 021).
 *
 * Amounts: shelf prices and what a line pays are integer pesos, tax included. Bases and taxes are
 * integer **centavos** (pesos × 100), the precision of DIAN's documents (two decimals).
 */

/** The tax a product carries. `bolsa` is the INC on plastic bags: a fixed value per unit, set by the owner. */
export const IMPUESTOS = ['iva19', 'iva5', 'exento', 'excluido', 'inc8', 'bolsa'] as const;
export type TImpuesto = (typeof IMPUESTOS)[number];

/** Per tax: its rate in basis points (1900 = 19 %), DIAN's tax code (01 IVA, 04 INC, 22 INC bolsas), and whether documents report it. */
export const TARIFAS: Record<TImpuesto, { puntos: number; codigoDian: '01' | '04' | '22' | null; reportado: boolean }> = {
  iva19: { puntos: 1900, codigoDian: '01', reportado: true },
  iva5: { puntos: 500, codigoDian: '01', reportado: true },
  // Exempt goods are reported at 0 %; excluded goods are not reported in the document's TaxTotal.
  exento: { puntos: 0, codigoDian: '01', reportado: true },
  excluido: { puntos: 0, codigoDian: null, reportado: false },
  inc8: { puntos: 800, codigoDian: '04', reportado: true },
  bolsa: { puntos: 0, codigoDian: '22', reportado: true },
};

/** DIAN's units of measure a product may be sold in: the one unit rule (shared/unidades.ts). */
export { UNIDADES_DIAN, type TUnidadDian } from './unidades';

/** The RUT responsibilities a shop's fiscal profile may list. */
export const RESPONSABILIDADES_RUT = ['O-13', 'O-15', 'O-23', 'O-47', 'R-99-PN'] as const;
export type TResponsabilidadRut = (typeof RESPONSABILIDADES_RUT)[number];

const PESOS_DV = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71];

/**
 * The NIT's verification digit (DIAN): the digits from the right are weighted 3, 7, 13, 17, 19, 23,
 * 29, 37, 41, 43, 47, 53, 59, 67, 71; r = sum mod 11; DV = r > 1 ? 11 − r : r. 800197268 → 4.
 * Null when the NIT is not 1 to 15 digits.
 */
export function digitoVerificacion(nit: string): number | null {
  if (!/^\d{1,15}$/.test(nit)) return null;
  let suma = 0;
  for (let i = 0; i < nit.length; i++) suma += Number(nit[nit.length - 1 - i]) * PESOS_DV[i]!;
  const r = suma % 11;
  return r > 1 ? 11 - r : r;
}

/**
 * Integer division rounded **half up** (ADR 021): PostgreSQL's round(numeric) does the same, so a
 * figure computed in SQL and here agree. Both operands non-negative.
 */
export function dividirRedondeando(a: bigint, b: bigint): bigint {
  return (2n * a + b) / (2n * b);
}

/** What one line of a sale needs to be split: what it pays before the sale's discount, its tax and units. */
export interface LineaGravable {
  /** Pesos the line pays before the sale's own discount: precio × cantidad − descuento of the line. */
  importe: number;
  cantidad: number;
  /** Null: the store charged no tax on it (a store without taxes, or a line sold before). */
  impuesto: TImpuesto | null;
  /** For `bolsa`: the INC per unit in pesos, as recorded on the line when sold. */
  valorBolsa?: number | null;
}

export interface LineaDesglosada {
  /** Pesos the line paid after its share of the sale's discount. */
  pagado: number;
  /** Centavos. base + impuesto = pagado × 100 exactly. */
  base: number;
  impuesto: number;
}

/**
 * Spreads the sale's discount over its lines in proportion to what each pays, in whole pesos (the
 * largest remainders get the leftover pesos, ties to the earlier line), so Σ pagado = Σ importe −
 * descuento exactly.
 */
export function repartirDescuento(importes: number[], descuento: number): number[] {
  const total = importes.reduce((s, x) => s + x, 0);
  if (descuento <= 0 || total <= 0) return importes.slice();
  const d = BigInt(Math.min(descuento, total));
  const t = BigInt(total);
  const partes = importes.map((x, i) => {
    const num = BigInt(x) * d;
    return { i, parte: num / t, resto: num % t };
  });
  let sobra = Number(d - partes.reduce((s, p) => s + p.parte, 0n));
  const orden = [...partes].sort((a, b) => (a.resto === b.resto ? a.i - b.i : a.resto > b.resto ? -1 : 1));
  for (const p of orden) {
    if (sobra <= 0) break;
    p.parte += 1n;
    sobra--;
  }
  return partes.map((p) => importes[p.i]! - Number(p.parte));
}

/**
 * The base and tax of one line paying `pagado` pesos tax included. A rate r: base = pagado × 100 /
 * (1 + r), rounded half up to the centavo; the tax is the rest, so base + tax is exactly what was paid.
 * The bag's INC: a fixed value per unit (never more than the line paid); the rest is its base.
 */
export function desglosarImporte(pagado: number, impuesto: TImpuesto | null, cantidad: number, valorBolsa?: number | null): { base: number; impuesto: number } {
  const centavos = BigInt(pagado) * 100n;
  if (impuesto === 'bolsa') {
    const inc = BigInt(Math.max(0, valorBolsa ?? 0)) * BigInt(cantidad) * 100n;
    const tax = inc < centavos ? inc : centavos;
    return { base: Number(centavos - tax), impuesto: Number(tax) };
  }
  const puntos = impuesto ? TARIFAS[impuesto].puntos : 0;
  if (puntos === 0) return { base: Number(centavos), impuesto: 0 };
  const base = dividirRedondeando(centavos * 10000n, BigInt(10000 + puntos));
  return { base: Number(base), impuesto: Number(centavos - base) };
}

/** Every line of a sale split: its share of the sale's discount, then its base and tax. */
export function desglosarVenta(lineas: LineaGravable[], descuentoVenta: number): LineaDesglosada[] {
  const pagados = repartirDescuento(
    lineas.map((l) => l.importe),
    descuentoVenta,
  );
  return lineas.map((l, i) => {
    const pagado = pagados[i]!;
    return { pagado, ...desglosarImporte(pagado, l.impuesto, l.cantidad, l.valorBolsa) };
  });
}

/** Base and tax of one tax across many lines (centavos). */
export interface TotalTarifa {
  impuesto: TImpuesto;
  base: number;
  valor: number;
  lineas: number;
}

/** Sums split lines by tax, in IMPUESTOS order; a line without a tax is left out. */
export function totalesPorTarifa(lineas: { impuesto: TImpuesto | null; base: number; valor: number }[]): TotalTarifa[] {
  const por = new Map<TImpuesto, TotalTarifa>();
  for (const l of lineas) {
    if (!l.impuesto) continue;
    const t = por.get(l.impuesto) ?? { impuesto: l.impuesto, base: 0, valor: 0, lineas: 0 };
    t.base += l.base;
    t.valor += l.valor;
    t.lineas += 1;
    por.set(l.impuesto, t);
  }
  return IMPUESTOS.filter((i) => por.has(i)).map((i) => por.get(i)!);
}

/** Centavos as Colombian money with two decimals: 1234567 → "$ 12.345,67". */
export function formatCentavos(centavos: number): string {
  const sign = centavos < 0 ? '-' : '';
  const abs = Math.abs(Math.round(centavos));
  const pesos = Math.floor(abs / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}$ ${pesos},${String(abs % 100).padStart(2, '0')}`;
}

/** Centavos as a plain decimal with a comma, for Spanish Excel: 1234567 → "12345,67". */
export function decimalComa(centavos: number): string {
  const sign = centavos < 0 ? '-' : '';
  const abs = Math.abs(Math.round(centavos));
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/** UVT by year (DIAN): above 5 UVT the till offers to capture the buyer's data. */
export const UVT_POR_ANO: Record<number, number> = { 2024: 47_065, 2025: 49_799, 2026: 52_374 };

/** Above this many pesos (5 UVT of the sale's year) the till offers to capture the buyer's data; it never requires them. */
export const topeDatosComprador = (ano: number): number => 5 * uvtDe(ano);

/** The UVT of a year: the table's, or the latest year's known value for a later year. */
export function uvtDe(ano: number): number {
  const anos = Object.keys(UVT_POR_ANO).map(Number).sort((a, b) => a - b);
  const usado = anos.filter((a) => a <= ano).pop() ?? anos[0]!;
  return UVT_POR_ANO[usado]!;
}
