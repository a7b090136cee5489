import { sql, type SQL } from 'drizzle-orm';
import { clasePopularidad, type TAnalisisFiltros, type TAnalisisResponse } from '#shared/schemas/analisis';
import type { Db } from '../../db/client';
import { plegarContador } from '../../db/plegar-contador';
import { VENTA_RESUMEN_CANTIDAD } from '../../db/resumenes';
import { entreDias } from '../tienda/zona-horaria';
import { totalesPorMedida, type TotalesMedida } from '#shared/cantidad';
import { MEDIDAS } from '#shared/unidades';

interface Row {
  suma: number | string;
  n: number | string;
  populares: number | string;
  medios: number | string;
  no_populares: number | string;
  producto_id: number | null;
  nombre: string | null;
  unidad: string | null;
  cantidad: number | string | null;
}

/**
 * Units sold per product of the store (annulled sales excluded), compared with the mean of all
 * products with sales (spec §4 "Popularity"). One statement: the totals, the class counts and the
 * requested page. Classes compare cantidad·n with the sum, exactly.
 */
export async function analisisVentas(options: { db: Db; tiendaId: number; query: TAnalisisFiltros }): Promise<TAnalisisResponse> {
  const { db, tiendaId, query } = options;
  const { page, pageSize } = query;
  // The days are the store's, in its time zone.
  const filtros: SQL[] = entreDias(sql`v.fecha`, tiendaId, query.desde, query.hasta).map((c) => sql`and ${c}`);

  const rows = filtros.length === 0 ? await sinFechas(db, tiendaId, page, pageSize) : await conFechas(db, tiendaId, filtros, page, pageSize);
  const first = rows[0];
  // A numeric (units sold by weight have three decimals): kept as read for the exact comparison.
  const suma = first?.suma ?? 0;
  const n = Number(first?.n ?? 0);
  const medidas = n === 0 ? (Object.fromEntries(MEDIDAS.map((m) => [m, 0])) as TotalesMedida) : await porMedida(db, tiendaId, filtros, suma);
  return {
    items: rows
      .filter((r) => r.producto_id != null)
      .map((r) => {
        return { id: r.producto_id!, nombre: r.nombre ?? '', cantidadVendida: Number(r.cantidad), unidad: r.unidad ?? '94', clase: clasePopularidad(r.cantidad ?? 0, suma, n) };
      }),
    total: n,
    ...medidas,
    promedio: n === 0 ? 0 : Number(suma) / n,
    resumen: {
      popular: Number(first?.populares ?? 0),
      medio: Number(first?.medios ?? 0),
      noPopular: Number(first?.no_populares ?? 0),
    },
  };
}

/**
 * The totals by measure (issue #52 point 3, issue #58 point 3): what the products sold by measure
 * (kilogram, gram, litre, millilitre, metre, centimetre, square metre, gallon) sold, each in its measure
 * (totalesPorMedida); units are the rest of the sum (a pack's units counted).
 * Without dates the measured products' summary rows are read through producto_medida_idx (only the
 * store's products not sold by unit: ADR 017, nothing reads every product); with dates, the lines.
 */
async function porMedida(db: Db, tiendaId: number, filtros: SQL[], suma: number | string): Promise<TotalesMedida> {
  const crudo = (
    filtros.length === 0
      ? await db.execute(sql`
          select p.unidad_dian as unidad, sum(r.cantidad_vendida)::numeric as cantidad
          from producto p join venta_producto_resumen r on r.producto_id = p.id_producto and r.tienda_id = ${tiendaId}
          where p.tienda_id = ${tiendaId} and p.unidad_dian <> '94' and r.cantidad_vendida > 0
          group by p.unidad_dian`)
      : await db.execute(sql`
          select p.unidad_dian as unidad, sum(f.cantidad * f.factor)::numeric as cantidad
          from factura f
          join venta v on v.id_venta = f.venta_id
          join producto p on p.id_producto = f.producto_id
          where f.tienda_id = ${tiendaId} and v.tienda_id = ${tiendaId} and v.estado <> 'Anulada' and p.unidad_dian <> '94'
            ${sql.join(filtros, sql` `)}
          group by p.unidad_dian`)
  ) as unknown as { rows: { unidad: string; cantidad: string | number }[] };
  // In thousandths, exact: the quantities have at most three decimals.
  const mil = (x: string | number) => Math.round(Number(x) * 1000);
  const medidos = crudo.rows.reduce((a, r) => a + mil(r.cantidad), 0);
  // Each unit's sum as one quantity of it (its thousandths are exact), in its measure by the one rule.
  const t = totalesPorMedida(crudo.rows.map((r) => ({ cantidad: mil(r.cantidad) / 1000, unidad: r.unidad })));
  return { ...t, unidades: (mil(suma) - medidos) / 1000 };
}

