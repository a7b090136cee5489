/**
 * Dates as the old system's rows showed them: the shop's calendar day and clock time in Bogotá
 * (UTC−05:00 all year, no daylight saving), in MySQL's plain formats.
 */
const OFFSET_MS = 5 * 60 * 60 * 1000;

const local = (d: Date) => new Date(d.getTime() - OFFSET_MS).toISOString();

/** YYYY-MM-DD */
export const fechaBogota = (d: Date) => local(d).slice(0, 10);
/** HH:MM:SS */
export const horaBogota = (d: Date) => local(d).slice(11, 19);
/** YYYY-MM-DD HH:MM:SS */
export const fechaHoraBogota = (d: Date) => `${fechaBogota(d)} ${horaBogota(d)}`;

/** An ISO instant (as the services return it) in the old formats. */
export const partesIso = (iso: string) => {
  const d = new Date(iso);
  return { fecha: fechaBogota(d), hora: horaBogota(d), fechaHora: fechaHoraBogota(d) };
};

/** The page of a legacy list: whole lists by default up to a bound, `page`/`pageSize` to read further. */
export const LISTA_MAX = 1000;
