import { sql, type SQL } from 'drizzle-orm';
import { deMilesimas, type TotalesMedida } from '#shared/cantidad';
import { MEDIDAS, UNIDADES, unidadesDe as unidadesDeMedida } from '#shared/unidades';
import type { Rango } from '#shared/periodo';
import type { TReporte } from '#shared/schemas/reportes';
import type { Db } from '../../db/client';
import { productosEnPeriodos, productosResumidos, productosResumidosDe } from './reportes.resumen';
import { R, C, type Ctx, n, s, filas, col, ind, hoyEnTienda, ventasDe, categoriaDe, tablaCortada, reporte, FILAS_EN_PANTALLA } from './comun';
import { COLUMNA_MEDIDA, indicadoresDeMedidas } from './cantidades';
import { cifrasDeAgregado, conCostoConocido, indicadorMargen, type AgregadoProductos } from './cifras';
import { ventasPorDia, sumar } from './resumen-ventas';

/** *Por producto* and *Por categoría*: units, gross, discounts, net, cost and margin per group. */

/**
 * Units, gross, the lines' discounts, returns and net (Σ price × quantity − the line's discount − the
 * returned value) per product or category. Returns count on their own day, person and shift, as in
 * *Resumen de ventas* and the closes (issue #52): their units and pesos come off the product's, and
 * the cost of units back in stock comes off its cost (a unit written off as merma stays a cost).
 */
/**
 * The store's products sold in `r`, one row per product (producto_id, cantidad, bruto, descuentos,
 * costo, sin_costo, devuelto, and the product's nombre, categoria and unidad_dian), as a subquery: units, gross, the lines' discounts, returns and cost.
 * Everything that ranks, cuts or adds them up does it in the same statement (ADR 046): no report
 * ships every product sold to TypeScript.
 */
async function lineasDeProductos(ctx: Ctx, r: Rango): Promise<SQL> {
  return lineas(await fuentesDeProductos(ctx, r));
}

/** Whether the products' summaries can answer (ADR 035): they are per store and day, so no person or shift may narrow the sales. */
const conResumenes = (ctx: Ctx) => !ctx.directo && ctx.f.usuarioId == null && ctx.f.turnoId == null;

/** What of `r` is read line by line: its sales when the summaries cannot answer (`resumidas` false), and its returns. */
const lineaPorLinea = (ctx: Ctx, r: Rango, resumidas: boolean): Omit<Fuentes, 'resumen'> => ({
  ventas: resumidas ? null : sql`f.tienda_id = ${ctx.tiendaId} and ${ventasDe(ctx, r)}`,
  devoluciones: sql`dl.tienda_id = ${ctx.tiendaId} and ${ventasDe(ctx, r, sql`d`)}`,
});

/** Where `lineasDeProductos` reads the products sold in `r`: the sales directly or the summaries, and the returns. */
async function fuentesDeProductos(ctx: Ctx, r: Rango): Promise<Fuentes> {
  const { db, tiendaId } = ctx;
  // The whole range from the products' summaries, by month and by day (ADR 035); otherwise directly.
  const resumen = conResumenes(ctx) ? await productosResumidos(db, tiendaId, r, await hoyEnTienda(db, tiendaId)) : null;
  return { ...lineaPorLinea(ctx, r, resumen != null), resumen };
}

/**
 * The products sold in `r` by every store of an empresa (its consolidated reports, issue #56 point 4):
 * the same rows as each store's `lineasDeProductos`, from the summaries, in one subquery; `tienda_id`
 * (the product row's store) says whose. Each store's returns count on its own days in its own zone.
 */
export async function lineasDeEmpresa(db: Db, tiendas: number[], r: Rango, hoy: string): Promise<SQL> {
  const enTiendas = sql.join(tiendas.map((t) => sql`${t}`), sql`, `);
  const zona = sql`(select tz.zona_horaria from tienda tz where tz.id_tienda = d.tienda_id)`;
  return lineas({
    ventas: null,
    resumen: await productosResumidosDe(db, tiendas, r, hoy),
    devoluciones: sql`dl.tienda_id in (${enTiendas}) and d.fecha >= (${r.desde}::date::timestamp at time zone ${zona}) and d.fecha < ((${r.hasta}::date + 1)::timestamp at time zone ${zona})`,
  });
}

