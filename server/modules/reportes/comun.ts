import { sql, type SQL } from 'drizzle-orm';
import { M } from '#shared/messages';
import { rangoDelPeriodo, type Rango } from '#shared/periodo';
import type { TColumna, TFila, TIndicador, TInforme, TReporte, TReporteFiltros, TTabla, TTipoValor } from '#shared/schemas/reportes';
import type { Db } from '../../db/client';
import { finDelDiaEn, inicioDelDiaEn, zonaDeTienda } from '../tienda/zona-horaria';
import { resumidoPorMeses, type ConMeses } from './reportes.resumen';
import { arregloInt } from '../../db/arreglos';

/**
 * What every report of the store (issue #35) shares: the context it runs in, the period and its
 * sources (summaries or sales), the store scope of its sales, and the shape of its tables and figures.
 * Each report is one file of this folder (its query, its summary reader, its columns), listed in
 * `informes.ts`.
 *
 * Every figure is a sum over the ledgers themselves — sales and their lines (`venta`, `factura`), the
 * credit ledger (`credito_movimiento`), the drawer (`turno`, `caja_movimiento`) and the stock ledger
 * (`movimiento`) — over the store's days in its own time zone (`inicioDelDiaEn`/`finDelDiaEn`,
 * evaluated inside each statement). Annulled sales never count as sold; they are counted apart.
 *
 * A sale's payment is read as its parts, as `partesDelPago` (shared/pago.ts) reads it: the part its
 * method covered (`total − monto_fiado`) and the part left on credit (`monto_fiado`, or the whole
 * total when the method is Fiado).
 */
export const R = M.reportes;
export const C = R.columnas;
export const I = R.indicadores;

/** Rows shown on screen at most; an export carries every row. */
export const FILAS_EN_PANTALLA = 500;

export interface Ctx {
  db: Db;
  tiendaId: number;
  f: TReporteFiltros;
  /** Every row (an export) or the first FILAS_EN_PANTALLA. */
  completo: boolean;
  /** Read every sale and line, never the per-day summaries (the property test's and the bench's reference). */
  directo?: boolean;
}

/** One report: its period `r` and the period before it `ant` (for the reports that compare). */
export type Generador = (ctx: Ctx, r: Rango, ant: Rango) => Promise<TReporte>;

export const n = (v: unknown): number => Number(v ?? 0);
export const s = (v: unknown): string => (v == null ? '' : String(v));

export async function filas<T = Record<string, unknown>>(db: Db, q: SQL): Promise<T[]> {
  return ((await db.execute(q)) as unknown as { rows: T[] }).rows;
}

/**
 * Several stores' rows in one statement (an empresa's consolidated reports, issue #56 point 4): each
 * store's own query `q(tienda)` — the one its own report runs — as a LATERAL subquery over the list of
 * stores, `tienda` the SQL of the store's id in that list (its zone read from its row, `zonaDeTienda`),
 * each row tagged with its store and kept in its query's order. One statement planned once, whatever
 * the number of stores: the 50 branches of a `union all` (one per store) took longer to plan than the
 * close of a day took to read (issue #56 point 6).
 */
export async function filasPorTienda(db: Db, tiendas: number[], q: (tienda: SQL) => SQL): Promise<Map<number, Record<string, unknown>[]>> {
  const por = new Map<number, Record<string, unknown>[]>(tiendas.map((t) => [t, []]));
  if (!tiendas.length) return por;
  const lista = arregloInt(tiendas);
  const rows = await filas(
    db,
    sql`select tiendas__.id as tienda__, x.* from unnest(${lista}) as tiendas__(id)
    cross join lateral (select row_number() over () as orden__, y.* from (${q(sql`tiendas__.id`)}) y) x
    order by tiendas__.id, x.orden__`,
  );
  for (const x of rows) {
    const { tienda__, orden__: _, ...resto } = x;
    por.get(n(tienda__))!.push(resto);
  }
  return por;
}

export const col = (clave: string, titulo: string, tipo: TTipoValor = 'texto'): TColumna => ({ clave, titulo, tipo });
export const ind = (clave: keyof typeof I, tipo: TTipoValor, valor: number, anterior: number | null = null): TIndicador => ({ clave, titulo: I[clave], tipo, valor, anterior });

/**
 * Which days of `r` a report reads from the per-day summaries (ADR 028) and which from the sales
 * themselves: every day from the summaries, today's included (ADR 037: the triggers keep today's rows
 * in each sale's own transaction, so they are as exact as a past day's), or every sale directly for
 * `directo` — the reference the property tests hold the summaries to.
 */
export function partes(ctx: Ctx, r: Rango): { pasado: Rango | null; presente: Rango | null } {
  return ctx.directo ? { pasado: null, presente: r } : { pasado: r, presente: null };
}

