import { z } from 'zod';
import { analisis } from '../messages/analisis';
import { rangoLimitado, rangoValido, zFechaFiltro } from './movimiento';
import { MEDIDAS, type TMedida } from '../unidades';

// Only these areas' texts: a screen that loads this schema does not load the whole catalogue.
const M = { analisis };

/** Popularity classes (spec §4): below the mean, equal to it, above it. */
export const CLASES_POPULARIDAD = [M.analisis.clases.noPopular, M.analisis.clases.medio, M.analisis.clases.popular] as const;
export const ZClasePopularidad = z.enum(CLASES_POPULARIDAD);
export type TClasePopularidad = z.infer<typeof ZClasePopularidad>;

export const ZAnalisisQuery = z
  .object({
    desde: zFechaFiltro(M.analisis.fechaInvalida),
    hasta: zFechaFiltro(M.analisis.fechaInvalida),
    page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
    pageSize: z.coerce.number().int().min(1).max(200).optional().default(50),
  })
  .refine(rangoValido, { path: ['hasta'], message: M.analisis.rangoInvalido })
  .refine(...rangoLimitado);
/** What a client sends (every field optional). */
export type TAnalisisQuery = Partial<z.output<typeof ZAnalisisQuery>>;
export type TAnalisisFiltros = z.output<typeof ZAnalisisQuery>;

/** Spec §3 "Analysis row": id, name, quantity sold — plus its class. */
export const ZAnalisisItem = z.object({
  id: z.number().int(),
  nombre: z.string(),
  cantidadVendida: z.number(),
  /** The product's DIAN unit ('94' by unit, 'KGM', 'LTR'…), so a weighed quantity reads "0,05 kg" (issue #52 point 3). */
  unidad: z.string(),
  clase: ZClasePopularidad,
});
export type TAnalisisItem = z.infer<typeof ZAnalisisItem>;

export const ZAnalisisResponse = z.object({
  /** The page of products, most sold first. */
  items: z.array(ZAnalisisItem),
  /** Products with sales (every page). */
  total: z.number().int(),
  /**
   * Units sold over all those products (a pack's units counted); kilos (grams as kilos), litres
   * (millilitres as litres), metres (centimetres as metres), square metres and gallons apart, never
   * added to them (issue #52 point 3, issue #58 point 3).
   */
  ...(Object.fromEntries(MEDIDAS.map((m) => [m, z.number()])) as Record<TMedida, z.ZodNumber>),
  /** The spec's mean (§4 popularity): every product's quantity sold over the products with sales; 0 without sales. */
  promedio: z.number(),
  resumen: z.object({ popular: z.number().int(), medio: z.number().int(), noPopular: z.number().int() }),
});
export type TAnalisisResponse = z.infer<typeof ZAnalisisResponse>;

/**
 * The class of a quantity against the mean sum/n, compared exactly (cantidad·n vs sum) so that
 * a quantity equal to a fractional-looking mean is never misread through floating point. Quantities
 * sold by weight have three decimals (ADR 030): both sides are compared in integer thousandths; the
 * database's numeric sums may come as text, read exactly.
 */
export function clasePopularidad(cantidad: number | string, suma: number | string, n: number): TClasePopularidad {
  const lhs = milesimasExactas(cantidad) * BigInt(n);
  const rhs = milesimasExactas(suma);
  if (lhs < rhs) return M.analisis.clases.noPopular;
  if (lhs > rhs) return M.analisis.clases.popular;
  return M.analisis.clases.medio;
}

/** A quantity (a number, or a numeric's text such as "2.050") as integer thousandths, without floats for text. */
function milesimasExactas(v: number | string): bigint {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? BigInt(v) * 1000n : BigInt(Math.round(v * 1000));
  const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(v.trim());
  if (!m) return milesimasExactas(Number(v));
  const valor = BigInt(m[2]!) * 1000n + BigInt((m[3] ?? '').slice(0, 3).padEnd(3, '0'));
  return m[1] ? -valor : valor;
}