/**
 * The products' rows as a subquery (producto_id, cantidad, bruto, descuentos, devuelto, costo,
 * sin_costo, and the product's nombre, categoria, unidad_dian, codigo_barras, tienda_id): the sales
 * matching `ventas` read directly (conditions on `factura f` and `venta v`; none when null), the
 * summary rows `resumen`, and the returns matching `devoluciones` (on `devolucion_linea dl` and `devolucion d`).
 */
function lineas(p: Fuentes): SQL {
  return sql`(${conProducto(lineasSinProducto(p), sql`producto`)})`;
}

/** The sales read directly (conditions on `factura f` and `venta v`; none when null), the summary rows, the returns (on `devolucion_linea dl` and `devolucion d`). */
interface Fuentes {
  ventas: SQL | null;
  resumen: SQL | null;
  devoluciones: SQL;
}

/**
 * A product's cost and units without one (`costo`, `sin_costo`) once the units the summary kept no cost
 * for (`scu`) take the product `p`'s current average — or count as without cost when it has none — as
 * the columns `costo` and `sin_costo` (`suf` after each name). The one rule `lineas` and `enPeriodos` share.
 */
const alCostoPromedio = (costo: string, sinCosto: string, scu: string, suf = '') =>
  `(${costo} + round(${scu} * coalesce(p.costo_promedio, 0)))::bigint as costo${suf},
      ${sinCosto} + case when p.costo_promedio is null then ${scu} else 0 end as sin_costo${suf}`;

/**
 * `lineas`' rows of the products `l` (`lineasSinProducto`) with what their product `p` adds: the cost of
 * the units the summary kept none for, at its current average, and its name, category, unit, code and store.
 */
const conProducto = (l: SQL, p: SQL) => sql`
    select l.producto_id, l.cantidad, l.bruto, l.descuentos, l.devuelto,
      ${sql.raw(alCostoPromedio('l.costo', 'l.sin_costo', 'l.sin_costo_unit'))},
      p.nombre, p.codigo_barras, p.tienda_id, ${categoriaDe(sql`p`)} as categoria, p.unidad_dian
    from ${l} l join ${p} p on p.id_producto = l.producto_id`;

/**
 * The products' rows before their product is joined (producto_id, cantidad, bruto, descuentos, costo,
 * sin_costo, devuelto, sin_costo_unit), as a subquery: `lineas` joins each to its product (a ranking of
 * two periods reads both at once instead: `enPeriodos`).
 */
function lineasSinProducto(p: Fuentes): SQL {
  const { resumen } = p;
  return sql`(
    with directo as (${directoDe(p)}),
    resumido as (
      -- Units the summary kept no cost for (sin_costo_unit) take the product's current average below.
      select s.producto_id, sum(s.cantidad)::numeric as cantidad, sum(s.bruto)::bigint as bruto, sum(s.descuentos)::bigint as descuentos,
        sum(s.costo)::bigint as costo, 0::numeric as sin_costo, 0::bigint as devuelto, sum(s.sin_costo_unit)::numeric as sin_costo_unit
      from (${resumen ?? sql`select 0, 0, 0, 0, 0, 0 where false`}) s(producto_id, cantidad, bruto, descuentos, costo, sin_costo_unit)
      group by s.producto_id
      having sum(s.cantidad) <> 0
    ),
    devuelto as (${devueltoDe(p)})
    -- The summary's products joined to the few read line by line (the sales of a person or shift, the
    -- returns), not the ~18 000 rows of a month grouped a second time (issue #55 point 2).
    select coalesce(r.producto_id, o.producto_id) as producto_id, coalesce(r.cantidad, 0) + coalesce(o.cantidad, 0) as cantidad,
      coalesce(r.bruto, 0) + coalesce(o.bruto, 0) as bruto, coalesce(r.descuentos, 0) + coalesce(o.descuentos, 0) as descuentos,
      coalesce(r.costo, 0) + coalesce(o.costo, 0) as costo, coalesce(o.sin_costo, 0) as sin_costo, coalesce(o.devuelto, 0) as devuelto,
      coalesce(r.sin_costo_unit, 0) as sin_costo_unit
    from resumido r full join (
      select producto_id, sum(cantidad) as cantidad, sum(bruto) as bruto, sum(descuentos) as descuentos, sum(costo) as costo, sum(sin_costo) as sin_costo, sum(devuelto) as devuelto
      from (select * from directo union all select * from devuelto) u group by producto_id
    ) o on o.producto_id = r.producto_id
  )`;
}

