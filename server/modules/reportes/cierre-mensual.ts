import { sql } from 'drizzle-orm';
import type { Rango } from '#shared/periodo';
import type { TFila, TReporte } from '#shared/schemas/reportes';
import type { Db } from '../../db/client';
import { informeImpuestos } from '../impuestos/impuestos.domain';
import { finDelDiaEn, inicioDelDiaEn } from '../tienda/zona-horaria';
import { R, C, type Ctx, n, s, filas, col, ind, resumidoHasta, nombreTarifa, tabla, tablaCortada, reporte, FILAS_EN_PANTALLA } from './comun';
import { cifrasDeAgregado, conCostoConocido, indicadorMargen, tablaCifras } from './cifras';
import { ventasPorDia, sumar } from './resumen-ventas';
import { rankingDeProductos } from './por-producto';
import { carteraFilas } from './cartera';
import { unidadesDe } from './cantidades';

/** *Cierre mensual*: the month's sales, taxes, margin, purchases, stock at cost and credit. */

/**
 * Each product's stock at the end of `hasta` (today's stock less what the ledger moved after it) and
 * its value at the product's current average cost (the average of that day is not kept; no cost: 0).
 * The first `limite` rows by value (every row when null), how many there are and their whole value,
 * in the same statement (ADR 046). The count and the value are a plain aggregate and the page a top-N
 * sort: as window aggregates over the whole catalogue they sorted every product (100 000, spilled to
 * disk) to show 500 (issue #55 point 2, ADR 046 addendum).
 */
export async function inventarioAlCierre(db: Db, tiendaId: number, hasta: string, limite: number | null) {
  // The close's instant read first and bound as a value: as an expression over the store's zone (a
  // subquery) the planner could not tell how many movements follow it and read the whole ledger
  // (1 000 000 rows, twice) for the ~2 000 of the day after a month's close (issue #55 point 2).
  const [fin] = await filas<{ fin: string }>(db, sql`select ${finDelDiaEn(hasta, tiendaId)}::text as fin`);
  const rows = await filas<{ id_producto: number | null; nombre: string; stock: number; unidad_dian: string; costo: number | null; valor: number; total: number; valor_total: number }>(
    db,
    sql`
    with despues as (
      select m.producto_id, sum(m.entradas - m.salidas) as neto from movimiento m
      where m.tienda_id = ${tiendaId} and m.fecha_movimiento >= ${fin!.fin}::timestamptz and m.producto_id is not null group by m.producto_id
    ),
    -- Read once (materialized) for the count and value and for the page: on the embedded database each
    -- of two reads of the catalogue went to its files again (~60 MB for 100 000 products; 217 → 175 ms
    -- of *Cierre mensual* on PGlite, issue #55 point 2).
    c as materialized (
      select p.id_producto, p.nombre, p.stock - coalesce(d.neto, 0) as stock, p.unidad_dian, p.costo_promedio as costo,
        round((p.stock - coalesce(d.neto, 0)) * coalesce(p.costo_promedio, 0))::bigint as valor
      from producto p left join despues d on d.producto_id = p.id_producto
      where p.tienda_id = ${tiendaId} and p.stock - coalesce(d.neto, 0) <> 0
    )
    select t.total, t.valor_total, x.id_producto, x.nombre, x.stock::float8 as stock, x.unidad_dian, x.costo, x.valor
    from (select count(*) as total, sum(c.valor) as valor_total from c) t
    left join lateral (select * from c order by c.valor desc, c.nombre, c.id_producto ${limite == null ? sql`` : sql`limit ${limite}`}) x on true
    order by x.valor desc, x.nombre, x.id_producto`,
  );
  return { filas: rows.filter((x) => x.id_producto != null), total: n(rows[0]?.total), valor: n(rows[0]?.valor_total) };
}

