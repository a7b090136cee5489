import { sql, type SQL } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { IMPUESTOS, type TImpuesto } from '#shared/impuestos';
import { periodoAnterior, rangoDelPeriodo, sumarDias, type Rango } from '#shared/periodo';
import { METODO } from '#shared/roles';
import type { TColumna, TFila, TIndicador, TInforme, TInicioResumen, TReporte, TReporteFiltros, TReporteOpciones, TTabla, TTipoValor } from '#shared/schemas/reportes';
import type { Db } from '../../db/client';
import { impuestosPorGrupo, impuestosResumidos, informeImpuestos } from '../impuestos/impuestos.domain';
import { hayQuePlegar, pagosResumidos, plegarProductosMes, plegarResumenes, productosResumidos, ultimoDelMes } from './reportes.resumen';
import { diaEnZona, finDelDiaEn, inicioDelDiaEn, zonaDeTienda } from '../tienda/zona-horaria';

/**
 * The store's reports (issue #35). Every figure is a sum over the ledgers themselves — sales and
 * their lines (`venta`, `factura`), the credit ledger (`credito_movimiento`), the drawer
 * (`turno`, `caja_movimiento`) and the stock ledger (`movimiento`) — over the store's days in its
 * own time zone (`inicioDelDiaEn`/`finDelDiaEn`, evaluated inside each statement). Annulled sales
 * never count as sold; they are counted apart.
 *
 * A sale's payment is read as its parts, as `partesDelPago` (shared/pago.ts) reads it: the part its
 * method covered (`total − monto_fiado`) and the part left on credit (`monto_fiado`, or the whole
 * total when the method is Fiado).
 */
const R = M.reportes;
const C = R.columnas;
const I = R.indicadores;

/** Rows shown on screen at most; an export carries every row. */
export const FILAS_EN_PANTALLA = 500;

interface Ctx {
  db: Db;
  tiendaId: number;
  f: TReporteFiltros;
  /** Every row (an export) or the first FILAS_EN_PANTALLA. */
  completo: boolean;
  /** Read every sale and line, never the per-day summaries (the property test's and the bench's reference). */
  directo?: boolean;
}

const n = (v: unknown): number => Number(v ?? 0);
const s = (v: unknown): string => (v == null ? '' : String(v));

async function filas<T = Record<string, unknown>>(db: Db, q: SQL): Promise<T[]> {
  return ((await db.execute(q)) as unknown as { rows: T[] }).rows;
}

const col = (clave: string, titulo: string, tipo: TTipoValor = 'texto'): TColumna => ({ clave, titulo, tipo });
const ind = (clave: keyof typeof I, tipo: TTipoValor, valor: number, anterior: number | null = null): TIndicador => ({ clave, titulo: I[clave], tipo, valor, anterior });

/**
 * Which days of `r` a report reads from the per-day summaries (ADR 028) and which from the sales
 * themselves: every day from the summaries, today's included (ADR 037: the triggers keep today's rows
 * in each sale's own transaction, so they are as exact as a past day's), or every sale directly for
 * `directo` — the reference the property tests hold the summaries to.
 */
function partes(ctx: Ctx, r: Rango): { pasado: Rango | null; presente: Rango | null } {
  return ctx.directo ? { pasado: null, presente: r } : { pasado: r, presente: null };
}

/** The last day `informeImpuestos` reads from the taxes' summary: all of `r`, or none for a direct report. */
const resumidoHasta = (ctx: Ctx, r: Rango): string | null => (ctx.directo ? null : r.hasta);

/** The store's today, in its zone. */
export async function hoyEnTienda(db: Db, tiendaId: number): Promise<string> {
  const [row] = await filas<{ hoy: string }>(db, sql`select (now() at time zone ${zonaDeTienda(tiendaId)})::date::text as hoy`);
  return row!.hoy;
}

/** The filters' days: the preset seen from the store's today. */
export async function rangoDe(db: Db, tiendaId: number, f: TReporteFiltros): Promise<Rango> {
  return rangoDelPeriodo(f.periodo, await hoyEnTienda(db, tiendaId), f.desde || undefined, f.hasta || undefined);
}

/** The sales of the store in the days of `r`, with the person and shift filters: conditions on `venta v`. */
function ventasDe(ctx: Ctx, r: Rango, alias = sql`v`): SQL {
  const { tiendaId, f } = ctx;
  const parts: SQL[] = [
    sql`${alias}.tienda_id = ${tiendaId}`,
    sql`${alias}.fecha >= ${inicioDelDiaEn(r.desde, tiendaId)}`,
    sql`${alias}.fecha < ${finDelDiaEn(r.hasta, tiendaId)}`,
  ];
  if (f.usuarioId != null) parts.push(f.usuarioId === 0 ? sql`${alias}.usuario_id is null` : sql`${alias}.usuario_id = ${f.usuarioId}`);
  if (f.turnoId != null) parts.push(sql`${alias}.turno_id = ${f.turnoId}`);
  return sql.join(parts, sql` and `);
}

const nombreUsuario = (id: SQL) =>
  sql`coalesce((select u.nombre1 || ' ' || u.apellido1 from usuario u where u.id_usuario = ${id}), ${R.tiendaCuenta})`;

const limite = (ctx: Ctx) => (ctx.completo ? sql`` : sql`limit ${FILAS_EN_PANTALLA + 1}`);

function tabla(ctx: Ctx, titulo: string, columnas: TColumna[], rows: TFila[]): TTabla {
  const total = rows.length;
  return { titulo, columnas, filas: ctx.completo ? rows : rows.slice(0, FILAS_EN_PANTALLA), total };
}

function reporte(informe: TInforme, r: Rango, partes: Partial<TReporte>): TReporte {
  return { informe, titulo: R.informes[informe].titulo, periodo: r, anterior: null, indicadores: [], grafico: null, tablas: [], nota: null, ...partes };
}

// ── Resumen de ventas ─────────────────────────────────────────────────────────────────────────

interface Totales {
  tickets: number;
  bruto: number;
  descuentos: number;
  neto: number;
  unidades: number;
  anuladas: number;
  montoAnulado: number;
  /** Returns made that day (issue #32), by the return's own day, person and shift: what went back to customers. */
  devoluciones: number;
  devuelto: number;
}

/**
 * Per store day of `r`: sales, gross (Σ price × quantity of the lines), discounts (lines' and the sale's),
 * net (Σ sale totals), and the returns made that day (count and pesos refunded, issue #32).
 */
async function ventasPorDia(ctx: Ctx, r: Rango): Promise<(Totales & { dia: string })[]> {
  const { db, tiendaId, f } = ctx;
  // Every day from the per-day summary (issue #35 point 3, ADR 037), or every sale for `directo`.
  const { pasado, presente } = partes(ctx, r);
  const resumen: SQL[] = [sql`s.tienda_id = ${tiendaId}`];
  if (pasado) resumen.push(sql`s.dia between ${pasado.desde}::date and ${pasado.hasta}::date`);
  if (f.usuarioId != null) resumen.push(sql`s.usuario_id = ${f.usuarioId}`);
  if (f.turnoId != null) resumen.push(sql`s.turno_id = ${f.turnoId}`);
  const rows = await filas(
    db,
    sql`
    with v as materialized (
      select v.id_venta, v.total, v.descuento, v.estado, ${diaEnZona(sql`v.fecha`, tiendaId)} as dia from venta v
      where ${presente ? ventasDe(ctx, presente) : sql`false`}
    ),
    l as (
      select f.venta_id, sum(round(f.precio * f.cantidad))::bigint as bruto, sum(f.descuento)::bigint as descuento, sum(f.cantidad * f.factor)::numeric as unidades
      from factura f where f.tienda_id = ${tiendaId} and f.venta_id in (select id_venta from v) group by f.venta_id
    ),
    directo as (
      select v.dia,
        count(*) filter (where v.estado <> 'Anulada') as tickets,
        coalesce(sum(l.bruto) filter (where v.estado <> 'Anulada'), 0) as bruto,
        coalesce(sum(coalesce(l.descuento, 0) + v.descuento) filter (where v.estado <> 'Anulada'), 0) as descuentos,
        coalesce(sum(v.total) filter (where v.estado <> 'Anulada'), 0) as neto,
        coalesce(sum(l.unidades) filter (where v.estado <> 'Anulada'), 0) as unidades,
        count(*) filter (where v.estado = 'Anulada') as anuladas,
        coalesce(sum(v.total) filter (where v.estado = 'Anulada'), 0) as monto_anulado,
        0 as filas, 0 as claves
      from v left join l on l.venta_id = v.id_venta group by v.dia
    ),
    resumido as (
      select s.dia, sum(s.tickets) as tickets, sum(s.bruto) as bruto, sum(s.descuentos) as descuentos, sum(s.neto) as neto, sum(s.unidades) as unidades,
        sum(s.anuladas) as anuladas, sum(s.monto_anulado) as monto_anulado,
        count(*) as filas, count(distinct (s.hora, s.usuario_id, s.turno_id, s.metodo_pago_id, s.punto_venta_id)) as claves
      from resumen_venta_dia s where ${pasado ? sql.join(resumen, sql` and `) : sql`false`} group by s.dia
    ),
    d as (select * from directo union all select * from resumido),
    dd as (
      select ${diaEnZona(sql`dv.fecha`, tiendaId)} as dia, count(*) as devoluciones, coalesce(sum(dv.total), 0) as devuelto
      from devolucion dv where ${ventasDe(ctx, r, sql`dv`)} group by 1
    )
    select g.dia::date::text as dia, coalesce(d.tickets, 0) as tickets, coalesce(d.bruto, 0) as bruto, coalesce(d.descuentos, 0) as descuentos,
      coalesce(d.neto, 0) as neto, coalesce(d.unidades, 0) as unidades, coalesce(d.anuladas, 0) as anuladas, coalesce(d.monto_anulado, 0) as monto_anulado,
      coalesce(dd.devoluciones, 0) as devoluciones, coalesce(dd.devuelto, 0) as devuelto, coalesce(d.filas, 0) as filas, coalesce(d.claves, 0) as claves
    from generate_series(${r.desde}::date, ${r.hasta}::date, interval '1 day') g(dia)
    left join d on d.dia = g.dia::date
    left join dd on dd.dia = g.dia::date
    order by g.dia`,
  );
  // Deltas piled up (each sale added its rows, today's too): fold them for the next reader.
  if (pasado && hayQuePlegar(rows.reduce((a, x) => a + n(x.filas), 0), rows.reduce((a, x) => a + n(x.claves), 0))) await plegarResumenes(db, tiendaId, pasado);
  return rows.map((x) => ({
    dia: s(x.dia),
    tickets: n(x.tickets),
    bruto: n(x.bruto),
    descuentos: n(x.descuentos),
    neto: n(x.neto),
    unidades: n(x.unidades),
    anuladas: n(x.anuladas),
    montoAnulado: n(x.monto_anulado),
    devoluciones: n(x.devoluciones),
    devuelto: n(x.devuelto),
  }));
}

const sumar = (rows: Totales[]): Totales =>
  rows.reduce(
    (a, x) => ({
      tickets: a.tickets + x.tickets,
      bruto: a.bruto + x.bruto,
      descuentos: a.descuentos + x.descuentos,
      neto: a.neto + x.neto,
      unidades: a.unidades + x.unidades,
      anuladas: a.anuladas + x.anuladas,
      montoAnulado: a.montoAnulado + x.montoAnulado,
      devoluciones: a.devoluciones + x.devoluciones,
      devuelto: a.devuelto + x.devuelto,
    }),
    { tickets: 0, bruto: 0, descuentos: 0, neto: 0, unidades: 0, anuladas: 0, montoAnulado: 0, devoluciones: 0, devuelto: 0 },
  );

/** The average ticket in whole pesos (rounded half up). */
export const promedio = (neto: number, tickets: number) => (tickets === 0 ? 0 : Math.round(neto / tickets));

