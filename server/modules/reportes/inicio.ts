import { sql } from 'drizzle-orm';
import { sumarDias } from '#shared/periodo';
import type { TInicioResumen } from '#shared/schemas/reportes';
import type { Db } from '../../db/client';
import { pagosResumidos } from './reportes.resumen';
import { finDelDiaEn, inicioDelDiaEn, zonaDeTienda } from '../tienda/zona-horaria';
import { R, type Ctx, n, s, filas, ind, hoyEnTienda, ventasDe, promedio } from './comun';
import { ventasPorDia } from './resumen-ventas';
import { porMedio } from './medios-pago';
import { agregadoDeProductos, porProducto } from './por-producto';
import { cifrasDeAgregado, indicadorMargen } from './cifras';
import { indicadoresDeMedidas, unidadesDe } from './cantidades';

/** Inicio: the owner's day at a glance (issue #35 point 1), today against the same weekday last week. */

async function diaDeInicio(ctx: Ctx, dia: string) {
  const { db, tiendaId } = ctx;
  const r = { desde: dia, hasta: dia };
  const [t] = await ventasPorDia(ctx, r);
  // From the summaries (ADR 028: per hour; ADR 032: the credit ledger's cargos and abonos), today's too (ADR 037).
  const pasado = !ctx.directo;
  const horas = await filas(
    db,
    pasado
      ? sql`select s.hora::int as hora, sum(s.neto) as neto from resumen_venta_dia s where s.tienda_id = ${tiendaId} and s.dia = ${dia}::date group by 1 having sum(s.tickets) <> 0`
      : sql`select extract(hour from v.fecha at time zone ${zonaDeTienda(tiendaId)})::int as hora, sum(v.total) as neto
    from venta v where ${ventasDe(ctx, r)} and v.estado <> 'Anulada' group by 1`,
  );
  const porHora = Array.from({ length: 24 }, () => 0);
  for (const h of horas) porHora[n(h.hora)] = n(h.neto);
  const [fiado] = pasado
    ? await pagosResumidos<{ dado: number; cobrado: number }>(db, tiendaId, r, (filtro) => sql`select coalesce(sum(s.cargos), 0) as dado, coalesce(sum(s.abonos), 0) as cobrado from resumen_pago_dia s where ${filtro}`)
    : await filas(
        db,
        sql`select coalesce(sum(c.monto) filter (where c.tipo = 'cargo'), 0) as dado, coalesce(-sum(c.monto) filter (where c.tipo = 'abono'), 0) as cobrado
    from credito_movimiento c where c.tienda_id = ${tiendaId} and c.fecha >= ${inicioDelDiaEn(dia, tiendaId)} and c.fecha < ${finDelDiaEn(dia, tiendaId)}`,
      );
  // Net and margin as every report defines them (cifras.ts, issue #52): returns off, the margin with its share of known cost.
  const cifras = cifrasDeAgregado(t!, await agregadoDeProductos(ctx, r));
  return { totales: t!, cifras, porHora, medios: await porMedio(ctx, r), fiadoDado: n(fiado!.dado), fiadoCobrado: n(fiado!.cobrado) };
}

/**
 * The day's three products that sold most (units, then net; then as *por producto* lists them): three
 * rows read from the products' summary (ADR 037) instead of naming and ranking every product sold.
 */
