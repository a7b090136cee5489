import { sql } from 'drizzle-orm';
import type { Rango } from '#shared/periodo';
import type { TReporte } from '#shared/schemas/reportes';
import { R, C, type Ctx, n, s, filas, col, ind, ventasDe, tablaCortada, reporte, FILAS_EN_PANTALLA } from './comun';

/**
 * *Ventas por promoción* (issue #59 point 4, ADR 052): per promotion, the sales lines it touched in the
 * period (`venta_promocion`: which promotion gave which line how much), their units, their gross before
 * any promotion, the saving it gave (what it cost), what those lines were charged, their cost and
 * margin, and the margin they would have had without it. Ranked (saving, then net, then key) and cut
 * in the database, the totals in the same statement (ADR 046).
 *
 * A line's `descuento` holds its promotions' savings (a line with a cashier's discount takes none), so
 * its net is gross − descuento. A line two promotions touched (a product's and a minimum purchase)
 * counts under each, with its own saving under each; the totals count it once. Annulled sales never
 * count; returns are not taken off here (*Por producto* does).
 */

/** The touched lines of the period's sales, one row per promotion and line, and the lines once. */
const lineasDePromociones = (ctx: Ctx, r: Rango) => sql`
  v as materialized (select v.id_venta from venta v where ${ventasDe(ctx, r)} and v.estado <> 'Anulada'),
  pl as (
    -- A deleted promotion (promocion_id null) is kept by its name.
    select case when vp.promocion_id is null then 'x:' || vp.nombre else vp.promocion_id::text end as clave,
      min(vp.promocion_id) as promocion_id, min(vp.nombre) as nombre, vp.venta_id, vp.factura_id, sum(vp.ahorro)::bigint as ahorro
    from venta_promocion vp join v on v.id_venta = vp.venta_id
    where vp.tienda_id = ${ctx.tiendaId}
    group by 1, vp.venta_id, vp.factura_id
  ),
  l as (
    -- Units are counted for lines sold by unit (packs as their units); a weighed line counts as a line.
    select f.id_factura, f.venta_id,
      case when coalesce(f.unidad_dian, p.unidad_dian, '94') = '94' then f.cantidad * f.factor else 0 end as unidades,
      linea_bruto(f.precio, f.cantidad, f.importe)::bigint as bruto, f.descuento,
      round(f.cantidad * coalesce(f.costo_unit, f.factor * p.costo_promedio))::bigint as costo,
      (coalesce(f.costo_unit, p.costo_promedio) is null) as sin_costo
    from factura f join producto p on p.id_producto = f.producto_id
    where f.tienda_id = ${ctx.tiendaId} and f.id_factura in (select factura_id from pl)
  ),
  tot as (
    select (select count(distinct clave) from pl) as promociones, count(distinct l.venta_id) as ventas, count(*) as lineas,
      coalesce(sum(l.unidades), 0) as unidades, coalesce(sum(l.bruto), 0) as bruto, (select coalesce(sum(ahorro), 0) from pl) as ahorro,
      coalesce(sum(l.bruto - l.descuento), 0) as neto, coalesce(sum(l.costo) filter (where not l.sin_costo), 0) as costo,
      coalesce(sum(l.bruto - l.descuento) filter (where not l.sin_costo), 0) as neto_conocido, coalesce(sum(l.bruto) filter (where not l.sin_costo), 0) as bruto_conocido,
      count(*) filter (where l.sin_costo) as sin_costo
    from l
  )`;

export interface TotalesPromociones {
  promociones: number;
  ventas: number;
  lineas: number;
  unidades: number;
  bruto: number;
  ahorro: number;
  neto: number;
  /** Over the lines with a known cost (as cifras.ts says a period's margin), and without the promotions. */
  margen: number;
  margenSinPromocion: number;
  /** The share of the net with a known cost, 0–100; null with no line. */
  costoConocido: number | null;
}

const totalesDe = (x: Record<string, unknown>): TotalesPromociones => ({
  promociones: n(x.promociones),
  ventas: n(x.ventas),
  lineas: n(x.lineas),
  unidades: n(x.unidades),
  bruto: n(x.bruto),
  ahorro: n(x.ahorro),
  neto: n(x.neto),
  margen: n(x.neto_conocido) - n(x.costo),
  margenSinPromocion: n(x.bruto_conocido) - n(x.costo),
  costoConocido: n(x.lineas) === 0 ? null : n(x.sin_costo) === 0 ? 100 : n(x.neto) > 0 ? Math.round((n(x.neto_conocido) / n(x.neto)) * 100) : 0,
});

/** Next to the margin: the share of known cost when some is missing (cifras.ts), else the margin without the promotions. */
const detalleMargen = (t: TotalesPromociones) =>
  t.costoConocido == null ? null : t.costoConocido === 0 ? R.sinCostoConocido : t.costoConocido < 100 ? R.costoConocido(t.costoConocido) : R.margenSinPromocion(t.margenSinPromocion);