export async function cierreMensual(ctx: Ctx, r: Rango): Promise<TReporte> {
  const { db, tiendaId } = ctx;
  // Net, cost and margin as every screen defines them (cifras.ts, issue #52).
  const dias = await ventasPorDia(ctx, r);
  // The top and bottom 10 products cut in the database, the products' figures added up there (ADR 046).
  const ranking = await rankingDeProductos(ctx, r, null, false, { primeros: 10, ultimos: 10 });
  const productos = ranking.filas;
  const cifras = cifrasDeAgregado(sumar(dias), ranking.actual);
  const inf = await informeImpuestos({ db, tiendaId, desde: r.desde, hasta: r.hasta, resumidoHasta: resumidoHasta(ctx, r) });
  const compras = await filas(
    db,
    sql`select rc.fecha, rc.numero, pr.nombre as proveedor, rc.factura_numero, rc.total
    from recepcion rc join proveedor pr on pr.id_proveedor = rc.proveedor_id
    where rc.tienda_id = ${tiendaId} and rc.fecha >= ${inicioDelDiaEn(r.desde, tiendaId)} and rc.fecha < ${finDelDiaEn(r.hasta, tiendaId)}
    order by rc.fecha, rc.numero`,
  );
  const inventario = await inventarioAlCierre(db, tiendaId, r.hasta, ctx.completo ? null : FILAS_EN_PANTALLA);
  const cartera = await carteraFilas(db, tiendaId, r.hasta);
  const sumaC = (k: 'd0' | 'd31' | 'd61' | 'd90') => cartera.reduce((a, x) => a + x[k], 0);
  const margenDe = (x: { neto: number; costo: number; sinCosto: number }) => (conCostoConocido(x) ? x.neto - x.costo : null);
  // Each product's quantity in its unit: "0,375 kg" (issue #52 point 3).
  const unidadDe = await unidadesDe(ctx, productos.map((x) => x.clave));
  const filaProducto = (x: (typeof productos)[number], puesto: number) => ({ puesto, producto: x.nombre, categoria: x.categoria, cantidad: x.cantidad, unidad: unidadDe.get(x.clave) ?? null, neto: x.neto, costo: conCostoConocido(x) ? x.costo : null, margen: margenDe(x) });
  const colsProducto = [col('puesto', C.puesto, 'entero'), col('producto', C.producto), col('categoria', C.categoria), { ...col('cantidad', C.cantidad, 'entero'), unidad: 'unidad' }, col('neto', C.neto, 'dinero'), col('costo', C.costo, 'dinero'), col('margen', C.margen, 'dinero')];
  const tarifas: TFila[] = inf.tarifas.map((x) => ({ tarifa: nombreTarifa(x.impuesto), base: x.base, impuesto: x.valor }));
  if (inf.sinImpuesto.lineas > 0) tarifas.push({ tarifa: R.sinImpuesto, base: inf.sinImpuesto.base, impuesto: 0 });
  const totalCompras = compras.reduce((a, x) => a + n(x.total), 0);
  const valorInventario = inventario.valor;
  const completo = { ...ctx, completo: true };
  return reporte('cierre-mensual', r, {
    indicadores: [
      ind('neto', 'dinero', cifras.neto),
      ind('impuestoTotal', 'centavos', inf.tarifas.reduce((a, x) => a + x.valor, 0)),
      ind('costo', 'dinero', cifras.costo),
      indicadorMargen(cifras),
      ind('compras', 'dinero', totalCompras),
      ind('inventarioCosto', 'dinero', valorInventario),
      ind('cartera', 'dinero', cartera.reduce((a, x) => a + x.saldo, 0)),
    ],
    grafico: { tipo: 'barras', titulo: R.graficos.netoPorDia, etiquetas: dias.map((d) => d.dia), series: [{ nombre: R.graficos.actual, datos: dias.map((d) => d.neto) }], tipoValor: 'dinero' },
    tablas: [
      tabla(
        ctx,
        R.tablas.netoPorDia,
        [col('dia', C.dia, 'fecha'), col('tickets', C.tickets, 'entero'), col('bruto', C.bruto, 'dinero'), col('descuentos', C.descuentos, 'dinero'), col('devuelto', C.devoluciones, 'dinero'), col('neto', C.neto, 'dinero')],
        dias.map((d) => ({ dia: d.dia, tickets: d.tickets, bruto: d.bruto, descuentos: d.descuentos, devuelto: d.devuelto, neto: d.neto })),
      ),
      tablaCifras(ctx, cifras),
      tabla(completo, R.tablas.impuestos, [col('tarifa', C.tarifa), col('base', C.base, 'centavos'), col('impuesto', C.impuesto, 'centavos')], tarifas),
      tabla(completo, R.tablas.top, colsProducto, productos.filter((x) => x.puesto <= 10).map((x) => filaProducto(x, x.puesto))),
      tabla(
        completo,
        R.tablas.bottom,
        colsProducto,
        productos
          .filter((x) => x.puesto > 10)
          .map((x) => filaProducto(x, x.puesto))
          .reverse(),
      ),
      tabla(
        ctx,
        R.tablas.compras,
        [col('fecha', C.fecha, 'fechaHora'), col('recepcion', C.recepcion, 'entero'), col('proveedor', C.proveedor), col('factura', C.facturaProveedor), col('total', C.monto, 'dinero')],
        compras.map((x) => ({ fecha: new Date(x.fecha as string).toISOString(), recepcion: n(x.numero), proveedor: s(x.proveedor), factura: s(x.factura_numero), total: n(x.total) })),
      ),
      tablaCortada(
        ctx,
        inventario.total,
        R.tablas.inventarioCierre,
        [col('producto', C.producto), { ...col('stock', C.stock, 'entero'), unidad: 'unidad' }, { ...col('costo', C.costoPromedio, 'dinero'), unidad: 'unidad' }, col('valor', C.valorCosto, 'dinero')],
        inventario.filas.map((x) => ({ producto: s(x.nombre), stock: n(x.stock), unidad: s(x.unidad_dian), costo: x.costo == null ? null : n(x.costo), valor: n(x.valor) })),
      ),
      tabla(
        completo,
        R.tablas.cartera,
        [col('cartera', C.antiguedad), col('saldo', C.saldo, 'dinero')],
        [
          { cartera: C.d0, saldo: sumaC('d0') },
          { cartera: C.d31, saldo: sumaC('d31') },
          { cartera: C.d61, saldo: sumaC('d61') },
          { cartera: C.d90, saldo: sumaC('d90') },
          { cartera: R.total, saldo: cartera.reduce((a, x) => a + x.saldo, 0) },
        ],
      ),
    ],
    nota: R.notas.cierreMensual,
  });
}
