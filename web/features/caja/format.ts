import { paths } from '../../config/paths';

const fechaHora = new Intl.DateTimeFormat('es-CO', { timeZone: 'America/Bogota', day: '2-digit', month: '2-digit', year: 'numeric', hour: 'numeric', minute: '2-digit' });
const hora = new Intl.DateTimeFormat('es-CO', { timeZone: 'America/Bogota', hour: 'numeric', minute: '2-digit' });
const dia = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' });

/** A date and time as seen in Colombia: 23/11/2026, 9:05 a. m. */
export const fechaHoraBogota = (iso: string | null) => (iso ? fechaHora.format(new Date(iso)) : '—');
export const horaBogota = (iso: string) => hora.format(new Date(iso));
/** Today in Colombia, as YYYY-MM-DD (the date inputs' format). */
export const hoyBogota = () => dia.format(new Date());

/** The Z report's address of a shift. */
export const reportePath = (id: number) => paths.reporteTurno.replace(':id', String(id));
