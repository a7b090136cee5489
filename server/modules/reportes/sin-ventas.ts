import { sql } from 'drizzle-orm';
import { sumarDias, type Rango } from '#shared/periodo';
import type { TReporte } from '#shared/schemas/reportes';
import { productosResumidos } from './reportes.resumen';
import { diaEnZona, finDelDiaEn, inicioDelDiaEn } from '../tienda/zona-horaria';
import { R, C, type Ctx, n, s, filas, col, ind, hoyEnTienda, categoriaDe, limite, tabla, reporte } from './comun';

/** *Sin ventas*: products on sale that sold nothing in the last days. */

/**
 * The store day of each product's last sale on or before `hasta` (non-annulled): the latest sale of its
 * lines, read through the lines' (tienda_id, producto_id) index, so its cost follows the page (at most
 * FILAS_EN_PANTALLA + 1 products, a few lines each), not the store's history (issue #55 point 2, ADR 046
 * addendum). It answered from the summaries before (every month's fold check, then each product's
 * latest month and day): seconds on a year of a real catalogue, reading every month of the store. The
 * summaries count a product's non-annulled sale lines only, so both readings name the same day.
 */
async function ultimaVenta(ctx: Ctx, ids: number[], hasta: string): Promise<Map<number, string>> {
  const { db, tiendaId } = ctx;
  const out = new Map<number, string>();
  if (ids.length === 0) return out;
  const lista = sql`${`{${ids.join(',')}}`}::int[]`;
  const rows = await filas(
    db,
    sql`select f.producto_id, ${diaEnZona(sql`max(v.fecha)`, tiendaId)}::text as ultima from factura f join venta v on v.id_venta = f.venta_id
    where f.tienda_id = ${tiendaId} and f.producto_id = any(${lista}) and v.estado <> 'Anulada' and v.fecha < ${finDelDiaEn(hasta, tiendaId)} group by 1`,
  );
  for (const x of rows) out.set(n(x.producto_id), s(x.ultima));
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
