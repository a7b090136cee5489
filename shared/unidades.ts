/**
 * The one unit rule (ADR 030, issue #58 point 3): every unit a product may be sold in, with its DIAN
 * code (UN/ECE Recommendation 20, as the electronic documents' `unitCode` carries it), the symbol the
 * till, receipts, lists and reports write after a quantity, the name the forms offer, how many
 * decimals a quantity takes, and the measure its totals add into. Everything else reads this table:
 * the zod enums, the quantity rule (shared/cantidad.ts), the forms, the import's aliases, the scale's
 * labels, the reports' totals and the database's check constraints
 * (unidades.test.ts compares them).
 *
 * A Colombian libra is 0.5 KGM, never LBR; a ferretería's gallon is the US gallon (GLL).
 */

/** What a unit's quantities add into: never one into another (issue #52 point 3). */
export type TMedida = 'unidades' | 'kilos' | 'litros' | 'metros' | 'metrosCuadrados' | 'galones';

export type UnidadRegla = {
  /** After a quantity: "2,5 m", "0,375 kg"; empty for units ("3"). */
  simbolo: string;
  /** Its name: the product form offers "Metro (m)", the taxes screen and the import read "Metro (MTR)". */
  nombre: string;
  /** DIAN's longer name where people say it shorter ("Kilogramo (KGM)" on the taxes screen, "Kilo (kg)" in the product form). */
  nombreDian?: string;
  /** Decimals a quantity may carry: 0 for units, 3 for measures (thousandths: numeric(12,3)). */
  decimales: 0 | 3;
  /** The measure its totals add into, and how many of this unit make one of that measure (1000 g = 1 kg, 100 cm = 1 m). */
  medida: TMedida;
  porMedida: 1 | 100 | 1000;
  /** Other words a spreadsheet may use for it (the import reads them besides the code, the symbol and the name). */
  alias: readonly string[];
};

export const UNIDADES = {
  '94': { simbolo: '', nombre: 'Unidad', decimales: 0, medida: 'unidades', porMedida: 1, alias: ['und', 'un', 'u', 'unidades'] },
  KGM: { simbolo: 'kg', nombre: 'Kilo', nombreDian: 'Kilogramo', decimales: 3, medida: 'kilos', porMedida: 1, alias: ['kilo', 'kilos', 'kilogramo', 'kilogramos'] },
  GRM: { simbolo: 'g', nombre: 'Gramo', decimales: 3, medida: 'kilos', porMedida: 1000, alias: ['gr', 'gramo', 'gramos'] },
  LTR: { simbolo: 'L', nombre: 'Litro', decimales: 3, medida: 'litros', porMedida: 1, alias: ['lt', 'litro', 'litros'] },
  MLT: { simbolo: 'ml', nombre: 'Mililitro', decimales: 3, medida: 'litros', porMedida: 1000, alias: ['mililitro', 'mililitros'] },
  MTR: { simbolo: 'm', nombre: 'Metro', decimales: 3, medida: 'metros', porMedida: 1, alias: ['mt', 'mts', 'metro', 'metros'] },
  CMT: { simbolo: 'cm', nombre: 'Centímetro', decimales: 3, medida: 'metros', porMedida: 100, alias: ['centimetro', 'centimetros', 'centímetros'] },
  MTK: { simbolo: 'm²', nombre: 'Metro cuadrado', decimales: 3, medida: 'metrosCuadrados', porMedida: 1, alias: ['m2', 'mt2', 'metro cuadrado', 'metros cuadrados'] },
  GLL: { simbolo: 'gal', nombre: 'Galón', decimales: 3, medida: 'galones', porMedida: 1, alias: ['galon', 'galón', 'galones'] },
} as const satisfies Record<string, UnidadRegla>;

export type TUnidadDian = keyof typeof UNIDADES;

/** DIAN's unit codes, in the order the forms offer them. */
export const UNIDADES_DIAN = Object.keys(UNIDADES) as [TUnidadDian, ...TUnidadDian[]];

/** The measures, in the order lists and reports show them. */
export const MEDIDAS: readonly TMedida[] = ['unidades', 'kilos', 'litros', 'metros', 'metrosCuadrados', 'galones'];

/** A unit's rule; a null, unknown or missing unit reads as units ('94'), as lines older than migration 0048. */
export const reglaUnidad = (unidad: string | null | undefined): UnidadRegla => (UNIDADES as Record<string, UnidadRegla>)[unidad ?? '94'] ?? UNIDADES['94'];

/** The units whose totals add into a measure ('kilos' → KGM, GRM). */
export const unidadesDe = (medida: TMedida): TUnidadDian[] => UNIDADES_DIAN.filter((u) => UNIDADES[u].medida === medida);

/** The unit a measure's totals are written in: kilos in KGM, metres in MTR (the one of its units with porMedida 1). */
export const unidadDeMedida = (medida: TMedida): TUnidadDian => unidadesDe(medida).find((u) => UNIDADES[u].porMedida === 1)!;

/** As the product form offers it: "Unidad", "Kilo (kg)", "Metro (m)". */
export function etiquetaUnidad(unidad: TUnidadDian): string {
  const r: UnidadRegla = UNIDADES[unidad];
  return r.simbolo ? `${r.nombre} (${r.simbolo})` : r.nombre;
}

/** As the taxes screen, the product export and the import name it: "Unidad (94)", "Kilogramo (KGM)", "Metro (MTR)". */
export function etiquetaDian(unidad: TUnidadDian): string {
  const r: UnidadRegla = UNIDADES[unidad];
  return `${r.nombreDian ?? r.nombre} (${unidad})`;
}

/** Every unit with a label of it: { MTR: 'Metro (m)', … }. */
export const etiquetasUnidades = (etiqueta: (u: TUnidadDian) => string): Record<TUnidadDian, string> =>
  Object.fromEntries(UNIDADES_DIAN.map((u) => [u, etiqueta(u)])) as Record<TUnidadDian, string>;
