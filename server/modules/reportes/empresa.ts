import { sql, type SQL } from 'drizzle-orm';
import { M } from '#shared/messages';
import type { Rango } from '#shared/periodo';
import type { TCajaAbierta, TCierreEmpresa, TCifrasTienda, TMedioTienda, TResumenEmpresa, TResumenEmpresaQuery } from '#shared/schemas/empresa';
import type { TColumna, TIndicador, TReporte, TReporteFiltros, TTabla } from '#shared/schemas/reportes';
import type { Db } from '../../db/client';
import { efectivosEsperados } from '../caja/caja.domain';
import { requireDueno, type Alcance } from '../tienda/alcance';
import { tiendasDeLaEmpresa } from '../tienda/empresa';
import { type Ctx, n, s, filas, col, hoyEnTienda, rangoDe, promedio, nombreUsuario } from './comun';
import { cifrasDeAgregado, type AgregadoProductos } from './cifras';
import { agregadoPorTienda } from './por-producto';
import { cierresDiarios } from './cierre-diario';
import { sinMedidas, sumarMedidas } from './cantidades';
import { resumidoPorMeses } from './reportes.resumen';
import { RESUMEN_PAGO_DIA, RESUMEN_VENTA_DIA } from '../../db/resumenes';

/**
 * The owner's consolidated view of every store of the empresa (issue #56 point 4, ADR 043 §5): per
 * store side by side and the empresa's total. Only the empresa's owner (`requireDueno`); the stores are
 * those of the owner's empresa, read from the session, never from the request, so another empresa's
 * stores are never named.
 *
 * The period's sales, payments, taxes and products' margin are one statement each that groups by store over the per-day
 * summaries (ADR 028/032/037: each store's calendar day is its summary's `dia`; returns by their own
 * instant inside the store's day in its zone), as each store's own report reads them. The margin is
 * `agregadoPorTienda`: `agregadoDeProductos`' sums (the one rule of cost, ADR 046) over every store's
 * products in one statement grouped by store, added up for the total. The daily
 * close is each store's own close in a fixed number of statements for all of them (`cierresDiarios`:
 * each statement every store's own query), and its figures added up.
 */
const E = M.empresa;
const C = E.columnas;

export interface TiendaDeEmpresa {
  idTienda: number;
  nombreTienda: string;
}

/** The empresa's stores, oldest first: the owner's only. */
export async function tiendasDeEmpresa(db: Db, empresaId: number): Promise<TiendaDeEmpresa[]> {
  return (await tiendasDeLaEmpresa(db, empresaId)).map((t) => ({ idTienda: t.id, nombreTienda: t.nombre }));
}

interface VentasTienda {
  idTienda: number;
  desde: string;
  tickets: number;
  bruto: number;
  descuentos: number;
  vendido: number;
  anuladas: number;
  devuelto: number;
}

/** The sales' measures the consolidated resumen reads. */
const VENTAS = ['tienda_id', 'tickets', 'bruto', 'descuentos', 'neto', 'anuladas'] as const;

/**
 * Sales per store of the empresa over each store's days `desde`..`hasta` (SQL over the store row `t`:
 * a fixed range, or each store's own today), from the sales' summary — the rows `resumen` gives
 * (store, then `VENTAS`' measures), else the store's days of `resumen_venta_dia` — and the returns
 * made in those days: the figures `ventasPorDia` reads for one store, grouped by store in one statement.
 */
