import { sql, type SQL } from 'drizzle-orm';
import type { Rango } from '#shared/periodo';
import type { TFila, TReporte } from '#shared/schemas/reportes';
import { R, C, type Ctx, n, s, filas, col, ind, ventasDe, nombreUsuario, limite, tabla, reporte } from './comun';
import { ventasPorDia, sumar } from './resumen-ventas';
import { zonaDeTienda } from '../tienda/zona-horaria';

/** *Anulaciones y descuentos*: the annulled sales and the discounted ones, with who and why. */

/** A sale's discount: its lines' (read through the discounted lines' index, ADR 032) and its own. */
export const descuentoVenta = (ctx: Ctx) => descuentoVentaEn(sql`${ctx.tiendaId}`);

/** The same with the sale's store given as SQL (`v.tienda_id` when several stores are read at once). */
export const descuentoVentaEn = (tienda: SQL) => sql`(v.descuento + coalesce((select sum(f.descuento) from factura f where f.tienda_id = ${tienda} and f.venta_id = v.id_venta and f.descuento > 0), 0))`;

/**
 * The discounted sales of `r`, in order. Issue #55 point 2: only the hours of the store's zone whose
 * sales' summary holds a discount (`resumen_venta_dia.descuentos`: the lines' and the sale's, of the sales
 * not annulled) are read, each through the sales' (tienda_id, fecha) index over its hour widened by an
 * hour either side (a change of clocks moves an hour by at most one) and then held to its exact local day
 * and hour; a month with few discounted hours reads few sales instead of every one. `directo` reads every
 * sale of `r` (the reference).
 */
export async function descuentosDe(ctx: Ctx, r: Rango) {
  const zona = zonaDeTienda(ctx.tiendaId);
  const local = sql`(v.fecha at time zone ${zona})`;
  const desde = ctx.directo
    ? sql`venta v`
    : sql`(select s.dia, s.hora from resumen_venta_dia s where s.tienda_id = ${ctx.tiendaId} and s.dia between ${r.desde}::date and ${r.hasta}::date group by 1, 2 having sum(s.descuentos) <> 0) h
      join venta v on v.tienda_id = ${ctx.tiendaId}
        and v.fecha >= ((h.dia + make_interval(hours => h.hora))::timestamp at time zone ${zona}) - interval '1 hour'
        and v.fecha < ((h.dia + make_interval(hours => h.hora + 1))::timestamp at time zone ${zona}) + interval '1 hour'
        and ${local}::date = h.dia and extract(hour from ${local}) = h.hora`;
  return filas(
    ctx.db,
    sql`
    select * from (
      select v.id_venta, v.numero, v.fecha, ${nombreUsuario(sql`v.usuario_id`)} as vendedor,
        case when v.autorizado_por is not null then ${nombreUsuario(sql`v.autorizado_por`)} when v.autorizado_por_tienda then ${R.tiendaCuenta} end as autorizo,
        ${descuentoVenta(ctx)} as monto, v.motivo_descuento
      from ${desde} where ${ventasDe(ctx, r)} and v.estado <> 'Anulada'
    ) d where d.monto > 0 order by d.fecha, d.id_venta ${limite(ctx)}`,
  );
}

export async function anulacionesYDescuentos(ctx: Ctx, r: Rango, ant: Rango): Promise<TReporte> {
  const { db, tiendaId } = ctx;
  const anuladas = await filas(
    db,
    sql`
    select v.id_venta, v.numero, coalesce(a.fecha, v.fecha) as fecha, ${nombreUsuario(sql`v.usuario_id`)} as vendedor, a.usuario_nombre as quien, v.total as monto
    from venta v
    left join lateral (
      select x.fecha, x.usuario_nombre from actividad x
      where x.tienda_id = ${tiendaId} and x.tipo = 'anulacion' and x.detalle ->> 'ventaId' = v.id_venta::text order by x.fecha desc limit 1
    ) a on true
    where ${ventasDe(ctx, r)} and v.estado = 'Anulada' order by v.fecha, v.id_venta ${limite(ctx)}`,
  );
  const descuentos = await descuentosDe(ctx, r);
  // The totals are the summary's (ADR 028: the annulled count and pesos, the lines' and the sales'
  // discounts of the non-annulled, per day, person and shift); the list itself reads the sales.
  const totalesDe = async (rango: Rango) => {
    const x = sumar(await ventasPorDia(ctx, rango));
    return { anuladas: x.anuladas, montoAnulado: x.montoAnulado, descuentos: x.descuentos };
  };
  const t = await totalesDe(r);
  const a = await totalesDe(ant);
  const rows: TFila[] = [
    ...anuladas.map((x) => ({ tipo: R.estados.anulacion, fecha: new Date(x.fecha as string).toISOString(), venta: n(x.numero), vendedor: s(x.vendedor), quien: s(x.quien), monto: n(x.monto), motivo: '' })),
    ...descuentos.map((x) => ({ tipo: R.estados.descuento, fecha: new Date(x.fecha as string).toISOString(), venta: n(x.numero), vendedor: s(x.vendedor), quien: s(x.autorizo), monto: n(x.monto), motivo: s(x.motivo_descuento) })),
  ].sort((x, y) => String(x.fecha).localeCompare(String(y.fecha)) || Number(x.venta) - Number(y.venta));
  return reporte('anulaciones-descuentos', r, {
    anterior: ant,
    indicadores: [ind('anuladas', 'entero', t.anuladas, a.anuladas), ind('montoAnulado', 'dinero', t.montoAnulado, a.montoAnulado), ind('descuentos', 'dinero', t.descuentos, a.descuentos)],
    tablas: [tabla(ctx, R.informes['anulaciones-descuentos'].titulo, [col('tipo', C.tipo), col('fecha', C.cuando, 'fechaHora'), col('venta', C.venta, 'entero'), col('vendedor', C.vendedor), col('quien', C.quien), col('monto', C.monto, 'dinero'), col('motivo', C.motivo)], rows)],
  });
}