async function resumenVentas(ctx: Ctx, r: Rango, ant: Rango): Promise<TReporte> {
  const dias = await ventasPorDia(ctx, r);
  const t = sumar(dias);
  const a = sumar(await ventasPorDia(ctx, ant));
  return reporte('ventas', r, {
    anterior: ant,
    indicadores: [
      ind('neto', 'dinero', t.neto, a.neto),
      ind('bruto', 'dinero', t.bruto, a.bruto),
      ind('descuentos', 'dinero', t.descuentos, a.descuentos),
      ind('tickets', 'entero', t.tickets, a.tickets),
      ind('ticketPromedio', 'dinero', promedio(t.neto, t.tickets), promedio(a.neto, a.tickets)),
      ind('unidades', 'entero', t.unidades, a.unidades),
      ind('anuladas', 'entero', t.anuladas, a.anuladas),
      ind('devuelto', 'dinero', t.devuelto, a.devuelto),
      ind('netoMenosDevuelto', 'dinero', t.neto - t.devuelto, a.neto - a.devuelto),
    ],
    grafico: { tipo: 'barras', titulo: R.graficos.netoPorDia, etiquetas: dias.map((d) => d.dia), series: [{ nombre: R.graficos.actual, datos: dias.map((d) => d.neto) }], tipoValor: 'dinero' },
    tablas: [
      tabla(
        ctx,
        R.informes.ventas.titulo,
        [col('dia', C.dia, 'fecha'), col('tickets', C.tickets, 'entero'), col('bruto', C.bruto, 'dinero'), col('descuentos', C.descuentos, 'dinero'), col('neto', C.neto, 'dinero'), col('ticketPromedio', C.ticketPromedio, 'dinero'), col('unidades', C.unidades, 'entero'), col('anuladas', C.anuladas, 'entero'), col('montoAnulado', C.montoAnulado, 'dinero'), col('devoluciones', C.devoluciones, 'entero'), col('devuelto', C.devuelto, 'dinero'), col('netoMenosDevuelto', C.netoMenosDevuelto, 'dinero')],
        dias.map((d) => ({ ...d, ticketPromedio: promedio(d.neto, d.tickets), netoMenosDevuelto: d.neto - d.devuelto })),
      ),
    ],
  });
}

// ── Por medio de pago ─────────────────────────────────────────────────────────────────────────

/**
 * Each method's parts of the period's sales (count, pesos) and its abonos: whole past days from the
 * payments' summary (ADR 032), today's included (ADR 037).
 */
async function porMedio(ctx: Ctx, r: Rango): Promise<{ id: number; medio: string; ventas: number; monto: number; abonos: number }[]> {
  const { db, tiendaId, f } = ctx;
  const { pasado, presente } = partes(ctx, r);
  const resumidos = pasado
    ? await pagosResumidos<{ metodo: number; ventas: number; monto: number; cobros: number; abonos: number }>(db, tiendaId, pasado, (filtro) => {
        const partes: SQL[] = [filtro, sql`s.metodo_pago_id <> 0`];
        if (f.usuarioId != null) partes.push(sql`s.usuario_id = ${f.usuarioId}`);
        if (f.turnoId != null) partes.push(sql`s.turno_id = ${f.turnoId}`);
        return sql`select s.metodo_pago_id as metodo, sum(s.ventas) as ventas, sum(s.monto) as monto, sum(s.cobros) as cobros, sum(s.abonos) as abonos
          from resumen_pago_dia s where ${sql.join(partes, sql` and `)} group by 1`;
      })
    : [];
  const rango = presente ?? r;
  const abonoFiltros: SQL[] = [
    presente ? sql`c.tienda_id = ${tiendaId}` : sql`false`,
    sql`c.tipo = 'abono'`,
    sql`c.fecha >= ${inicioDelDiaEn(rango.desde, tiendaId)}`,
    sql`c.fecha < ${finDelDiaEn(rango.hasta, tiendaId)}`,
  ];
  if (f.usuarioId != null) abonoFiltros.push(f.usuarioId === 0 ? sql`c.usuario_id is null` : sql`c.usuario_id = ${f.usuarioId}`);
  if (f.turnoId != null) abonoFiltros.push(sql`c.turno_id = ${f.turnoId}`);
  const rows = await filas(
    db,
    sql`
    with v as materialized (select v.metodo_pago_id, v.total, v.monto_fiado from venta v where ${presente ? ventasDe(ctx, presente) : sql`false`} and v.estado <> 'Anulada'),
    partes as (
      select case when v.metodo_pago_id = ${METODO.FIADO} then ${METODO.FIADO} else v.metodo_pago_id end as metodo,
        case when v.metodo_pago_id = ${METODO.FIADO} then v.total else v.total - v.monto_fiado end as monto
      from v where v.metodo_pago_id = ${METODO.FIADO} or v.total - v.monto_fiado > 0 or v.monto_fiado <= 0
      union all
      select ${METODO.FIADO}, v.monto_fiado from v where v.metodo_pago_id <> ${METODO.FIADO} and v.monto_fiado > 0
    ),
    pv as (select metodo, count(*) as ventas, sum(monto) as monto, 0 as cobros, 0 as abonos from partes group by metodo),
    pa as (select c.metodo_pago_id as metodo, 0 as ventas, 0 as monto, count(*) as cobros, sum(-c.monto) as abonos from credito_movimiento c where ${sql.join(abonoFiltros, sql` and `)} and c.metodo_pago_id is not null group by c.metodo_pago_id),
    pr as (select * from json_to_recordset(${JSON.stringify(resumidos)}::json) as x(metodo integer, ventas bigint, monto bigint, cobros bigint, abonos bigint)),
    u as (
      select metodo, sum(ventas) as ventas, sum(monto) as monto, sum(cobros) as cobros, sum(abonos) as abonos
      from (select * from pv union all select * from pa union all select * from pr) x group by metodo
      having sum(ventas) <> 0 or sum(cobros) <> 0
    )
    select u.metodo as id, (select m.nombre from metodo_pago m where m.id_met_pago = u.metodo) as medio,
      u.ventas, case when u.ventas = 0 then 0 else u.monto end as monto, case when u.cobros = 0 then 0 else u.abonos end as abonos
    from u
    order by (case when u.ventas = 0 then 0 else u.monto end) + (case when u.cobros = 0 then 0 else u.abonos end) desc, 1`,
  );
  return rows.map((x) => ({ id: n(x.id), medio: s(x.medio), ventas: n(x.ventas), monto: n(x.monto), abonos: n(x.abonos) }));
}

/** Money received: every method's parts and abonos but what was left on credit. */
const recibido = (rows: { id: number; monto: number; abonos: number }[]) => rows.reduce((a, x) => a + (x.id === METODO.FIADO ? 0 : x.monto) + x.abonos, 0);

async function mediosDePago(ctx: Ctx, r: Rango, ant: Rango): Promise<TReporte> {
  const rows = await porMedio(ctx, r);
  const anteriores = await porMedio(ctx, ant);
  const total = rows.reduce((a, x) => a + x.monto + x.abonos, 0);
  const referencias = await filas(
    ctx.db,
    sql`select v.id_venta, v.fecha, (select m.nombre from metodo_pago m where m.id_met_pago = v.metodo_pago_id) as medio,
      v.total - v.monto_fiado as monto, v.referencia, v.verificado
    from venta v where ${ventasDe(ctx, r)} and v.estado <> 'Anulada' and v.referencia is not null
    order by v.fecha, v.id_venta ${limite(ctx)}`,
  );
  return reporte('medios-pago', r, {
    anterior: ant,
    indicadores: [ind('totalRecibido', 'dinero', recibido(rows), recibido(anteriores)), ind('tickets', 'entero', rows.reduce((a, x) => a + x.ventas, 0), anteriores.reduce((a, x) => a + x.ventas, 0))],
    grafico: { tipo: 'dona', titulo: R.graficos.porMedio, etiquetas: rows.map((x) => x.medio), series: [{ nombre: R.graficos.actual, datos: rows.map((x) => x.monto + x.abonos) }], tipoValor: 'dinero' },
    tablas: [
      tabla(
        ctx,
        R.informes['medios-pago'].titulo,
        [col('medio', C.medio), col('ventas', C.ventas, 'entero'), col('monto', C.montoVentas, 'dinero'), col('abonos', C.abonos, 'dinero'), col('total', C.totalRecibido, 'dinero'), col('participacion', C.participacion, 'porcentaje'), col('anterior', C.netoAnterior, 'dinero')],
        rows.map((x) => {
          const a = anteriores.find((y) => y.id === x.id);
          return { medio: x.medio, ventas: x.ventas, monto: x.monto, abonos: x.abonos, total: x.monto + x.abonos, participacion: total === 0 ? 0 : Math.round(((x.monto + x.abonos) / total) * 1000) / 10, anterior: a ? a.monto + a.abonos : 0 };
        }),
      ),
      tabla(
        ctx,
        R.tablas.referencias,
        [col('fecha', C.fecha, 'fechaHora'), col('venta', C.venta, 'entero'), col('medio', C.medio), col('monto', C.monto, 'dinero'), col('referencia', C.referencia), col('verificado', C.verificado)],
        referencias.map((x) => ({ fecha: new Date(x.fecha as string).toISOString(), venta: n(x.id_venta), medio: s(x.medio), monto: n(x.monto), referencia: s(x.referencia), verificado: x.verificado ? R.si : R.no })),
      ),
    ],
  });
}

// ── Por producto y por categoría ──────────────────────────────────────────────────────────────

const categoriaDe = (p: SQL) => sql`coalesce(nullif(btrim(${p}.categoria), ''), ${R.sinCategoria})`;

/** Units, gross, the lines' discounts and net (Σ price × quantity − the line's discount) per product or category. */
async function porProducto(
  ctx: Ctx,
  r: Rango,
  porCategoria: boolean,
): Promise<{ clave: string; nombre: string; categoria: string; cantidad: number; bruto: number; descuentos: number; neto: number; productos: number; costo: number; sinCosto: number }[]> {
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
      select f.producto_id, sum(f.cantidad * f.factor)::numeric as cantidad, sum(round(f.precio * f.cantidad))::bigint as bruto, sum(f.descuento)::bigint as descuentos,
        -- The margin of a period (issue #32 point 6): each unit at the average cost it was sold at,
        -- or the product's current one where the line kept none; units with no cost at all are counted.
        -- Quantities are units: a pack's line is factor × packs, and its costo_unit is the pack's (ADR 033).
        sum(round(f.cantidad * coalesce(f.costo_unit, f.factor * p.costo_promedio)))::bigint as costo,
        sum(f.cantidad * f.factor) filter (where coalesce(f.costo_unit, p.costo_promedio) is null)::numeric as sin_costo
      from factura f join venta v on v.id_venta = f.venta_id join producto p on p.id_producto = f.producto_id
      where f.tienda_id = ${tiendaId} and ${resumen ? sql`false` : ventasDe(ctx, r)} and v.estado <> 'Anulada'
      group by f.producto_id
    ),
    resumido as (
      select s.producto_id, sum(s.cantidad)::numeric as cantidad, sum(s.bruto)::bigint as bruto, sum(s.descuentos)::bigint as descuentos,
        (sum(s.costo) + round(sum(s.sin_costo_unit) * coalesce(p.costo_promedio, 0)))::bigint as costo,
        case when p.costo_promedio is null then sum(s.sin_costo_unit) else 0 end::numeric as sin_costo
      from (${resumen ?? sql`select 0, 0, 0, 0, 0, 0 where false`}) s(producto_id, cantidad, bruto, descuentos, costo, sin_costo_unit)
      join producto p on p.id_producto = s.producto_id
      group by s.producto_id, p.costo_promedio
      having sum(s.cantidad) <> 0
    ),
    l as (
      select producto_id, sum(cantidad) as cantidad, sum(bruto) as bruto, sum(descuentos) as descuentos, sum(costo) as costo, sum(sin_costo) as sin_costo
      from (select * from directo union all select * from resumido) u group by producto_id
    )
    select ${grupo} as clave, min(p.nombre) as nombre, min(${categoriaDe(sql`p`)}) as categoria, count(*) as productos,
      sum(l.cantidad) as cantidad, sum(l.bruto) as bruto, sum(l.descuentos) as descuentos, sum(l.bruto - l.descuentos) as neto,
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
    neto: n(x.neto),
    productos: n(x.productos),
    costo: n(x.costo),
    sinCosto: n(x.sin_costo),
  }));
}