/**
 * The sales of `p.ventas` read line by line, one row per product (producto_id, cantidad, bruto,
 * descuentos, costo, sin_costo, devuelto, sin_costo_unit): none when `p.ventas` is null.
 */
const directoDe = (p: Pick<Fuentes, 'ventas'>) => sql`
      select f.producto_id, sum(f.cantidad * f.factor)::numeric as cantidad, sum(linea_bruto(f.precio, f.cantidad, f.importe))::bigint as bruto, sum(f.descuento)::bigint as descuentos,
        -- The margin of a period (issue #32 point 6): each unit at the average cost it was sold at,
        -- or the product's current one where the line kept none; units with no cost at all are counted.
        -- Quantities are units: a pack's line is factor × packs, and its costo_unit is the pack's (ADR 033).
        sum(round(f.cantidad * coalesce(f.costo_unit, f.factor * p.costo_promedio)))::bigint as costo,
        sum(f.cantidad * f.factor) filter (where coalesce(f.costo_unit, p.costo_promedio) is null)::numeric as sin_costo,
        0::bigint as devuelto, 0::numeric as sin_costo_unit
      from factura f join venta v on v.id_venta = f.venta_id join producto p on p.id_producto = f.producto_id
      where ${p.ventas ?? sql`false`} and v.estado <> 'Anulada'
      group by f.producto_id`;

/** The returns of `p.devoluciones`, one row per product, in `directoDe`'s columns (units and cost off, the returned value). */
const devueltoDe = (p: Pick<Fuentes, 'devoluciones'>) => sql`
      -- A return line's quantity is of the sold line (packs for a pack's line), its cost the line's.
      select dl.producto_id, -sum(dl.cantidad * f.factor)::numeric as cantidad, 0::bigint as bruto, 0::bigint as descuentos,
        -coalesce(sum(round(dl.cantidad * coalesce(f.costo_unit, f.factor * p.costo_promedio))) filter (where dl.destino = 'inventario'), 0)::bigint as costo,
        -coalesce(sum(dl.cantidad * f.factor) filter (where dl.destino = 'inventario' and coalesce(f.costo_unit, p.costo_promedio) is null), 0)::numeric as sin_costo,
        sum(dl.valor)::bigint as devuelto, 0::numeric as sin_costo_unit
      from devolucion_linea dl join devolucion d on d.id_devolucion = dl.devolucion_id
      join factura f on f.id_factura = dl.factura_id join producto p on p.id_producto = dl.producto_id
      where ${p.devoluciones}
      group by dl.producto_id`;

/** A product's or group's figures as grupoDeProducto's row carries them (this report and the empresa's). */
export const cifrasDeGrupo = (x: Record<string, unknown>) => ({
  categoria: s(x.categoria),
  cantidad: n(x.cantidad),
  bruto: n(x.bruto),
  descuentos: n(x.descuentos),
  devuelto: n(x.devuelto),
  neto: n(x.neto),
});

/**
 * A product's row of *Por producto* from `lineas`' row `l`: its key (the product's id), figures and net
 * (gross − the lines' discounts − returns). The one shape each store's ranking and the empresa's share.
 */
export const grupoDeProducto = (l: SQL) =>
  sql`${l}.producto_id::text as clave, ${l}.nombre, ${l}.categoria, ${l}.unidad_dian, 1 as productos, ${l}.cantidad, ${l}.bruto, ${l}.descuentos, ${l}.devuelto,
    ${l}.bruto - ${l}.descuentos - ${l}.devuelto as neto, ${l}.costo, ${l}.sin_costo`;

/**
 * A group's place in *Por producto*'s ranking (issue #56 point 4 shares it with the empresa's): net,
 * then units, then its key (`claves`, the group's `clave` unless told), counted apart per `por` (a store) when given.
 */
export const puestoDeProducto = (g: SQL, opciones: { por?: SQL; claves?: SQL[] } = {}) =>
  sql`row_number() over (${opciones.por ? sql`partition by ${opciones.por} ` : sql``}order by ${g}.neto desc, ${g}.cantidad desc, ${sql.join(opciones.claves ?? [sql`${g}.clave`], sql`, `)})`;

/** One group (product or category) of *por producto*: its figures, and its place in the ranking. */
export interface FilaProducto {
  clave: string;
  nombre: string;
  categoria: string;
  cantidad: number;
  bruto: number;
  descuentos: number;
  devuelto: number;
  neto: number;
  productos: number;
  costo: number;
  sinCosto: number;
}