async function ventasPorTienda(db: Db, empresaId: number, desde: SQL, hasta: SQL, resumen?: SQL): Promise<Map<number, VentasTienda>> {
  const rows = await filas(
    db,
    sql`select t.id_tienda, d.desde::text as desde, coalesce(v.tickets, 0) as tickets, coalesce(v.bruto, 0) as bruto, coalesce(v.descuentos, 0) as descuentos,
      coalesce(v.neto, 0) as neto, coalesce(v.anuladas, 0) as anuladas, coalesce(dv.devuelto, 0) as devuelto
    from tienda t
    cross join lateral (select ${desde} as desde, ${hasta} as hasta) d
    ${
      resumen
        ? sql`left join (
      select s.tienda_id, sum(s.tickets) as tickets, sum(s.bruto) as bruto, sum(s.descuentos) as descuentos, sum(s.neto) as neto, sum(s.anuladas) as anuladas
      from (${resumen}) s group by s.tienda_id
    ) v on v.tienda_id = t.id_tienda`
        : sql`left join lateral (
      select sum(s.tickets) as tickets, sum(s.bruto) as bruto, sum(s.descuentos) as descuentos, sum(s.neto) as neto, sum(s.anuladas) as anuladas
      from resumen_venta_dia s where s.tienda_id = t.id_tienda and s.dia between d.desde and d.hasta
    ) v on true`
    }
    left join lateral (
      select sum(x.total) as devuelto from devolucion x
      where x.tienda_id = t.id_tienda and x.fecha >= (d.desde::timestamp at time zone t.zona_horaria) and x.fecha < ((d.hasta + 1)::timestamp at time zone t.zona_horaria)
    ) dv on true
    where t.empresa_id = ${empresaId}`,
  );
  return new Map(
    rows.map((x) => [
      n(x.id_tienda),
      { idTienda: n(x.id_tienda), desde: s(x.desde), tickets: n(x.tickets), bruto: n(x.bruto), descuentos: n(x.descuentos), vendido: n(x.neto), anuladas: n(x.anuladas), devuelto: n(x.devuelto) },
    ]),
  );
}

/**
 * Each method's part of each store's sales and abonos in `r`, as *Por medio de pago* reads the payments'
 * summary: its whole months and its other days (`resumidoPorMeses`, ADR 073).
 */
async function mediosPorTienda(db: Db, tiendas: number[], r: Rango, hoy: string): Promise<Map<number, TMedioTienda[]>> {
  if (!tiendas.length) return new Map();
  const pagos = await resumidoPorMeses(db, RESUMEN_PAGO_DIA, tiendas, r, hoy, ['tienda_id', 'metodo_pago_id', 'ventas', 'monto', 'cobros', 'abonos'], sql`metodo_pago_id <> 0`);
  const rows = await filas(
    db,
    sql`select s.tienda_id, s.metodo_pago_id as id, (select m.nombre from metodo_pago m where m.id_met_pago = s.metodo_pago_id) as medio,
      sum(s.ventas) as ventas, sum(s.monto) as monto, sum(s.cobros) as cobros, sum(s.abonos) as abonos
    from (${pagos}) s
    group by s.tienda_id, s.metodo_pago_id
    having sum(s.ventas) <> 0 or sum(s.cobros) <> 0`,
  );
  const por = new Map<number, TMedioTienda[]>();
  for (const x of rows) {
    const m = { id: n(x.id), medio: s(x.medio), ventas: n(x.ventas), monto: n(x.ventas) === 0 ? 0 : n(x.monto), abonos: n(x.cobros) === 0 ? 0 : n(x.abonos) };
    (por.get(n(x.tienda_id)) ?? por.set(n(x.tienda_id), []).get(n(x.tienda_id))!).push(m);
  }
  for (const l of por.values()) l.sort((a, b) => b.monto + b.abonos - (a.monto + a.abonos) || a.id - b.id);
  return por;
}

/** Each store's taxes charged in `r` (centavos), from the taxes' summary: what its tax report adds up. */
async function impuestosPorTienda(db: Db, empresaId: number, r: Rango): Promise<Map<number, number>> {
  const rows = await filas(
    db,
    sql`select s.tienda_id, coalesce(sum(s.valor) filter (where s.impuesto <> ''), 0) as valor
    from resumen_impuesto_dia s join tienda t on t.id_tienda = s.tienda_id
    where t.empresa_id = ${empresaId} and s.dia between ${r.desde}::date and ${r.hasta}::date
    group by s.tienda_id`,
  );
  return new Map(rows.map((x) => [n(x.tienda_id), n(x.valor)]));
}

