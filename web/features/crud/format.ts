import { M } from '#shared/messages';

/** Dates and times of the back-office, as a Colombian shop reads them (es-CO, Bogotá time). */
const dateFmt = new Intl.DateTimeFormat('es-CO', { timeZone: 'America/Bogota', day: '2-digit', month: '2-digit', year: 'numeric' });
const timeFmt = new Intl.DateTimeFormat('es-CO', { timeZone: 'America/Bogota', hour: 'numeric', minute: '2-digit' });

/** A calendar date (YYYY-MM-DD) or an instant (ISO) → 15/08/2024. */
export function fecha(value: string | null | undefined): string {
  if (!value) return M.crud.sinValor;
  const d = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00-05:00`) : new Date(value);
  return Number.isNaN(d.getTime()) ? value : dateFmt.format(d);
}

/** An instant (ISO) → 6:45 p. m. */
export function hora(value: string | null | undefined): string {
  if (!value) return M.crud.sinValor;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : timeFmt.format(d);
}

/** Bogotá keeps UTC−5 all year: an instant → the form's date (YYYY-MM-DD) and time (HH:MM). */
export function partesBogota(iso: string): { fecha: string; hora: string } {
  const d = new Date(new Date(iso).getTime() - 5 * 60 * 60 * 1000).toISOString();
  return { fecha: d.slice(0, 10), hora: d.slice(11, 16) };
}

/** Today in Bogotá, for date fields' defaults. */
export const hoyBogota = () => partesBogota(new Date().toISOString()).fecha;

export const texto = (v: string | number | null | undefined) => (v == null || v === '' ? M.crud.sinValor : String(v));

/** Form values are text; null becomes empty. */
export const str = (v: string | number | null | undefined) => (v == null ? '' : String(v));
