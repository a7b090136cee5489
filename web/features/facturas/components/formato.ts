// Dates and times: useFechas() (web/lib/fechas.ts), in the store's time zone.

/** Badge of a sale or line status: Completada/Pagado green, Pendiente yellow, Anulada red. */
export function estadoBadge(estado: string): string {
  if (estado === 'Completada' || estado === 'Pagado') return 'badge badge--ok';
  if (estado === 'Anulada') return 'badge badge--danger';
  return 'badge badge--warn';
}