/**
 * Units, gross, the lines' discounts, returns and net (Σ price × quantity − the line's discount − the
 * returned value) per product or category, every group ranked (net, then units, then key). Returns
 * count on their own day, person and shift, as in *Resumen de ventas* and the closes (issue #52): their
 * units and pesos come off the product's, and the cost of units back in stock comes off its cost (a
 * unit written off as merma stays a cost). Every row: the direct readings (Inicio's `directo`).
 */
export async function porProducto(ctx: Ctx, r: Rango, porCategoria: boolean): Promise<FilaProducto[]> {
  return (await rankingDeProductos(ctx, r, null, porCategoria, { primeros: null })).filas;
}

/**
 * The products' figures of `r` added up in the database (ADR 046): what `cifrasDe` and the quantity
 * totals need, per product — how many, which have every unit's cost, their cost and net — and the
 * units, kilos, litres, metres, square metres and gallons sold, each apart (as `totalesPorMedida`, in
 * thousandths: a gram is a thousandth of a kilo, a centimetre a hundredth of a metre, half up).
 */
const enMedida = (p: string): string =>
  MEDIDAS.map((m) => `coalesce(sum(u.m) filter (where u.unidad in (${unidadesDeMedida(m).map((x) => `'${x}'`).join(', ')})), 0) as ${p}${COLUMNA_MEDIDA[m]}`).join(',\n    ');

/** A product's quantity `m` (thousandths) in its measure's thousandths: a gram is a thousandth of a kilo, a centimetre a hundredth of a metre, half up. */
const enSuMedida = `case u.unidad ${MEDIDAS.flatMap(unidadesDeMedida)
  .filter((x) => UNIDADES[x].porMedida !== 1)
  .map((x) => `when '${x}' then floor(m.m / ${UNIDADES[x].porMedida}.0 + 0.5)`)
  .join(' ')} else m.m end`;

/**
 * The products' figures added up. Grouped by unit first (a handful of rows), then each measure's units
 * added: one rounding per product instead of every measure's filter on every product (issue #55 point 2).
 */
const agregado = (l: SQL, p: string, porTienda = false) => sql`
  select ${porTienda ? sql`u.tienda_id, ` : sql``}coalesce(sum(u.n), 0) as ${sql.raw(`${p}productos`)}, coalesce(sum(u.con_costo), 0) as ${sql.raw(`${p}con_costo`)},
    coalesce(sum(u.costo), 0) as ${sql.raw(`${p}costo`)}, coalesce(sum(u.todo), 0) as ${sql.raw(`${p}todo`)}, coalesce(sum(u.conocido), 0) as ${sql.raw(`${p}conocido`)},
    ${sql.raw(enMedida(p))}
  from (
    select ${porTienda ? sql`u.tienda_id, ` : sql``}u.unidad, count(*) as n, count(*) filter (where u.sin_costo = 0) as con_costo,
      sum(u.costo) filter (where u.sin_costo = 0) as costo, sum(u.neto) as todo, sum(u.neto) filter (where u.sin_costo = 0) as conocido,
      sum(${sql.raw(enSuMedida)}) as m
    from (select ${porTienda ? sql`l.tienda_id, ` : sql``}coalesce(l.unidad_dian, '94') as unidad, l.sin_costo, l.costo, l.bruto - l.descuentos - l.devuelto as neto, l.cantidad from ${l} l) u
    cross join lateral (select floor(u.cantidad * 1000 + 0.5) as m) m
    group by ${porTienda ? sql`u.tienda_id, ` : sql``}u.unidad
  ) u${porTienda ? sql` group by u.tienda_id` : sql``}`;

const agregadoDe = (x: Record<string, unknown>, p: string): AgregadoProductos => ({
  productos: n(x[`${p}productos`]),
  conCosto: n(x[`${p}con_costo`]),
  costo: n(x[`${p}costo`]),
  todo: n(x[`${p}todo`]),
  conocido: n(x[`${p}conocido`]),
  ...(Object.fromEntries(MEDIDAS.map((m) => [m, deMilesimas(n(x[`${p}${COLUMNA_MEDIDA[m]}`]))])) as TotalesMedida),
});

