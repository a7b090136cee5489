import { sql } from 'drizzle-orm';
import type { Rango } from '#shared/periodo';
import type { TReporte } from '#shared/schemas/reportes';
import { sqlPlegado as plegar, tablaDe, RESUMEN_LISTA_DIA } from '../../db/resumenes';
import { conResumenesBloqueados } from '../../db/bloqueo-resumen';
import { R, C, type Ctx, n, s, filas, col, ind, ventasDe, tablaCortada, reporte, FILAS_EN_PANTALLA } from './comun';
import { hayQuePlegar } from './reportes.resumen';

/**
 * *Ventas por lista de precios* (issue #59 point 4, ADR 047): per price list, the period's sales made
 * at it (each line records the list that priced it, its name and its price without the list:
 * migration 0085, written by venta_registrar), their lines and units, their gross at the normal price,
 * the difference to what the list charged (what the list cost the shop), the lines' discounts, what
 * was charged, cost, margin and the margin at the normal price. Ranked (difference, then charged, then
 * key) and cut in the database with the totals in the same statement (ADR 046).
 *
 * The sales no list priced are one more row, *Sin lista*, always last: the owner reads a list's margin
 * % against the normal customers', and the rows add up to the period's sales as *Por producto* counts
 * them (line discounts off, returns off). A deleted list (id null) is kept by its name.
 *
 * Annulled sales never count. Returns count on their own day, person and shift (as *Por producto*):
 * a returned quantity q of a line takes off its units, q × the normal price from the gross, q × (normal
 * − list price) from the difference, the value refunded from what was charged, and the rest of
 * q × the list price from the discounts (the returned part of the line's discount), so that gross −
 * difference − discounts = charged holds for every row; its cost comes off when the units went back to
 * stock (merma stays a cost).
 */
const lineasPorLista = (ctx: Ctx, r: Rango) => sql`
  l as (
    select case when f.lista_precio_id is not null then f.lista_precio_id::text when f.lista_nombre is not null then 'x:' || f.lista_nombre else '' end as clave,
      f.lista_precio_id, f.lista_nombre, f.venta_id, 1 as linea,
      -- Units are counted for lines sold by unit (packs as their units); a weighed line counts as a line.
      case when coalesce(f.unidad_dian, p.unidad_dian, '94') = '94' then f.cantidad * f.factor else 0 end as unidades,
      linea_bruto(coalesce(f.precio_base, f.precio), f.cantidad, f.importe)::bigint as base,
      linea_bruto(f.precio, f.cantidad, f.importe)::bigint as bruto,
      f.descuento,
      round(f.cantidad * coalesce(f.costo_unit, f.factor * p.costo_promedio))::bigint as costo,
      (coalesce(f.costo_unit, p.costo_promedio) is null) as sin_costo
    from factura f join venta v on v.id_venta = f.venta_id join producto p on p.id_producto = f.producto_id
    where f.tienda_id = ${ctx.tiendaId} and ${ventasDe(ctx, r)} and v.estado <> 'Anulada'
    union all
    select case when f.lista_precio_id is not null then f.lista_precio_id::text when f.lista_nombre is not null then 'x:' || f.lista_nombre else '' end,
      f.lista_precio_id, f.lista_nombre, null, 0,
      case when coalesce(f.unidad_dian, p.unidad_dian, '94') = '94' then -dl.cantidad * f.factor else 0 end,
      -round(dl.cantidad * coalesce(f.precio_base, f.precio))::bigint,
      -round(dl.cantidad * f.precio)::bigint,
      -(round(dl.cantidad * f.precio)::bigint - dl.valor),
      case when dl.destino = 'inventario' then -round(dl.cantidad * coalesce(f.costo_unit, f.factor * p.costo_promedio))::bigint else 0 end,
      (dl.destino = 'inventario' and coalesce(f.costo_unit, p.costo_promedio) is null)
    from devolucion_linea dl join devolucion d on d.id_devolucion = dl.devolucion_id
    join factura f on f.id_factura = dl.factura_id join producto p on p.id_producto = dl.producto_id
    where dl.tienda_id = ${ctx.tiendaId} and ${ventasDe(ctx, r, sql`d`)}
  ),
  tot as (
    -- The lists' figures (Sin lista apart): what the indicators show.
    select count(distinct l.clave) filter (where l.clave <> '') as listas,
      count(distinct l.venta_id) filter (where l.clave <> '') as ventas,
      coalesce(sum(l.base - l.bruto) filter (where l.clave <> ''), 0) as diferencia,
      coalesce(sum(l.bruto - l.descuento) filter (where l.clave <> ''), 0) as cobrado,
      coalesce(sum(l.bruto - l.descuento) filter (where l.clave <> '' and not l.sin_costo), 0) as cobrado_conocido,
      coalesce(sum(l.base - l.bruto) filter (where l.clave <> '' and not l.sin_costo), 0) as diferencia_conocida,
      coalesce(sum(l.costo) filter (where l.clave <> '' and not l.sin_costo), 0) as costo,
      count(*) filter (where l.clave <> '' and l.sin_costo) as sin_costo,
      count(*) filter (where l.clave <> '') as filas,
      (select count(distinct clave) from l) as grupos
    from l
  ),
  g as (
    select l.clave, case when l.clave = '' then ${R.sinLista}
        else coalesce((select lp.nombre from lista_precio lp where lp.id_lista_precio = min(l.lista_precio_id) and lp.tienda_id = ${ctx.tiendaId}), min(l.lista_nombre)) end as nombre,
      count(distinct l.venta_id) as ventas, sum(l.linea) as lineas, sum(l.unidades) as unidades, sum(l.base) as base, sum(l.base - l.bruto) as diferencia,
      sum(l.descuento) as descuentos, sum(l.bruto - l.descuento) as cobrado, sum(l.costo) as costo, count(*) filter (where l.sin_costo) as sin_costo
    from l
    group by l.clave
  )`;

