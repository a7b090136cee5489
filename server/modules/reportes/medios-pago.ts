import { sql, type SQL } from 'drizzle-orm';
import type { Rango } from '#shared/periodo';
import { METODO } from '#shared/roles';
import type { TReporte } from '#shared/schemas/reportes';
import { plegarPagosSiHaceFalta } from './reportes.resumen';
import { finDelDiaEn, inicioDelDiaEn } from '../tienda/zona-horaria';
import { R, C, type Ctx, n, s, filas, col, ind, partes, resumidasDe, ventasDe, limite, tabla, reporte } from './comun';
import { RESUMEN_PAGO_DIA } from '../../db/resumenes';

/** *Por medio de pago*: each method's part of the sales and abonos, and the transfers' references. */

/**
 * Each method's parts of the period's sales (count, pesos) and its abonos: whole past days from the
 * payments' summary (ADR 032), today's included (ADR 037).
 */
export async function porMedio(ctx: Ctx, r: Rango): Promise<{ id: number; medio: string; ventas: number; monto: number; abonos: number }[]> {
  const { db, tiendaId, f } = ctx;
  const { pasado, presente } = partes(ctx, r);
  // Whole months from the payments' month table (ADR 073); a shift's days from the days, folded first when they pile up (ADR 017).
  if (pasado && f.turnoId != null) await plegarPagosSiHaceFalta(db, [tiendaId], pasado);
  const resumidos = pasado
    ? await filas<{ metodo: number; ventas: number; monto: number; cobros: number; abonos: number }>(
        db,
        sql`select s.metodo_pago_id as metodo, sum(s.ventas) as ventas, sum(s.monto) as monto, sum(s.cobros) as cobros, sum(s.abonos) as abonos
        from (${await resumidasDe(ctx, RESUMEN_PAGO_DIA, pasado, ['metodo_pago_id', 'ventas', 'monto', 'cobros', 'abonos'], sql`metodo_pago_id <> 0`)}) s group by 1`,
      )
    : [];
  const rango = presente ?? r;
  const abonoFiltros: SQL[] = [
    presente ? sql`c.tienda_id = ${tiendaId}` : sql`false`,
    sql`c.tipo = 'abono'`,
    sql`c.fecha >= ${inicioDelDiaEn(rango.desde, tiendaId)}`,
    sql`c.fecha < ${finDelDiaEn(rango.hasta, tiendaId)}`,
  ];
  if (f.usuarioId != null) abonoFiltros.push(f.usuarioId === 0 ? sql`c.usuario_id is null` : sql`c.usuario_id = ${f.usuarioId}`);
  if (f.turnoId != null) abonoFiltros.push(sql`c.turno_id = ${f.turnoId}`);
  const rows = await filas(
    db,
    sql`
    with v as materialized (select v.metodo_pago_id, v.total, v.monto_fiado from venta v where ${presente ? ventasDe(ctx, presente) : sql`false`} and v.estado <> 'Anulada'),
    partes as (
      select case when v.metodo_pago_id = ${METODO.FIADO} then ${METODO.FIADO} else v.metodo_pago_id end as metodo,
        case when v.metodo_pago_id = ${METODO.FIADO} then v.total else v.total - v.monto_fiado end as monto
      from v where v.metodo_pago_id = ${METODO.FIADO} or v.total - v.monto_fiado > 0 or v.monto_fiado <= 0
      union all
      select ${METODO.FIADO}, v.monto_fiado from v where v.metodo_pago_id <> ${METODO.FIADO} and v.monto_fiado > 0
    ),
    pv as (select metodo, count(*) as ventas, sum(monto) as monto, 0 as cobros, 0 as abonos from partes group by metodo),
    pa as (select c.metodo_pago_id as metodo, 0 as ventas, 0 as monto, count(*) as cobros, sum(-c.monto) as abonos from credito_movimiento c where ${sql.join(abonoFiltros, sql` and `)} and c.metodo_pago_id is not null group by c.metodo_pago_id),
    pr as (select * from json_to_recordset(${JSON.stringify(resumidos)}::json) as x(metodo integer, ventas bigint, monto bigint, cobros bigint, abonos bigint)),
    u as (
      select metodo, sum(ventas) as ventas, sum(monto) as monto, sum(cobros) as cobros, sum(abonos) as abonos
      from (select * from pv union all select * from pa union all select * from pr) x group by metodo
      having sum(ventas) <> 0 or sum(cobros) <> 0
    )
    select u.metodo as id, (select m.nombre from metodo_pago m where m.id_met_pago = u.metodo) as medio,
      u.ventas, case when u.ventas = 0 then 0 else u.monto end as monto, case when u.cobros = 0 then 0 else u.abonos end as abonos
    from u
    order by (case when u.ventas = 0 then 0 else u.monto end) + (case when u.cobros = 0 then 0 else u.abonos end) desc, 1`,
  );
  return rows.map((x) => ({ id: n(x.id), medio: s(x.medio), ventas: n(x.ventas), monto: n(x.monto), abonos: n(x.abonos) }));
}

