import { sql } from 'drizzle-orm';
import type { Rango } from '#shared/periodo';
import type { TReporte } from '#shared/schemas/reportes';
import { productosResumidos } from './reportes.resumen';
import { R, C, type Ctx, n, s, filas, col, ind, hoyEnTienda, ventasDe, categoriaDe, tabla, reporte } from './comun';
import { totalesPorUnidad, unidadesDe } from './cantidades';
import { cifrasDe, conCostoConocido, indicadorMargen } from './cifras';
import { ventasPorDia, sumar } from './resumen-ventas';

/** *Por producto* and *Por categoría*: units, gross, discounts, net, cost and margin per group. */

/**
 * Units, gross, the lines' discounts, returns and net (Σ price × quantity − the line's discount − the
 * returned value) per product or category. Returns count on their own day, person and shift, as in
 * *Resumen de ventas* and the closes (issue #52): their units and pesos come off the product's, and
 * the cost of units back in stock comes off its cost (a unit written off as merma stays a cost).
 */
export async function porProducto(
  ctx: Ctx,
  r: Rango,
  porCategoria: boolean,
): Promise<{ clave: string; nombre: string; categoria: string; cantidad: number; bruto: number; descuentos: number; devuelto: number; neto: number; productos: number; costo: number; sinCosto: number }[]> {
  const { db, tiendaId } = ctx;
  const grupo = porCategoria ? categoriaDe(sql`p`) : sql`l.producto_id::text`;
  // The whole range from the products' summaries, by month and by day (ADR 035), when no person or
  // shift narrows the sales (the products' summaries are per store and day); otherwise directly.
  const conResumen = !ctx.directo && ctx.f.usuarioId == null && ctx.f.turnoId == null;
  const resumen = conResumen ? await productosResumidos(db, tiendaId, r, await hoyEnTienda(db, tiendaId)) : null;
  const rows = await filas(
    db,
    sql`
    with directo as (
      select f.producto_id, sum(f.cantidad * f.factor)::numeric as cantidad, sum(linea_bruto(f.precio, f.cantidad, f.importe))::bigint as bruto, sum(f.descuento)::bigint as descuentos,
        -- The margin of a period (issue #32 point 6): each unit at the average cost it was sold at,
        -- or the product's current one where the line kept none; units with no cost at all are counted.
        -- Quantities are units: a pack's line is factor × packs, and its costo_unit is the pack's (ADR 033).
        sum(round(f.cantidad * coalesce(f.costo_unit, f.factor * p.costo_promedio)))::bigint as costo,
        sum(f.cantidad * f.factor) filter (where coalesce(f.costo_unit, p.costo_promedio) is null)::numeric as sin_costo,
        0::bigint as devuelto
      from factura f join venta v on v.id_venta = f.venta_id join producto p on p.id_producto = f.producto_id
      where f.tienda_id = ${tiendaId} and ${resumen ? sql`false` : ventasDe(ctx, r)} and v.estado <> 'Anulada'
      group by f.producto_id
    ),
    resumido as (
      select s.producto_id, sum(s.cantidad)::numeric as cantidad, sum(s.bruto)::bigint as bruto, sum(s.descuentos)::bigint as descuentos,
        (sum(s.costo) + round(sum(s.sin_costo_unit) * coalesce(p.costo_promedio, 0)))::bigint as costo,
        case when p.costo_promedio is null then sum(s.sin_costo_unit) else 0 end::numeric as sin_costo,
        0::bigint as devuelto
      from (${resumen ?? sql`select 0, 0, 0, 0, 0, 0 where false`}) s(producto_id, cantidad, bruto, descuentos, costo, sin_costo_unit)
      join producto p on p.id_producto = s.producto_id
      group by s.producto_id, p.costo_promedio
      having sum(s.cantidad) <> 0
    ),
    devuelto as (
      -- A return line's quantity is of the sold line (packs for a pack's line), its cost the line's.
      select dl.producto_id, -sum(dl.cantidad * f.factor)::numeric as cantidad, 0::bigint as bruto, 0::bigint as descuentos,
        -coalesce(sum(round(dl.cantidad * coalesce(f.costo_unit, f.factor * p.costo_promedio))) filter (where dl.destino = 'inventario'), 0)::bigint as costo,
        -coalesce(sum(dl.cantidad * f.factor) filter (where dl.destino = 'inventario' and coalesce(f.costo_unit, p.costo_promedio) is null), 0)::numeric as sin_costo,
        sum(dl.valor)::bigint as devuelto
      from devolucion_linea dl join devolucion d on d.id_devolucion = dl.devolucion_id
      join factura f on f.id_factura = dl.factura_id join producto p on p.id_producto = dl.producto_id
      where dl.tienda_id = ${tiendaId} and ${ventasDe(ctx, r, sql`d`)}
      group by dl.producto_id
    ),
    l as (
      select producto_id, sum(cantidad) as cantidad, sum(bruto) as bruto, sum(descuentos) as descuentos, sum(costo) as costo, sum(sin_costo) as sin_costo, sum(devuelto) as devuelto
      from (select * from directo union all select * from resumido union all select * from devuelto) u group by producto_id
    )
    select ${grupo} as clave, min(p.nombre) as nombre, min(${categoriaDe(sql`p`)}) as categoria, count(*) as productos,
      sum(l.cantidad) as cantidad, sum(l.bruto) as bruto, sum(l.descuentos) as descuentos, sum(l.devuelto) as devuelto, sum(l.bruto - l.descuentos - l.devuelto) as neto,
      coalesce(sum(l.costo), 0) as costo, coalesce(sum(l.sin_costo), 0) as sin_costo
    from l join producto p on p.id_producto = l.producto_id
    group by 1
    order by neto desc, cantidad desc, 1`,
  );
  return rows.map((x) => ({
    clave: s(x.clave),
    nombre: s(x.nombre),
    categoria: s(x.categoria),
    cantidad: n(x.cantidad),
    bruto: n(x.bruto),
    descuentos: n(x.descuentos),
    devuelto: n(x.devuelto),
    neto: n(x.neto),
    productos: n(x.productos),
    costo: n(x.costo),
    sinCosto: n(x.sin_costo),
  }));
}

