import { sql } from 'drizzle-orm';
import type { Rango } from '#shared/periodo';
import type { TReporte } from '#shared/schemas/reportes';
import type { Db } from '../../db/client';
import { empresaDeTienda } from '../tienda/empresa';
import { diaEnZona, finDelDiaEn } from '../tienda/zona-horaria';
import { R, C, I, type Ctx, n, s, filas, col, ind, tabla, reporte } from './comun';

/** *Cartera de fiado*: each customer's balance, aged. */

/**
 * Each customer's balance at the end of the period's last day, aged by the day of each charge: the
 * credits (abonos and reversals) pay the oldest charges first, so a charge's open part is what the
 * credits have not reached. The buckets add up to the balance. The customers are the store's
 * empresa's and the balance their one balance, every store's charges and abonos (issue #56): each
 * store of an empresa shows the same cartera.
 */
export async function carteraFilas(db: Db, tiendaId: number, hasta: string) {
  const rows = await filas(
    db,
    sql`
    with m as materialized (
      -- A merged customer's lines are its survivor's, the 'union' pairs that moved them left out (ADR 067): the debt keeps its age.
      select c.id_credito_movimiento as id, (select coalesce(cl.unido_a, cl.id_cliente) from cliente cl where cl.id_cliente = c.cliente_id) as cliente_id, c.fecha, c.monto
      from credito_movimiento c
      where exists (select 1 from cliente cl where cl.id_cliente = c.cliente_id and cl.empresa_id = ${empresaDeTienda(tiendaId)})
        and c.tipo <> 'union' and c.fecha < ${finDelDiaEn(hasta, tiendaId)}
    ),
    pagos as (select cliente_id, coalesce(-sum(monto) filter (where monto < 0), 0) as pagado, sum(monto) as saldo from m group by cliente_id),
    cargos as (
      select m.cliente_id, m.monto, ${hasta}::date - ${diaEnZona(sql`m.fecha`, tiendaId)} as edad,
        sum(m.monto) over (partition by m.cliente_id order by m.fecha, m.id rows unbounded preceding) as acumulado
      from m where m.monto > 0
    ),
    abiertos as (
      select c.cliente_id, c.edad, greatest(0, least(c.monto, c.acumulado - p.pagado)) as abierto
      from cargos c join pagos p on p.cliente_id = c.cliente_id
    ),
    porCliente as (
      select cliente_id,
        coalesce(sum(abierto) filter (where edad <= 30), 0) as d0,
        coalesce(sum(abierto) filter (where edad between 31 and 60), 0) as d31,
        coalesce(sum(abierto) filter (where edad between 61 and 90), 0) as d61,
        coalesce(sum(abierto) filter (where edad > 90), 0) as d90
      from abiertos group by cliente_id
    )
    select cl.id_cliente, cl.nombre || ' ' || cl.apellido as cliente, cl.documento, cl.cupo, p.saldo,
      coalesce(a.d0, 0) as d0, coalesce(a.d31, 0) as d31, coalesce(a.d61, 0) as d61, coalesce(a.d90, 0) as d90
    from pagos p join cliente cl on cl.id_cliente = p.cliente_id
    left join porCliente a on a.cliente_id = p.cliente_id
    where p.saldo <> 0
    order by p.saldo desc, cl.id_cliente`,
  );
  return rows.map((x) => ({ id: n(x.id_cliente), cliente: s(x.cliente), documento: s(x.documento), cupo: n(x.cupo), saldo: n(x.saldo), d0: n(x.d0), d31: n(x.d31), d61: n(x.d61), d90: n(x.d90) }));
}

export async function cartera(ctx: Ctx, r: Rango): Promise<TReporte> {
  const rows = await carteraFilas(ctx.db, ctx.tiendaId, r.hasta);
  const suma = (k: 'd0' | 'd31' | 'd61' | 'd90') => rows.reduce((a, x) => a + x[k], 0);
  const sobre = rows.filter((x) => x.saldo > x.cupo);
  return reporte('cartera', r, {
    indicadores: [ind('cartera', 'dinero', rows.reduce((a, x) => a + x.saldo, 0)), ind('clientes', 'entero', rows.length), ind('sobreCupo', 'entero', sobre.length), ind('vencido90', 'dinero', suma('d90'))],
    grafico: { tipo: 'barras', titulo: R.graficos.antiguedad, etiquetas: [C.d0, C.d31, C.d61, C.d90], series: [{ nombre: I.cartera, datos: [suma('d0'), suma('d31'), suma('d61'), suma('d90')] }], tipoValor: 'dinero' },
    tablas: [
      tabla(
        ctx,
        R.informes.cartera.titulo,
        [col('cliente', C.cliente), col('documento', C.documento), col('cupo', C.cupo, 'dinero'), col('saldo', C.saldo, 'dinero'), col('d0', C.d0, 'dinero'), col('d31', C.d31, 'dinero'), col('d61', C.d61, 'dinero'), col('d90', C.d90, 'dinero'), col('sobreCupo', C.sobreCupo)],
        rows.map((x) => ({ cliente: x.cliente, documento: x.documento, cupo: x.cupo, saldo: x.saldo, d0: x.d0, d31: x.d31, d61: x.d61, d90: x.d90, sobreCupo: x.saldo > x.cupo ? R.si : R.no })),
      ),
    ],
    nota: R.notas.cartera,
  });
}
