import { sql } from 'drizzle-orm';
import type { Rango } from '#shared/periodo';
import type { TReporte } from '#shared/schemas/reportes';
import { finDelDiaEn, inicioDelDiaEn } from '../tienda/zona-horaria';
import { R, C, type Ctx, n, s, filas, col, ind, tablaCortada, reporte, FILAS_EN_PANTALLA } from './comun';

/**
 * *Puntos* (issue #59 point 4, ADR 054): the loyalty points of the period from the ledger
 * (`punto_movimiento`): issued (`ganado`), redeemed (`redimido`), earned points taken back by returns
 * and annulments, redeemed points given back by them, and each customer's balance before and at the end
 * of the period with its value in pesos. Per customer, ranked (issued, then balance, then customer) and
 * cut in the database, the totals in the same statement (ADR 046). The ledger is per customer, not per
 * person or shift: the report takes no such filter.
 *
 * The balance's value is at today's `valorPunto` (the value a point had on a past day is not kept).
 */
const movimientosDe = (ctx: Ctx, r: Rango) => {
  const desde = inicioDelDiaEn(r.desde, ctx.tiendaId);
  const hasta = finDelDiaEn(r.hasta, ctx.tiendaId);
  const en = sql`pm.fecha >= ${desde}`;
  return sql`
  cfg as (select coalesce((select c.valor_punto from puntos_configuracion c where c.tienda_id = ${ctx.tiendaId}), 1) as valor),
  m as (
    select pm.cliente_id,
      coalesce(sum(pm.puntos) filter (where ${en} and pm.tipo = 'ganado'), 0) as ganados,
      coalesce(-sum(pm.puntos) filter (where ${en} and pm.tipo = 'redimido'), 0) as redimidos,
      coalesce(-sum(pm.puntos) filter (where ${en} and pm.tipo in ('reverso', 'devolucion') and not pm.de_redimidos), 0) as reversados,
      coalesce(sum(pm.puntos) filter (where ${en} and pm.tipo in ('reverso', 'devolucion') and pm.de_redimidos), 0) as devueltos,
      coalesce(sum(pm.puntos) filter (where pm.fecha < ${desde}), 0) as inicial,
      sum(pm.puntos) as saldo,
      count(*) filter (where ${en}) as movimientos
    from punto_movimiento pm
    where pm.tienda_id = ${ctx.tiendaId} and pm.fecha < ${hasta}
    group by pm.cliente_id
  ),
  -- A customer with a movement in the period or a balance at its end.
  mc as (select m.* from m where m.movimientos > 0 or m.saldo <> 0),
  tot as (
    select count(*) as clientes, count(*) filter (where mc.movimientos > 0) as con_movimientos,
      coalesce(sum(mc.ganados), 0) as ganados, coalesce(sum(mc.redimidos), 0) as redimidos, coalesce(sum(mc.reversados), 0) as reversados,
      coalesce(sum(mc.devueltos), 0) as devueltos, coalesce(sum(mc.inicial), 0) as inicial, coalesce(sum(mc.saldo), 0) as saldo, (select valor from cfg) as valor
    from mc
  )`;
};

export interface TotalesPuntos {
  clientes: number;
  ganados: number;
  redimidos: number;
  reversados: number;
  devueltos: number;
  inicial: number;
  saldo: number;
  valorPunto: number;
}

const totalesDe = (x: Record<string, unknown>): TotalesPuntos => ({
  clientes: n(x.con_movimientos),
  ganados: n(x.ganados),
  redimidos: n(x.redimidos),
  reversados: n(x.reversados),
  devueltos: n(x.devueltos),
  inicial: n(x.inicial),
  saldo: n(x.saldo),
  valorPunto: n(x.valor),
});

export async function puntos(ctx: Ctx, r: Rango, ant: Rango): Promise<TReporte> {
  const dentro = ctx.completo ? sql`true` : sql`x.puesto <= ${FILAS_EN_PANTALLA}`;
  const rows = await filas(
    ctx.db,
    sql`
    with ${movimientosDe(ctx, r)},
    o as (select mc.*, row_number() over (order by mc.ganados desc, mc.saldo desc, mc.cliente_id) as puesto from mc)
    select tot.*, x.puesto, x.cliente_id, x.ganados as c_ganados, x.redimidos as c_redimidos, x.reversados as c_reversados, x.devueltos as c_devueltos,
      x.inicial as c_inicial, x.saldo as c_saldo, cl.nombre || ' ' || cl.apellido as cliente, cl.documento
    from tot left join o x on ${dentro}
    left join cliente cl on cl.id_cliente = x.cliente_id
    order by x.puesto`,
  );
  const t = totalesDe(rows[0]!);
  const total = n(rows[0]!.clientes);
  const [pa] = await filas(ctx.db, sql`with ${movimientosDe(ctx, ant)} select * from tot`);
  const a = totalesDe(pa!);
  const clientes = rows
    .filter((x) => x.puesto != null)
    .map((x) => ({
      puesto: n(x.puesto),
      cliente: s(x.cliente),
      documento: s(x.documento),
      inicial: n(x.c_inicial),
      ganados: n(x.c_ganados),
      redimidos: n(x.c_redimidos),
      reversados: n(x.c_reversados),
      devueltos: n(x.c_devueltos),
      saldo: n(x.c_saldo),
      valor: n(x.c_saldo) * t.valorPunto,
    }));
  const top = clientes.filter((x) => x.ganados > 0).slice(0, 10);
  return reporte('puntos', r, {
    anterior: ant,
    indicadores: [
      ind('puntosGanados', 'entero', t.ganados, a.ganados),
      ind('puntosRedimidos', 'entero', t.redimidos, a.redimidos),
      ind('puntosReversados', 'entero', t.reversados, a.reversados),
      ind('puntosDevueltos', 'entero', t.devueltos, a.devueltos),
      ind('saldoPuntos', 'entero', t.saldo, a.saldo),
      { ...ind('valorSaldoPuntos', 'dinero', t.saldo * t.valorPunto), detalle: R.valorPunto(t.valorPunto) },
      ind('clientesConPuntos', 'entero', t.clientes, a.clientes),
    ],
    grafico: top.length
      ? { tipo: 'barrasH', titulo: R.graficos.puntosPorCliente, etiquetas: top.map((x) => x.cliente), series: [{ nombre: R.graficos.actual, datos: top.map((x) => x.ganados) }], tipoValor: 'entero' }
      : null,
    tablas: [
      tablaCortada(
        ctx,
        total,
        R.informes.puntos.titulo,
        [
          col('puesto', C.puesto, 'entero'),
          col('cliente', C.cliente),
          col('documento', C.documento),
          col('inicial', C.saldoInicialPuntos, 'entero'),
          col('ganados', C.puntosGanados, 'entero'),
          col('redimidos', C.puntosRedimidos, 'entero'),
          col('reversados', C.puntosReversados, 'entero'),
          col('devueltos', C.puntosDevueltos, 'entero'),
          col('saldo', C.saldoPuntos, 'entero'),
          col('valor', C.valorSaldoPuntos, 'dinero'),
        ],
        clientes,
      ),
    ],
    nota: R.notas.puntos,
  });
}
