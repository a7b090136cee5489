/**
 * *Por pedir* (issue #32 point 3): every product of the store at or under its minimum, grouped by
 * supplier, with a suggested quantity up to the store's target level (in whole packs when the product
 * came in one), and the target level itself. Reading is every role's; unit costs only for those with
 * `reportes` (veCostos, compras.domain.ts); the target level is role 1's (the route refuses the others).
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { milesimasDe } from '#shared/cantidad';
import type { TPorPedir } from '#shared/schemas/compras';
import type { Db } from '../../db/client';
import { calificada } from '../../db/columna';
import { producto, proveedor, tienda } from '../../db/schema';
import { proveedorDeLaTienda } from '../proveedor/proveedor.alcance';
import type { Autor } from '../actividad/actividad.domain';
import { veCostos } from './compras.domain';

/** Units of each product still to come on the store's open orders (borrador, enviada, parcial). */
const enCamino = (productoId: SQL) => sql<number>`coalesce((
  select sum(greatest(l.cantidad - coalesce((select sum(e.cantidad) from entrega_pedido e where e.orden_linea_id = l.id_linea), 0), 0))
  from orden_compra_linea l join orden_compra o on o.id_orden = l.orden_id
  where l.producto_id = ${productoId} and o.estado in ('borrador', 'enviada', 'parcial')), 0)::numeric`;

/** The last unit cost received of a product (its latest delivery with a cost), or null. */
export const ultimoCostoSql = (productoId: SQL) =>
  sql<number | null>`(select e.costo_unit from entrega_pedido e where e.producto_id = ${productoId} and e.costo_unit is not null order by e.id_entrega desc limit 1)`;

/**
 * Every product of the store on sale, with a minimum, at or under it; grouped by supplier (an archived
 * supplier's products count as without one), by name. Suggested: up to `pedido_objetivo` % of the
 * minimum (rounded up), less the stock and what open orders still bring (0 when those already cover it); in whole packs too
 * when the product's latest delivery came in a pack that still exists (shops order a paca, not 7 units).
 */
export async function porPedir(options: { db: Db; tiendaId: number; autor: Autor }): Promise<TPorPedir> {
  const { db, tiendaId, autor } = options;
  const [t] = await db.select({ objetivo: tienda.pedidoObjetivo }).from(tienda).where(eq(tienda.idTienda, tiendaId)).limit(1);
  const objetivo = t?.objetivo ?? 200;
  const costos = await veCostos(db, tiendaId, autor);
  const id = sql`${producto.idProducto}`;
  const rows = await db
    .select({
      id: producto.idProducto,
      nombre: producto.nombre,
      stock: producto.stock,
      stockMin: producto.stockMin,
      proveedorId: proveedor.idProveedor,
      proveedor: proveedor.nombre,
      telefono: proveedor.telefono,
      enCamino: enCamino(id),
      ultimoCosto: ultimoCostoSql(id),
      // The pack of the product's latest delivery, if it was one and the pack still exists (ADR 036);
      // for a product never delivered, its pack when it has just one (issue #52: water bought by the
      // paca is suggested as 5 pacas, not 60 units). A latest delivery by unit keeps units.
      empaque: sql<{ id: number; nombre: string; factor: number; costo: number | null } | null>`coalesce((
        select json_build_object('id', u.id_unidad_venta, 'nombre', u.nombre, 'factor', u.factor, 'costo', case when e.factor = u.factor then e.costo_empaque end)
        from (select e.unidad_venta_id, e.factor, e.costo_empaque from entrega_pedido e where e.producto_id = ${id} order by e.id_entrega desc limit 1) e
        join producto_unidad_venta u on u.id_unidad_venta = e.unidad_venta_id and u.producto_id = ${id}), (
        select json_build_object('id', min(u.id_unidad_venta), 'nombre', min(u.nombre), 'factor', min(u.factor), 'costo', null)
        from producto_unidad_venta u where u.producto_id = ${id} and not exists (select 1 from entrega_pedido e where e.producto_id = ${id})
        having count(*) = 1))`,
    })
    .from(producto)
    // The product's supplier, the empresa's (ADR 064), whichever store created it.
    .leftJoin(proveedor, and(proveedorDeLaTienda(calificada(producto.tiendaId), producto.proveedorId), eq(proveedor.activo, true)))
    .where(and(eq(producto.tiendaId, tiendaId), eq(producto.estado, 1), sql`${producto.stockMin} > 0`, sql`${producto.stock} <= ${producto.stockMin}`))
    .orderBy(sql`${proveedor.nombre} nulls last`, asc(proveedor.idProveedor), asc(producto.nombre), asc(producto.idProducto))
    .limit(5000);
  const grupos: TPorPedir['grupos'] = [];
  for (const r of rows) {
    const prov = r.proveedorId == null ? null : { id: r.proveedorId, nombre: r.proveedor!, telefono: r.telefono! };
    let g = grupos.at(-1);
    if (!g || (g.proveedor?.id ?? null) !== (prov?.id ?? null)) grupos.push((g = { proveedor: prov, productos: [] }));
    const meta = Math.ceil((r.stockMin * objetivo) / 100);
    // In thousandths (a product sold by measure has decimals, ADR 030); the suggestion is whole, rounded up.
    const faltan = meta * 1000 - milesimasDe(r.stock) - milesimasDe(Number(r.enCamino));
    g.productos.push({
      id: r.id,
      nombre: r.nombre,
      stock: r.stock,
      stockMin: r.stockMin,
      enCamino: Number(r.enCamino),
      sugerido: Math.max(Math.ceil(faltan / 1000), 0),
      ultimoCosto: costos && r.ultimoCosto != null ? Number(r.ultimoCosto) : null,
      empaque: r.empaque
        ? {
            unidadVentaId: Number(r.empaque.id),
            nombre: r.empaque.nombre,
            factor: Number(r.empaque.factor),
            sugerido: Math.max(Math.ceil(faltan / (1000 * Number(r.empaque.factor))), 0),
            costo: costos && r.empaque.costo != null ? Number(r.empaque.costo) : null,
          }
        : null,
    });
  }
  return { pedidoObjetivo: objetivo, grupos };
}

/** Role 1 sets the target level (the route refuses the others). */
export async function guardarObjetivo(options: { db: Db; tiendaId: number; pedidoObjetivo: number }): Promise<void> {
  await options.db.update(tienda).set({ pedidoObjetivo: options.pedidoObjetivo }).where(eq(tienda.idTienda, options.tiendaId));
}
