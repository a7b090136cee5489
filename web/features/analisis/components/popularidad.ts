import { analisis } from '#shared/messages/analisis';
import type { TClasePopularidad } from '#shared/schemas/analisis';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { analisis };

const C = M.analisis.clases;

/** The badge class and the chart colours of each popularity class (red, yellow, green). */
export const ESTILO_CLASE: Record<TClasePopularidad, { badge: string; fill: string; border: string }> = {
  [C.noPopular]: { badge: 'badge--danger', fill: '#f87171', border: '#b91c1c' },
  [C.medio]: { badge: 'badge--warn', fill: '#facc15', border: '#a16207' },
  [C.popular]: { badge: 'badge--ok', fill: '#4ade80', border: '#15803d' },
};

/** The mean as a person reads it: up to two decimals, es-CO separators. */
export const formatPromedio = (n: number) => new Intl.NumberFormat('es-CO', { maximumFractionDigits: 2 }).format(n);
