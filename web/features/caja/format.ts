import { paths } from '../../config/paths';

// Dates and times: useFechas() (web/lib/fechas.ts), in the store's time zone.

/** The Z report's address of a shift. */
export const reportePath = (id: number) => paths.reporteTurno.replace(':id', String(id));
