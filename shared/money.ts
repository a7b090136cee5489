/**
 * Caps of money on every face (issue #15, DESIGN.md §10): a unit price up to $ 100.000.000 and at
 * most 9 999 units a line, so a line is at most $ 999.900.000.000 and a sale of 200 lines stays far
 * below 2^53: every amount is an exact JavaScript integer and fits PostgreSQL's bigint. The database
 * holds the same caps as CHECK constraints (migration 0008).
 */
export const LIMITES_DINERO = { maxPrecio: 100_000_000, maxCantidad: 9_999, maxLineas: 200, maxMonto: 1_000_000_000_000 } as const;

/** Amounts are integer pesos, shown with dot thousand separators and "$" (es-CO): $ 12.500 */
export function formatPesos(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const digits = Math.round(Math.abs(amount)).toString();
  return `${sign}$ ${digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;
}

/** Dot thousand separators without the currency sign: 1.234.567 */
export function formatNumber(n: number): string {
  const sign = n < 0 ? '-' : '';
  return sign + Math.round(Math.abs(n)).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** Reads an amount typed by a person ("12.500", "12500", "$ 12.500") as integer pesos; null when not a number. */
export function parsePesos(text: string): number | null {
  const clean = text.replace(/[$\s.]/g, '');
  if (!/^\d+$/.test(clean)) return null;
  const n = Number(clean);
  return Number.isSafeInteger(n) ? n : null;
}
