import { ZONA_HORARIA } from '#shared/schemas/movimiento';

/** Dates and times of the shop (es-CO, Bogotá). */
export const fechaCorta = new Intl.DateTimeFormat('es-CO', { dateStyle: 'medium', timeStyle: 'short', timeZone: ZONA_HORARIA });
export const fechaLarga = new Intl.DateTimeFormat('es-CO', { dateStyle: 'long', timeZone: ZONA_HORARIA });
export const hora = new Intl.DateTimeFormat('es-CO', { timeStyle: 'short', timeZone: ZONA_HORARIA });

/** Badge of a sale or line status: Completada/Pagado green, Pendiente yellow, Anulada red. */
export function estadoBadge(estado: string): string {
  if (estado === 'Completada' || estado === 'Pagado') return 'badge badge--ok';
  if (estado === 'Anulada') return 'badge badge--danger';
  return 'badge badge--warn';
}
