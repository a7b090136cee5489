import { sql } from 'drizzle-orm';
import type { Rango } from '#shared/periodo';
import type { TReporte } from '#shared/schemas/reportes';
import { hayQuePlegar, plegarResumenes } from './reportes.resumen';
import { diaEnZona } from '../tienda/zona-horaria';
import { R, C, type Ctx, n, s, filas, col, ind, partes, resumenVentaDe, ventasDe, promedio, tabla, reporte } from './comun';
import { netoDe } from './cifras';
import type { TotalesMedida } from '#shared/cantidad';
import { MEDIDAS } from '#shared/unidades';
import { COLUMNA_MEDIDA, MEDIDAS_APARTE, indicadoresDeMedidas, sinMedidas, sumarMedidas } from './cantidades';
import { clavesDe, RESUMEN_VENTA_DIA, tablaDe } from '../../db/resumenes';

/** *Resumen de ventas*: per store day, tickets, gross, discounts, net, units (kilos, litres, metres, square metres and gallons apart), annulled and returns. `ventasPorDia` is also the sales' totals of *Anulaciones y descuentos*, *Cierre mensual* and Inicio. */

export interface Totales extends TotalesMedida {
  tickets: number;
  bruto: number;
  descuentos: number;
  /** Net sales as `cifras.ts` defines them: gross − discounts − the returns made that day (issue #52). */
  neto: number;
  /** Σ the sales' totals (gross − discounts), for the average ticket. */
  vendido: number;
  // Units sold by unit (a pack's units counted); kilos, litres, metres, square metres and gallons apart,
  // never added to them (issue #52, issue #58 point 3): TotalesMedida.
  anuladas: number;
  montoAnulado: number;
  /** Returns made that day (issue #32), by the return's own day, person and shift: what went back to customers. */
  devoluciones: number;
  devuelto: number;
}

/** One SQL expression per measure, by its column's name (`COLUMNA_MEDIDA`), joined with commas. */
const porMedida = (expr: (columna: string) => string) => sql.raw(MEDIDAS.map((m) => expr(COLUMNA_MEDIDA[m])).join(', '));

/**
 * Per store day of `r`: sales, gross (Σ price × quantity of the lines), discounts (lines' and the sale's),
 * the sales' totals, the returns made that day (count and pesos refunded, issue #32) and net sales
 * (gross − discounts − returns, `netoDe`, issue #52).
 */
export async function ventasPorDia(ctx: Ctx, r: Rango): Promise<(Totales & { dia: string })[]> {
  const { db, tiendaId } = ctx;
  // Every day from the per-day summary (issue #35 point 3, ADR 037), or every sale for `directo`.
  const { pasado, presente } = partes(ctx, r);
  const rows = await filas(
    db,
    sql`
    with v as materialized (
      select v.id_venta, v.total, v.descuento, v.estado, ${diaEnZona(sql`v.fecha`, tiendaId)} as dia from venta v
      where ${presente ? ventasDe(ctx, presente) : sql`false`}
    ),
    l as (
      select f.venta_id, sum(linea_bruto(f.precio, f.cantidad, f.importe))::bigint as bruto, sum(f.descuento)::bigint as descuento, ${porMedida((c) => `sum(cantidad_en('${c}', f.cantidad, f.factor, f.unidad_dian, f.producto_id)) as ${c}`)}
      from factura f where f.tienda_id = ${tiendaId} and f.venta_id in (select id_venta from v) group by f.venta_id
    ),
    directo as (
      select v.dia,
        count(*) filter (where v.estado <> 'Anulada') as tickets,
        coalesce(sum(l.bruto) filter (where v.estado <> 'Anulada'), 0) as bruto,
        coalesce(sum(coalesce(l.descuento, 0) + v.descuento) filter (where v.estado <> 'Anulada'), 0) as descuentos,
        coalesce(sum(v.total) filter (where v.estado <> 'Anulada'), 0) as neto,
        ${porMedida((c) => `coalesce(sum(l.${c}) filter (where v.estado <> 'Anulada'), 0) as ${c}`)},
        count(*) filter (where v.estado = 'Anulada') as anuladas,
        coalesce(sum(v.total) filter (where v.estado = 'Anulada'), 0) as monto_anulado,
        0 as filas, 0 as claves
      from v left join l on l.venta_id = v.id_venta group by v.dia
    ),
    resumido as (
      select s.dia, sum(s.tickets) as tickets, sum(s.bruto) as bruto, sum(s.descuentos) as descuentos, sum(s.neto) as neto, ${porMedida((c) => `sum(s.${c}) as ${c}`)},
        sum(s.anuladas) as anuladas, sum(s.monto_anulado) as monto_anulado,
        count(*) as filas, count(distinct ${clavesDe(tablaDe(RESUMEN_VENTA_DIA), 's.', ['dia'])}) as claves
      from resumen_venta_dia s where ${resumenVentaDe(ctx, pasado)} group by s.dia
    ),
    d as (select * from directo union all select * from resumido),
    dd as (
      select ${diaEnZona(sql`dv.fecha`, tiendaId)} as dia, count(*) as devoluciones, coalesce(sum(dv.total), 0) as devuelto
      from devolucion dv where ${ventasDe(ctx, r, sql`dv`)} group by 1
    )
    select g.dia::date::text as dia, coalesce(d.tickets, 0) as tickets, coalesce(d.bruto, 0) as bruto, coalesce(d.descuentos, 0) as descuentos,
      coalesce(d.neto, 0) as neto, ${porMedida((c) => `coalesce(d.${c}, 0) as ${c}`)}, coalesce(d.anuladas, 0) as anuladas, coalesce(d.monto_anulado, 0) as monto_anulado,
      coalesce(dd.devoluciones, 0) as devoluciones, coalesce(dd.devuelto, 0) as devuelto, coalesce(d.filas, 0) as filas, coalesce(d.claves, 0) as claves
    from generate_series(${r.desde}::date, ${r.hasta}::date, interval '1 day') g(dia)
    left join d on d.dia = g.dia::date
    left join dd on dd.dia = g.dia::date
    order by g.dia`,
  );
  // Deltas piled up (each sale added its rows, today's too): fold them for the next reader.
  if (pasado && hayQuePlegar(rows.reduce((a, x) => a + n(x.filas), 0), rows.reduce((a, x) => a + n(x.claves), 0))) await plegarResumenes(db, tiendaId, pasado);
  return rows.map((x) => ({
    dia: s(x.dia),
    tickets: n(x.tickets),
    bruto: n(x.bruto),
    descuentos: n(x.descuentos),
    neto: netoDe({ bruto: n(x.bruto), descuentos: n(x.descuentos), devuelto: n(x.devuelto) }),
    vendido: n(x.neto),
    ...(Object.fromEntries(MEDIDAS.map((m) => [m, n(x[COLUMNA_MEDIDA[m]])])) as TotalesMedida),
    anuladas: n(x.anuladas),
    montoAnulado: n(x.monto_anulado),
    devoluciones: n(x.devoluciones),
    devuelto: n(x.devuelto),
  }));
}