/** The page: names only for the rows that can reach it (selling at least as much as the page's last row, ties included). */
const pagina = (vendidos: SQL, tiendaId: number, page: number, pageSize: number) => sql`
    select c.producto_id, c.nombre, c.unidad, c.cantidad
    from (
      select s.producto_id, s.cantidad,
        (select p.nombre from producto p where p.id_producto = s.producto_id and p.tienda_id = ${tiendaId}) as nombre,
        (select p.unidad_dian from producto p where p.id_producto = s.producto_id and p.tienda_id = ${tiendaId}) as unidad
      from (${vendidos}) s
      where s.cantidad >= coalesce((select u.cantidad from (${vendidos}) u order by u.cantidad desc offset ${page * pageSize - 1} limit 1), 0)
    ) c
    where c.nombre is not null
    order by c.cantidad desc, c.nombre, c.producto_id
    limit ${pageSize} offset ${(page - 1) * pageSize}`;

/**
 * Without a date range (issue #20, ADR 017): the totals and the class counts come from
 * venta_resumen_cantidad, how many products sold each quantity (its size follows the distinct
 * quantities, not the products), and the page from venta_producto_resumen through its
 * (tienda_id, cantidad_vendida) index, reading only the rows down to the page's last. Nothing here
 * reads every product of the store.
 */
async function sinFechas(db: Db, tiendaId: number, page: number, pageSize: number): Promise<Row[]> {
  const vendidos = sql`select r.producto_id, r.cantidad_vendida as cantidad from venta_producto_resumen r
    where r.tienda_id = ${tiendaId} and r.cantidad_vendida > 0`;
  const result = (await db.execute(sql`
    with conteo as materialized (
      select h.cantidad, sum(h.productos)::bigint as productos, count(*)::bigint as filas
      from venta_resumen_cantidad h where h.tienda_id = ${tiendaId}
      group by h.cantidad
    ),
    totales as (
      select coalesce(sum(cantidad * productos), 0)::numeric as suma, coalesce(sum(productos), 0)::bigint as n,
        coalesce(sum(filas), 0)::bigint as filas, count(*) filter (where productos <> 0)::bigint as grupos
      from conteo
    ),
    clases as (
      select
        coalesce(sum(h.productos) filter (where h.cantidad * t.n > t.suma), 0)::bigint as populares,
        coalesce(sum(h.productos) filter (where h.cantidad * t.n = t.suma), 0)::bigint as medios,
        coalesce(sum(h.productos) filter (where h.cantidad * t.n < t.suma), 0)::bigint as no_populares
      from conteo h cross join totales t
    ),
    pagina as (${pagina(vendidos, tiendaId, page, pageSize)})
    select t.suma, t.n, t.filas, t.grupos, c.populares, c.medios, c.no_populares, pg.producto_id, pg.nombre, pg.unidad, pg.cantidad
    from totales t
    cross join clases c
    left join pagina pg on true
    order by pg.cantidad desc nulls last, pg.nombre, pg.producto_id
  `)) as unknown as { rows: (Row & { filas: number | string; grupos: number | string })[] };
  const first = result.rows[0];
  // Each change of a product's quantity adds two rows (−1, +1): fold them once they outnumber the quantities.
  if (first && Number(first.filas) > 2 * Number(first.grupos) + 200) await compactarConteos(db, tiendaId);
  return result.rows;
}

/** Folds the store's rows of venta_resumen_cantidad into one per quantity (plegarContador). */
export const compactarConteos = (db: Db, tiendaId: number) => plegarContador(db, VENTA_RESUMEN_CANTIDAD, tiendaId);

/** A date range sums the lines themselves: one GROUP BY over the store's invoice lines of those days. */
async function conFechas(db: Db, tiendaId: number, filtros: SQL[], page: number, pageSize: number): Promise<Row[]> {
  const result = await db.execute(sql`
    with vendidos as (
      -- Units: a pack's line counts factor × packs (ADR 033).
      select f.producto_id, sum(f.cantidad * f.factor)::numeric as cantidad
      from factura f
      join venta v on v.id_venta = f.venta_id
      where f.tienda_id = ${tiendaId}
        and v.tienda_id = ${tiendaId}
        and v.estado <> 'Anulada'
        ${sql.join(filtros, sql` `)}
      group by f.producto_id
    ),
    totales as (
      select coalesce(sum(cantidad), 0)::numeric as suma, count(*)::bigint as n from vendidos
    ),
    clases as (
      select
        count(*) filter (where s.cantidad * t.n > t.suma)::bigint as populares,
        count(*) filter (where s.cantidad * t.n = t.suma)::bigint as medios,
        count(*) filter (where s.cantidad * t.n < t.suma)::bigint as no_populares
      from vendidos s cross join totales t
    ),
    pagina as (${pagina(sql`select * from vendidos`, tiendaId, page, pageSize)})
    select t.suma, t.n, c.populares, c.medios, c.no_populares, pg.producto_id, pg.nombre, pg.unidad, pg.cantidad
    from totales t
    cross join clases c
    left join pagina pg on true
    order by pg.cantidad desc nulls last, pg.nombre, pg.producto_id
  `);
  return (result as unknown as { rows: Row[] }).rows;
}
