import { sql } from 'drizzle-orm';
import type { Rango } from '#shared/periodo';
import type { TReporte } from '#shared/schemas/reportes';
import { zonaDeTienda } from '../tienda/zona-horaria';
import { R, C, type Ctx, n, filas, col, ind, partes, resumenVentaDe, ventasDe, tabla, reporte } from './comun';

/** *Mapa de calor*: net sales per weekday and hour. */

export async function mapaCalor(ctx: Ctx, r: Rango): Promise<TReporte> {
  const { db, tiendaId } = ctx;
  // Every day from the per-day summary (issue #35 point 3, ADR 037), or every sale for `directo`.
  const { pasado, presente } = partes(ctx, r);
  const rows = await filas(
    db,
    sql`
    with v as (select v.fecha at time zone ${zonaDeTienda(tiendaId)} as local, v.total from venta v where ${presente ? ventasDe(ctx, presente) : sql`false`} and v.estado <> 'Anulada'),
    u as (
      select extract(isodow from local)::int - 1 as dia, extract(hour from local)::int as hora, sum(total) as neto, count(*) as tickets from v group by 1, 2
      union all
      select extract(isodow from s.dia)::int - 1, s.hora, sum(s.neto), sum(s.tickets) from resumen_venta_dia s where ${resumenVentaDe(ctx, pasado)} group by 1, 2
    )
    select dia, hora, sum(neto) as neto, sum(tickets) as tickets from u group by 1, 2 having sum(tickets) <> 0 or sum(neto) <> 0`,
  );
  const matriz = R.semana.map(() => Array.from({ length: 24 }, () => 0));
  for (const x of rows) matriz[n(x.dia)]![n(x.hora)] = n(x.neto);
  const horas = Array.from({ length: 24 }, (_, h) => String(h));
  return reporte('mapa-calor', r, {
    indicadores: [ind('neto', 'dinero', rows.reduce((a, x) => a + n(x.neto), 0)), ind('tickets', 'entero', rows.reduce((a, x) => a + n(x.tickets), 0))],
    grafico: { tipo: 'calor', titulo: R.graficos.mapa, etiquetas: horas, series: R.semana.map((dia, i) => ({ nombre: dia, datos: matriz[i]! })), tipoValor: 'dinero' },
    tablas: [tabla(ctx, R.informes['mapa-calor'].titulo, [col('dia', C.dia), ...horas.map((h) => col(`h${h}`, `${h}h`, 'dinero'))], R.semana.map((dia, i) => ({ dia, ...Object.fromEntries(matriz[i]!.map((v, h) => [`h${h}`, v])) })))],
  });
}