export async function productosOCategorias(ctx: Ctx, r: Rango, ant: Rango, porCategoria: boolean): Promise<TReporte> {
  const rows = await porProducto(ctx, r, porCategoria);
  const anteriores = new Map((await porProducto(ctx, ant, porCategoria)).map((x) => [x.clave, x]));
  const sumaAnt = [...anteriores.values()];
  const neto = rows.reduce((a, x) => a + x.neto, 0);
  const top = rows.slice(0, 10);
  const informe = porCategoria ? 'categorias' : 'productos';
  // Cost and margin of the period (issue #32 point 6): every report needs the `reportes` permission,
  // the one that shows costs (permisos.ts). A group with units of no known cost has no margin.
  const margenCols = [col('costo', C.costo, 'dinero'), col('margen', C.margen, 'dinero'), col('margenPorcentaje', C.margenPorcentaje, 'porcentaje')];
  const margenDe = (x: { neto: number; costo: number; sinCosto: number }) => (conCostoConocido(x) ? x.neto - x.costo : null);
  // Quantities in their unit (issue #52 point 3): each row's ("5,5 kg"), and units, kilos and litres
  // apart in the totals, counted per product (a category may hold both).
  const unidadDe = await unidadesDe(ctx, porCategoria, rows.map((x) => x.clave));
  const [prodAct, prodAnt] = porCategoria ? [await porProducto(ctx, r, false), await porProducto(ctx, ant, false)] : [rows, sumaAnt];
  const unidadProducto = await unidadesDe(ctx, false, [...new Set([...prodAct, ...prodAnt].map((x) => x.clave))]);
  const [tot, totAnt] = [totalesPorUnidad(prodAct, unidadProducto), totalesPorUnidad(prodAnt, unidadProducto)];
  // The period's net sales, cost and margin as every screen says them (cifras.ts, issue #52): the
  // sales' own discounts and the returns off, the cost known per product. The rows keep each group's own.
  const cifras = cifrasDe(sumar(await ventasPorDia(ctx, r)), prodAct);
  const cifrasAnt = cifrasDe(sumar(await ventasPorDia(ctx, ant)), prodAnt);
  const cantidad = { ...col('cantidad', C.cantidad, 'entero'), unidad: 'unidad' };
  const columnas = porCategoria
    ? [col('puesto', C.puesto, 'entero'), col('categoria', C.categoria), col('productos', C.productos, 'entero'), cantidad, col('bruto', C.bruto, 'dinero'), col('descuentos', C.descuentos, 'dinero'), col('devuelto', C.devoluciones, 'dinero'), col('neto', C.neto, 'dinero'), ...margenCols, col('participacion', C.participacion, 'porcentaje'), col('netoAnterior', C.netoAnterior, 'dinero')]
    : [col('puesto', C.puesto, 'entero'), col('producto', C.producto), col('categoria', C.categoria), cantidad, col('bruto', C.bruto, 'dinero'), col('descuentos', C.descuentos, 'dinero'), col('devuelto', C.devoluciones, 'dinero'), col('neto', C.neto, 'dinero'), ...margenCols, col('participacion', C.participacion, 'porcentaje'), { ...col('cantidadAnterior', C.cantidadAnterior, 'entero'), unidad: 'unidad' }];
  return reporte(informe, r, {
    anterior: ant,
    indicadores: [
      ind('neto', 'dinero', cifras.neto, cifrasAnt.neto),
      ind('unidades', 'entero', tot.unidades, totAnt.unidades),
      ...(tot.kilos || totAnt.kilos ? [ind('kilos', 'entero', tot.kilos, totAnt.kilos)] : []),
      ...(tot.litros || totAnt.litros ? [ind('litros', 'entero', tot.litros, totAnt.litros)] : []),
      ind(porCategoria ? 'categorias' : 'productos', 'entero', rows.length, sumaAnt.length),
      ind('costo', 'dinero', cifras.costo),
      indicadorMargen(cifras),
    ],
    grafico: {
      tipo: porCategoria ? 'dona' : 'barrasH',
      titulo: porCategoria ? R.graficos.topCategorias : R.graficos.topProductos,
      etiquetas: top.map((x) => (porCategoria ? x.clave : x.nombre)),
      series: [
        { nombre: R.graficos.actual, datos: top.map((x) => x.neto) },
        ...(porCategoria ? [] : [{ nombre: R.graficos.anterior, datos: top.map((x) => anteriores.get(x.clave)?.neto ?? 0) }]),
      ],
      tipoValor: 'dinero',
    },
    tablas: [
      tabla(
        ctx,
        R.informes[informe].titulo,
        columnas,
        rows.map((x, i) => ({
          puesto: i + 1,
          producto: x.nombre,
          categoria: porCategoria ? x.clave : x.categoria,
          productos: x.productos,
          cantidad: x.cantidad,
          unidad: unidadDe.get(x.clave) ?? null,
          bruto: x.bruto,
          descuentos: x.descuentos,
          devuelto: x.devuelto,
          neto: x.neto,
          costo: x.sinCosto > 0 ? null : x.costo,
          margen: margenDe(x),
          margenPorcentaje: margenDe(x) == null || x.neto === 0 ? null : Math.round((margenDe(x)! / x.neto) * 1000) / 10,
          participacion: neto === 0 ? 0 : Math.round((x.neto / neto) * 1000) / 10,
          netoAnterior: anteriores.get(x.clave)?.neto ?? 0,
          cantidadAnterior: anteriores.get(x.clave)?.cantidad ?? 0,
        })),
      ),
    ],
    nota: porCategoria ? null : R.notas.productos,
  });
}
