import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';

/**
 * A new store of an empresa starts with the catalogue of the store it is opened from (issue #56 step
 * 3, ADR 043): each product's catalogue fields (name, price, description, brand, category, place,
 * presentation, barcode, cost, tax, DIAN unit, minimum, on/off for sale, whether it tracks lots) and
 * its packs, with stock 0, the same supplier (the empresa's, ADR 064; each store may change its own) and none of the
 * origin's lots or expiry dates (a product that tracks lots starts with none: its lots add up to 0).
 * Each copy keeps its catalogue entry (`producto.catalogo_id`, ADR 043 §2), so a central edit reaches it,
 * and follows the empresa's price (the price of a store of the empresa that has no price of its own, the
 * origin's when none), whatever price the origin store set for itself.
 *
 * One statement: each product takes its new id first, so its packs follow it in the same statement.
 * Returns how many products were carried.
 */
export async function copiarCatalogo(tx: Tx, o: { deTienda: number; aTienda: number }): Promise<number> {
  const res = (await tx.execute(sql`
    with origen as materialized (
      select p.*, nextval(pg_get_serial_sequence('producto', 'id_producto')) as nuevo,
        case when not p.precio_propio then p.precio_unit else coalesce((
          select h.precio_unit from producto h join tienda th on th.id_tienda = h.tienda_id
          where h.catalogo_id = p.catalogo_id and not h.precio_propio and th.empresa_id = (select empresa_id from tienda where id_tienda = ${o.deTienda})
          order by h.tienda_id limit 1), p.precio_unit) end as precio_empresa
      from producto p where p.tienda_id = ${o.deTienda} order by p.id_producto
    ),
    productos as (
      insert into producto (id_producto, catalogo_id, tienda_id, nombre, precio_unit, descripcion, marca, categoria, ubicacion, presentacion,
        stock, stock_min, estado, codigo_barras, costo, impuesto, unidad_dian, maneja_lotes, registro_invima, principio_activo, bajo_formula, proveedor_id)
      select nuevo, catalogo_id, ${o.aTienda}, nombre, precio_empresa, descripcion, marca, categoria, ubicacion, presentacion,
        0, stock_min, estado, codigo_barras, costo, impuesto, unidad_dian, maneja_lotes, registro_invima, principio_activo, bajo_formula, proveedor_id
      from origen order by nuevo
      returning 1
    ),
    paquetes as (
      insert into producto_unidad_venta (tienda_id, producto_id, nombre, factor, codigo_barras, precio)
      select ${o.aTienda}, o.nuevo, u.nombre, u.factor, u.codigo_barras, u.precio
      from producto_unidad_venta u join origen o on o.id_producto = u.producto_id
      returning 1
    )
    select (select count(*) from productos)::int as productos, (select count(*) from paquetes)::int as paquetes`)) as unknown as {
    rows: { productos: number; paquetes: number }[];
  };
  return res.rows[0]?.productos ?? 0;
}

/**
 * Each of `productoIds` (products of `deTienda`) as the same product of `aTienda`, a store of the same
 * empresa (ADR 043, ADR 056): by barcode, else by its name without accents or case; of several, an
 * active one, then the oldest. A product without a pair is left out of the map. One statement.
 */
export async function paresEnTienda(db: Db | Tx, o: { deTienda: number; aTienda: number; productoIds: readonly number[] }): Promise<Map<number, number>> {
  if (!o.productoIds.length) return new Map();
  const res = (await db.execute(sql`
    select o.id_producto as origen, d.id_producto as destino
    from producto o
    cross join lateral (
      select x.id_producto from producto x
      where x.tienda_id = ${o.aTienda} and (
        (o.codigo_barras is not null and x.codigo_barras = o.codigo_barras)
        or sin_tildes(lower(trim(x.nombre))) = sin_tildes(lower(trim(o.nombre))))
      order by (o.codigo_barras is not null and x.codigo_barras = o.codigo_barras) desc, x.estado desc, x.id_producto
      limit 1
    ) d
    where o.tienda_id = ${o.deTienda} and o.id_producto in (${sql.join(
      o.productoIds.map((id) => sql`${id}`),
      sql`, `,
    )})`)) as unknown as { rows: { origen: number; destino: number }[] };
  return new Map(res.rows.map((r) => [Number(r.origen), Number(r.destino)]));
}
