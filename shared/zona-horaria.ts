/**
 * The shop's default time zone. Colombia has a single one (UTC−05:00, no daylight saving). Its own
 * module, without zod: screens that only format dates do not load the schemas (issue #20).
 */
export const ZONA_HORARIA = 'America/Bogota';