async function productosOCategorias(ctx: Ctx, r: Rango, ant: Rango, porCategoria: boolean): Promise<TReporte> {
  const rows = await porProducto(ctx, r, porCategoria);
  const anteriores = new Map((await porProducto(ctx, ant, porCategoria)).map((x) => [x.clave, x]));
  const sumaAnt = [...anteriores.values()];
  const neto = rows.reduce((a, x) => a + x.neto, 0);
  const top = rows.slice(0, 10);
  const informe = porCategoria ? 'categorias' : 'productos';
  // Cost and margin of the period (issue #32 point 6): every report needs the `reportes` permission,
  // the one that shows costs (permisos.ts). A group with units of no known cost has no margin.
  const margenCols = [col('costo', C.costo, 'dinero'), col('margen', C.margen, 'dinero'), col('margenPorcentaje', C.margenPorcentaje, 'porcentaje')];
  const margenDe = (x: { neto: number; costo: number; sinCosto: number }) => (x.sinCosto > 0 ? null : x.neto - x.costo);
  const conCosto = rows.filter((x) => x.sinCosto === 0);
  const columnas = porCategoria
    ? [col('puesto', C.puesto, 'entero'), col('categoria', C.categoria), col('productos', C.productos, 'entero'), col('cantidad', C.cantidad, 'entero'), col('bruto', C.bruto, 'dinero'), col('descuentos', C.descuentos, 'dinero'), col('neto', C.neto, 'dinero'), ...margenCols, col('participacion', C.participacion, 'porcentaje'), col('netoAnterior', C.netoAnterior, 'dinero')]
    : [col('puesto', C.puesto, 'entero'), col('producto', C.producto), col('categoria', C.categoria), col('cantidad', C.cantidad, 'entero'), col('bruto', C.bruto, 'dinero'), col('descuentos', C.descuentos, 'dinero'), col('neto', C.neto, 'dinero'), ...margenCols, col('participacion', C.participacion, 'porcentaje'), col('cantidadAnterior', C.cantidadAnterior, 'entero')];
  return reporte(informe, r, {
    anterior: ant,
    indicadores: [
      ind('neto', 'dinero', neto, sumaAnt.reduce((a, x) => a + x.neto, 0)),
      ind('unidades', 'entero', rows.reduce((a, x) => a + x.cantidad, 0), sumaAnt.reduce((a, x) => a + x.cantidad, 0)),
      ind(porCategoria ? 'categorias' : 'productos', 'entero', rows.length, sumaAnt.length),
      // Over the groups whose every unit has a cost.
      ind('costo', 'dinero', conCosto.reduce((a, x) => a + x.costo, 0)),
      ind('margen', 'dinero', conCosto.reduce((a, x) => a + x.neto - x.costo, 0)),
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
          bruto: x.bruto,
          descuentos: x.descuentos,
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

/**
 * The store day of each product's last sale on or before `hasta` (non-annulled). From the summaries: the
 * latest month with units in `resumen_producto_mes`, then its latest day with units in
 * `resumen_producto_dia` (an earlier month when that month's units all fall after `hasta`); directly, the
 * latest sale of its lines.
 */
async function ultimaVenta(ctx: Ctx, ids: number[], hasta: string): Promise<Map<number, string>> {
  const { db, tiendaId } = ctx;
  const out = new Map<number, string>();
  if (ids.length === 0) return out;
  if (ctx.directo) {
    const lista = sql`${`{${ids.join(',')}}`}::int[]`;
    const rows = await filas(
      db,
      sql`select f.producto_id, ${diaEnZona(sql`max(v.fecha)`, tiendaId)}::text as ultima from factura f join venta v on v.id_venta = f.venta_id
      where f.tienda_id = ${tiendaId} and f.producto_id = any(${lista}) and v.estado <> 'Anulada' and v.fecha < ${finDelDiaEn(hasta, tiendaId)} group by 1`,
    );
    for (const x of rows) out.set(n(x.producto_id), s(x.ultima));
    return out;
  }
  // The months read are folded first when their delta rows outnumber their keys (ADR 017).
  const meses = await filas(db, sql`select mes::text as mes, count(*) as filas, count(distinct producto_id) as claves from resumen_producto_mes where tienda_id = ${tiendaId} and mes <= ${hasta}::date group by 1`);
  const plegar = meses.filter((x) => hayQuePlegar(n(x.filas), n(x.claves))).map((x) => s(x.mes));
  if (plegar.length) await plegarProductosMes(db, tiendaId, plegar);
  // Each product looks before its own month: first every month up to `hasta`, then, for one whose last
  // month's units all fall after `hasta` (a range ending mid-month), the months before that one.
  let pendientes = new Map(ids.map((id) => [id, sumarDias(hasta, 1)]));
  while (pendientes.size) {
    const ultimos = await filas(
      db,
      sql`select producto_id, max(mes)::text as mes from (
        select s.producto_id, s.mes from resumen_producto_mes s
        join unnest(${`{${[...pendientes.keys()].join(',')}}`}::int[], ${`{${[...pendientes.values()].join(',')}}`}::date[]) q(id, antes) on q.id = s.producto_id and s.mes < q.antes
        where s.tienda_id = ${tiendaId} group by 1, 2 having sum(s.cantidad) <> 0
      ) x group by 1`,
    );
    const porMes = new Map<string, number[]>();
    for (const x of ultimos) porMes.set(s(x.mes), [...(porMes.get(s(x.mes)) ?? []), n(x.producto_id)]);
    for (const [mes, productos] of porMes) {
      const fin = ultimoDelMes(mes);
      const dias = await filas(
        db,
        sql`select producto_id, max(dia)::text as dia from (
          select producto_id, dia from resumen_producto_dia
          where tienda_id = ${tiendaId} and dia between ${mes}::date and ${fin < hasta ? fin : hasta}::date and producto_id = any(${`{${productos.join(',')}}`}::int[])
          group by 1, 2 having sum(cantidad) <> 0
        ) x group by 1`,
      );
      for (const x of dias) out.set(n(x.producto_id), s(x.dia));
    }
    pendientes = new Map(ultimos.filter((x) => !out.has(n(x.producto_id))).map((x) => [n(x.producto_id), s(x.mes)]));
  }
  return out;
}

/** Products on sale with no line of a non-annulled sale in the `dias` days ending on the period's last day. */
async function sinVentas(ctx: Ctx, r: Rango): Promise<TReporte> {
  const { db, tiendaId, f } = ctx;
  const desde = sumarDias(r.hasta, -(f.dias - 1));
  // The products sold in the window from the products' summaries (ADR 035, ADR 037), or every line for `directo`.
  const vendidos = ctx.directo
    ? sql`select f.producto_id from factura f join venta v on v.id_venta = f.venta_id
        where f.tienda_id = ${tiendaId} and v.estado <> 'Anulada' and v.fecha >= ${inicioDelDiaEn(desde, tiendaId)} and v.fecha < ${finDelDiaEn(r.hasta, tiendaId)}`
    : sql`select x.producto_id from (${await productosResumidos(db, tiendaId, { desde, hasta: r.hasta }, await hoyEnTienda(db, tiendaId))}) x(producto_id, cantidad) group by 1 having sum(x.cantidad) <> 0`;
  const lista = await filas(
    db,
    sql`
    select p.id_producto, p.nombre, ${categoriaDe(sql`p`)} as categoria, p.stock, p.precio_unit
    from producto p
    where p.tienda_id = ${tiendaId} and p.estado = 1 and p.id_producto not in (${vendidos})
    order by p.stock * p.precio_unit desc, p.nombre, p.id_producto ${limite(ctx)}`,
  );
  const ultimas = await ultimaVenta(ctx, lista.map((x) => n(x.id_producto)), r.hasta);
  const rows = lista.map((x) => ({ nombre: x.nombre, categoria: x.categoria, stock: x.stock, precio_unit: x.precio_unit, ultima: ultimas.get(n(x.id_producto)) ?? null }));
  const filasR = rows.map((x) => ({ producto: s(x.nombre), categoria: s(x.categoria), stock: n(x.stock), precio: n(x.precio_unit), valor: n(x.stock) * n(x.precio_unit), ultimaVenta: x.ultima == null ? null : s(x.ultima) }));
  return reporte('sin-ventas', { desde, hasta: r.hasta }, {
    indicadores: [ind('sinVentas', 'entero', filasR.length), ind('valorSinVentas', 'dinero', filasR.reduce((a, x) => a + x.valor, 0))],
    tablas: [tabla(ctx, R.informes['sin-ventas'].titulo, [col('producto', C.producto), col('categoria', C.categoria), col('stock', C.stock, 'entero'), col('precio', C.precio, 'dinero'), col('valor', C.valor, 'dinero'), col('ultimaVenta', C.ultimaVenta, 'fecha')], filasR)],
    nota: R.notas.sinVentas(f.dias),
  });
}

// ── Por empleado; anulaciones y descuentos ────────────────────────────────────────────────────

/** A sale's discount: its lines' (read through the discounted lines' index, ADR 032) and its own. */
const descuentoVenta = (ctx: Ctx) => sql`(v.descuento + coalesce((select sum(f.descuento) from factura f where f.tienda_id = ${ctx.tiendaId} and f.venta_id = v.id_venta and f.descuento > 0), 0))`;

async function porEmpleadoFilas(ctx: Ctx, r: Rango) {
  const { db, tiendaId, f } = ctx;
  // Every day from the sales' summary (ADR 028 keys it by person and shift; ADR 035, ADR 037); the
  // discounts given with an authorisation are counted over the authorised sales only.
  const { pasado, presente } = partes(ctx, r);
  const resumen: SQL[] = [sql`s.tienda_id = ${tiendaId}`];
  if (pasado) resumen.push(sql`s.dia between ${pasado.desde}::date and ${pasado.hasta}::date`);
  if (f.usuarioId != null) resumen.push(sql`s.usuario_id = ${f.usuarioId}`);
  if (f.turnoId != null) resumen.push(sql`s.turno_id = ${f.turnoId}`);
  const rows = await filas(
    db,
    sql`
    with v as materialized (
      select coalesce(v.usuario_id, 0) as persona, v.estado, v.total, ${descuentoVenta(ctx)} as descuento
      from venta v where ${presente ? ventasDe(ctx, presente) : sql`false`}
    ),
    d as (
      select persona,
        count(*) filter (where estado <> 'Anulada') as tickets,
        coalesce(sum(total) filter (where estado <> 'Anulada'), 0) as neto,
        coalesce(sum(descuento) filter (where estado <> 'Anulada'), 0) as descuentos,
        count(*) filter (where estado = 'Anulada') as anuladas,
        coalesce(sum(total) filter (where estado = 'Anulada'), 0) as monto_anulado
      from v group by persona
      union all
      select s.usuario_id, sum(s.tickets), sum(s.neto), sum(s.descuentos), sum(s.anuladas), sum(s.monto_anulado)
      from resumen_venta_dia s where ${pasado ? sql.join(resumen, sql` and `) : sql`false`} group by s.usuario_id
    ),
    a as (
      select coalesce(v.usuario_id, 0) as persona, count(*) as autorizados
      from venta v where ${ventasDe(ctx, r)} and v.estado <> 'Anulada' and (v.autorizado_por is not null or v.autorizado_por_tienda) and ${descuentoVenta(ctx)} > 0
      group by 1
    ),
    g as (
      select persona, sum(tickets) as tickets, sum(neto) as neto, sum(descuentos) as descuentos, sum(anuladas) as anuladas, sum(monto_anulado) as monto_anulado
      from d group by persona having sum(tickets) <> 0 or sum(anuladas) <> 0
    )
    select g.persona, ${nombreUsuario(sql`nullif(g.persona, 0)`)} as nombre, g.tickets, g.neto, g.descuentos, coalesce(a.autorizados, 0) as autorizados, g.anuladas, g.monto_anulado
    from g left join a on a.persona = g.persona order by g.neto desc, g.persona`,
  );
  return rows.map((x) => ({ persona: n(x.persona), nombre: s(x.nombre), tickets: n(x.tickets), neto: n(x.neto), descuentos: n(x.descuentos), autorizados: n(x.autorizados), anuladas: n(x.anuladas), montoAnulado: n(x.monto_anulado) }));
}

async function descuentosDe(ctx: Ctx, r: Rango) {
  return filas(
    ctx.db,
    sql`
    select * from (
      select v.id_venta, v.fecha, ${nombreUsuario(sql`v.usuario_id`)} as vendedor,
        case when v.autorizado_por is not null then ${nombreUsuario(sql`v.autorizado_por`)} when v.autorizado_por_tienda then ${R.tiendaCuenta} end as autorizo,
        ${descuentoVenta(ctx)} as monto, v.motivo_descuento
      from venta v where ${ventasDe(ctx, r)} and v.estado <> 'Anulada'
    ) d where d.monto > 0 order by d.fecha, d.id_venta ${limite(ctx)}`,
  );
}

async function empleados(ctx: Ctx, r: Rango, ant: Rango): Promise<TReporte> {
  const rows = await porEmpleadoFilas(ctx, r);
  const anteriores = new Map((await porEmpleadoFilas(ctx, ant)).map((x) => [x.persona, x]));
  const descuentos = await descuentosDe(ctx, r);
  return reporte('empleados', r, {
    anterior: ant,
    indicadores: [
      ind('neto', 'dinero', rows.reduce((a, x) => a + x.neto, 0), [...anteriores.values()].reduce((a, x) => a + x.neto, 0)),
      ind('personas', 'entero', rows.filter((x) => x.tickets > 0).length, [...anteriores.values()].filter((x) => x.tickets > 0).length),
      ind('descuentos', 'dinero', rows.reduce((a, x) => a + x.descuentos, 0), [...anteriores.values()].reduce((a, x) => a + x.descuentos, 0)),
      ind('anuladas', 'entero', rows.reduce((a, x) => a + x.anuladas, 0), [...anteriores.values()].reduce((a, x) => a + x.anuladas, 0)),
    ],
    grafico: { tipo: 'barrasH', titulo: R.graficos.porEmpleado, etiquetas: rows.map((x) => x.nombre), series: [{ nombre: R.graficos.actual, datos: rows.map((x) => x.neto) }, { nombre: R.graficos.anterior, datos: rows.map((x) => anteriores.get(x.persona)?.neto ?? 0) }], tipoValor: 'dinero' },
    tablas: [
      tabla(
        ctx,
        R.informes.empleados.titulo,
        [col('persona', C.persona), col('tickets', C.tickets, 'entero'), col('neto', C.neto, 'dinero'), col('ticketPromedio', C.ticketPromedio, 'dinero'), col('descuentos', C.descuentosDados, 'dinero'), col('autorizados', C.descuentosAutorizados, 'entero'), col('anuladas', C.anulaciones, 'entero'), col('montoAnulado', C.montoAnulado, 'dinero'), col('netoAnterior', C.netoAnterior, 'dinero')],
        rows.map((x) => ({ persona: x.nombre, tickets: x.tickets, neto: x.neto, ticketPromedio: promedio(x.neto, x.tickets), descuentos: x.descuentos, autorizados: x.autorizados, anuladas: x.anuladas, montoAnulado: x.montoAnulado, netoAnterior: anteriores.get(x.persona)?.neto ?? 0 })),
      ),
      tabla(
        ctx,
        R.tablas.descuentosAutorizados,
        [col('fecha', C.fecha, 'fechaHora'), col('venta', C.venta, 'entero'), col('vendedor', C.vendedor), col('autorizo', C.autorizo), col('monto', C.monto, 'dinero'), col('motivo', C.motivo)],
        descuentos.map((x) => ({ fecha: new Date(x.fecha as string).toISOString(), venta: n(x.id_venta), vendedor: s(x.vendedor), autorizo: s(x.autorizo), monto: n(x.monto), motivo: s(x.motivo_descuento) })),
      ),
    ],
  });
}

async function anulacionesYDescuentos(ctx: Ctx, r: Rango, ant: Rango): Promise<TReporte> {
  const { db, tiendaId } = ctx;
  const anuladas = await filas(
    db,
    sql`
    select v.id_venta, coalesce(a.fecha, v.fecha) as fecha, ${nombreUsuario(sql`v.usuario_id`)} as vendedor, a.usuario_nombre as quien, v.total as monto
    from venta v
    left join lateral (
      select x.fecha, x.usuario_nombre from actividad x
      where x.tienda_id = ${tiendaId} and x.tipo = 'anulacion' and x.detalle ->> 'ventaId' = v.id_venta::text order by x.fecha desc limit 1
    ) a on true
    where ${ventasDe(ctx, r)} and v.estado = 'Anulada' order by v.fecha, v.id_venta ${limite(ctx)}`,
  );
  const descuentos = await descuentosDe(ctx, r);
  // The totals are the summary's (ADR 028: the annulled count and pesos, the lines' and the sales'
  // discounts of the non-annulled, per day, person and shift); the list itself reads the sales.
  const totalesDe = async (rango: Rango) => {
    const x = sumar(await ventasPorDia(ctx, rango));
    return { anuladas: x.anuladas, montoAnulado: x.montoAnulado, descuentos: x.descuentos };
  };
  const t = await totalesDe(r);
  const a = await totalesDe(ant);
  const rows: TFila[] = [
    ...anuladas.map((x) => ({ tipo: R.estados.anulacion, fecha: new Date(x.fecha as string).toISOString(), venta: n(x.id_venta), vendedor: s(x.vendedor), quien: s(x.quien), monto: n(x.monto), motivo: '' })),
    ...descuentos.map((x) => ({ tipo: R.estados.descuento, fecha: new Date(x.fecha as string).toISOString(), venta: n(x.id_venta), vendedor: s(x.vendedor), quien: s(x.autorizo), monto: n(x.monto), motivo: s(x.motivo_descuento) })),
  ].sort((x, y) => String(x.fecha).localeCompare(String(y.fecha)) || Number(x.venta) - Number(y.venta));
  return reporte('anulaciones-descuentos', r, {
    anterior: ant,
    indicadores: [ind('anuladas', 'entero', t.anuladas, a.anuladas), ind('montoAnulado', 'dinero', t.montoAnulado, a.montoAnulado), ind('descuentos', 'dinero', t.descuentos, a.descuentos)],
    tablas: [tabla(ctx, R.informes['anulaciones-descuentos'].titulo, [col('tipo', C.tipo), col('fecha', C.cuando, 'fechaHora'), col('venta', C.venta, 'entero'), col('vendedor', C.vendedor), col('quien', C.quien), col('monto', C.monto, 'dinero'), col('motivo', C.motivo)], rows)],
  });
}

// ── Turnos ────────────────────────────────────────────────────────────────────────────────────

async function turnos(ctx: Ctx, r: Rango): Promise<TReporte> {
  const { db, tiendaId, f } = ctx;
  const filtros: SQL[] = [sql`t.tienda_id = ${tiendaId}`, sql`t.abierto_en >= ${inicioDelDiaEn(r.desde, tiendaId)}`, sql`t.abierto_en < ${finDelDiaEn(r.hasta, tiendaId)}`];
  if (f.usuarioId != null) filtros.push(f.usuarioId === 0 ? sql`t.usuario_id is null` : sql`t.usuario_id = ${f.usuarioId}`);
  if (f.turnoId != null) filtros.push(sql`t.id_turno = ${f.turnoId}`);
  const donde = sql.join(filtros, sql` and `);
  const rows = await filas(
    db,
    sql`
    select t.id_turno, ${nombreUsuario(sql`t.usuario_id`)} as cajero, t.abierto_en, t.cerrado_en, t.fondo_inicial,
      (select sum(e.value::bigint) from jsonb_each_text(t.cierre -> 'esperado') e) as esperado,
      (select sum(e.value::bigint) from jsonb_each_text(t.cierre -> 'contado') e) as contado,
      (select coalesce(sum(m.monto), 0) from caja_movimiento m where m.turno_id = t.id_turno and m.tipo = 'entrada') as entradas,
      (select coalesce(sum(m.monto), 0) from caja_movimiento m where m.turno_id = t.id_turno and m.tipo = 'salida') as salidas
    from turno t where ${donde} order by t.abierto_en, t.id_turno ${limite(ctx)}`,
  );
  const porMetodo = await filas(
    db,
    sql`
    select t.id_turno, k.metodo, (select m.nombre from metodo_pago m where m.id_met_pago = k.metodo::int) as medio,
      (t.cierre -> 'esperado' ->> k.metodo)::bigint as esperado, (t.cierre -> 'contado' ->> k.metodo)::bigint as contado
    from turno t
    cross join lateral (select jsonb_object_keys(coalesce(t.cierre -> 'esperado', '{}'::jsonb) || coalesce(t.cierre -> 'contado', '{}'::jsonb)) as metodo) k
    where ${donde} and t.cierre is not null order by t.abierto_en, t.id_turno, k.metodo::int ${limite(ctx)}`,
  );
  const filasT = rows.map((x) => {
    const cerrado = x.cerrado_en != null;
    return {
      turno: n(x.id_turno),
      cajero: s(x.cajero),
      abierto: new Date(x.abierto_en as string).toISOString(),
      cerrado: cerrado ? new Date(x.cerrado_en as string).toISOString() : null,
      fondo: n(x.fondo_inicial),
      entradas: n(x.entradas),
      salidas: n(x.salidas),
      esperado: x.esperado == null ? null : n(x.esperado),
      contado: x.contado == null ? null : n(x.contado),
      diferencia: x.esperado == null || x.contado == null ? null : n(x.contado) - n(x.esperado),
      estado: cerrado ? R.estados.cerrado : R.estados.abierto,
    };
  });
  return reporte('turnos', r, {
    indicadores: [ind('turnos', 'entero', filasT.length), ind('abiertos', 'entero', filasT.filter((x) => x.cerrado == null).length), ind('diferencia', 'dinero', filasT.reduce((a, x) => a + (x.diferencia ?? 0), 0))],
    grafico: { tipo: 'barras', titulo: R.graficos.diferencias, etiquetas: filasT.map((x) => `#${x.turno}`), series: [{ nombre: C.diferencia, datos: filasT.map((x) => x.diferencia ?? 0) }], tipoValor: 'dinero' },
    tablas: [
      tabla(
        ctx,
        R.informes.turnos.titulo,
        [col('turno', C.turno, 'entero'), col('cajero', C.cajero), col('abierto', C.abierto, 'fechaHora'), col('cerrado', C.cerrado, 'fechaHora'), col('fondo', C.fondo, 'dinero'), col('entradas', C.entradas, 'dinero'), col('salidas', C.salidas, 'dinero'), col('esperado', C.esperado, 'dinero'), col('contado', C.contado, 'dinero'), col('diferencia', C.diferencia, 'dinero'), col('estado', C.estado)],
        filasT,
      ),
      tabla(
        ctx,
        R.tablas.porMedio,
        [col('turno', C.turno, 'entero'), col('medio', C.medio), col('esperado', C.esperado, 'dinero'), col('contado', C.contado, 'dinero'), col('diferencia', C.diferencia, 'dinero')],
        porMetodo.map((x) => ({ turno: n(x.id_turno), medio: s(x.medio), esperado: n(x.esperado), contado: n(x.contado), diferencia: n(x.contado) - n(x.esperado) })),
      ),
    ],
    nota: R.notas.turnos,
  });
}

// ── Cartera de fiado ──────────────────────────────────────────────────────────────────────────

/**
 * Each customer's balance at the end of the period's last day, aged by the day of each charge: the
 * credits (abonos and reversals) pay the oldest charges first, so a charge's open part is what the
 * credits have not reached. The buckets add up to the balance.
 */
export async function carteraFilas(db: Db, tiendaId: number, hasta: string) {
  const rows = await filas(
    db,
    sql`
    with m as materialized (
      select c.id_credito_movimiento as id, c.cliente_id, c.fecha, c.monto from credito_movimiento c
      where c.tienda_id = ${tiendaId} and c.fecha < ${finDelDiaEn(hasta, tiendaId)}
    ),
    pagos as (select cliente_id, coalesce(-sum(monto) filter (where monto < 0), 0) as pagado, sum(monto) as saldo from m group by cliente_id),
    cargos as (
      select m.cliente_id, m.monto, ${hasta}::date - ${diaEnZona(sql`m.fecha`, tiendaId)} as edad,
        sum(m.monto) over (partition by m.cliente_id order by m.fecha, m.id rows unbounded preceding) as acumulado
      from m where m.monto > 0
    ),
    abiertos as (
      select c.cliente_id, c.edad, greatest(0, least(c.monto, c.acumulado - p.pagado)) as abierto
      from cargos c join pagos p on p.cliente_id = c.cliente_id
    ),
    porCliente as (
      select cliente_id,
        coalesce(sum(abierto) filter (where edad <= 30), 0) as d0,
        coalesce(sum(abierto) filter (where edad between 31 and 60), 0) as d31,
        coalesce(sum(abierto) filter (where edad between 61 and 90), 0) as d61,
        coalesce(sum(abierto) filter (where edad > 90), 0) as d90
      from abiertos group by cliente_id
    )
    select cl.id_cliente, cl.nombre || ' ' || cl.apellido as cliente, cl.documento, cl.cupo, p.saldo,
      coalesce(a.d0, 0) as d0, coalesce(a.d31, 0) as d31, coalesce(a.d61, 0) as d61, coalesce(a.d90, 0) as d90
    from pagos p join cliente cl on cl.id_cliente = p.cliente_id
    left join porCliente a on a.cliente_id = p.cliente_id
    where p.saldo <> 0
    order by p.saldo desc, cl.id_cliente`,
  );
  return rows.map((x) => ({ id: n(x.id_cliente), cliente: s(x.cliente), documento: s(x.documento), cupo: n(x.cupo), saldo: n(x.saldo), d0: n(x.d0), d31: n(x.d31), d61: n(x.d61), d90: n(x.d90) }));
}

async function cartera(ctx: Ctx, r: Rango): Promise<TReporte> {
  const rows = await carteraFilas(ctx.db, ctx.tiendaId, r.hasta);
  const suma = (k: 'd0' | 'd31' | 'd61' | 'd90') => rows.reduce((a, x) => a + x[k], 0);
  const sobre = rows.filter((x) => x.saldo > x.cupo);
  return reporte('cartera', r, {
    indicadores: [ind('cartera', 'dinero', rows.reduce((a, x) => a + x.saldo, 0)), ind('clientes', 'entero', rows.length), ind('sobreCupo', 'entero', sobre.length), ind('vencido90', 'dinero', suma('d90'))],
    grafico: { tipo: 'barras', titulo: R.graficos.antiguedad, etiquetas: [C.d0, C.d31, C.d61, C.d90], series: [{ nombre: I.cartera, datos: [suma('d0'), suma('d31'), suma('d61'), suma('d90')] }], tipoValor: 'dinero' },
    tablas: [
      tabla(
        ctx,
        R.informes.cartera.titulo,
        [col('cliente', C.cliente), col('documento', C.documento), col('cupo', C.cupo, 'dinero'), col('saldo', C.saldo, 'dinero'), col('d0', C.d0, 'dinero'), col('d31', C.d31, 'dinero'), col('d61', C.d61, 'dinero'), col('d90', C.d90, 'dinero'), col('sobreCupo', C.sobreCupo)],
        rows.map((x) => ({ cliente: x.cliente, documento: x.documento, cupo: x.cupo, saldo: x.saldo, d0: x.d0, d31: x.d31, d61: x.d61, d90: x.d90, sobreCupo: x.saldo > x.cupo ? R.si : R.no })),
      ),
    ],
    nota: R.notas.cartera,
  });
}

// ── Inventario y kardex ───────────────────────────────────────────────────────────────────────

async function inventario(ctx: Ctx, r: Rango): Promise<TReporte> {
  const { db, tiendaId } = ctx;
  const [t] = await filas(
    db,
    sql`select coalesce(sum(p.stock), 0) as unidades, coalesce(sum(p.stock * p.precio_unit), 0) as valor,
      count(*) filter (where p.estado = 1 and p.stock <= p.stock_min) as por_pedir, count(*) filter (where p.stock <= 0) as agotados
    from producto p where p.tienda_id = ${tiendaId}`,
  );
  const rows = await filas(
    db,
    sql`select p.nombre, ${categoriaDe(sql`p`)} as categoria, p.stock, p.stock_min, p.precio_unit, p.stock * p.precio_unit as valor
    from producto p where p.tienda_id = ${tiendaId}
    order by (p.stock <= 0) desc, (p.estado = 1 and p.stock <= p.stock_min) desc, p.stock * p.precio_unit desc, p.nombre, p.id_producto ${limite(ctx)}`,
  );
  return reporte('inventario', r, {
    indicadores: [ind('valorInventario', 'dinero', n(t!.valor)), ind('unidades', 'entero', n(t!.unidades)), ind('porPedir', 'entero', n(t!.por_pedir)), ind('agotados', 'entero', n(t!.agotados))],
    tablas: [
      tabla(
        ctx,
        R.informes.inventario.titulo,
        [col('producto', C.producto), col('categoria', C.categoria), col('stock', C.stock, 'entero'), col('stockMin', C.stockMin, 'entero'), col('precio', C.precio, 'dinero'), col('valor', C.valor, 'dinero'), col('estado', C.estado)],
        rows.map((x) => ({
          producto: s(x.nombre),
          categoria: s(x.categoria),
          stock: n(x.stock),
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

async function kardex(ctx: Ctx, r: Rango): Promise<TReporte> {
  const { db, tiendaId, f } = ctx;
  const columnas = [col('fecha', C.fecha, 'fechaHora'), col('motivo', C.motivo), col('venta', C.venta, 'entero'), col('entradas', C.entradas, 'entero'), col('salidas', C.salidas, 'entero'), col('saldo', C.saldoFinal, 'entero')];
  if (f.productoId == null) return reporte('kardex', r, { tablas: [tabla(ctx, R.informes.kardex.titulo, columnas, [])], nota: R.notas.kardex });
  const [p] = await filas(db, sql`select p.nombre, p.stock from producto p where p.id_producto = ${f.productoId} and p.tienda_id = ${tiendaId}`);
  if (!p) throw new AppError('NOT_FOUND', R.productoNoEncontrado);
  const rows = await filas(
    db,
    sql`select m.fecha_movimiento, m.motivo, m.venta_id, m.stock_antes, m.entradas, m.salidas, m.cantidad_despues
    from movimiento m where m.tienda_id = ${tiendaId} and m.producto_id = ${f.productoId}
      and m.fecha_movimiento >= ${inicioDelDiaEn(r.desde, tiendaId)} and m.fecha_movimiento < ${finDelDiaEn(r.hasta, tiendaId)}
    order by m.fecha_movimiento, m.id_movimiento ${limite(ctx)}`,
  );
  const filasK = rows.map((x) => ({ fecha: new Date(x.fecha_movimiento as string).toISOString(), motivo: s(x.motivo), venta: x.venta_id == null ? null : n(x.venta_id), entradas: n(x.entradas), salidas: n(x.salidas), saldo: n(x.cantidad_despues) }));
  const inicial = rows.length ? n(rows[0]!.stock_antes) : n(p.stock);
  const final = rows.length ? n(rows[rows.length - 1]!.cantidad_despues) : n(p.stock);
  return reporte('kardex', r, {
    titulo: `${R.informes.kardex.titulo}: ${s(p.nombre)}`,
    indicadores: [ind('stockInicial', 'entero', inicial), ind('entradas', 'entero', filasK.reduce((a, x) => a + x.entradas, 0)), ind('salidas', 'entero', filasK.reduce((a, x) => a + x.salidas, 0)), ind('stockFinal', 'entero', final)],
    grafico: filasK.length ? { tipo: 'linea', titulo: R.graficos.kardex, etiquetas: filasK.map((x) => x.fecha), series: [{ nombre: C.saldoFinal, datos: filasK.map((x) => x.saldo) }], tipoValor: 'entero' } : null,
    tablas: [tabla(ctx, R.informes.kardex.titulo, columnas, filasK)],
  });
}

// ── Mapa de calor ─────────────────────────────────────────────────────────────────────────────

async function mapaCalor(ctx: Ctx, r: Rango): Promise<TReporte> {
  const { db, tiendaId } = ctx;
  // Every day from the per-day summary (issue #35 point 3, ADR 037), or every sale for `directo`.
  const { pasado, presente } = partes(ctx, r);
  const resumen: SQL[] = [sql`s.tienda_id = ${tiendaId}`];
  if (pasado) resumen.push(sql`s.dia between ${pasado.desde}::date and ${pasado.hasta}::date`);
  if (ctx.f.usuarioId != null) resumen.push(sql`s.usuario_id = ${ctx.f.usuarioId}`);
  if (ctx.f.turnoId != null) resumen.push(sql`s.turno_id = ${ctx.f.turnoId}`);
  const rows = await filas(
    db,
    sql`
    with v as (select v.fecha at time zone ${zonaDeTienda(tiendaId)} as local, v.total from venta v where ${presente ? ventasDe(ctx, presente) : sql`false`} and v.estado <> 'Anulada'),
    u as (
      select extract(isodow from local)::int - 1 as dia, extract(hour from local)::int as hora, sum(total) as neto, count(*) as tickets from v group by 1, 2
      union all
      select extract(isodow from s.dia)::int - 1, s.hora, sum(s.neto), sum(s.tickets) from resumen_venta_dia s where ${pasado ? sql.join(resumen, sql` and `) : sql`false`} group by 1, 2
    )
    select dia, hora, sum(neto) as neto, sum(tickets) as tickets from u group by 1, 2 having sum(tickets) <> 0 or sum(neto) <> 0`,
  );
  const matriz = R.semana.map(() => Array.from({ length: 24 }, () => 0));
  for (const x of rows) matriz[n(x.dia)]![n(x.hora)] = n(x.neto);
  const horas = Array.from({ length: 24 }, (_, h) => String(h));
  return reporte('mapa-calor', r, {
    indicadores: [ind('neto', 'dinero', rows.reduce((a, x) => a + n(x.neto), 0)), ind('tickets', 'entero', rows.reduce((a, x) => a + n(x.tickets), 0))],
    grafico: { tipo: 'calor', titulo: R.graficos.mapa, etiquetas: horas, series: R.semana.map((dia, i) => ({ nombre: dia, datos: matriz[i]! })), tipoValor: 'dinero' },
    tablas: [tabla(ctx, R.informes['mapa-calor'].titulo, [col('dia', C.dia), ...horas.map((h) => col(`h${h}`, `${h}h`, 'dinero'))], R.semana.map((dia, i) => ({ dia, ...Object.fromEntries(matriz[i]!.map((v, h) => [`h${h}`, v])) })))],
  });
}

// ── The entry point ───────────────────────────────────────────────────────────────────────────

/** One report over the filters' period (and the period before it, where it compares). */
export async function generarReporte(options: { db: Db; tiendaId: number; informe: TInforme; filtros: TReporteFiltros; completo?: boolean; directo?: boolean }): Promise<TReporte> {
  const { db, tiendaId, informe, filtros } = options;
  const ctx: Ctx = { db, tiendaId, f: filtros, completo: options.completo ?? false, directo: options.directo ?? false };
  const r = await rangoDe(db, tiendaId, filtros);
  const ant = periodoAnterior(r);
  switch (informe) {
    case 'ventas':
      return resumenVentas(ctx, r, ant);
    case 'medios-pago':
      return mediosDePago(ctx, r, ant);
    case 'productos':
      return productosOCategorias(ctx, r, ant, false);
    case 'categorias':
      return productosOCategorias(ctx, r, ant, true);
    case 'sin-ventas':
      return sinVentas(ctx, r);
    case 'empleados':
      return empleados(ctx, r, ant);
    case 'turnos':
      return turnos(ctx, r);
    case 'anulaciones-descuentos':
      return anulacionesYDescuentos(ctx, r, ant);
    case 'cartera':
      return cartera(ctx, r);
    case 'inventario':
      return inventario(ctx, r);
    case 'kardex':
      return kardex(ctx, r);
    case 'mapa-calor':
      return mapaCalor(ctx, r);
    case 'impuestos':
      return impuestosPorTarifa(ctx, r);
    case 'cierre-diario':
      return cierreDiario(ctx, r);
    case 'cierre-mensual':
      return cierreMensual(ctx, r);
  }
}

/** The filters' choices: the store's people (the store account first) and its latest shifts. */
export async function opcionesDeReporte(options: { db: Db; tiendaId: number }): Promise<TReporteOpciones> {
  const { db, tiendaId } = options;
  const personas = await filas(db, sql`select u.id_usuario as id, u.nombre1 || ' ' || u.apellido1 as nombre from usuario u where u.tienda_id = ${tiendaId} order by 2, 1 limit 500`);
  const ts = await filas(
    db,
    sql`select t.id_turno as id, '#' || t.id_turno || ' · ' || ${nombreUsuario(sql`t.usuario_id`)} || ' · ' || to_char(t.abierto_en at time zone ${zonaDeTienda(tiendaId)}, 'DD/MM/YYYY HH24:MI') as nombre
    from turno t where t.tienda_id = ${tiendaId} order by t.abierto_en desc limit 100`,
  );
  const cajas = await filas(db, sql`select id_punto_venta as id, nombre from punto_venta where tienda_id = ${tiendaId} order by nombre, id_punto_venta limit 100`);
  return {
    personas: [{ id: 0, nombre: R.tiendaCuenta }, ...personas.map((x) => ({ id: n(x.id), nombre: s(x.nombre) }))],
    cajas: [{ id: 0, nombre: R.sinCaja }, ...cajas.map((x) => ({ id: n(x.id), nombre: s(x.nombre) }))],
    turnos: ts.map((x) => ({ id: n(x.id), nombre: s(x.nombre) })),
  };
}

// ── Inicio: the day at a glance ───────────────────────────────────────────────────────────────

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
  return { totales: t!, porHora, medios: await porMedio(ctx, r), fiadoDado: n(fiado!.dado), fiadoCobrado: n(fiado!.cobrado) };
}

/**
 * The day's three products that sold most (units, then net; then as *por producto* lists them): three
 * rows read from the products' summary (ADR 037) instead of naming and ranking every product sold.
 */
async function masVendidosDelDia(ctx: Ctx, dia: string): Promise<{ nombre: string; cantidad: number; neto: number }[]> {
  if (ctx.directo) return (await porProducto(ctx, { desde: dia, hasta: dia }, false)).sort((x, y) => y.cantidad - x.cantidad || y.neto - x.neto).slice(0, 3);
  const rows = await filas(
    ctx.db,
    sql`select p.nombre, x.cantidad, x.neto from (
      select s.producto_id, sum(s.cantidad) as cantidad, sum(s.bruto - s.descuentos) as neto
      from resumen_producto_dia s where s.tienda_id = ${ctx.tiendaId} and s.dia = ${dia}::date group by 1 having sum(s.cantidad) <> 0
    ) x join producto p on p.id_producto = x.producto_id
    order by x.cantidad desc, x.neto desc, x.producto_id::text
    limit 3`,
  );
  return rows.map((x) => ({ nombre: s(x.nombre), cantidad: n(x.cantidad), neto: n(x.neto) }));
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
      ind('neto', 'dinero', h.totales.neto, a.totales.neto),
      ind('tickets', 'entero', h.totales.tickets, a.totales.tickets),
      ind('ticketPromedio', 'dinero', promedio(h.totales.neto, h.totales.tickets), promedio(a.totales.neto, a.totales.tickets)),
      ind('fiadoDado', 'dinero', h.fiadoDado, a.fiadoDado),
      ind('fiadoCobrado', 'dinero', h.fiadoCobrado, a.fiadoCobrado),
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
    top: top.map((x) => ({ producto: x.nombre, cantidad: x.cantidad, neto: x.neto })),
    porPedir: n(otros!.por_pedir),
    turnosAbiertos: n(otros!.abiertos),
  };
}

// ── Impuestos por tarifa ──────────────────────────────────────────────────────────────────────

const nombreTarifa = (t: string) => (M.impuestos.nombres as Record<string, string>)[t] ?? t;

/** Base and tax per rate of the period's completed sales (informeImpuestos, the monthly tax report's figures), and the DIAN numbers used. */
async function impuestosPorTarifa(ctx: Ctx, r: Rango): Promise<TReporte> {
  const inf = await informeImpuestos({ db: ctx.db, tiendaId: ctx.tiendaId, desde: r.desde, hasta: r.hasta, resumidoHasta: resumidoHasta(ctx, r) });
  const rows: TFila[] = inf.tarifas.map((t) => ({ tarifa: nombreTarifa(t.impuesto), lineas: t.lineas, base: t.base, impuesto: t.valor, total: t.base + t.valor }));
  if (inf.sinImpuesto.lineas > 0) rows.push({ tarifa: R.sinImpuesto, lineas: inf.sinImpuesto.lineas, base: inf.sinImpuesto.base, impuesto: 0, total: inf.sinImpuesto.base });
  const base = rows.reduce((a, x) => a + n(x.base), 0);
  const valor = rows.reduce((a, x) => a + n(x.impuesto), 0);
  if (rows.length) rows.push({ tarifa: R.total, lineas: rows.reduce((a, x) => a + n(x.lineas), 0), base, impuesto: valor, total: base + valor });
  return reporte('impuestos', r, {
    indicadores: [ind('baseTotal', 'centavos', base), ind('impuestoTotal', 'centavos', valor), ind('tickets', 'entero', inf.ventas)],
    grafico: inf.tarifas.length ? { tipo: 'barras', titulo: R.graficos.impuestos, etiquetas: inf.tarifas.map((t) => nombreTarifa(t.impuesto)), series: [{ nombre: C.impuesto, datos: inf.tarifas.map((t) => t.valor / 100) }], tipoValor: 'dinero' } : null,
    tablas: [
      tabla(ctx, R.informes.impuestos.titulo, [col('tarifa', C.tarifa), col('lineas', C.lineas, 'entero'), col('base', C.base, 'centavos'), col('impuesto', C.impuesto, 'centavos'), col('total', C.totalConImpuesto, 'centavos')], rows),
      tabla(ctx, R.tablas.numeracion, [col('numeracion', C.numeracion)], inf.numeracion.map((x) => ({ numeracion: M.numeracion.informeNumeracion(x) }))),
    ],
    nota: R.notas.impuestos,
  });
}

// ── Cierre diario por caja ────────────────────────────────────────────────────────────────────

/** The till of a sale: its own, else its shift's; 0 without one. */
const cajaDeVenta = (v: SQL) => sql`coalesce(${v}.punto_venta_id, (select t.punto_venta_id from turno t where t.id_turno = ${v}.turno_id), 0)`;
/** The till of a row written in a shift (a return, an abono, a cash movement); 0 without one. */
const cajaDeTurno = (turnoId: SQL) => sql`coalesce((select t.punto_venta_id from turno t where t.id_turno = ${turnoId}), 0)`;

interface VentasCierre {
  dia: string;
  caja: number;
  primero: string | null;
  ultimo: string | null;
  ventas: number;
  anuladas: number;
  bruto: number;
  descuentos: number;
  fiado: number;
}

/** The daily close's sales part read from the sales and lines of `r`, per store day and till (the reference, and a day whose summary cannot say). */
async function ventasDelCierreDirectas(ctx: Ctx, r: Rango): Promise<VentasCierre[]> {
  const { db, tiendaId } = ctx;
  const rows = await filas(
    db,
    sql`
    with v as materialized (
      select v.id_venta, v.numero, v.numero_fiscal, v.rango_id, v.total, v.descuento, v.estado, v.monto_fiado, v.metodo_pago_id, ${diaEnZona(sql`v.fecha`, tiendaId)}::text as dia, ${cajaDeVenta(sql`v`)} as caja
      from venta v where v.tienda_id = ${tiendaId} and v.fecha >= ${inicioDelDiaEn(r.desde, tiendaId)} and v.fecha < ${finDelDiaEn(r.hasta, tiendaId)}
    ),
    l as (
      select f.venta_id, sum(round(f.precio * f.cantidad))::bigint as bruto, sum(f.descuento)::bigint as descuento
      from factura f where f.tienda_id = ${tiendaId} and f.venta_id in (select id_venta from v) group by f.venta_id
    )
    select v.dia, v.caja,
      (array_agg(coalesce(rn.prefijo || v.numero_fiscal, v.numero::text) order by v.numero))[1] as primero,
      (array_agg(coalesce(rn.prefijo || v.numero_fiscal, v.numero::text) order by v.numero desc))[1] as ultimo,
      count(*) filter (where v.estado <> 'Anulada') as ventas,
      count(*) filter (where v.estado = 'Anulada') as anuladas,
      coalesce(sum(l.bruto) filter (where v.estado <> 'Anulada'), 0) as bruto,
      coalesce(sum(coalesce(l.descuento, 0) + v.descuento) filter (where v.estado <> 'Anulada'), 0) as descuentos,
      coalesce(sum(case when v.metodo_pago_id = ${METODO.FIADO} then v.total else v.monto_fiado end) filter (where v.estado <> 'Anulada'), 0) as fiado
    from v left join l on l.venta_id = v.id_venta left join rango_numeracion rn on rn.id_rango = v.rango_id
    group by v.dia, v.caja`,
  );
  return rows.map((x) => ({ dia: s(x.dia), caja: n(x.caja), primero: x.primero == null ? null : s(x.primero), ultimo: x.ultimo == null ? null : s(x.ultimo), ventas: n(x.ventas), anuladas: n(x.anuladas), bruto: n(x.bruto), descuentos: n(x.descuentos), fiado: n(x.fiado) }));
}

/**
 * The daily close's sales part from the sales' summary (ADR 037): count, annulled, gross and discounts
 * per day and till are sums of its deltas; the first and last number are the smallest and largest store
 * number among a key's rows, checked against the sale itself — a deleted or moved sale leaves its number
 * behind, and then that day is read from the sales. Fiado given comes from the payments' summary.
 */
async function ventasDelCierreResumidas(ctx: Ctx, r: Rango): Promise<VentasCierre[]> {
  const { db, tiendaId } = ctx;
  const rows = await filas(
    db,
    sql`select s.dia::text as dia, coalesce(nullif(s.punto_venta_id, 0), (select t.punto_venta_id from turno t where t.id_turno = s.turno_id), 0) as caja,
      min(s.primero) as primero, max(s.ultimo) as ultimo, sum(s.tickets) as ventas, sum(s.anuladas) as anuladas, sum(s.bruto) as bruto, sum(s.descuentos) as descuentos,
      count(*) as filas, count(distinct (s.hora, s.usuario_id, s.turno_id, s.metodo_pago_id, s.punto_venta_id)) as claves
    from resumen_venta_dia s where s.tienda_id = ${tiendaId} and s.dia between ${r.desde}::date and ${r.hasta}::date
    group by 1, 2`,
  );
  if (hayQuePlegar(rows.reduce((a, x) => a + n(x.filas), 0), rows.reduce((a, x) => a + n(x.claves), 0))) await plegarResumenes(db, tiendaId, r);
  const numeros = [...new Set(rows.flatMap((x) => [x.primero, x.ultimo]).filter((x) => x != null).map(n))];
  const ventas = new Map(
    (numeros.length
      ? await filas(
          db,
          sql`select v.numero, coalesce(rn.prefijo || v.numero_fiscal, v.numero::text) as texto, ${diaEnZona(sql`v.fecha`, tiendaId)}::text as dia, ${cajaDeVenta(sql`v`)} as caja
          from venta v left join rango_numeracion rn on rn.id_rango = v.rango_id
          where v.tienda_id = ${tiendaId} and v.numero = any(${`{${numeros.join(',')}}`}::int[])`,
        )
      : []
    ).map((x) => [n(x.numero), { texto: s(x.texto), dia: s(x.dia), caja: n(x.caja) }]),
  );
  const enSuSitio = (numero: unknown, dia: string, caja: number) => {
    const v = numero == null ? undefined : ventas.get(n(numero));
    return v && v.dia === dia && v.caja === caja ? v.texto : null;
  };
  const releer = new Set<string>();
  const resumidas: VentasCierre[] = [];
  for (const x of rows) {
    const dia = s(x.dia);
    const caja = n(x.caja);
    const primero = enSuSitio(x.primero, dia, caja);
    const ultimo = enSuSitio(x.ultimo, dia, caja);
    const hayVentas = n(x.ventas) !== 0 || n(x.anuladas) !== 0;
    if (hayVentas && (primero == null || ultimo == null)) releer.add(dia);
    else if (hayVentas) resumidas.push({ dia, caja, primero, ultimo, ventas: n(x.ventas), anuladas: n(x.anuladas), bruto: n(x.bruto), descuentos: n(x.descuentos), fiado: 0 });
  }
  const releidas = await Promise.all([...releer].map((dia) => ventasDelCierreDirectas(ctx, { desde: dia, hasta: dia })));
  // A day read again keeps its sales' figures but not their fiado: the payments' summary gives every day's.
  return [...resumidas.filter((x) => !releer.has(x.dia)), ...releidas.flat().map((x) => ({ ...x, fiado: 0 }))];
}

/** A row of the daily close: its sales part (fiado given under its own name) and the rest of the day at that till. */
interface FilaCierre extends Omit<VentasCierre, 'fiado'> {
  inhabilitados: number;
  devoluciones: number;
  devuelto: number;
  fiadoDado: number;
  fiadoCobrado: number;
  entradas: number;
  salidas: number;
  esperado: number | null;
  contado: number | null;
}

/**
 * The daily close (issue #35 point 4): per till and store day of `r`, the numbers its sales took (first
 * and last: the DIAN number with its prefix, else the store's own), the sales and annulments, the
 * numbers inhabilitados, gross, discounts, returns, net (gross − discounts − returns), fiado given and
 * collected, cash in and out, and what the shifts opened that day at that till expected and counted.
 * Per method and per tax rate in the other tables. A sale's till is its own, else its shift's; a
 * return's, an abono's and a cash movement's is their shift's.
 */
export async function cierreDiarioFilas(ctx: Ctx, r: Rango) {
  const { db, tiendaId, f } = ctx;
  const desde = inicioDelDiaEn(r.desde, tiendaId);
  const hasta = finDelDiaEn(r.hasta, tiendaId);
  const zona = zonaDeTienda(tiendaId);
  const porCaja = (expr: SQL) => (f.puntoVentaId == null ? sql`true` : sql`${expr} = ${f.puntoVentaId}`);
  const dia = (instante: SQL) => sql`(${instante} at time zone ${zona})::date::text`;

  // The sales part from the sales' summary (every day, ADR 037), or from the sales for `directo`.
  const { pasado, presente } = partes(ctx, r);
  const ventas = (
    await Promise.all([
      presente ? ventasDelCierreDirectas(ctx, presente) : [],
      pasado ? ventasDelCierreResumidas(ctx, pasado) : [],
    ])
  )
    .flat()
    .filter((x) => f.puntoVentaId == null || x.caja === f.puntoVentaId);
  const devoluciones = await filas(
    db,
    sql`select * from (
      select ${dia(sql`d.fecha`)} as dia, coalesce((select t.punto_venta_id from turno t where t.id_turno = d.turno_id), (select ${cajaDeVenta(sql`v`)} from venta v where v.id_venta = d.venta_id), 0) as caja,
        count(*) as devoluciones, coalesce(sum(d.total), 0) as devuelto
      from devolucion d where d.tienda_id = ${tiendaId} and d.fecha >= ${desde} and d.fecha < ${hasta} group by 1, 2) x where ${porCaja(sql`x.caja`)}`,
  );
  const pDesde = presente ? inicioDelDiaEn(presente.desde, tiendaId) : desde;
  const pHasta = presente ? finDelDiaEn(presente.hasta, tiendaId) : hasta;
  const hayPresente = presente ? sql`true` : sql`false`;
  const pagos = pasado
    ? await pagosResumidos<{ dia: string; caja: number; metodo: number; ventas: number; monto: number; cobros: number; abonos: number; fiado: number }>(
        db,
        tiendaId,
        pasado,
        (filtro) => sql`select * from (
          select s.dia::text as dia, coalesce(nullif(s.punto_venta_id, 0), (select t.punto_venta_id from turno t where t.id_turno = s.turno_id), 0) as caja, s.metodo_pago_id as metodo,
            sum(s.ventas) as ventas, sum(s.monto) as monto, sum(s.cobros) as cobros, sum(s.abonos) as abonos, sum(s.fiado) as fiado
          from resumen_pago_dia s where ${filtro} group by 1, 2, 3) x where ${porCaja(sql`x.caja`)}`,
      )
    : [];
  const abonos = [
    ...(await filas(
      db,
      sql`select * from (
      select ${dia(sql`c.fecha`)} as dia, ${cajaDeTurno(sql`c.turno_id`)} as caja, coalesce(-sum(c.monto), 0) as cobrado
      from credito_movimiento c where c.tienda_id = ${tiendaId} and ${hayPresente} and c.tipo = 'abono' and c.fecha >= ${pDesde} and c.fecha < ${pHasta} group by 1, 2) x where ${porCaja(sql`x.caja`)}`,
    )),
    ...pagos
      .filter((x) => n(x.cobros) !== 0)
      .reduce((m, x) => {
        const k = `${x.dia}|${n(x.caja)}`;
        const y = m.get(k) ?? m.set(k, { dia: x.dia, caja: n(x.caja), cobrado: 0 }).get(k)!;
        y.cobrado += n(x.abonos);
        return m;
      }, new Map<string, { dia: string; caja: number; cobrado: number }>())
      .values(),
  ];
  const caja = await filas(
    db,
    sql`select * from (
      select ${dia(sql`m.fecha`)} as dia, ${cajaDeTurno(sql`m.turno_id`)} as caja,
        coalesce(sum(m.monto) filter (where m.tipo = 'entrada'), 0) as entradas, coalesce(sum(m.monto) filter (where m.tipo = 'salida'), 0) as salidas
      from caja_movimiento m where m.tienda_id = ${tiendaId} and m.fecha >= ${desde} and m.fecha < ${hasta} group by 1, 2) x where ${porCaja(sql`x.caja`)}`,
  );
  const turnosDia = await filas(
    db,
    sql`select * from (
      select ${dia(sql`t.abierto_en`)} as dia, coalesce(t.punto_venta_id, 0) as caja,
        sum((select sum(e.value::bigint) from jsonb_each_text(t.cierre -> 'esperado') e)) as esperado,
        sum((select sum(e.value::bigint) from jsonb_each_text(t.cierre -> 'contado') e)) as contado
      from turno t where t.tienda_id = ${tiendaId} and t.abierto_en >= ${desde} and t.abierto_en < ${hasta} group by 1, 2) x where ${porCaja(sql`x.caja`)}`,
  );
  const inhabilitados = await filas(
    db,
    sql`select * from (
      select ${dia(sql`i.fecha`)} as dia, rn.punto_venta_id as caja, count(*) as inhabilitados
      from numero_inhabilitado i join rango_numeracion rn on rn.id_rango = i.rango_id
      where i.tienda_id = ${tiendaId} and i.fecha >= ${desde} and i.fecha < ${hasta} group by 1, 2) x where ${porCaja(sql`x.caja`)}`,
  );
  const claves = new Map<string, FilaCierre>();
  const de = (x: { dia?: unknown; caja?: unknown }) => {
    const k = `${s(x.dia)}|${n(x.caja)}`;
    return (
      claves.get(k) ??
      claves
        .set(k, { dia: s(x.dia), caja: n(x.caja), primero: null, ultimo: null, ventas: 0, anuladas: 0, inhabilitados: 0, bruto: 0, descuentos: 0, devoluciones: 0, devuelto: 0, fiadoDado: 0, fiadoCobrado: 0, entradas: 0, salidas: 0, esperado: null, contado: null })
        .get(k)!
    );
  };
  for (const x of ventas) Object.assign(de(x), { primero: x.primero, ultimo: x.ultimo, ventas: x.ventas, anuladas: x.anuladas, bruto: x.bruto, descuentos: x.descuentos });
  // Fiado given: with the sales for `directo`; otherwise every day's from the payments' summary.
  for (const x of ventas) if (x.fiado !== 0) de(x).fiadoDado += x.fiado;
  for (const x of pagos) if (n(x.fiado) !== 0) de(x).fiadoDado += n(x.fiado);
  for (const x of devoluciones) Object.assign(de(x), { devoluciones: n(x.devoluciones), devuelto: n(x.devuelto) });
  for (const x of abonos) de(x).fiadoCobrado = n(x.cobrado);
  for (const x of caja) Object.assign(de(x), { entradas: n(x.entradas), salidas: n(x.salidas) });
  for (const x of turnosDia) Object.assign(de(x), { esperado: x.esperado == null ? null : n(x.esperado), contado: x.contado == null ? null : n(x.contado) });
  for (const x of inhabilitados) de(x).inhabilitados = n(x.inhabilitados);
  const rows = [...claves.values()].sort((a, b) => a.dia.localeCompare(b.dia) || a.caja - b.caja);

  const medios = await filas(
    db,
    sql`
    with v as materialized (
      select v.metodo_pago_id, v.total, v.monto_fiado, ${dia(sql`v.fecha`)} as dia, ${cajaDeVenta(sql`v`)} as caja
      from venta v where v.tienda_id = ${tiendaId} and ${hayPresente} and v.fecha >= ${pDesde} and v.fecha < ${pHasta} and v.estado <> 'Anulada'
    ),
    partes as (
      select dia, caja, v.metodo_pago_id as metodo, case when v.metodo_pago_id = ${METODO.FIADO} then v.total else v.total - v.monto_fiado end as monto
      from v where v.metodo_pago_id = ${METODO.FIADO} or v.total - v.monto_fiado > 0 or v.monto_fiado <= 0
      union all
      select dia, caja, ${METODO.FIADO}, v.monto_fiado from v where v.metodo_pago_id <> ${METODO.FIADO} and v.monto_fiado > 0
    ),
    pr as (
      select * from json_to_recordset(${JSON.stringify(pagos)}::json) as x(dia text, caja integer, metodo integer, ventas bigint, monto bigint, cobros bigint, abonos bigint)
    ),
    pv as (
      select dia, caja, metodo, count(*) as ventas, sum(monto) as monto from partes where ${porCaja(sql`caja`)} group by 1, 2, 3
      union all select dia, caja, metodo, ventas, monto from pr where metodo <> 0 and ventas <> 0
    ),
    pa as (
      select * from (
        select ${dia(sql`c.fecha`)} as dia, ${cajaDeTurno(sql`c.turno_id`)} as caja, c.metodo_pago_id as metodo, sum(-c.monto) as abonos
        from credito_movimiento c where c.tienda_id = ${tiendaId} and ${hayPresente} and c.tipo = 'abono' and c.metodo_pago_id is not null and c.fecha >= ${pDesde} and c.fecha < ${pHasta} group by 1, 2, 3
      ) x where ${porCaja(sql`x.caja`)}
      union all select dia, caja, metodo, abonos from pr where metodo <> 0 and cobros <> 0
    ),
    pd as (
      select * from (
        select ${dia(sql`d.fecha`)} as dia, coalesce((select t.punto_venta_id from turno t where t.id_turno = d.turno_id), 0) as caja, d.metodo_pago_id as metodo, sum(d.total) as devuelto
        from devolucion d where d.tienda_id = ${tiendaId} and d.fecha >= ${desde} and d.fecha < ${hasta} group by 1, 2, 3
      ) x where ${porCaja(sql`x.caja`)}
    ),
    k as (select dia, caja, metodo from pv union select dia, caja, metodo from pa union select dia, caja, metodo from pd)
    select k.dia, k.caja, (select m.nombre from metodo_pago m where m.id_met_pago = k.metodo) as medio,
      coalesce(pv.ventas, 0) as ventas, coalesce(pv.monto, 0) as monto, coalesce(pa.abonos, 0) as abonos, coalesce(pd.devuelto, 0) as devuelto
    from k left join pv using (dia, caja, metodo) left join pa using (dia, caja, metodo) left join pd using (dia, caja, metodo)
    order by k.dia, k.caja, k.metodo`,
  );
  // Taxes from the per-day summary (ADR 031, ADR 037), or split sale by sale for `directo`.
  const impuestos = presente ? await impuestosPorGrupo({ db, tiendaId, desde: presente.desde, hasta: presente.hasta, grupo: sql`${dia(sql`venta.fecha`)} || '|' || ${cajaDeVenta(sql`venta`)}` }) : (new Map() as Awaited<ReturnType<typeof impuestosPorGrupo>>);
  const resumidos = pasado ? await impuestosResumidos({ db, tiendaId, desde: pasado.desde, hasta: pasado.hasta }) : [];
  const orden = (t: string) => (t === '' ? IMPUESTOS.length : IMPUESTOS.indexOf(t as TImpuesto));
  const tarifas = [
    ...resumidos.filter((x) => x.lineas !== 0 && (x.impuesto !== '' || x.base > 0)).map((x) => ({ dia: x.dia, caja: x.caja, tarifa: x.impuesto, base: x.base, impuesto: x.valor })),
    ...[...impuestos].flatMap(([g, x]) => {
      const [d, c] = g.split('|');
      return [...x.tarifas.map((t) => ({ dia: d!, caja: Number(c), tarifa: t.impuesto as string, base: t.base, impuesto: t.valor })), ...(x.sinImpuesto > 0 ? [{ dia: d!, caja: Number(c), tarifa: '', base: x.sinImpuesto, impuesto: 0 }] : [])];
    }),
  ]
    .filter((x) => f.puntoVentaId == null || x.caja === f.puntoVentaId)
    .sort((a, b) => a.dia.localeCompare(b.dia) || a.caja - b.caja || orden(a.tarifa) - orden(b.tarifa));
  return { rows, medios, tarifas };
}

async function nombresDeCajas(db: Db, tiendaId: number): Promise<Map<number, string>> {
  const rows = await filas(db, sql`select id_punto_venta as id, nombre from punto_venta where tienda_id = ${tiendaId}`);
  return new Map([[0, R.sinCaja], ...rows.map((x) => [n(x.id), s(x.nombre)] as [number, string])]);
}

async function cierreDiario(ctx: Ctx, r: Rango): Promise<TReporte> {
  const { rows, medios, tarifas } = await cierreDiarioFilas(ctx, r);
  const cajas = await nombresDeCajas(ctx.db, ctx.tiendaId);
  const neto = (x: FilaCierre) => x.bruto - x.descuentos - x.devuelto;
  const suma = (k: keyof FilaCierre) => rows.reduce((a, x) => a + n(x[k]), 0);
  const conConteo = rows.filter((x) => x.esperado != null && x.contado != null);
  return reporte('cierre-diario', r, {
    indicadores: [
      ind('neto', 'dinero', rows.reduce((a, x) => a + neto(x), 0)),
      ind('tickets', 'entero', suma('ventas')),
      ind('anuladas', 'entero', suma('anuladas')),
      ind('inhabilitados', 'entero', suma('inhabilitados')),
      ind('devuelto', 'dinero', suma('devuelto')),
      ind('fiadoDado', 'dinero', suma('fiadoDado')),
      ind('fiadoCobrado', 'dinero', suma('fiadoCobrado')),
      ind('diferencia', 'dinero', conConteo.reduce((a, x) => a + x.contado! - x.esperado!, 0)),
    ],
    tablas: [
      tabla(
        ctx,
        R.informes['cierre-diario'].titulo,
        [
          col('dia', C.dia, 'fecha'),
          col('caja', C.caja),
          col('primero', C.primerNumero),
          col('ultimo', C.ultimoNumero),
          col('ventas', C.ventas, 'entero'),
          col('anuladas', C.anuladas, 'entero'),
          col('inhabilitados', C.inhabilitados, 'entero'),
          col('bruto', C.bruto, 'dinero'),
          col('descuentos', C.descuentos, 'dinero'),
          col('devuelto', C.devoluciones, 'dinero'),
          col('neto', C.neto, 'dinero'),
          col('fiadoDado', C.fiadoDado, 'dinero'),
          col('fiadoCobrado', C.fiadoCobrado, 'dinero'),
          col('entradas', C.entradas, 'dinero'),
          col('salidas', C.salidas, 'dinero'),
          col('esperado', C.esperado, 'dinero'),
          col('contado', C.contado, 'dinero'),
          col('diferencia', C.diferencia, 'dinero'),
        ],
        rows.map((x) => ({
          dia: x.dia,
          caja: cajas.get(x.caja) ?? String(x.caja),
          primero: x.primero,
          ultimo: x.ultimo,
          ventas: x.ventas,
          anuladas: x.anuladas,
          inhabilitados: x.inhabilitados,
          bruto: x.bruto,
          descuentos: x.descuentos,
          devuelto: x.devuelto,
          neto: neto(x),
          fiadoDado: x.fiadoDado,
          fiadoCobrado: x.fiadoCobrado,
          entradas: x.entradas,
          salidas: x.salidas,
          esperado: x.esperado,
          contado: x.contado,
          diferencia: x.esperado == null || x.contado == null ? null : x.contado - x.esperado,
        })),
      ),
      tabla(
        ctx,
        R.tablas.cierreMedios,
        [col('dia', C.dia, 'fecha'), col('caja', C.caja), col('medio', C.medio), col('ventas', C.ventas, 'entero'), col('monto', C.montoVentas, 'dinero'), col('abonos', C.abonos, 'dinero'), col('devuelto', C.devuelto, 'dinero')],
        medios.map((x) => ({ dia: s(x.dia), caja: cajas.get(n(x.caja)) ?? String(x.caja), medio: s(x.medio), ventas: n(x.ventas), monto: n(x.monto), abonos: n(x.abonos), devuelto: n(x.devuelto) })),
      ),
      tabla(
        ctx,
        R.tablas.cierreImpuestos,
        [col('dia', C.dia, 'fecha'), col('caja', C.caja), col('tarifa', C.tarifa), col('base', C.base, 'centavos'), col('impuesto', C.impuesto, 'centavos')],
        tarifas.map((x) => ({ dia: x.dia, caja: cajas.get(x.caja) ?? String(x.caja), tarifa: x.tarifa ? nombreTarifa(x.tarifa) : R.sinImpuesto, base: x.base, impuesto: x.impuesto })),
      ),
    ],
    nota: R.notas.cierreDiario,
  });
}

// ── Cierre mensual ────────────────────────────────────────────────────────────────────────────

/**
 * Each product's stock at the end of `hasta` (today's stock less what the ledger moved after it) and
 * its value at the product's current average cost (the average of that day is not kept; no cost: 0).
 */
export async function inventarioAlCierre(db: Db, tiendaId: number, hasta: string) {
  return filas<{ id_producto: number; nombre: string; stock: number; costo: number | null; valor: number }>(
    db,
    sql`
    with despues as (
      select m.producto_id, sum(m.entradas - m.salidas) as neto from movimiento m
      where m.tienda_id = ${tiendaId} and m.fecha_movimiento >= ${finDelDiaEn(hasta, tiendaId)} and m.producto_id is not null group by m.producto_id
    )
    select p.id_producto, p.nombre, (p.stock - coalesce(d.neto, 0))::float8 as stock, p.costo_promedio as costo,
      round((p.stock - coalesce(d.neto, 0)) * coalesce(p.costo_promedio, 0))::bigint as valor
    from producto p left join despues d on d.producto_id = p.id_producto
    where p.tienda_id = ${tiendaId} and p.stock - coalesce(d.neto, 0) <> 0
    order by valor desc, p.nombre, p.id_producto`,
  );
}

async function cierreMensual(ctx: Ctx, r: Rango): Promise<TReporte> {
  const { db, tiendaId } = ctx;
  const dias = await ventasPorDia(ctx, r);
  const t = sumar(dias);
  const inf = await informeImpuestos({ db, tiendaId, desde: r.desde, hasta: r.hasta, resumidoHasta: resumidoHasta(ctx, r) });
  const productos = await porProducto(ctx, r, false);
  const conCosto = productos.filter((x) => x.sinCosto === 0);
  const margen = conCosto.reduce((a, x) => a + x.neto - x.costo, 0);
  const compras = await filas(
    db,
    sql`select rc.fecha, rc.numero, pr.nombre as proveedor, rc.factura_numero, rc.total
    from recepcion rc join proveedor pr on pr.id_proveedor = rc.proveedor_id
    where rc.tienda_id = ${tiendaId} and rc.fecha >= ${inicioDelDiaEn(r.desde, tiendaId)} and rc.fecha < ${finDelDiaEn(r.hasta, tiendaId)}
    order by rc.fecha, rc.numero`,
  );
  const inventario = await inventarioAlCierre(db, tiendaId, r.hasta);
  const cartera = await carteraFilas(db, tiendaId, r.hasta);
  const sumaC = (k: 'd0' | 'd31' | 'd61' | 'd90') => cartera.reduce((a, x) => a + x[k], 0);
  const margenDe = (x: { neto: number; costo: number; sinCosto: number }) => (x.sinCosto > 0 ? null : x.neto - x.costo);
  const filaProducto = (x: (typeof productos)[number], puesto: number) => ({ puesto, producto: x.nombre, categoria: x.categoria, cantidad: x.cantidad, neto: x.neto, costo: x.sinCosto > 0 ? null : x.costo, margen: margenDe(x) });
  const colsProducto = [col('puesto', C.puesto, 'entero'), col('producto', C.producto), col('categoria', C.categoria), col('cantidad', C.cantidad, 'entero'), col('neto', C.neto, 'dinero'), col('costo', C.costo, 'dinero'), col('margen', C.margen, 'dinero')];
  const tarifas: TFila[] = inf.tarifas.map((x) => ({ tarifa: nombreTarifa(x.impuesto), base: x.base, impuesto: x.valor }));
  if (inf.sinImpuesto.lineas > 0) tarifas.push({ tarifa: R.sinImpuesto, base: inf.sinImpuesto.base, impuesto: 0 });
  const totalCompras = compras.reduce((a, x) => a + n(x.total), 0);
  const valorInventario = inventario.reduce((a, x) => a + n(x.valor), 0);
  const completo = { ...ctx, completo: true };
  return reporte('cierre-mensual', r, {
    indicadores: [
      ind('neto', 'dinero', t.neto - t.devuelto),
      ind('impuestoTotal', 'centavos', inf.tarifas.reduce((a, x) => a + x.valor, 0)),
      ind('costo', 'dinero', conCosto.reduce((a, x) => a + x.costo, 0)),
      ind('margen', 'dinero', margen),
      ind('compras', 'dinero', totalCompras),
      ind('inventarioCosto', 'dinero', valorInventario),
      ind('cartera', 'dinero', cartera.reduce((a, x) => a + x.saldo, 0)),
    ],
    grafico: { tipo: 'barras', titulo: R.graficos.netoPorDia, etiquetas: dias.map((d) => d.dia), series: [{ nombre: R.graficos.actual, datos: dias.map((d) => d.neto - d.devuelto) }], tipoValor: 'dinero' },
    tablas: [
      tabla(
        ctx,
        R.tablas.netoPorDia,
        [col('dia', C.dia, 'fecha'), col('tickets', C.tickets, 'entero'), col('bruto', C.bruto, 'dinero'), col('descuentos', C.descuentos, 'dinero'), col('devuelto', C.devoluciones, 'dinero'), col('neto', C.neto, 'dinero')],
        dias.map((d) => ({ dia: d.dia, tickets: d.tickets, bruto: d.bruto, descuentos: d.descuentos, devuelto: d.devuelto, neto: d.neto - d.devuelto })),
      ),
      tabla(completo, R.tablas.impuestos, [col('tarifa', C.tarifa), col('base', C.base, 'centavos'), col('impuesto', C.impuesto, 'centavos')], tarifas),
      tabla(completo, R.tablas.top, colsProducto, productos.slice(0, 10).map((x, i) => filaProducto(x, i + 1))),
      tabla(
        completo,
        R.tablas.bottom,
        colsProducto,
        productos
          .map((x, i) => filaProducto(x, i + 1))
          .slice(Math.max(10, productos.length - 10))
          .reverse(),
      ),
      tabla(
        ctx,
        R.tablas.compras,
        [col('fecha', C.fecha, 'fechaHora'), col('recepcion', C.recepcion, 'entero'), col('proveedor', C.proveedor), col('factura', C.facturaProveedor), col('total', C.monto, 'dinero')],
        compras.map((x) => ({ fecha: new Date(x.fecha as string).toISOString(), recepcion: n(x.numero), proveedor: s(x.proveedor), factura: s(x.factura_numero), total: n(x.total) })),
      ),
      tabla(
        ctx,
        R.tablas.inventarioCierre,
        [col('producto', C.producto), col('stock', C.stock, 'entero'), col('costo', C.costoPromedio, 'dinero'), col('valor', C.valorCosto, 'dinero')],
        inventario.map((x) => ({ producto: s(x.nombre), stock: n(x.stock), costo: x.costo == null ? null : n(x.costo), valor: n(x.valor) })),
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