/**
 * The same `tot` and `g` from the lists' summary (`resumen_lista_dia`, issue #55 point 2): its rows of
 * the period per key (a key whose sums are all zero has no line left), with the period's returns read
 * line by line as above. Only for a period whose lines all kept their cost (`listasResumibles`): a line
 * that kept none takes its product's current average, which only the line knows. A sale is at one list
 * at most (venta_registrar prices the whole sale at its customer's list), so the lists' sales add up.
 */
const resumenPorLista = (ctx: Ctx, r: Rango) => sql`
  s as (
    select x.clave, sum(x.ventas) as ventas, sum(x.lineas) as lineas, sum(x.unidades) as unidades, sum(x.base) as base, sum(x.bruto) as bruto,
      sum(x.descuentos) as descuentos, sum(x.costo) as costo
    from resumen_lista_dia x
    where x.tienda_id = ${ctx.tiendaId} and x.dia between ${r.desde}::date and ${r.hasta}::date
    group by x.clave
    having sum(x.lineas) <> 0
  ),
  l as (
    select s.clave, s.ventas, s.lineas, s.unidades, s.base, s.bruto, s.descuentos as descuento, s.costo, 0 as sin_costo,
      s.bruto - s.descuentos as cobrado_conocido, s.base - s.bruto as diferencia_conocida, s.costo as costo_conocido, s.lineas as filas
    from s
    union all
    select case when f.lista_precio_id is not null then f.lista_precio_id::text when f.lista_nombre is not null then 'x:' || f.lista_nombre else '' end,
      0, 0, x.unidades, x.base, x.bruto, x.descuento, x.costo, case when x.sin_costo then 1 else 0 end,
      case when x.sin_costo then 0 else x.bruto - x.descuento end, case when x.sin_costo then 0 else x.base - x.bruto end, case when x.sin_costo then 0 else x.costo end, 1
    from devolucion_linea dl join devolucion d on d.id_devolucion = dl.devolucion_id
    join factura f on f.id_factura = dl.factura_id join producto p on p.id_producto = dl.producto_id
    cross join lateral (select
      case when coalesce(f.unidad_dian, p.unidad_dian, '94') = '94' then -dl.cantidad * f.factor else 0 end as unidades,
      -round(dl.cantidad * coalesce(f.precio_base, f.precio))::bigint as base,
      -round(dl.cantidad * f.precio)::bigint as bruto,
      -(round(dl.cantidad * f.precio)::bigint - dl.valor) as descuento,
      case when dl.destino = 'inventario' then -round(dl.cantidad * coalesce(f.costo_unit, f.factor * p.costo_promedio))::bigint else 0 end as costo,
      (dl.destino = 'inventario' and coalesce(f.costo_unit, p.costo_promedio) is null) as sin_costo) x
    where dl.tienda_id = ${ctx.tiendaId} and ${ventasDe(ctx, r, sql`d`)}
  ),
  tot as (
    select count(distinct l.clave) filter (where l.clave <> '') as listas,
      coalesce(sum(l.ventas) filter (where l.clave <> ''), 0) as ventas,
      coalesce(sum(l.base - l.bruto) filter (where l.clave <> ''), 0) as diferencia,
      coalesce(sum(l.bruto - l.descuento) filter (where l.clave <> ''), 0) as cobrado,
      coalesce(sum(l.cobrado_conocido) filter (where l.clave <> ''), 0) as cobrado_conocido,
      coalesce(sum(l.diferencia_conocida) filter (where l.clave <> ''), 0) as diferencia_conocida,
      coalesce(sum(l.costo_conocido) filter (where l.clave <> ''), 0) as costo,
      coalesce(sum(l.sin_costo) filter (where l.clave <> ''), 0) as sin_costo,
      coalesce(sum(l.filas) filter (where l.clave <> ''), 0) as filas,
      (select count(distinct clave) from l) as grupos
    from l
  ),
  g as (
    select l.clave, case when l.clave = '' then ${R.sinLista}
        else coalesce((select lp.nombre from lista_precio lp where lp.id_lista_precio = (case when l.clave ~ '^[0-9]+$' then l.clave::integer end) and lp.tienda_id = ${ctx.tiendaId}),
          case when l.clave like 'x:%' then substr(l.clave, 3) end) end as nombre,
      sum(l.ventas) as ventas, sum(l.lineas) as lineas, sum(l.unidades) as unidades, sum(l.base) as base, sum(l.base - l.bruto) as diferencia,
      sum(l.descuento) as descuentos, sum(l.bruto - l.descuento) as cobrado, sum(l.costo) as costo, sum(l.sin_costo) as sin_costo
    from l
    group by l.clave
  )`;

