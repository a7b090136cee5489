/**
 * The store's calendar day as the server computes it (America/Bogota by default), for tests that
 * ask a report for "today" or "this month". The UTC day is already tomorrow from 19:00 in Bogotá:
 * a test that took `new Date().toISOString()` failed every evening (CI of stop 69).
 */
export function diaDeTienda(dias = 0, zona = 'America/Bogota'): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zona, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + dias * 86_400_000));
}

/** The store's month, YYYY-MM. */
export const mesDeTienda = (zona = 'America/Bogota'): string => diaDeTienda(0, zona).slice(0, 7);
