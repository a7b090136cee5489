import { sql } from 'drizzle-orm';
import { sumarDias, type Rango } from '#shared/periodo';
import type { TReporte } from '#shared/schemas/reportes';
import { productosResumidos } from './reportes.resumen';
import { diaEnZona, finDelDiaEn, inicioDelDiaEn } from '../tienda/zona-horaria';
import { R, C, type Ctx, n, s, filas, col, ind, hoyEnTienda, categoriaDe, limite, tablaCortada, reporte } from './comun';
import { arregloInt } from '../../db/arreglos';

/** *Sin ventas*: products on sale that sold nothing in the last days. */

/**
 * The store day of each product's last sale on or before `hasta` (non-annulled): per listed product, the
 * latest sale of its lines, read through the lines' (tienda_id, producto_id) index and the sale's key,
 * so its cost follows the page (at most FILAS_EN_PANTALLA + 1 products, a few lines each), not the
 * store's history (issue #55 point 2, ADR 046 addenda). As one join of all their lines PostgreSQL
 * misjudged the lines (~36 000 for ~800) and hashed every sale of the store (0.15–0.2 s). It answered
 * from the summaries before (every month's fold check, then each product's latest month and day):
 * seconds on a year of a real catalogue. The summaries count a product's non-annulled sale lines only,
 * so both readings name the same day.
 */
async function ultimaVenta(ctx: Ctx, ids: number[], hasta: string): Promise<Map<number, string>> {
  const { db, tiendaId } = ctx;
  const out = new Map<number, string>();
  if (ids.length === 0) return out;
  const lista = arregloInt(ids);
  const rows = await filas(
    db,
    sql`select x.id as producto_id, (
      select ${diaEnZona(sql`max(v.fecha)`, tiendaId)}::text from factura f join venta v on v.id_venta = f.venta_id
      where f.tienda_id = ${tiendaId} and f.producto_id = x.id and v.estado <> 'Anulada' and v.fecha < ${finDelDiaEn(hasta, tiendaId)}
    ) as ultima
    from unnest(${lista}) as x(id)`,
  );
  for (const x of rows) if (x.ultima != null) out.set(n(x.producto_id), s(x.ultima));
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
  // The page (the first FILAS_EN_PANTALLA + 1 by value, every one for an export) and how many there
  // are and their whole value, in one statement (ADR 046): the unsold catalogue is counted and added up
  // in the database, and only the page is sorted and shipped — a top-N read in the order of
  // `producto_sin_ventas_idx` (migration 0110, scanned backwards) that skips the products sold; the
  // count and value read the same index only. `vendidos` is hashed once (materialized).
  const lista = await filas(
    db,
    sql`
    with vendidos as materialized (${vendidos}),
    c as not materialized (
      select p.id_producto, p.nombre, p.categoria, p.stock, p.precio_unit, p.stock * p.precio_unit as valor
      from producto p
      where p.tienda_id = ${tiendaId} and p.estado = 1 and p.id_producto not in (select producto_id from vendidos)
    )
    select t.total, t.valor_total, x.id_producto, x.nombre, ${categoriaDe(sql`x`)} as categoria, x.stock, x.precio_unit
    from (select count(*) as total, coalesce(sum(c.valor), 0) as valor_total from c) t
    left join lateral (select * from c order by c.valor desc, c.nombre, c.id_producto ${limite(ctx)}) x on true
    order by x.valor desc, x.nombre, x.id_producto`,
  );
  const [t] = lista;
  const pagina = lista.filter((x) => x.id_producto != null);
  const ultimas = await ultimaVenta(ctx, pagina.map((x) => n(x.id_producto)), r.hasta);
  const filasR = pagina.map((x) => ({ producto: s(x.nombre), categoria: s(x.categoria), stock: n(x.stock), precio: n(x.precio_unit), valor: n(x.stock) * n(x.precio_unit), ultimaVenta: ultimas.get(n(x.id_producto)) ?? null }));
  return reporte('sin-ventas', { desde, hasta: r.hasta }, {
    indicadores: [ind('sinVentas', 'entero', n(t?.total)), ind('valorSinVentas', 'dinero', n(t?.valor_total))],
    tablas: [tablaCortada(ctx, n(t?.total), R.informes['sin-ventas'].titulo, [col('producto', C.producto), col('categoria', C.categoria), col('stock', C.stock, 'entero'), col('precio', C.precio, 'dinero'), col('valor', C.valor, 'dinero'), col('ultimaVenta', C.ultimaVenta, 'fecha')], filasR)],
    nota: R.notas.sinVentas(f.dias),
  });
}