/** Every open till of the empresa's stores: who, since when, at which till, and the cash it should hold. */
async function cajasAbiertas(db: Db, empresaId: number): Promise<Map<number, TCajaAbierta[]>> {
  const rows = await filas(
    db,
    sql`select tu.id_turno, tu.tienda_id, tu.fondo_inicial, tu.abierto_en, ${nombreUsuario(sql`tu.usuario_id`)} as cajero,
      (select pv.nombre from punto_venta pv where pv.id_punto_venta = tu.punto_venta_id) as caja
    from turno tu join tienda t on t.id_tienda = tu.tienda_id
    where t.empresa_id = ${empresaId} and tu.cerrado_en is null
    order by tu.tienda_id, tu.abierto_en, tu.id_turno`,
  );
  const esperado = await efectivosEsperados(db, rows.map((x) => ({ id: n(x.id_turno), fondoInicial: n(x.fondo_inicial) })));
  const por = new Map<number, TCajaAbierta[]>();
  for (const x of rows) {
    const abiertoEn = x.abierto_en instanceof Date ? x.abierto_en.toISOString() : new Date(s(x.abierto_en)).toISOString();
    const c = { idTurno: n(x.id_turno), cajero: s(x.cajero), caja: x.caja == null ? null : s(x.caja), abiertoEn, esperado: esperado.get(n(x.id_turno)) ?? 0 };
    (por.get(n(x.tienda_id)) ?? por.set(n(x.tienda_id), []).get(n(x.tienda_id))!).push(c);
  }
  return por;
}

const FILTROS: TReporteFiltros = { periodo: 'rango', dias: 30 };
const ctxDe = (db: Db, tiendaId: number, completo = false): Ctx => ({ db, tiendaId, f: FILTROS, completo });

const NINGUNO: AgregadoProductos = { productos: 0, conCosto: 0, costo: 0, todo: 0, conocido: 0, ...sinMedidas() };
const sumarAgregados = (xs: AgregadoProductos[]): AgregadoProductos =>
  xs.reduce(
    (a, x) => ({ productos: a.productos + x.productos, conCosto: a.conCosto + x.conCosto, costo: a.costo + x.costo, todo: a.todo + x.todo, conocido: a.conocido + x.conocido, ...sumarMedidas(a, x) }),
    NINGUNO,
  );

function cifras(v: Omit<VentasTienda, 'idTienda' | 'desde'>, a: AgregadoProductos, impuestos: number, medios: TMedioTienda[]): TCifrasTienda {
  const c = cifrasDeAgregado(v, a);
  return {
    neto: c.neto,
    bruto: v.bruto,
    descuentos: v.descuentos,
    devuelto: v.devuelto,
    margen: c.margen,
    costoConocido: c.costoConocido,
    tickets: v.tickets,
    ticketPromedio: promedio(v.vendido, v.tickets),
    anuladas: v.anuladas,
    impuestos,
    medios,
  };
}

const VACIAS = { tickets: 0, bruto: 0, descuentos: 0, vendido: 0, anuladas: 0, devuelto: 0 };

/**
 * GET /api/empresa/resumen: every store of the owner's empresa over the period (its days as each
 * store's own calendar days; a preset seen from the current store's today), side by side and in total,
 * and now: each store's sales of its own today and its open tills.
 */
