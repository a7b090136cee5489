import { sql } from 'drizzle-orm';
import { totalesPorMedida } from '#shared/cantidad';
import { categoriaDe, filas, s, type Ctx } from './comun';

/**
 * How the reports present quantities (issue #52 point 3): each group's unit of measure, so that a
 * row reads "5,5 kg" and not "5,5" or "6", and totals of units and of weight kept apart, never added.
 * Only the presentation: the figures themselves are the reports' own (cifras.ts, por-producto.ts).
 */

/**
 * The DIAN unit of each product (by id) or category (by name) of the store; a category whose
 * products are sold in different units has none (its quantity is a count of mixed things).
 */
export async function unidadesDe(ctx: Ctx, porCategoria: boolean, claves: string[]): Promise<Map<string, string | null>> {
  if (claves.length === 0) return new Map();
  const rows = porCategoria
    ? await filas<{ clave: string; unidad: string | null }>(
        ctx.db,
        sql`select ${categoriaDe(sql`p`)} as clave, case when count(distinct p.unidad_dian) = 1 then min(p.unidad_dian) end as unidad
          from producto p where p.tienda_id = ${ctx.tiendaId} group by 1`,
      )
    : await filas<{ clave: string; unidad: string | null }>(
        ctx.db,
        sql`select p.id_producto::text as clave, p.unidad_dian as unidad from producto p
          where p.tienda_id = ${ctx.tiendaId} and p.id_producto in (${sql.join(
            claves.map((c) => sql`${Number(c)}`),
            sql`, `,
          )})`,
      );
  return new Map(rows.map((x) => [s(x.clave), x.unidad == null ? null : s(x.unidad)]));
}

/** Units, kilos (grams as kilos) and litres (millilitres as litres) of some rows, each apart. */
export function totalesPorUnidad(rows: { clave: string; cantidad: number }[], unidades: Map<string, string | null>): { unidades: number; kilos: number; litros: number } {
  return totalesPorMedida(rows.map((x) => ({ cantidad: x.cantidad, unidad: unidades.get(x.clave) ?? '94' })));
}
