import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factura, producto, tienda, venta, ventaConteo, ventaProductoResumen, ventaResumenCantidad } from '../../db/schema';
import { plegarContador } from '../../db/plegar-contador';
import { VENTA_CONTEO } from '../../db/resumenes';
import { compactarConteos } from './analisis.service';
import { borrarComoCierre } from '../../../tests/helpers/borrado';
import { crearTienda } from '../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

/** The trigger-kept sales summary always equals the sum of the invoice lines of non-annulled sales. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function mismatches(tiendaId: number) {
  const res = (await t.database.db.execute(sql`
    with real as (
      select f.producto_id, sum(f.cantidad)::bigint as c from factura f join venta v on v.id_venta = f.venta_id
      where f.tienda_id = ${tiendaId} and v.estado <> 'Anulada' group by f.producto_id
    )
    select coalesce(r.producto_id, s.producto_id) as producto_id, r.c as real, s.cantidad_vendida as resumen
    from real r full join (select * from venta_producto_resumen where tienda_id = ${tiendaId} and cantidad_vendida <> 0) s
      on s.producto_id = r.producto_id
    where r.c is distinct from s.cantidad_vendida`)) as unknown as { rows: unknown[] };
  return res.rows;
}

/** The counts of migration 0016 (issue #20) equal what they count: the summary per quantity, the sales per state. */
async function conteosDesviados(tiendaId: number) {
  const res = (await t.database.db.execute(sql`
    with h as (select cantidad, sum(productos)::bigint as n from venta_resumen_cantidad where tienda_id = ${tiendaId} group by cantidad having sum(productos) <> 0),
         r as (select cantidad_vendida as cantidad, count(*)::bigint as n from venta_producto_resumen where tienda_id = ${tiendaId} and cantidad_vendida > 0 group by cantidad_vendida),
         c as (select estado, sum(ventas)::bigint as n from venta_conteo where tienda_id = ${tiendaId} group by estado having sum(ventas) <> 0),
         v as (select estado, count(*)::bigint as n from venta where tienda_id = ${tiendaId} group by estado)
    select 'cantidad' as que, coalesce(h.cantidad, r.cantidad)::text as clave, h.n as conteo, r.n as real
    from h full join r on r.cantidad = h.cantidad where h.n is distinct from r.n
    union all
    select 'ventas', coalesce(c.estado, v.estado), c.n, v.n
    from c full join v on v.estado = c.estado where c.n is distinct from v.n`)) as unknown as { rows: unknown[] };
  return res.rows;
}

describe('resumen de ventas por producto', () => {
  it('sigue a las líneas en altas, cambios, anulaciones, borrados y cambios de producto', async () => {
    const s = await crearTienda(t);
    const db = t.database.db;
    const prods = await db
      .insert(producto)
      .values([1, 2, 3].map((i) => ({ tiendaId: s.id, nombre: `P${i}`, precioUnit: 1000, stock: 100 })))
      .returning({ id: producto.idProducto });
    const [a, b, c] = prods.map((p) => p.id) as [number, number, number];
    const nueva = async () => (await db.insert(venta).values({ tiendaId: s.id, metodoPagoId: 5, estado: 'Completada' }).returning({ id: venta.idVenta }))[0]!.id;
    const v1 = await nueva();
    const v2 = await nueva();
    await db.insert(factura).values([
      { tiendaId: s.id, ventaId: v1, productoId: a, cantidad: 3, precio: 1000 },
      { tiendaId: s.id, ventaId: v1, productoId: b, cantidad: 2, precio: 1000 },
      { tiendaId: s.id, ventaId: v2, productoId: a, cantidad: 5, precio: 1000 },
    ]);
    expect(await mismatches(s.id)).toEqual([]);
    expect(await conteosDesviados(s.id)).toEqual([]);
    await db.update(factura).set({ cantidad: 7 }).where(and(eq(factura.ventaId, v1), eq(factura.productoId, a)));
    await db.update(factura).set({ productoId: c }).where(and(eq(factura.ventaId, v1), eq(factura.productoId, b)));
    expect(await mismatches(s.id)).toEqual([]);
    expect(await conteosDesviados(s.id)).toEqual([]);
    await db.update(venta).set({ estado: 'Anulada' }).where(eq(venta.idVenta, v2));
    expect(await mismatches(s.id)).toEqual([]);
    expect(await conteosDesviados(s.id)).toEqual([]);
    await db.insert(factura).values({ tiendaId: s.id, ventaId: v2, productoId: b, cantidad: 4, precio: 1000 });
    await db.update(venta).set({ estado: 'Completada' }).where(eq(venta.idVenta, v2));
    expect(await mismatches(s.id)).toEqual([]);
    expect(await conteosDesviados(s.id)).toEqual([]);
    // A completed sale's lines and the sale go only with its store (migration 0050): the summaries follow.
    await borrarComoCierre(db, s.id, (tx) => tx.delete(factura).where(and(eq(factura.ventaId, v2), eq(factura.productoId, a))));
    await borrarComoCierre(db, s.id, (tx) => tx.delete(venta).where(eq(venta.idVenta, v1)));
    expect(await mismatches(s.id)).toEqual([]);
    expect(await conteosDesviados(s.id)).toEqual([]);
    const [row] = await db.select().from(ventaProductoResumen).where(and(eq(ventaProductoResumen.tiendaId, s.id), eq(ventaProductoResumen.productoId, b)));
    expect(row?.cantidadVendida).toBe(4);
    // A product deleted takes its summary row out of the counts.
    await db.delete(factura).where(eq(factura.productoId, c));
    await db.delete(producto).where(eq(producto.idProducto, c));
    expect(await conteosDesviados(s.id)).toEqual([]);
    // Folding the deltas keeps every count (the analysis and the invoice list fold when they pile up).
    await compactarConteos(db, s.id);
    expect(await conteosDesviados(s.id)).toEqual([]);
    const filas = (await db.execute(sql`select count(*)::int as n from venta_resumen_cantidad where tienda_id = ${s.id}`)) as unknown as { rows: { n: number }[] };
    expect(filas.rows[0]!.n).toBe(1);
    await plegarContador(db, VENTA_CONTEO, s.id);
    expect(await conteosDesviados(s.id)).toEqual([]);
    const porEstado = (await db.execute(sql`select count(*)::int as filas, count(distinct estado)::int as estados from venta_conteo where tienda_id = ${s.id}`)) as unknown as {
      rows: { filas: number; estados: number }[];
    };
    expect(porEstado.rows[0]!.filas).toBe(porEstado.rows[0]!.estados);
    // Deleting the whole store cascades cleanly.
    await db.delete(tienda).where(eq(tienda.idTienda, s.id));
    const left = await db.select().from(ventaProductoResumen).where(eq(ventaProductoResumen.tiendaId, s.id));
    expect(left).toEqual([]);
    const [h, v] = await Promise.all([
      db.select().from(ventaResumenCantidad).where(eq(ventaResumenCantidad.tiendaId, s.id)),
      db.select().from(ventaConteo).where(eq(ventaConteo.tiendaId, s.id)),
    ]);
    expect([h, v]).toEqual([[], []]);
  });
});
