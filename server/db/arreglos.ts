/**
 * A list as ONE parameter of a statement: a PostgreSQL array literal and its cast (drizzle spreads a
 * JavaScript array into one parameter per element, so `= any(${ids})` would not be an array). Whole
 * numbers are truncated, quantities written exactly (`cantidadDecimal`: at most three decimals), texts
 * quoted, and null is NULL.
 */
import { sql, type SQL } from 'drizzle-orm';
import { cantidadDecimal } from '#shared/cantidad';

const literal = (xs: readonly (string | number | null)[]): string =>
  `{${xs.map((x) => (x == null ? 'NULL' : typeof x === 'number' ? String(x) : `"${x.replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;
const enteros = (xs: readonly (number | null | undefined)[]) => literal(xs.map((x) => (x == null ? null : Math.trunc(x))));

/** Whole numbers (ids): `int[]`. */
export const arregloInt = (xs: readonly (number | null | undefined)[]): SQL => sql`${enteros(xs)}::int[]`;
/** Pesos and other large whole numbers: `bigint[]`. */
export const arregloBigint = (xs: readonly (number | null | undefined)[]): SQL => sql`${enteros(xs)}::bigint[]`;
/** Quantities (units, kilos…): `numeric[]`, each exact. */
export const arregloNumeric = (xs: readonly number[]): SQL => sql`${literal(xs.map(cantidadDecimal))}::numeric[]`;
/** Texts: `text[]`. */
export const arregloText = (xs: readonly (string | null)[]): SQL => sql`${literal(xs)}::text[]`;