/** The period's promotions added up (the comparison period's figures). */
async function totalesPromociones(ctx: Ctx, r: Rango): Promise<TotalesPromociones> {
  const [x] = await filas(ctx.db, sql`with ${lineasDePromociones(ctx, r)} select * from tot`);
  return totalesDe(x!);
}

/** Rounded to one decimal, null when there is no base. */
const pct = (parte: number | null, base: number) => (parte == null || base === 0 ? null : Math.round((parte / base) * 1000) / 10);

export async function ventasPorPromocion(ctx: Ctx, r: Rango, ant: Rango): Promise<TReporte> {
  const dentro = ctx.completo ? sql`true` : sql`x.puesto <= ${FILAS_EN_PANTALLA}`;
  const rows = await filas(
    ctx.db,
    sql`
    with ${lineasDePromociones(ctx, r)},
    g as (
      select pl.clave, coalesce((select pr.nombre from promocion pr where pr.id_promocion = min(pl.promocion_id) and pr.tienda_id = ${ctx.tiendaId}), min(pl.nombre)) as nombre,
        count(distinct pl.venta_id) as ventas, count(*) as lineas, sum(l.unidades) as unidades, sum(l.bruto) as bruto, sum(pl.ahorro) as ahorro,
        sum(l.bruto - l.descuento) as neto, sum(l.costo) as costo, count(*) filter (where l.sin_costo) as sin_costo
      from pl join l on l.id_factura = pl.factura_id
      group by pl.clave
    ),
    o as (select g.*, row_number() over (order by g.ahorro desc, g.neto desc, g.clave) as puesto from g)
    select tot.*, x.clave, x.nombre as promocion, x.ventas as g_ventas, x.lineas as g_lineas, x.unidades as g_unidades, x.bruto as g_bruto,
      x.ahorro as g_ahorro, x.neto as g_neto, x.costo as g_costo, x.sin_costo as g_sin_costo, x.puesto
    from tot left join o x on ${dentro}
    order by x.puesto`,
  );
  const t = totalesDe(rows[0]!);
  const a = await totalesPromociones(ctx, ant);
  const grupos = rows
    .filter((x) => x.puesto != null)
    .map((x) => {
      const neto = n(x.g_neto);
      const bruto = n(x.g_bruto);
      const costo = n(x.g_sin_costo) > 0 ? null : n(x.g_costo);
      const margen = costo == null ? null : neto - costo;
      const margenSin = costo == null ? null : bruto - costo;
      return {
        puesto: n(x.puesto),
        promocion: s(x.promocion),
        ventas: n(x.g_ventas),
        lineas: n(x.g_lineas),
        unidades: n(x.g_unidades),
        bruto,
        ahorro: n(x.g_ahorro),
        neto,
        costo,
        margen,
        margenPorcentaje: pct(margen, neto),
        margenSinPromocion: margenSin,
        margenSinPorcentaje: pct(margenSin, bruto),
        participacion: t.ahorro === 0 ? 0 : Math.round((n(x.g_ahorro) / t.ahorro) * 1000) / 10,
      };
    });
  const top = grupos.slice(0, 10);
  return reporte('promociones', r, {
    anterior: ant,
    indicadores: [
      ind('promociones', 'entero', t.promociones, a.promociones),
      ind('ventasConPromocion', 'entero', t.ventas, a.ventas),
      ind('ahorro', 'dinero', t.ahorro, a.ahorro),
      ind('netoPromociones', 'dinero', t.neto, a.neto),
      { ...ind('margen', 'dinero', t.margen, a.margen), detalle: detalleMargen(t) },
    ],
    grafico: top.length
      ? { tipo: 'barrasH', titulo: R.graficos.ahorroPorPromocion, etiquetas: top.map((x) => x.promocion), series: [{ nombre: R.graficos.actual, datos: top.map((x) => x.ahorro) }], tipoValor: 'dinero' }
      : null,
    tablas: [
      tablaCortada(
        ctx,
        t.promociones,
        R.informes.promociones.titulo,
        [
          col('puesto', C.puesto, 'entero'),
          col('promocion', C.promocion),
          col('ventas', C.ventas, 'entero'),
          col('lineas', C.lineas, 'entero'),
          col('unidades', C.unidades, 'entero'),
          col('bruto', C.brutoSinPromocion, 'dinero'),
          col('ahorro', C.ahorro, 'dinero'),
          col('neto', C.neto, 'dinero'),
          col('costo', C.costo, 'dinero'),
          col('margen', C.margen, 'dinero'),
          col('margenPorcentaje', C.margenPorcentaje, 'porcentaje'),
          col('margenSinPromocion', C.margenSinPromocion, 'dinero'),
          col('margenSinPorcentaje', C.margenSinPorcentaje, 'porcentaje'),
          col('participacion', C.participacionAhorro, 'porcentaje'),
        ],
        grupos,
      ),
    ],
    nota: R.notas.promociones,
  });
}
