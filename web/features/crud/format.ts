import { crud } from '#shared/messages/crud';
import { ZONA_HORARIA } from '#shared/schemas/movimiento';
import { fechasEn } from '../../lib/fechas';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { crud };

/**
 * Dates and times of the back-office, in Bogotá time: the platform operator works across stores, and
 * the back-office's date and time fields are read and written in Bogotá by the server
 * (server/modules/crud/crud.scope.ts), so its lists show the same clock as its forms.
 */
const bogota = fechasEn(ZONA_HORARIA);

/** A calendar date (YYYY-MM-DD) or an instant (ISO) → 15/08/2024. */
export function fecha(value: string | null | undefined): string {
  if (!value) return M.crud.sinValor;
  return bogota.fecha(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00-05:00` : value);
}

/** An instant (ISO) → 6:45 p. m. */
export function hora(value: string | null | undefined): string {
  if (!value) return M.crud.sinValor;
  return bogota.hora(value);
}

/** Bogotá keeps UTC−5 all year: an instant → the form's date (YYYY-MM-DD) and time (HH:MM). */
export function partesBogota(iso: string): { fecha: string; hora: string } {
  const d = new Date(new Date(iso).getTime() - 5 * 60 * 60 * 1000).toISOString();
  return { fecha: d.slice(0, 10), hora: d.slice(11, 16) };
}

/** Today in Bogotá, for date fields' defaults. */
export const hoyBogota = () => bogota.hoy();

export const texto = (v: string | number | null | undefined) => (v == null || v === '' ? M.crud.sinValor : String(v));

/** Form values are text; null becomes empty. */
export const str = (v: string | number | null | undefined) => (v == null ? '' : String(v));