/** The products' figures of `r`, added up in one statement (Inicio, *Cierre mensual*). */
export async function agregadoDeProductos(ctx: Ctx, r: Rango): Promise<AgregadoProductos> {
  const [x] = await filas(ctx.db, sql`with a as ${await lineasDeProductos(ctx, r)} ${agregado(sql`a`, 'a_')}`);
  return agregadoDe(x!, 'a_');
}

/**
 * The products' figures of `r` of every store of an empresa, one row per store in one statement (the
 * consolidated summary, issue #56 point 4): `agregadoDeProductos`' sums over `lineasDeEmpresa`'s rows,
 * grouped by the product's store. A store that sold nothing is absent.
 */
export async function agregadoPorTienda(db: Db, tiendas: number[], r: Rango, hoy: string): Promise<Map<number, AgregadoProductos>> {
  if (!tiendas.length) return new Map();
  const rows = await filas(db, sql`with a as ${await lineasDeEmpresa(db, tiendas, r, hoy)} ${agregado(sql`a`, 'a_', true)}`);
  return new Map(rows.map((x) => [n(x.tienda_id), agregadoDe(x, 'a_')]));
}

/** A summary row's measures, and a row read line by line's (`directoDe`'s columns), as `enPeriodos` adds them per period. */
const DEL_RESUMEN = ['cantidad', 'bruto', 'descuentos', 'costo', 'sin_costo_unit'] as const;
const DE_LINEAS = ['cantidad', 'bruto', 'descuentos', 'costo', 'sin_costo', 'devuelto'] as const;

/**
 * Each product sold or returned in any of the periods `rangos` (one to two: a report's and its
 * comparison's), one row with each period's figures side by side — `e1` (the product is in period 1),
 * `cantidad1`, `bruto1`, `descuentos1`, `devuelto1`, `costo1`, `sin_costo1`, then `e2`… — and the
 * product's `unidad_dian` (and its category). The same figures as `lineas`' rows of each period (a
 * product's summary rows count when their units do not add up to 0; the sales read line by line and the
 * returns always), but both periods' summary rows are one read grouped once (`productosEnPeriodos`),
 * and the catalogue is joined once (issue #55 point 2: each period read, grouped, joined to the
 * products of both and materialized apart was ~40 % of the statement on the embedded database).
 */
async function enPeriodos(ctx: Ctx, rangos: Rango[], conCategoria: boolean): Promise<SQL> {
  const { db, tiendaId } = ctx;
  const ks = rangos.map((_, i) => i + 1);
  const resumidas = conResumenes(ctx);
  const resumen = resumidas
    ? await productosEnPeriodos(db, tiendaId, rangos, await hoyEnTienda(db, tiendaId))
    : sql`select null::integer, null::integer, null::numeric, null::bigint, null::bigint, null::bigint, null::numeric where false`;
  const lineas = rangos.flatMap((r, i) => {
    const f = lineaPorLinea(ctx, r, resumidas);
    const k = sql.raw(String(i + 1));
    return [...(f.ventas ? [sql`select ${k} as k, d.* from (${directoDe(f)}) d`] : []), sql`select ${k} as k, d.* from (${devueltoDe(f)}) d`];
  });
  const sumas = (cols: readonly string[], pre: string) => ks.flatMap((k) => cols.map((c) => `sum(u.${c}) filter (where u.k = ${k}) as ${pre}${k}_${c}`)).join(', ');
  const figuras = ks.flatMap((k) => {
    const r = (c: string) => `case when s.r${k} then s.r${k}_${c} else 0 end`;
    const o = (c: string) => `coalesce(s.o${k}_${c}, 0)`;
    return [
      `s.r${k} or s.o${k}_n > 0 as e${k}`,
      `${r('cantidad')} + ${o('cantidad')} as cantidad${k}`,
      `(${r('bruto')} + ${o('bruto')})::bigint as bruto${k}`,
      `(${r('descuentos')} + ${o('descuentos')})::bigint as descuentos${k}`,
      `${o('devuelto')}::bigint as devuelto${k}`,
      alCostoPromedio(`${r('costo')} + ${o('costo')}`, o('sin_costo'), r('sin_costo_unit'), String(k)),
    ];
  });
  return sql`
    select s.producto_id, p.unidad_dian${conCategoria ? sql`, ${categoriaDe(sql`p`)} as categoria` : sql``}, ${sql.raw(figuras.join(',\n      '))}
    from (
      select coalesce(r.r_id, o.o_id) as producto_id, r.*, o.*, ${sql.raw(ks.map((k) => `coalesce(r.r${k}_cantidad <> 0, false) as r${k}, coalesce(o.o${k}_lineas, 0) as o${k}_n`).join(', '))}
      from (
        select u.producto_id as r_id, ${sql.raw(sumas(DEL_RESUMEN, 'r'))}
        from (${resumen}) u(k, producto_id, cantidad, bruto, descuentos, costo, sin_costo_unit) group by u.producto_id
      ) r full join (
        select u.producto_id as o_id, ${sql.raw(ks.map((k) => `count(*) filter (where u.k = ${k}) as o${k}_lineas`).join(', '))}, ${sql.raw(sumas(DE_LINEAS, 'o'))}
        from (${sql.join(lineas, sql` union all `)}) u group by u.producto_id
      ) o on o.o_id = r.r_id
    ) s join producto p on p.id_producto = s.producto_id`;
}