async function masVendidosDelDia(ctx: Ctx, dia: string): Promise<{ nombre: string; cantidad: number; neto: number; unidad: string }[]> {
  // The day's returns come off, as in *Por producto* (issue #52).
  if (ctx.directo) {
    const top = (await porProducto(ctx, { desde: dia, hasta: dia }, false))
      .filter((x) => x.cantidad !== 0)
      .sort((x, y) => y.cantidad - x.cantidad || y.neto - x.neto)
      .slice(0, 3);
    // Each in its unit (issue #52 point 3): 0,204 kg of cheese, not "0".
    const unidades = await unidadesDe(ctx, top.map((x) => x.clave));
    return top.map((x) => ({ ...x, unidad: unidades.get(x.clave) ?? '94' }));
  }
  const { tiendaId } = ctx;
  const rows = await filas(
    ctx.db,
    sql`select p.nombre, p.unidad_dian as unidad, x.cantidad, x.neto from (
      select producto_id, sum(cantidad) as cantidad, sum(neto) as neto from (
        select s.producto_id, s.cantidad, s.bruto - s.descuentos as neto
        from resumen_producto_dia s where s.tienda_id = ${tiendaId} and s.dia = ${dia}::date
        union all
        select dl.producto_id, -(dl.cantidad * f.factor), -dl.valor
        from devolucion_linea dl join devolucion d on d.id_devolucion = dl.devolucion_id join factura f on f.id_factura = dl.factura_id
        where dl.tienda_id = ${tiendaId} and d.fecha >= ${inicioDelDiaEn(dia, tiendaId)} and d.fecha < ${finDelDiaEn(dia, tiendaId)}
      ) u group by 1 having sum(cantidad) <> 0
    ) x join producto p on p.id_producto = x.producto_id
    order by x.cantidad desc, x.neto desc, x.producto_id::text
    limit 3`,
  );
  return rows.map((x) => ({ nombre: s(x.nombre), cantidad: n(x.cantidad), neto: n(x.neto), unidad: s(x.unidad) }));
}

/** Today against the same weekday last week, for the owner's Inicio (roles 1 and 3). */
export async function resumenDeInicio(options: { db: Db; tiendaId: number; directo?: boolean }): Promise<TInicioResumen> {
  const { db, tiendaId } = options;
  const ctx: Ctx = { db, tiendaId, f: { periodo: 'hoy', dias: 30 }, completo: false, directo: options.directo };
  const hoy = await hoyEnTienda(db, tiendaId);
  const antes = sumarDias(hoy, -7);
  const h = await diaDeInicio(ctx, hoy);
  const a = await diaDeInicio(ctx, antes);
  const top = await masVendidosDelDia(ctx, hoy);
  const [otros] = await filas(
    db,
    sql`select (select count(*) from producto p where p.tienda_id = ${tiendaId} and p.estado = 1 and p.stock <= p.stock_min) as por_pedir,
      (select count(*) from turno t where t.tienda_id = ${tiendaId} and t.cerrado_en is null) as abiertos`,
  );
  const medios = new Map<number, { medio: string; monto: number; anterior: number }>();
  for (const m of h.medios) medios.set(m.id, { medio: m.medio, monto: m.monto, anterior: 0 });
  for (const m of a.medios) {
    const x = medios.get(m.id) ?? medios.set(m.id, { medio: m.medio, monto: 0, anterior: 0 }).get(m.id)!;
    x.anterior = m.monto;
  }
  return {
    hoy,
    comparadoCon: antes,
    indicadores: [
      ind('neto', 'dinero', h.cifras.neto, a.cifras.neto),
      indicadorMargen(h.cifras, a.cifras),
      ind('tickets', 'entero', h.totales.tickets, a.totales.tickets),
      ind('ticketPromedio', 'dinero', promedio(h.totales.vendido, h.totales.tickets), promedio(a.totales.vendido, a.totales.tickets)),
      ind('fiadoDado', 'dinero', h.fiadoDado, a.fiadoDado),
      ind('fiadoCobrado', 'dinero', h.fiadoCobrado, a.fiadoCobrado),
      // What was sold by measure (kilos, litres, metres, m², gallons), each apart and with its unit, when
      // the store sold any today or that weekday last week (issue #58 point 3): "52,5 m" for a ferretería.
      ...indicadoresDeMedidas(h.totales, a.totales, false),
    ],
    porHora: {
      tipo: 'barras',
      titulo: R.inicio.porHora,
      etiquetas: Array.from({ length: 24 }, (_, i) => `${i}h`),
      series: [
        { nombre: R.inicio.hoy, datos: h.porHora },
        { nombre: R.inicio.semanaPasada, datos: a.porHora },
      ],
      tipoValor: 'dinero',
    },
    porMedio: [...medios.values()].sort((x, y) => y.monto - x.monto),
    top: top.map((x) => ({ producto: x.nombre, cantidad: x.cantidad, neto: x.neto, unidad: x.unidad })),
    porPedir: n(otros!.por_pedir),
    turnosAbiertos: n(otros!.abiertos),
  };
}
