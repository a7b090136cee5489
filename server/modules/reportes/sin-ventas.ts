import { sql } from 'drizzle-orm';
import { sumarDias, type Rango } from '#shared/periodo';
import type { TReporte } from '#shared/schemas/reportes';
import { hayQuePlegar, plegarProductosMes, productosResumidos, ultimoDelMes } from './reportes.resumen';
import { diaEnZona, finDelDiaEn, inicioDelDiaEn } from '../tienda/zona-horaria';
import { R, C, type Ctx, n, s, filas, col, ind, hoyEnTienda, categoriaDe, limite, tabla, reporte } from './comun';

/** *Sin ventas*: products on sale that sold nothing in the last days. */

/**
 * The store day of each product's last sale on or before `hasta` (non-annulled). From the summaries: the
 * latest month with units in `resumen_producto_mes`, then its latest day with units in
 * `resumen_producto_dia` (an earlier month when that month's units all fall after `hasta`); directly, the
 * latest sale of its lines.
 */
async function ultimaVenta(ctx: Ctx, ids: number[], hasta: string): Promise<Map<number, string>> {
  const { db, tiendaId } = ctx;
  const out = new Map<number, string>();
  if (ids.length === 0) return out;
  if (ctx.directo) {
    const lista = sql`${`{${ids.join(',')}}`}::int[]`;
    const rows = await filas(
      db,
      sql`select f.producto_id, ${diaEnZona(sql`max(v.fecha)`, tiendaId)}::text as ultima from factura f join venta v on v.id_venta = f.venta_id
      where f.tienda_id = ${tiendaId} and f.producto_id = any(${lista}) and v.estado <> 'Anulada' and v.fecha < ${finDelDiaEn(hasta, tiendaId)} group by 1`,
    );
    for (const x of rows) out.set(n(x.producto_id), s(x.ultima));
    return out;
  }
  // The months read are folded first when their delta rows outnumber their keys (ADR 017).
  const meses = await filas(db, sql`select mes::text as mes, count(*) as filas, count(distinct producto_id) as claves from resumen_producto_mes where tienda_id = ${tiendaId} and mes <= ${hasta}::date group by 1`);
  const plegar = meses.filter((x) => hayQuePlegar(n(x.filas), n(x.claves))).map((x) => s(x.mes));
  if (plegar.length) await plegarProductosMes(db, tiendaId, plegar);
  // Each product looks before its own month: first every month up to `hasta`, then, for one whose last
  // month's units all fall after `hasta` (a range ending mid-month), the months before that one.
  let pendientes = new Map(ids.map((id) => [id, sumarDias(hasta, 1)]));
  while (pendientes.size) {
    const ultimos = await filas(
      db,
      sql`select producto_id, max(mes)::text as mes from (
        select s.producto_id, s.mes from resumen_producto_mes s
        join unnest(${`{${[...pendientes.keys()].join(',')}}`}::int[], ${`{${[...pendientes.values()].join(',')}}`}::date[]) q(id, antes) on q.id = s.producto_id and s.mes < q.antes
        where s.tienda_id = ${tiendaId} group by 1, 2 having sum(s.cantidad) <> 0
      ) x group by 1`,
    );
    const porMes = new Map<string, number[]>();
    for (const x of ultimos) porMes.set(s(x.mes), [...(porMes.get(s(x.mes)) ?? []), n(x.producto_id)]);
    for (const [mes, productos] of porMes) {
      const fin = ultimoDelMes(mes);
      const dias = await filas(
        db,
        sql`select producto_id, max(dia)::text as dia from (
          select producto_id, dia from resumen_producto_dia
          where tienda_id = ${tiendaId} and dia between ${mes}::date and ${fin < hasta ? fin : hasta}::date and producto_id = any(${`{${productos.join(',')}}`}::int[])
          group by 1, 2 having sum(cantidad) <> 0
        ) x group by 1`,
      );
      for (const x of dias) out.set(n(x.producto_id), s(x.dia));
    }
    pendientes = new Map(ultimos.filter((x) => !out.has(n(x.producto_id))).map((x) => [n(x.producto_id), s(x.mes)]));
  }
  return out;
}

/** Products on sale with no line of a non-annulled sale in the `dias` days ending on the period's last day. */
export async function sinVentas(ctx: Ctx, r: Rango): Promise<TReporte> {
  const { db, tiendaId, f } = ctx;
  const desde = sumarDias(r.hasta, -(f.dias - 1));
  // The products sold in the window from the products' summaries (ADR 035, ADR 037), or every line for `directo`.
  const vendidos = ctx.directo
    ? sql`select f.producto_id from factura f join venta v on v.id_venta = f.venta_id
        where f.tienda_id = ${tiendaId} and v.estado <> 'Anulada' and v.fecha >= ${inicioDelDiaEn(desde, tiendaId)} and v.fecha < ${finDelDiaEn(r.hasta, tiendaId)}`
    : sql`select x.producto_id from (${await productosResumidos(db, tiendaId, { desde, hasta: r.hasta }, await hoyEnTienda(db, tiendaId))}) x(producto_id, cantidad) group by 1 having sum(x.cantidad) <> 0`;
  const lista = await filas(
    db,
    sql`
    select p.id_producto, p.nombre, ${categoriaDe(sql`p`)} as categoria, p.stock, p.precio_unit
    from producto p
    where p.tienda_id = ${tiendaId} and p.estado = 1 and p.id_producto not in (${vendidos})
    order by p.stock * p.precio_unit desc, p.nombre, p.id_producto ${limite(ctx)}`,
  );
  const ultimas = await ultimaVenta(ctx, lista.map((x) => n(x.id_producto)), r.hasta);
  const rows = lista.map((x) => ({ nombre: x.nombre, categoria: x.categoria, stock: x.stock, precio_unit: x.precio_unit, ultima: ultimas.get(n(x.id_producto)) ?? null }));
  const filasR = rows.map((x) => ({ producto: s(x.nombre), categoria: s(x.categoria), stock: n(x.stock), precio: n(x.precio_unit), valor: n(x.stock) * n(x.precio_unit), ultimaVenta: x.ultima == null ? null : s(x.ultima) }));
  return reporte('sin-ventas', { desde, hasta: r.hasta }, {
    indicadores: [ind('sinVentas', 'entero', filasR.length), ind('valorSinVentas', 'dinero', filasR.reduce((a, x) => a + x.valor, 0))],
    tablas: [tabla(ctx, R.informes['sin-ventas'].titulo, [col('producto', C.producto), col('categoria', C.categoria), col('stock', C.stock, 'entero'), col('precio', C.precio, 'dinero'), col('valor', C.valor, 'dinero'), col('ultimaVenta', C.ultimaVenta, 'fecha')], filasR)],
    nota: R.notas.sinVentas(f.dias),
  });
}