/**
 * Period `k`'s products of `enPeriodos`' rows `pp`, in `lineas`' columns (no name, code or store: the
 * rows shown read them), as a subquery; with `anterior`, period 2's net and units beside each (none
 * where the product was not in it, or no period 2), which a product's ranking shows without a second grouping.
 */
const delPeriodo = (k: 1 | 2, conCategoria: boolean, anterior?: 'periodo 2' | 'ninguno') =>
  sql.raw(`(select pp.producto_id, pp.cantidad${k} as cantidad, pp.bruto${k} as bruto, pp.descuentos${k} as descuentos, pp.devuelto${k} as devuelto,
      pp.costo${k} as costo, pp.sin_costo${k} as sin_costo, null::text as nombre, null::text as codigo_barras, null::integer as tienda_id,
      ${conCategoria ? 'pp.categoria' : 'null::text'} as categoria, pp.unidad_dian${
        anterior === 'periodo 2'
          ? ', case when pp.e2 then pp.bruto2 - pp.descuentos2 - pp.devuelto2 end as neto_anterior, case when pp.e2 then pp.cantidad2 end as cantidad_anterior'
          : anterior === 'ninguno'
            ? ', null::numeric as neto_anterior, null::numeric as cantidad_anterior'
            : ''
      }
    from pp where pp.e${k})`);

/**
 * The ranking of `r` cut in the database (ADR 046): the groups placed `primeros` or better (every one
 * when null) and, with `ultimos`, the last ones past the first 10 (*Cierre mensual*'s bottom 10), each
 * with its place, its net and units of `ant` (the comparison period, in the same statement), how many
 * groups each period had, the period's net over all groups, and both periods' products added up.
 */
