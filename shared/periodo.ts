/**
 * A report's period (issue #35): a preset or a range of the store's calendar days (YYYY-MM-DD), and
 * the period it is compared with. Pure date arithmetic on calendar days: "today" comes from the
 * store's zone (the server reads it in SQL, the web through web/lib/fechas.ts), so nothing here
 * depends on the machine's clock or zone.
 */
export const PERIODOS = ['hoy', 'ayer', 'semana', 'mes', 'mesAnterior', 'rango'] as const;
export type TPeriodo = (typeof PERIODOS)[number];

export interface Rango {
  desde: string;
  hasta: string;
}

const DIA = 86_400_000;

/**
 * The one budget of a date range asked to the server (issue #49 point 4): at most 400 days per
 * request (a year and a month, for a comparison with last year), with years between 2000 and 2100.
 * A century asked to a report took 23 s on PGlite while the store's other requests waited (PGlite
 * runs one statement at a time and cannot be interrupted: this cap is its budget; PostgreSQL also
 * has DB_STATEMENT_TIMEOUT_MS). Every schema with a desde/hasta filter uses these.
 */
export const RANGO_MAX_DIAS = 400;
export const ANIO_MIN = 2000;
export const ANIO_MAX = 2100;

/** A YYYY-MM-DD day whose year is inside the window (an empty value, no filter, passes; a malformed one is the schema's format error). */
export const anioPermitido = (dia: string | undefined): boolean => {
  if (!dia || !/^\d{4}-/.test(dia)) return true;
  const anio = Number(dia.slice(0, 4));
  return anio >= ANIO_MIN && anio <= ANIO_MAX;
};

/** Both ends inside the year window and, when both are given in order, at most RANGO_MAX_DIAS days. */
export const rangoPermitido = (v: { desde?: string; hasta?: string }): boolean =>
  anioPermitido(v.desde) && anioPermitido(v.hasta) && (!v.desde || !v.hasta || v.desde > v.hasta || diasEntre(v.desde, v.hasta) <= RANGO_MAX_DIAS);
const aFecha = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));
const aTexto = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** `dia` plus `n` calendar days. */
export const sumarDias = (dia: string, n: number): string => aTexto(aFecha(dia) + n * DIA);

/** Days from `desde` to `hasta`, both counted. */
export const diasEntre = (desde: string, hasta: string): number => Math.round((aFecha(hasta) - aFecha(desde)) / DIA) + 1;

/** 0 Monday … 6 Sunday. */
export const diaDeSemana = (dia: string): number => (new Date(aFecha(dia)).getUTCDay() + 6) % 7;

const ultimoDelMes = (anio: number, mes0: number) => new Date(Date.UTC(anio, mes0 + 1, 0)).getUTCDate();
const pad = (n: number) => String(n).padStart(2, '0');

/** The days a preset covers, seen from `hoy`; `rango` takes `desde`/`hasta` (each defaulting to `hoy`). */
export function rangoDelPeriodo(periodo: TPeriodo, hoy: string, desde?: string, hasta?: string): Rango {
  switch (periodo) {
    case 'hoy':
      return { desde: hoy, hasta: hoy };
    case 'ayer': {
      const ayer = sumarDias(hoy, -1);
      return { desde: ayer, hasta: ayer };
    }
    case 'semana':
      // The week starts on Monday (Colombia).
      return { desde: sumarDias(hoy, -diaDeSemana(hoy)), hasta: hoy };
    case 'mes':
      return { desde: `${hoy.slice(0, 8)}01`, hasta: hoy };
    case 'mesAnterior': {
      const primero = `${hoy.slice(0, 8)}01`;
      const fin = sumarDias(primero, -1);
      return { desde: `${fin.slice(0, 8)}01`, hasta: fin };
    }
    case 'rango': {
      const d = desde || hasta || hoy;
      const h = hasta || desde || hoy;
      return d <= h ? { desde: d, hasta: h } : { desde: h, hasta: d };
    }
  }
}

/**
 * The period a range is compared with: a range inside one month that starts on its first day is
 * compared with the same days of the month before (clipped to its end: 1–31 March against 1–28
 * February); a whole month with the whole month before; any other range with as many days just
 * before it (today with yesterday, this week so far with the same days of last week).
 */
export function periodoAnterior(r: Rango): Rango {
  const mismoMes = r.desde.slice(0, 7) === r.hasta.slice(0, 7);
  if (mismoMes && r.desde.endsWith('-01')) {
    const anio = Number(r.desde.slice(0, 4));
    const mes0 = Number(r.desde.slice(5, 7)) - 1;
    const pa = mes0 === 0 ? anio - 1 : anio;
    const pm = mes0 === 0 ? 11 : mes0 - 1;
    const finMes = ultimoDelMes(anio, mes0);
    const ultimo = ultimoDelMes(pa, pm);
    const diaHasta = Number(r.hasta.slice(8, 10));
    const hasta = diaHasta === finMes ? ultimo : Math.min(diaHasta, ultimo);
    return { desde: `${pa}-${pad(pm + 1)}-01`, hasta: `${pa}-${pad(pm + 1)}-${pad(hasta)}` };
  }
  const n = diasEntre(r.desde, r.hasta);
  return { desde: sumarDias(r.desde, -n), hasta: sumarDias(r.desde, -1) };
}

/** Percent change from `anterior` to `actual`, one decimal; null when there is nothing to compare with. */
export function variacion(actual: number, anterior: number | null): number | null {
  if (anterior == null || anterior === 0) return null;
  return Math.round(((actual - anterior) / Math.abs(anterior)) * 1000) / 10;
}