/** The last day `informeImpuestos` reads from the taxes' summary: all of `r`, or none for a direct report. */
export const resumidoHasta = (ctx: Ctx, r: Rango): string | null => (ctx.directo ? null : r.hasta);

/** The store's today, in its zone. */
export async function hoyEnTienda(db: Db, tiendaId: number): Promise<string> {
  const [row] = await filas<{ hoy: string }>(db, sql`select (now() at time zone ${zonaDeTienda(tiendaId)})::date::text as hoy`);
  return row!.hoy;
}

/** The filters' days: the preset seen from the store's today. */
export async function rangoDe(db: Db, tiendaId: number, f: TReporteFiltros): Promise<Rango> {
  return rangoDelPeriodo(f.periodo, await hoyEnTienda(db, tiendaId), f.desde || undefined, f.hasta || undefined);
}

/**
 * The rows of `resumen_venta_dia s` (per day, person and shift; `resumen_pago_dia s` has the same
 * columns) in the summarised days (`pasado`, from `partes`), with the person and shift filters; `false`
 * when the report reads every sale instead.
 */
export function resumenVentaDe(ctx: Ctx, pasado: Rango | null): SQL {
  if (!pasado) return sql`false`;
  const { tiendaId, f } = ctx;
  const parts: SQL[] = [sql`s.tienda_id = ${tiendaId}`, sql`s.dia between ${pasado.desde}::date and ${pasado.hasta}::date`];
  if (f.usuarioId != null) parts.push(sql`s.usuario_id = ${f.usuarioId}`);
  if (f.turnoId != null) parts.push(sql`s.turno_id = ${f.turnoId}`);
  return sql.join(parts, sql` and `);
}

/**
 * The rows of a summary with a month table (`resumen_venta_dia`, `resumen_pago_dia`) in the summarised
 * days (`pasado`) with the person filter, narrowed by `donde` (over the tables' own columns), as a query
 * with `columnas`: whole months from the month table and the other days from the days (ADR 073,
 * `resumidoPorMeses`); the days alone with a shift filter (a month has no shift). Nothing for a report
 * that reads every sale instead.
 */
export async function resumidasDe(ctx: Ctx, resumen: ConMeses, pasado: Rango | null, columnas: readonly string[], donde: SQL = sql`true`): Promise<SQL> {
  if (!pasado || ctx.f.turnoId != null) return sql`select ${sql.raw(columnas.join(', '))} from ${sql.raw(resumen.tabla)} s where ${resumenVentaDe(ctx, pasado)} and ${donde}`;
  const persona = ctx.f.usuarioId != null ? sql`usuario_id = ${ctx.f.usuarioId} and ${donde}` : donde;
  return resumidoPorMeses(ctx.db, resumen, [ctx.tiendaId], pasado, await hoyEnTienda(ctx.db, ctx.tiendaId), columnas, persona);
}

/** The sales of the store in the days of `r`, with the person and shift filters: conditions on `venta v`. */
export function ventasDe(ctx: Ctx, r: Rango, alias = sql`v`): SQL {
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

export const nombreUsuario = (id: SQL) =>
  sql`coalesce((select u.nombre1 || ' ' || u.apellido1 from usuario u where u.id_usuario = ${id}), ${R.tiendaCuenta})`;

export const categoriaDe = (p: SQL) => sql`coalesce(nullif(btrim(${p}.categoria), ''), ${R.sinCategoria})`;

/** A tax rate's name as people read it. */
export const nombreTarifa = (t: string) => (M.impuestos.nombres as Record<string, string>)[t] ?? t;

/** The average ticket in whole pesos (rounded half up). */
export const promedio = (neto: number, tickets: number) => (tickets === 0 ? 0 : Math.round(neto / tickets));

export const limite = (ctx: Ctx) => (ctx.completo ? sql`` : sql`limit ${FILAS_EN_PANTALLA + 1}`);

export function tabla(ctx: Ctx, titulo: string, columnas: TColumna[], rows: TFila[]): TTabla {
  const total = rows.length;
  return { titulo, columnas, filas: ctx.completo ? rows : rows.slice(0, FILAS_EN_PANTALLA), total };
}

/** A table whose rows the database already cut (ADR 046): `total` is how many there are in all. */
export function tablaCortada(ctx: Ctx, total: number, titulo: string, columnas: TColumna[], rows: TFila[]): TTabla {
  return { ...tabla(ctx, titulo, columnas, rows), total };
}

export function reporte(informe: TInforme, r: Rango, partes: Partial<TReporte>): TReporte {
  return { informe, titulo: R.informes[informe].titulo, periodo: r, anterior: null, indicadores: [], grafico: null, tablas: [], nota: null, ...partes };
}