export const sumar = (rows: Totales[]): Totales =>
  rows.reduce(
    (a, x) => ({
      tickets: a.tickets + x.tickets,
      bruto: a.bruto + x.bruto,
      descuentos: a.descuentos + x.descuentos,
      neto: a.neto + x.neto,
      vendido: a.vendido + x.vendido,
      // Quantities added in integer thousandths: 0,1 + 0,2 kg is 0,3, not 0,30000000000000004.
      ...sumarMedidas(a, x),
      anuladas: a.anuladas + x.anuladas,
      montoAnulado: a.montoAnulado + x.montoAnulado,
      devoluciones: a.devoluciones + x.devoluciones,
      devuelto: a.devuelto + x.devuelto,
    }),
    { tickets: 0, bruto: 0, descuentos: 0, neto: 0, vendido: 0, ...sinMedidas(), anuladas: 0, montoAnulado: 0, devoluciones: 0, devuelto: 0 },
  );

export async function resumenVentas(ctx: Ctx, r: Rango, ant: Rango): Promise<TReporte> {
  const dias = await ventasPorDia(ctx, r);
  const t = sumar(dias);
  const a = sumar(await ventasPorDia(ctx, ant));
  return reporte('ventas', r, {
    anterior: ant,
    indicadores: [
      ind('neto', 'dinero', t.neto, a.neto),
      ind('bruto', 'dinero', t.bruto, a.bruto),
      ind('descuentos', 'dinero', t.descuentos, a.descuentos),
      ind('tickets', 'entero', t.tickets, a.tickets),
      ind('ticketPromedio', 'dinero', promedio(t.vendido, t.tickets), promedio(a.vendido, a.tickets)),
      // Weight, volume, length, area and gallons apart from units (issue #52, issue #58 point 3), shown when the store sold any in either period.
      ...indicadoresDeMedidas(t, a),
      ind('anuladas', 'entero', t.anuladas, a.anuladas),
      ind('devuelto', 'dinero', t.devuelto, a.devuelto),
    ],
    grafico: { tipo: 'barras', titulo: R.graficos.netoPorDia, etiquetas: dias.map((d) => d.dia), series: [{ nombre: R.graficos.actual, datos: dias.map((d) => d.neto) }], tipoValor: 'dinero' },
    tablas: [
      tabla(
        ctx,
        R.informes.ventas.titulo,
        [col('dia', C.dia, 'fecha'), col('tickets', C.tickets, 'entero'), col('bruto', C.bruto, 'dinero'), col('descuentos', C.descuentos, 'dinero'), col('devoluciones', C.devoluciones, 'entero'), col('devuelto', C.devuelto, 'dinero'), col('neto', C.neto, 'dinero'), col('ticketPromedio', C.ticketPromedio, 'dinero'), col('unidades', C.unidades, 'entero'), ...MEDIDAS_APARTE.filter((m) => t[m]).map((m) => col(m, C[m], 'entero')), col('anuladas', C.anuladas, 'entero'), col('montoAnulado', C.montoAnulado, 'dinero')],
        dias.map((d) => ({ ...d, ticketPromedio: promedio(d.vendido, d.tickets) })),
      ),
    ],
  });
}
