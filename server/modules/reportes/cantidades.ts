import { sql } from 'drizzle-orm';
import { deMilesimas, milesimasDe, totalesPorMedida, type TotalesMedida } from '#shared/cantidad';
import { MEDIDAS, unidadDeMedida, type TMedida } from '#shared/unidades';
import type { TIndicador } from '#shared/schemas/reportes';
import { columnaDeMedida } from '../../db/resumenes';
import { filas, ind, s, type Ctx } from './comun';

/**
 * How the reports present quantities (issue #52 point 3): each group's unit of measure, so that a
 * row reads "5,5 kg" and not "5,5" or "6", and totals of units and of weight kept apart, never added.
 * Only the presentation: the figures themselves are the reports' own (cifras.ts, por-producto.ts).
 */

/** The DIAN unit of each product of the store, by id (a category's comes with its ranking's row, por-producto.ts). */
export async function unidadesDe(ctx: Ctx, claves: string[]): Promise<Map<string, string | null>> {
  if (claves.length === 0) return new Map();
  const rows = await filas<{ clave: string; unidad: string | null }>(
    ctx.db,
    sql`select p.id_producto::text as clave, p.unidad_dian as unidad from producto p
      where p.tienda_id = ${ctx.tiendaId} and p.id_producto in (${sql.join(
        claves.map((c) => sql`${Number(c)}`),
        sql`, `,
      )})`,
  );
  return new Map(rows.map((x) => [s(x.clave), x.unidad == null ? null : s(x.unidad)]));
}

/** Units, kilos (grams as kilos), litres (millilitres as litres), metres (centimetres as metres), square metres and gallons of some rows, each apart. */
export function totalesPorUnidad(rows: { clave: string; cantidad: number }[], unidades: Map<string, string | null>): TotalesMedida {
  return totalesPorMedida(rows.map((x) => ({ cantidad: x.cantidad, unidad: unidades.get(x.clave) ?? '94' })));
}

/** Each measure's column in the per-day summary (`resumen_venta_dia`) and `cantidad_en`'s name of it (server/db/resumenes.ts). */
export const COLUMNA_MEDIDA = Object.fromEntries(MEDIDAS.map((m) => [m, columnaDeMedida(m)])) as Record<TMedida, string>;

/** The measures other than units, in the order reports show them. */
export const MEDIDAS_APARTE = MEDIDAS.filter((m) => m !== 'unidades');

/** No quantity of any measure. */
export const sinMedidas = (): TotalesMedida => Object.fromEntries(MEDIDAS.map((m) => [m, 0])) as TotalesMedida;

/** Two periods' or days' quantities added in integer thousandths: 0,1 + 0,2 kg is 0,3, not 0,30000000000000004. */
export const sumarMedidas = (a: TotalesMedida, b: TotalesMedida): TotalesMedida =>
  Object.fromEntries(MEDIDAS.map((m) => [m, deMilesimas(milesimasDe(a[m]) + milesimasDe(b[m]))])) as TotalesMedida;

/**
 * The figures of quantities sold (issue #52 point 3, issue #58 point 3): 'Unidades vendidas' always
 * (unless `conUnidades` is false), and each other measure the store sold in either period, with its unit
 * so the screen writes "2,5 m", "3 m²", "1,5 gal".
 */
export function indicadoresDeMedidas(t: TotalesMedida, a: TotalesMedida | null, conUnidades = true): TIndicador[] {
  return [
    ...(conUnidades ? [ind('unidades', 'entero', t.unidades, a?.unidades ?? null)] : []),
    ...MEDIDAS_APARTE.filter((m) => t[m] || a?.[m]).map((m) => ({ ...ind(m, 'entero', t[m], a?.[m] ?? null), unidad: unidadDeMedida(m) })),
  ];
}
