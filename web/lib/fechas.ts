import { ZONA_HORARIA } from '#shared/zona-horaria';
import { useAjustesTienda } from './ajustes-tienda';

/**
 * Every date and time the app shows, in one place (issue #16): Spanish of Colombia (es-CO), in the
 * store's time zone. `fechasEn(zona)` gives the formatters of a zone, made once per zone (an
 * Intl.DateTimeFormat is costly to create); `useFechas()` those of the signed-in store.
 */
export interface Fechas {
  readonly zona: string;
  /** 23/11/2026 */
  fecha(v: Instante): string;
  /** 23/11/2026, 9:05 a. m. */
  fechaHora(v: Instante): string;
  /** 23 nov 2026, 9:05 a. m. */
  fechaMedia(v: Instante): string;
  /** 23 de noviembre de 2026 */
  fechaLarga(v: Instante): string;
  /** 9:05 a. m. */
  hora(v: Instante): string;
  /** The zone's calendar day of an instant, YYYY-MM-DD (the date inputs' format). */
  dia(v: Instante): string;
  /** Today in the zone, YYYY-MM-DD. */
  hoy(): string;
}

/** An instant: ISO text, epoch milliseconds or a Date. */
export type Instante = string | number | Date;

const OPCIONES = {
  fecha: { day: '2-digit', month: '2-digit', year: 'numeric' },
  fechaHora: { day: '2-digit', month: '2-digit', year: 'numeric', hour: 'numeric', minute: '2-digit' },
  fechaMedia: { dateStyle: 'medium', timeStyle: 'short' },
  fechaLarga: { dateStyle: 'long' },
  hora: { hour: 'numeric', minute: '2-digit' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/** A zone this browser can format in; an unknown one (older browser, bad data) falls back to Bogotá. */
function zonaValida(zona: string): string {
  try {
    new Intl.DateTimeFormat('es-CO', { timeZone: zona });
    return zona;
  } catch {
    return ZONA_HORARIA;
  }
}

const comoFecha = (v: Instante) => (v instanceof Date ? v : new Date(v));

/**
 * The formatters of a zone, each made when first used (issue #20): the first Intl.DateTimeFormat
 * of a page loads the locale's data, ~65 ms on a slow phone, which a screen that shows no date (the
 * till's footer, say) need not pay. The zone is checked then too.
 */
function crear(zonaPedida: string): Fechas {
  let zona: string | undefined;
  const valida = () => (zona ??= zonaValida(zonaPedida));
  const formato = (opciones: Intl.DateTimeFormatOptions, locale = 'es-CO') => {
    let f: Intl.DateTimeFormat | undefined;
    // A value that is not a date is shown as it came rather than breaking the page.
    return (v: Instante) => {
      const d = comoFecha(v);
      if (Number.isNaN(d.getTime())) return String(v);
      f ??= new Intl.DateTimeFormat(locale, { ...opciones, timeZone: valida() });
      return f.format(d);
    };
  };
  const dia = formato({}, 'en-CA');
  return {
    get zona() {
      return valida();
    },
    fecha: formato(OPCIONES.fecha),
    fechaHora: formato(OPCIONES.fechaHora),
    fechaMedia: formato(OPCIONES.fechaMedia),
    fechaLarga: formato(OPCIONES.fechaLarga),
    hora: formato(OPCIONES.hora),
    dia,
    hoy: () => dia(new Date()),
  };
}

const porZona = new Map<string, Fechas>();

/** The formatters of a zone (America/Bogota when none is given), made once per zone. */
export function fechasEn(zona: string = ZONA_HORARIA): Fechas {
  let f = porZona.get(zona);
  if (!f) {
    f = crear(zona);
    porZona.set(zona, f);
  }
  return f;
}

/** The signed-in store's time zone; America/Bogota before its settings load, and without a store. */
export function useZonaHoraria(): string {
  return useAjustesTienda().data?.zonaHoraria ?? ZONA_HORARIA;
}

/** The formatters of the signed-in store's zone. */
export const useFechas = (): Fechas => fechasEn(useZonaHoraria());