/** Money received: every method's parts and abonos but what was left on credit. */
const recibido = (rows: { id: number; monto: number; abonos: number }[]) => rows.reduce((a, x) => a + (x.id === METODO.FIADO ? 0 : x.monto) + x.abonos, 0);

export async function mediosDePago(ctx: Ctx, r: Rango, ant: Rango): Promise<TReporte> {
  const rows = await porMedio(ctx, r);
  const anteriores = await porMedio(ctx, ant);
  const total = rows.reduce((a, x) => a + x.monto + x.abonos, 0);
  const referencias = await filas(
    ctx.db,
    sql`select v.id_venta, v.numero, v.fecha, (select m.nombre from metodo_pago m where m.id_met_pago = v.metodo_pago_id) as medio,
      v.total - v.monto_fiado as monto, v.referencia, v.verificado
    from venta v where ${ventasDe(ctx, r)} and v.estado <> 'Anulada' and v.referencia is not null
    order by v.fecha, v.id_venta ${limite(ctx)}`,
  );
  return reporte('medios-pago', r, {
    anterior: ant,
    indicadores: [ind('totalRecibido', 'dinero', recibido(rows), recibido(anteriores)), ind('tickets', 'entero', rows.reduce((a, x) => a + x.ventas, 0), anteriores.reduce((a, x) => a + x.ventas, 0))],
    grafico: { tipo: 'dona', titulo: R.graficos.porMedio, etiquetas: rows.map((x) => x.medio), series: [{ nombre: R.graficos.actual, datos: rows.map((x) => x.monto + x.abonos) }], tipoValor: 'dinero' },
    tablas: [
      tabla(
        ctx,
        R.informes['medios-pago'].titulo,
        [col('medio', C.medio), col('ventas', C.ventas, 'entero'), col('monto', C.montoVentas, 'dinero'), col('abonos', C.abonos, 'dinero'), col('total', C.totalRecibido, 'dinero'), col('participacion', C.participacion, 'porcentaje'), col('anterior', C.netoAnterior, 'dinero')],
        rows.map((x) => {
          const a = anteriores.find((y) => y.id === x.id);
          return { medio: x.medio, ventas: x.ventas, monto: x.monto, abonos: x.abonos, total: x.monto + x.abonos, participacion: total === 0 ? 0 : Math.round(((x.monto + x.abonos) / total) * 1000) / 10, anterior: a ? a.monto + a.abonos : 0 };
        }),
      ),
      tabla(
        ctx,
        R.tablas.referencias,
        [col('fecha', C.fecha, 'fechaHora'), col('venta', C.venta, 'entero'), col('medio', C.medio), col('monto', C.monto, 'dinero'), col('referencia', C.referencia), col('verificado', C.verificado)],
        referencias.map((x) => ({ fecha: new Date(x.fecha as string).toISOString(), venta: n(x.numero), medio: s(x.medio), monto: n(x.monto), referencia: s(x.referencia), verificado: x.verificado ? R.si : R.no })),
      ),
    ],
  });
}