export async function rankingDeProductos(
  ctx: Ctx,
  r: Rango,
  ant: Rango | null,
  porCategoria: boolean,
  corte: { primeros: number | null; ultimos?: number },
): Promise<{ filas: (FilaProducto & { puesto: number; unidad: string | null; netoAnterior: number; cantidadAnterior: number })[]; grupos: number; gruposAnterior: number; neto: number; actual: AgregadoProductos; anterior: AgregadoProductos | null }> {
  // A product is its own group (no grouping, no join: `l` names it); a category adds its products up.
  const porGrupo = (l: SQL) =>
    porCategoria
      ? sql`
    select l.categoria as clave, min(l.nombre) as nombre, min(l.categoria) as categoria,
      -- A category's unit is its products' when they all share one (a count of mixed things has none),
      -- of the products its row adds up: those sold or returned in the period (issue #55 point 2: the
      -- whole catalogue was grouped by category again for it, 80 ms of 400 on the embedded database).
      case when min(coalesce(l.unidad_dian, '94')) = max(coalesce(l.unidad_dian, '94')) then min(coalesce(l.unidad_dian, '94')) end as unidad_dian, count(*) as productos,
      sum(l.cantidad) as cantidad, sum(l.bruto) as bruto, sum(l.descuentos) as descuentos, sum(l.devuelto) as devuelto, sum(l.bruto - l.descuentos - l.devuelto) as neto,
      sum(l.costo) as costo, sum(l.sin_costo) as sin_costo
    from ${l} l group by l.categoria`
      : sql`select ${grupoDeProducto(sql`l`)} from ${l} l`;
  const ultimos = corte.ultimos ?? 0;
  // The rows shown: every group ranked (an export), or the first `primeros` and the last `ultimos` as
  // two top-N reads (the ranking's order and its reverse), so no sort of every group sold (ADR 046
  // addendum): the ranking is a total order (its last key is the group's), so the k-th of the reverse
  // order is in place `grupos + 1 − k`, and the first ones keep their places.
  const orden = (g: SQL, inverso = false) => (inverso ? sql`${g}.neto asc, ${g}.cantidad asc, ${g}.clave desc` : sql`${g}.neto desc, ${g}.cantidad desc, ${g}.clave`);
  const vistos =
    corte.primeros == null
      ? sql`select ga.*, ${puestoDeProducto(sql`ga`)} as puesto from ga`
      : sql`select p.*, row_number() over (order by ${orden(sql`p`)}) as puesto from (select * from ga order by ${orden(sql`ga`)} limit ${corte.primeros}) p
        ${
          ultimos > 0
            ? sql`union all
        select u.* from (select q.*, (select grupos from t) + 1 - row_number() over (order by ${orden(sql`q`, true)}) as puesto from (select * from ga order by ${orden(sql`ga`, true)} limit ${ultimos}) q) u
        where u.puesto > ${corte.primeros}`
            : sql``
        }`;
  // Both periods' products, each read once (`enPeriodos`); a period's rows are a filter of them.
  const a = delPeriodo(1, porCategoria, porCategoria ? undefined : ant ? 'periodo 2' : 'ninguno');
  const b = ant ? delPeriodo(2, porCategoria) : sql`(select * from ${delPeriodo(1, porCategoria)} a where false)`;
  const rows = await filas(
    ctx.db,
    sql`
    with pp as materialized (${await enPeriodos(ctx, ant ? [r, ant] : [r], porCategoria)}),
    ${
      porCategoria
        ? sql`ga as (${porGrupo(a)}),
    gb as (select g.clave, g.neto, g.cantidad from (${porGrupo(b)}) g),
    t as (select (select count(*) from ga) as grupos, (select count(*) from gb) as grupos_anterior, (select coalesce(sum(neto), 0) from ga) as neto_total),`
        : // A product's row carries its net and units of the period before (delPeriodo), and the
          // periods' counts and net are one read of both periods' products.
          sql`ga as (select ${grupoDeProducto(sql`l`)}, l.neto_anterior, l.cantidad_anterior from ${a} l),
    t as (select count(*) filter (where pp.e1) as grupos, ${ant ? sql`count(*) filter (where pp.e2)` : sql`0`} as grupos_anterior,
      coalesce(sum(pp.bruto1 - pp.descuentos1 - pp.devuelto1) filter (where pp.e1), 0) as neto_total from pp),`
    }
    o as (${
      porCategoria
        ? vistos
        : sql`select v.puesto, v.clave, px.nombre, ${categoriaDe(sql`px`)} as categoria, v.unidad_dian, v.productos, v.cantidad, v.bruto, v.descuentos, v.devuelto, v.neto, v.costo, v.sin_costo,
        v.neto_anterior, v.cantidad_anterior
      from (${vistos}) v join producto px on px.id_producto = v.clave::integer`
    }),
    aa as (${agregado(a, 'a_')}),
    ab as (${agregado(b, 'b_')})
    select t.*, aa.*, ab.*, x.*
    from t cross join aa cross join ab
    left join (${
      porCategoria ? sql`select o.*, gb.neto as neto_anterior, gb.cantidad as cantidad_anterior from o left join gb on gb.clave = o.clave` : sql`select o.* from o`
    }) x on true
    order by x.puesto`,
  );
  const [t] = rows;
  return {
    filas: rows
      .filter((x) => x.puesto != null)
      .map((x) => ({
        puesto: n(x.puesto),
        clave: s(x.clave),
        nombre: s(x.nombre),
        ...cifrasDeGrupo(x),
        productos: n(x.productos),
        costo: n(x.costo),
        sinCosto: n(x.sin_costo),
        unidad: x.unidad_dian == null ? null : s(x.unidad_dian),
        netoAnterior: n(x.neto_anterior),
        cantidadAnterior: n(x.cantidad_anterior),
      })),
    grupos: n(t!.grupos),
    gruposAnterior: n(t!.grupos_anterior),
    neto: n(t!.neto_total),
    actual: agregadoDe(t!, 'a_'),
    anterior: ant ? agregadoDe(t!, 'b_') : null,
  };
}