export async function resumenDeEmpresa(options: { db: Db; alcance: Alcance; query: TResumenEmpresaQuery }): Promise<TResumenEmpresa> {
  const { db } = options;
  const { empresaId, tiendaId } = requireDueno(options.alcance, E.soloDueno);
  const q = options.query;
  const r = await rangoDe(db, tiendaId, { periodo: q.periodo ?? 'hoy', desde: q.desde, hasta: q.hasta, dias: 30 });
  const tiendas = await tiendasDeEmpresa(db, empresaId);
  const ids = tiendas.map((t) => t.idTienda);
  // The current store's today decides only which of a month's days are read from its month row (ADR 073).
  const dia = await hoyEnTienda(db, tiendaId);
  // Each part is one statement over every store (a year of 50 stores: the months' rows and the other
  // days'); none depends on another, so they are sent at once: the pool's connections read them side by
  // side (the embedded database takes them one after the other, as before).
  const [ventas, hoy, medios, impuestos, cajas, agregados] = await Promise.all([
    ids.length
      ? resumidoPorMeses(db, RESUMEN_VENTA_DIA, ids, r, dia, VENTAS).then((q) => ventasPorTienda(db, empresaId, sql`${r.desde}::date`, sql`${r.hasta}::date`, q))
      : new Map<number, VentasTienda>(),
    ventasPorTienda(db, empresaId, sql`(now() at time zone t.zona_horaria)::date`, sql`(now() at time zone t.zona_horaria)::date`),
    mediosPorTienda(db, ids, r, dia),
    impuestosPorTienda(db, empresaId, r),
    cajasAbiertas(db, empresaId),
    agregadoPorTienda(db, ids, r, dia),
  ]);

  const porTienda = tiendas.map((t) => {
    const v = ventas.get(t.idTienda) ?? { ...VACIAS, idTienda: t.idTienda, desde: r.desde };
    const h = hoy.get(t.idTienda);
    return {
      idTienda: t.idTienda,
      nombreTienda: t.nombreTienda,
      actual: t.idTienda === tiendaId,
      ...cifras(v, agregados.get(t.idTienda) ?? NINGUNO, impuestos.get(t.idTienda) ?? 0, medios.get(t.idTienda) ?? []),
      hoy: { dia: h?.desde ?? '', neto: h ? h.bruto - h.descuentos - h.devuelto : 0, tickets: h?.tickets ?? 0 },
      cajas: cajas.get(t.idTienda) ?? [],
    };
  });

  // The empresa's total: the stores' sums, the margin as one store's rule over them, the methods merged.
  const suma = (k: keyof typeof VACIAS) => [...ventas.values()].reduce((a, x) => a + x[k], 0);
  const totalVentas = { tickets: suma('tickets'), bruto: suma('bruto'), descuentos: suma('descuentos'), vendido: suma('vendido'), anuladas: suma('anuladas'), devuelto: suma('devuelto') };
  const mediosTotal = new Map<number, TMedioTienda>();
  for (const l of medios.values())
    for (const m of l) {
      const x = mediosTotal.get(m.id) ?? mediosTotal.set(m.id, { ...m, ventas: 0, monto: 0, abonos: 0 }).get(m.id)!;
      x.ventas += m.ventas;
      x.monto += m.monto;
      x.abonos += m.abonos;
    }
  const total = {
    ...cifras(
      totalVentas,
      sumarAgregados([...agregados.values()]),
      [...impuestos.values()].reduce((a, x) => a + x, 0),
      [...mediosTotal.values()].sort((a, b) => b.monto + b.abonos - (a.monto + a.abonos) || a.id - b.id),
    ),
    hoy: { neto: porTienda.reduce((a, x) => a + x.hoy.neto, 0), tickets: porTienda.reduce((a, x) => a + x.hoy.tickets, 0) },
    cajas: porTienda.reduce((a, x) => a + x.cajas.length, 0),
  };
  return { periodo: r, tiendas: porTienda, total };
}

/** Figures added up by key (every figure of the daily close is a sum). */
function sumarIndicadores(listas: TIndicador[][]): TIndicador[] {
  const por = new Map<string, TIndicador>();
  for (const l of listas)
    for (const i of l) {
      const x = por.get(i.clave);
      if (x) x.valor += i.valor;
      else por.set(i.clave, { ...i, anterior: null, detalle: null });
    }
  return [...por.values()];
}

/**
 * GET /api/empresa/cierre: the daily close of every store of the owner's empresa for the day `fecha`
 * (each store's own calendar day; absent: the current store's today), each store's close as its own
 * *Cierre diario* reads it (the same statements, every store's in one), and their figures added up.
 */
export async function cierreDeEmpresa(options: { db: Db; alcance: Alcance; fecha?: string; completo?: boolean }): Promise<TCierreEmpresa> {
  const { db } = options;
  const { empresaId, tiendaId } = requireDueno(options.alcance, E.soloDueno);
  const fecha = options.fecha || (await hoyEnTienda(db, tiendaId));
  const tiendas = await tiendasDeEmpresa(db, empresaId);
  const reps = await cierresDiarios(ctxDe(db, tiendaId, options.completo), tiendas.map((t) => t.idTienda), { desde: fecha, hasta: fecha });
  const cierres: TCierreEmpresa['tiendas'] = tiendas.map((t) => {
    const rep = reps.get(t.idTienda)!;
    return { idTienda: t.idTienda, nombreTienda: t.nombreTienda, actual: t.idTienda === tiendaId, indicadores: rep.indicadores, tablas: rep.tablas };
  });
  return { fecha, tiendas: cierres, total: sumarIndicadores(cierres.map((x) => x.indicadores)) };
}