/**
 * Whether the period `r` reads the lists' summary: not for the direct reference, nor narrowed to a
 * person or shift (the summary is per store and day), nor when a line of it kept no cost. Folds the
 * period's rows first when they outnumber their keys (ADR 017).
 */
async function listasResumibles(ctx: Ctx, r: Rango): Promise<boolean> {
  if (ctx.directo || ctx.f.usuarioId != null || ctx.f.turnoId != null) return false;
  const enDias = sql`tienda_id = ${ctx.tiendaId} and dia between ${r.desde}::date and ${r.hasta}::date`;
  const [c] = await filas(ctx.db, sql`select count(*)::int as filas, count(distinct (dia, clave))::int as claves, coalesce(sum(sin_costo), 0)::int as sin_costo from resumen_lista_dia where ${enDias}`);
  if (n(c!.sin_costo) !== 0) return false;
  if (hayQuePlegar(n(c!.filas), n(c!.claves))) await conResumenesBloqueados(ctx.db, ctx.tiendaId, async (tx) => {
      await tx.execute(plegar(tablaDe(RESUMEN_LISTA_DIA), enDias));
    });
  return true;
}

/** The period's `tot` and `g`: from the summary when it can, else from every line. */
const fuentePorLista = async (ctx: Ctx, r: Rango) => ((await listasResumibles(ctx, r)) ? resumenPorLista(ctx, r) : lineasPorLista(ctx, r));

export interface TotalesListas {
  listas: number;
  ventas: number;
  diferencia: number;
  cobrado: number;
  /** Over the lines with a known cost (as cifras.ts says a period's margin), and at the normal price. */
  margen: number;
  margenPrecioBase: number;
  /** The share of what was charged with a known cost, 0–100; null with no line at a list. */
  costoConocido: number | null;
}

const totalesDe = (x: Record<string, unknown>): TotalesListas => ({
  listas: n(x.listas),
  ventas: n(x.ventas),
  diferencia: n(x.diferencia),
  cobrado: n(x.cobrado),
  margen: n(x.cobrado_conocido) - n(x.costo),
  margenPrecioBase: n(x.cobrado_conocido) + n(x.diferencia_conocida) - n(x.costo),
  costoConocido: n(x.filas) === 0 ? null : n(x.sin_costo) === 0 ? 100 : n(x.cobrado) > 0 ? Math.round((n(x.cobrado_conocido) / n(x.cobrado)) * 100) : 0,
});

/** Next to the margin: the share of known cost when some is missing (cifras.ts), else the margin at the normal price. */
const detalleMargen = (t: TotalesListas) =>
  t.costoConocido == null ? null : t.costoConocido === 0 ? R.sinCostoConocido : t.costoConocido < 100 ? R.costoConocido(t.costoConocido) : R.margenPrecioBase(t.margenPrecioBase);

