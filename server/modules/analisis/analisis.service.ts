import { sql, type SQL } from 'drizzle-orm';
import { clasePopularidad, type TAnalisisFiltros, type TAnalisisResponse } from '#shared/schemas/analisis';
import type { Db } from '../../db/client';
import { entreDias } from '../tienda/zona-horaria';

interface Row {
  suma: number | string;
  n: number | string;
  populares: number | string;
  medios: number | string;
  no_populares: number | string;
  producto_id: number | null;
  nombre: string | null;
  cantidad: number | string | null;
}

/**
 * Units sold per product of the store (annulled sales excluded), compared with the mean of all
 * products with sales (spec §4 "Popularity"). One statement: the GROUP BY runs once over the
 * store's invoice lines (factura_tienda_producto_idx, venta by primary key); the totals, the class
 * counts and the requested page are read from it. Classes compare cantidad·n with the sum, exactly.
 */
export async function analisisVentas(options: { db: Db; tiendaId: number; query: TAnalisisFiltros }): Promise<TAnalisisResponse> {
  const { db, tiendaId, query } = options;
  const { page, pageSize } = query;
  // The days are the store's, in its time zone.
  const filtros: SQL[] = entreDias(sql`v.fecha`, tiendaId, query.desde, query.hasta).map((c) => sql`and ${c}`);

  // Without a date range the trigger-kept summary answers at once; a range sums the lines themselves.
  const vendidos = filtros.length === 0
    ? sql`select r.producto_id, r.cantidad_vendida as cantidad from venta_producto_resumen r
          where r.tienda_id = ${tiendaId} and r.cantidad_vendida > 0`
    : sql`select f.producto_id, sum(f.cantidad)::bigint as cantidad
      from factura f
      join venta v on v.id_venta = f.venta_id
      where f.tienda_id = ${tiendaId}
        and v.tienda_id = ${tiendaId}
        and v.estado <> 'Anulada'
        ${sql.join(filtros, sql` `)}
      group by f.producto_id`;

  const result = await db.execute(sql`
    with vendidos as (${vendidos}),
    totales as (
      select coalesce(sum(cantidad), 0)::bigint as suma, count(*)::bigint as n from vendidos
    ),
    clases as (
      select
        count(*) filter (where s.cantidad * t.n > t.suma)::bigint as populares,
        count(*) filter (where s.cantidad * t.n = t.suma)::bigint as medios,
        count(*) filter (where s.cantidad * t.n < t.suma)::bigint as no_populares
      from vendidos s cross join totales t
    ),
    -- The page needs product names only for the rows that can reach it: those selling at least as
    -- much as the last row of the page (ties included), not for every product with sales.
    umbral as (
      select cantidad from vendidos order by cantidad desc offset ${page * pageSize - 1} limit 1
    ),
    pagina as (
      select c.producto_id, c.nombre, c.cantidad
      from (
        select s.producto_id, s.cantidad,
          (select p.nombre from producto p where p.id_producto = s.producto_id and p.tienda_id = ${tiendaId}) as nombre
        from vendidos s
        where s.cantidad >= coalesce((select cantidad from umbral), 0)
      ) c
      where c.nombre is not null
      order by c.cantidad desc, c.nombre, c.producto_id
      limit ${pageSize} offset ${(page - 1) * pageSize}
    )
    select t.suma, t.n, c.populares, c.medios, c.no_populares, pg.producto_id, pg.nombre, pg.cantidad
    from totales t
    cross join clases c
    left join pagina pg on true
    order by pg.cantidad desc nulls last, pg.nombre, pg.producto_id
  `);
  const rows = (result as unknown as { rows: Row[] }).rows;
  const first = rows[0];
  const suma = Number(first?.suma ?? 0);
  const n = Number(first?.n ?? 0);
  return {
    items: rows
      .filter((r) => r.producto_id != null)
      .map((r) => {
        const cantidad = Number(r.cantidad);
        return { id: r.producto_id!, nombre: r.nombre ?? '', cantidadVendida: cantidad, clase: clasePopularidad(cantidad, suma, n) };
      }),
    total: n,
    unidades: suma,
    promedio: n === 0 ? 0 : suma / n,
    resumen: {
      popular: Number(first?.populares ?? 0),
      medio: Number(first?.medios ?? 0),
      noPopular: Number(first?.no_populares ?? 0),
    },
  };
}