/** A table whose every row names its store, first column. */
export const conTienda = (titulo: string, columnas: TColumna[], filasPorTienda: { tienda: string; filas: TTabla['filas'] }[]): TTabla => {
  const rows = filasPorTienda.flatMap((x) => x.filas.map((f) => ({ tienda: x.tienda, ...f })));
  return { titulo, columnas: [col('tienda', C.tienda), ...columnas], filas: rows, total: rows.length };
};

/** The consolidated summary as files' tables (CSV, XLSX): every row carries its store. */
export function resumenComoReporte(res: TResumenEmpresa): Pick<TReporte, 'titulo' | 'periodo' | 'tablas'> {
  const x = (t: TResumenEmpresa['tiendas'][number]) => ({
    neto: t.neto,
    margen: t.margen,
    costoConocido: t.costoConocido,
    tickets: t.tickets,
    ticketPromedio: t.ticketPromedio,
    devuelto: t.devuelto,
    anuladas: t.anuladas,
    impuestos: t.impuestos,
    hoy: t.hoy.neto,
    ventasHoy: t.hoy.tickets,
    cajas: t.cajas.length,
  });
  return {
    titulo: E.titulo,
    periodo: res.periodo,
    tablas: [
      conTienda(
        E.tablas.resumen,
        [
          col('neto', C.neto, 'dinero'),
          col('margen', C.margen, 'dinero'),
          col('costoConocido', C.costoConocido, 'porcentaje'),
          col('tickets', C.tickets, 'entero'),
          col('ticketPromedio', C.ticketPromedio, 'dinero'),
          col('devuelto', C.devuelto, 'dinero'),
          col('anuladas', C.anuladas, 'entero'),
          col('impuestos', C.impuestos, 'centavos'),
          col('hoy', C.hoy, 'dinero'),
          col('ventasHoy', C.ventasHoy, 'entero'),
          col('cajas', C.cajas, 'entero'),
        ],
        res.tiendas.map((t) => ({ tienda: t.nombreTienda, filas: [x(t)] })),
      ),
      conTienda(
        E.tablas.medios,
        [col('medio', C.medio), col('ventas', C.tickets, 'entero'), col('monto', C.monto, 'dinero'), col('abonos', C.abonos, 'dinero')],
        res.tiendas.map((t) => ({ tienda: t.nombreTienda, filas: t.medios.map((m) => ({ medio: m.medio, ventas: m.ventas, monto: m.monto, abonos: m.abonos })) })),
      ),
      conTienda(
        E.tablas.cajas,
        [col('cajero', C.cajero), col('caja', C.caja), col('abiertoEn', C.abiertaDesde, 'fechaHora'), col('esperado', C.esperado, 'dinero')],
        res.tiendas.map((t) => ({ tienda: t.nombreTienda, filas: t.cajas.map((c) => ({ cajero: c.cajero, caja: c.caja ?? E.sinCaja, abiertoEn: c.abiertoEn, esperado: c.esperado })) })),
      ),
    ],
  };
}

/** The consolidated close as files' tables: each table of the one-store close, every store's rows, each with its store. */
export function cierreComoReporte(res: TCierreEmpresa): Pick<TReporte, 'titulo' | 'periodo' | 'tablas'> {
  const primera = res.tiendas[0];
  const tablas = (primera?.tablas ?? []).map((t, i) =>
    conTienda(
      t.titulo,
      t.columnas,
      res.tiendas.map((x) => ({ tienda: x.nombreTienda, filas: x.tablas[i]?.filas ?? [] })),
    ),
  );
  return { titulo: E.cierre, periodo: { desde: res.fecha, hasta: res.fecha }, tablas };
}