/** Rounded to one decimal, null when there is no base. */
const pct = (parte: number | null, base: number) => (parte == null || base === 0 ? null : Math.round((parte / base) * 1000) / 10);

export async function ventasPorLista(ctx: Ctx, r: Rango, ant: Rango): Promise<TReporte> {
  const dentro = ctx.completo ? sql`true` : sql`x.puesto <= ${FILAS_EN_PANTALLA}`;
  const rows = await filas(
    ctx.db,
    sql`
    with ${await fuentePorLista(ctx, r)},
    o as (select g.*, row_number() over (order by g.clave = '', g.diferencia desc, g.cobrado desc, g.clave) as puesto from g)
    select tot.*, x.clave, x.nombre as lista, x.ventas as g_ventas, x.lineas as g_lineas, x.unidades as g_unidades, x.base as g_base,
      x.diferencia as g_diferencia, x.descuentos as g_descuentos, x.cobrado as g_cobrado, x.costo as g_costo, x.sin_costo as g_sin_costo, x.puesto
    from tot left join o x on ${dentro}
    order by x.puesto`,
  );
  const t = totalesDe(rows[0]!);
  const [xa] = await filas(ctx.db, sql`with ${await fuentePorLista(ctx, ant)} select * from tot`);
  const a = totalesDe(xa!);
  const grupos = rows
    .filter((x) => x.puesto != null)
    .map((x) => {
      const cobrado = n(x.g_cobrado);
      const diferencia = n(x.g_diferencia);
      const costo = n(x.g_sin_costo) > 0 ? null : n(x.g_costo);
      const margen = costo == null ? null : cobrado - costo;
      const margenBase = margen == null ? null : margen + diferencia;
      return {
        puesto: n(x.puesto),
        lista: s(x.lista),
        ventas: n(x.g_ventas),
        lineas: n(x.g_lineas),
        unidades: n(x.g_unidades),
        base: n(x.g_base),
        diferencia,
        descuentos: n(x.g_descuentos),
        cobrado,
        costo,
        margen,
        margenPorcentaje: pct(margen, cobrado),
        margenPrecioBase: margenBase,
        margenPrecioBasePorcentaje: pct(margenBase, cobrado + diferencia),
      };
    });
  // The chart: the lists alone (Sin lista costs nothing), ranked first.
  const top = grupos.filter((_, i) => s(rows[i]!.clave) !== '').slice(0, 10);
  return reporte('listas-precios', r, {
    anterior: ant,
    indicadores: [
      ind('listas', 'entero', t.listas, a.listas),
      ind('ventasConLista', 'entero', t.ventas, a.ventas),
      ind('costoListas', 'dinero', t.diferencia, a.diferencia),
      ind('cobradoConLista', 'dinero', t.cobrado, a.cobrado),
      { ...ind('margen', 'dinero', t.margen, a.margen), detalle: detalleMargen(t) },
    ],
    grafico: top.length
      ? { tipo: 'barrasH', titulo: R.graficos.diferenciaPorLista, etiquetas: top.map((x) => x.lista), series: [{ nombre: R.graficos.actual, datos: top.map((x) => x.diferencia) }], tipoValor: 'dinero' }
      : null,
    tablas: [
      tablaCortada(
        ctx,
        n(rows[0]!.grupos),
        R.informes['listas-precios'].titulo,
        [
          col('puesto', C.puesto, 'entero'),
          col('lista', C.lista),
          col('ventas', C.ventas, 'entero'),
          col('lineas', C.lineas, 'entero'),
          col('unidades', C.unidades, 'entero'),
          col('base', C.brutoPrecioBase, 'dinero'),
          col('diferencia', C.diferenciaLista, 'dinero'),
          col('descuentos', C.descuentos, 'dinero'),
          col('cobrado', C.cobrado, 'dinero'),
          col('costo', C.costo, 'dinero'),
          col('margen', C.margen, 'dinero'),
          col('margenPorcentaje', C.margenPorcentaje, 'porcentaje'),
          col('margenPrecioBase', C.margenPrecioBase, 'dinero'),
          col('margenPrecioBasePorcentaje', C.margenPrecioBasePorcentaje, 'porcentaje'),
        ],
        grupos,
      ),
    ],
    nota: R.notas.listas,
  });
}
