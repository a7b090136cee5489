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
