import { sql } from 'drizzle-orm';
import type { Rango } from '#shared/periodo';
import type { TReporte } from '#shared/schemas/reportes';
import { R, C, type Ctx, n, s, filas, col, ind, partes, resumidasDe, ventasDe, nombreUsuario, promedio, tabla, reporte } from './comun';
import { RESUMEN_VENTA_DIA } from '../../db/resumenes';
import { descuentoVenta, descuentosDe } from './anulaciones-descuentos';

/** *Por empleado*: each person's tickets, net, discounts (and how many were authorised) and annulments; the authorised discounts listed. */

async function porEmpleadoFilas(ctx: Ctx, r: Rango) {
  const { db } = ctx;
  // Every day from the sales' summary (ADR 028 keys it by person and shift; ADR 035, ADR 037); the
  // discounts given with an authorisation are counted over the authorised sales only.
  const { pasado, presente } = partes(ctx, r);
  const resumen = await resumidasDe(ctx, RESUMEN_VENTA_DIA, pasado, ['usuario_id', 'tickets', 'neto', 'descuentos', 'anuladas', 'monto_anulado']);
  const rows = await filas(
    db,
    sql`
    with v as materialized (
      select coalesce(v.usuario_id, 0) as persona, v.estado, v.total, ${descuentoVenta(ctx)} as descuento
      from venta v where ${presente ? ventasDe(ctx, presente) : sql`false`}
    ),
    d as (
      select persona,
        count(*) filter (where estado <> 'Anulada') as tickets,
        coalesce(sum(total) filter (where estado <> 'Anulada'), 0) as neto,
        coalesce(sum(descuento) filter (where estado <> 'Anulada'), 0) as descuentos,
        count(*) filter (where estado = 'Anulada') as anuladas,
        coalesce(sum(total) filter (where estado = 'Anulada'), 0) as monto_anulado
      from v group by persona
      union all
      select s.usuario_id, sum(s.tickets), sum(s.neto), sum(s.descuentos), sum(s.anuladas), sum(s.monto_anulado)
      from (${resumen}) s group by s.usuario_id
    ),
    a as (
      select coalesce(v.usuario_id, 0) as persona, count(*) as autorizados
      from venta v where ${ventasDe(ctx, r)} and v.estado <> 'Anulada' and (v.autorizado_por is not null or v.autorizado_por_tienda) and ${descuentoVenta(ctx)} > 0
      group by 1
    ),
    g as (
      select persona, sum(tickets) as tickets, sum(neto) as neto, sum(descuentos) as descuentos, sum(anuladas) as anuladas, sum(monto_anulado) as monto_anulado
      from d group by persona having sum(tickets) <> 0 or sum(anuladas) <> 0
    )
    select g.persona, ${nombreUsuario(sql`nullif(g.persona, 0)`)} as nombre, g.tickets, g.neto, g.descuentos, coalesce(a.autorizados, 0) as autorizados, g.anuladas, g.monto_anulado
    from g left join a on a.persona = g.persona order by g.neto desc, g.persona`,
  );
  return rows.map((x) => ({ persona: n(x.persona), nombre: s(x.nombre), tickets: n(x.tickets), neto: n(x.neto), descuentos: n(x.descuentos), autorizados: n(x.autorizados), anuladas: n(x.anuladas), montoAnulado: n(x.monto_anulado) }));
}

export async function empleados(ctx: Ctx, r: Rango, ant: Rango): Promise<TReporte> {
  const rows = await porEmpleadoFilas(ctx, r);
  const anteriores = new Map((await porEmpleadoFilas(ctx, ant)).map((x) => [x.persona, x]));
  const descuentos = await descuentosDe(ctx, r);
  return reporte('empleados', r, {
    anterior: ant,
    indicadores: [
      ind('neto', 'dinero', rows.reduce((a, x) => a + x.neto, 0), [...anteriores.values()].reduce((a, x) => a + x.neto, 0)),
      ind('personas', 'entero', rows.filter((x) => x.tickets > 0).length, [...anteriores.values()].filter((x) => x.tickets > 0).length),
      ind('descuentos', 'dinero', rows.reduce((a, x) => a + x.descuentos, 0), [...anteriores.values()].reduce((a, x) => a + x.descuentos, 0)),
      ind('anuladas', 'entero', rows.reduce((a, x) => a + x.anuladas, 0), [...anteriores.values()].reduce((a, x) => a + x.anuladas, 0)),
    ],
    grafico: { tipo: 'barrasH', titulo: R.graficos.porEmpleado, etiquetas: rows.map((x) => x.nombre), series: [{ nombre: R.graficos.actual, datos: rows.map((x) => x.neto) }, { nombre: R.graficos.anterior, datos: rows.map((x) => anteriores.get(x.persona)?.neto ?? 0) }], tipoValor: 'dinero' },
    tablas: [
      tabla(
        ctx,
        R.informes.empleados.titulo,
        [col('persona', C.persona), col('tickets', C.tickets, 'entero'), col('neto', C.neto, 'dinero'), col('ticketPromedio', C.ticketPromedio, 'dinero'), col('descuentos', C.descuentosDados, 'dinero'), col('autorizados', C.descuentosAutorizados, 'entero'), col('anuladas', C.anulaciones, 'entero'), col('montoAnulado', C.montoAnulado, 'dinero'), col('netoAnterior', C.netoAnterior, 'dinero')],
        rows.map((x) => ({ persona: x.nombre, tickets: x.tickets, neto: x.neto, ticketPromedio: promedio(x.neto, x.tickets), descuentos: x.descuentos, autorizados: x.autorizados, anuladas: x.anuladas, montoAnulado: x.montoAnulado, netoAnterior: anteriores.get(x.persona)?.neto ?? 0 })),
      ),
      tabla(
        ctx,
        R.tablas.descuentosAutorizados,
        [col('fecha', C.fecha, 'fechaHora'), col('venta', C.venta, 'entero'), col('vendedor', C.vendedor), col('autorizo', C.autorizo), col('monto', C.monto, 'dinero'), col('motivo', C.motivo)],
        descuentos.map((x) => ({ fecha: new Date(x.fecha as string).toISOString(), venta: n(x.numero), vendedor: s(x.vendedor), autorizo: s(x.autorizo), monto: n(x.monto), motivo: s(x.motivo_descuento) })),
      ),
    ],
  });
}
