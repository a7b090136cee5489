import { sql } from 'drizzle-orm';
import type { Rango } from '#shared/periodo';
import type { TReporte } from '#shared/schemas/reportes';
import { deMilesimas, milesimasDe } from '#shared/cantidad';
import { MEDIDAS, UNIDADES, unidadDeMedida, unidadesDe } from '#shared/unidades';
import { COLUMNA_MEDIDA, MEDIDAS_APARTE } from './cantidades';
import { R, C, type Ctx, n, s, filas, col, ind, categoriaDe, limite, tabla, reporte } from './comun';

/** *Inventario*: today's stock, its value at the price, and what to reorder. */

export async function inventario(ctx: Ctx, r: Rango): Promise<TReporte> {
  const { db, tiendaId } = ctx;
  // One read of the catalogue for the totals and the page (issue #55 point 2: on the embedded database
  // each of two scans of a 100 000-product store read its ~60 MB again from the files): the columns
  // both need once, the totals over them, the page cut from them.
  const filasTodas = await filas(
    db,
    sql`with p as materialized (select p.id_producto, p.nombre, ${categoriaDe(sql`p`)} as categoria, p.stock, p.stock_min, p.precio_unit, p.unidad_dian, p.estado from producto p where p.tienda_id = ${tiendaId}),
    t as (select ${sql.raw(
      // Units, kilos, litres, metres, square metres and gallons apart, never added (issue #52 point 3, issue
      // #58 point 3); grams as kilos, millilitres as litres, centimetres as metres (the unit rule's porMedida).
      MEDIDAS.map((m) => `coalesce(sum(case p.unidad_dian ${unidadesDe(m).map((u) => `when '${u}' then p.stock / ${UNIDADES[u].porMedida}`).join(' ')} end), 0) as ${COLUMNA_MEDIDA[m]}`).join(', '),
    )},
      coalesce(sum(p.stock * p.precio_unit), 0) as valor,
      count(*) filter (where p.estado = 1 and p.stock <= p.stock_min) as por_pedir, count(*) filter (where p.stock <= 0) as agotados
    from p),
    v as (select q.*, row_number() over () as orden from (
      select p.nombre, p.categoria, p.stock, p.stock_min, p.precio_unit, p.unidad_dian, p.stock * p.precio_unit as valor
      from p order by (p.stock <= 0) desc, (p.estado = 1 and p.stock <= p.stock_min) desc, p.stock * p.precio_unit desc, p.nombre, p.id_producto ${limite(ctx)}) q)
    select t.*, v.nombre, v.categoria, v.stock, v.stock_min, v.precio_unit, v.unidad_dian, v.valor as valor_fila from t left join v on true order by v.orden`,
  );
  const t = filasTodas[0];
  const rows = filasTodas.filter((x) => x.nombre != null).map((x): Record<string, unknown> => ({ ...x, valor: x.valor_fila }));
  return reporte('inventario', r, {
    indicadores: [
      ind('valorInventario', 'dinero', n(t!.valor)),
      ind('unidadesInventario', 'entero', n(t!.unidades)),
      ...MEDIDAS_APARTE.filter((m) => n(t![COLUMNA_MEDIDA[m]])).map((m) => ({
        ...ind(`${m}Inventario`, 'entero', deMilesimas(milesimasDe(n(t![COLUMNA_MEDIDA[m]])))),
        unidad: unidadDeMedida(m),
      })),
      ind('porPedir', 'entero', n(t!.por_pedir)),
      ind('agotados', 'entero', n(t!.agotados)),
    ],
    tablas: [
      tabla(
        ctx,
        R.informes.inventario.titulo,
        // Stock and price in the product's unit: "5,5 kg", "$ 12.000/kg" (issue #52 point 3).
        [
          col('producto', C.producto),
          col('categoria', C.categoria),
          { ...col('stock', C.stock, 'entero'), unidad: 'unidad' },
          col('stockMin', C.stockMin, 'entero'),
          { ...col('precio', C.precio, 'dinero'), unidad: 'unidad' },
          col('valor', C.valor, 'dinero'),
          col('estado', C.estado),
        ],
        rows.map((x) => ({
          producto: s(x.nombre),
          categoria: s(x.categoria),
          stock: n(x.stock),
          unidad: s(x.unidad_dian),
          stockMin: n(x.stock_min),
          precio: n(x.precio_unit),
          valor: n(x.valor),
          estado: n(x.stock) <= 0 ? R.estados.agotado : n(x.stock) <= n(x.stock_min) ? R.estados.porPedir : R.estados.ok,
        })),
      ),
    ],
    nota: R.notas.inventario,
  });
}