export async function productosOCategorias(ctx: Ctx, r: Rango, ant: Rango, porCategoria: boolean): Promise<TReporte> {
  // Ranked and cut in the database with the comparison period in the same statement (ADR 046): the
  // rows a screen shows (an export: every row), the totals added up there.
  const k = await rankingDeProductos(ctx, r, ant, porCategoria, { primeros: ctx.completo ? null : FILAS_EN_PANTALLA });
  const rows = k.filas;
  const neto = k.neto;
  const top = rows.slice(0, 10);
  const informe = porCategoria ? 'categorias' : 'productos';
  // Cost and margin of the period (issue #32 point 6): every report needs the `reportes` permission,
  // the one that shows costs (permisos.ts). A group with units of no known cost has no margin.
  const margenCols = [col('costo', C.costo, 'dinero'), col('margen', C.margen, 'dinero'), col('margenPorcentaje', C.margenPorcentaje, 'porcentaje')];
  const margenDe = (x: { neto: number; costo: number; sinCosto: number }) => (conCostoConocido(x) ? x.neto - x.costo : null);
  // Quantities in their unit (issue #52 point 3): each row's ("5,5 kg"), and units, kilos and litres
  // apart in the totals, counted per product (a category may hold both).
  // A group's unit comes with its row: a product's own, a category's when its products share one.
  const unidadDe = new Map(rows.map((x) => [x.clave, x.unidad]));
  const [tot, totAnt] = [k.actual, k.anterior!];
  // The period's net sales, cost and margin as every screen says them (cifras.ts, issue #52): the
  // sales' own discounts and the returns off, the cost known per product. The rows keep each group's own.
  const cifras = cifrasDeAgregado(sumar(await ventasPorDia(ctx, r)), k.actual);
  const cifrasAnt = cifrasDeAgregado(sumar(await ventasPorDia(ctx, ant)), k.anterior!);
  const cantidad = { ...col('cantidad', C.cantidad, 'entero'), unidad: 'unidad' };
  const columnas = porCategoria
    ? [col('puesto', C.puesto, 'entero'), col('categoria', C.categoria), col('productos', C.productos, 'entero'), cantidad, col('bruto', C.bruto, 'dinero'), col('descuentos', C.descuentos, 'dinero'), col('devuelto', C.devoluciones, 'dinero'), col('neto', C.neto, 'dinero'), ...margenCols, col('participacion', C.participacion, 'porcentaje'), col('netoAnterior', C.netoAnterior, 'dinero')]
    : [col('puesto', C.puesto, 'entero'), col('producto', C.producto), col('categoria', C.categoria), cantidad, col('bruto', C.bruto, 'dinero'), col('descuentos', C.descuentos, 'dinero'), col('devuelto', C.devoluciones, 'dinero'), col('neto', C.neto, 'dinero'), ...margenCols, col('participacion', C.participacion, 'porcentaje'), { ...col('cantidadAnterior', C.cantidadAnterior, 'entero'), unidad: 'unidad' }];
  return reporte(informe, r, {
    anterior: ant,
    indicadores: [
      ind('neto', 'dinero', cifras.neto, cifrasAnt.neto),
      ...indicadoresDeMedidas(tot, totAnt),
      ind(porCategoria ? 'categorias' : 'productos', 'entero', k.grupos, k.gruposAnterior),
      ind('costo', 'dinero', cifras.costo),
      indicadorMargen(cifras),
    ],
    grafico: {
      tipo: porCategoria ? 'dona' : 'barrasH',
      titulo: porCategoria ? R.graficos.topCategorias : R.graficos.topProductos,
      etiquetas: top.map((x) => (porCategoria ? x.clave : x.nombre)),
      series: [
        { nombre: R.graficos.actual, datos: top.map((x) => x.neto) },
        ...(porCategoria ? [] : [{ nombre: R.graficos.anterior, datos: top.map((x) => x.netoAnterior) }]),
      ],
      tipoValor: 'dinero',
    },
    tablas: [
      tablaCortada(
        ctx,
        k.grupos,
        R.informes[informe].titulo,
        columnas,
        rows.map((x) => ({
          puesto: x.puesto,
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
          netoAnterior: x.netoAnterior,
          cantidadAnterior: x.cantidadAnterior,
        })),
      ),
    ],
    nota: porCategoria ? null : R.notas.productos,
  });
}
