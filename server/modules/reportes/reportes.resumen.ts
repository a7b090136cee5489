import { sql, type SQL } from 'drizzle-orm';
import { diasEntre, sumarDias, type Rango } from '#shared/periodo';
import type { Db, Tx } from '../../db/client';
import { conResumenesBloqueados } from '../../db/bloqueo-resumen';
import { plegarImpuestosEn } from '../impuestos/impuestos.domain';
import { clavesDe, RESUMEN_LISTA_DIA, RESUMEN_PAGO_DIA, RESUMEN_PRODUCTO_DIA, RESUMEN_VENTA_DIA, sqlPlegado as plegar, tablaAcumulada, tablaDe, type ResumenDeVentas, type ResumenPorFilas } from '../../db/resumenes';

/**
 * The per-day summaries of issue #35 point 3 (ADR 028): `resumen_venta_dia` and `resumen_producto_dia`,
 * kept by triggers in the sale's own transaction (migration `resumen_diario`). The reports read them
 * for every day, today's included (ADR 037); `directo` reads the sales instead.
 */

/**
 * Folds the summaries' delta rows of the store's days `r` into one row per key (ADR 017's fold): one
 * DELETE … RETURNING feeding one INSERT, so rows other transactions insert meanwhile stay and nothing
 * is counted twice; keys whose sums are all zero go. Called by a reader that found many more rows than
 * keys; idempotent.
 */
export async function plegarResumenes(db: Db | Tx, tiendaId: number, r: Rango): Promise<void> {
  await conResumenesBloqueados(db, tiendaId, (tx) => plegarResumenesEn(tx, tiendaId, r));
}

async function plegarResumenesEn(db: Tx, tiendaId: number, r: Rango): Promise<void> {
  const enDias = sql`tienda_id = ${tiendaId} and dia between ${r.desde}::date and ${r.hasta}::date`;
  await db.execute(plegar(tablaDe(RESUMEN_VENTA_DIA), enDias));
  await db.execute(plegar(tablaDe(RESUMEN_PRODUCTO_DIA), enDias));
  await db.execute(plegar(tablaDe(RESUMEN_LISTA_DIA), enDias));
  await plegarImpuestosEn(db, tiendaId, r);
  await plegarPagosEn(db, tiendaId, r);
  const meses: string[] = [];
  for (let m = primeroDelMes(r.desde); m <= r.hasta; m = sumarDias(ultimoDelMes(m), 1)) meses.push(m);
  if (meses.length) for (const x of [RESUMEN_VENTA_DIA, RESUMEN_PRODUCTO_DIA, RESUMEN_PAGO_DIA]) await plegarMesesEn(db, x, tiendaId, meses);
}

/** The same fold for the payments' summary (`resumen_pago_dia`, ADR 032). */
export async function plegarPagos(db: Db | Tx, tiendaId: number, r: Rango): Promise<void> {
  await conResumenesBloqueados(db, tiendaId, (tx) => plegarPagosEn(tx, tiendaId, r));
}

async function plegarPagosEn(db: Tx, tiendaId: number, r: Rango): Promise<void> {
  await db.execute(plegar(RESUMEN_PAGO_DIA, sql`tienda_id = ${tiendaId} and dia between ${r.desde}::date and ${r.hasta}::date`));
  const meses: string[] = [];
  for (let m = primeroDelMes(r.desde); m <= r.hasta; m = sumarDias(ultimoDelMes(m), 1)) meses.push(m);
  await plegarMesesEn(db, RESUMEN_PAGO_DIA, tiendaId, meses);
}

/**
 * Reads the payments' summary of the store's days `r` grouped by `grupo` (an expression over the
 * summary row `s`), narrowed by `donde`; folds when the rows read outnumber the keys (ADR 017).
 * `claves` counts the summary's own keys, so a reader grouping coarser still knows when to fold.
 */
export async function pagosResumidos<T extends Record<string, unknown>>(db: Db, tiendaId: number, r: Rango, consulta: (filtro: ReturnType<typeof sql>) => ReturnType<typeof sql>): Promise<T[]> {
  const filtro = filtroDePagos(tiendaId, r);
  await plegarPagosSiHaceFalta(db, [tiendaId], r);
  return ((await db.execute(consulta(filtro))) as unknown as { rows: T[] }).rows;
}

/** The payments' summary rows of the store's days `r` (on `resumen_pago_dia s`). */
export const filtroDePagos = (tiendaId: number | ReturnType<typeof sql>, r: Rango) => sql`s.tienda_id = ${tiendaId} and s.dia between ${r.desde}::date and ${r.hasta}::date`;

/** `pagosResumidos`' fold check for several stores in one statement: each store whose rows pile up is folded (ADR 017). */
export async function plegarPagosSiHaceFalta(db: Db, tiendas: number[], r: Rango): Promise<void> {
  if (!tiendas.length) return;
  const cuentas = ((await db.execute(sql`select s.tienda_id, count(*)::int as filas, count(distinct ${clavesDe(RESUMEN_PAGO_DIA, 's.')})::int as claves
    from resumen_pago_dia s where s.tienda_id in (${sql.join(tiendas.map((t) => sql`${t}`), sql`, `)}) and s.dia between ${r.desde}::date and ${r.hasta}::date group by s.tienda_id`)) as unknown as { rows: { tienda_id: number; filas: number; claves: number }[] }).rows;
  for (const c of cuentas) if (hayQuePlegar(Number(c.filas), Number(c.claves))) await plegarPagos(db, Number(c.tienda_id), r);
}

/** A reader folds when the summary rows it read outnumber 2 × their keys + 200 (ADR 017). */
export const hayQuePlegar = (filas: number, claves: number) => filas > 2 * claves + 200;

/** The first and last day of `dia`'s calendar month. */
const primeroDelMes = (dia: string) => `${dia.slice(0, 8)}01`;
export const ultimoDelMes = (dia: string) => sumarDias(primeroDelMes(sumarDias(primeroDelMes(dia), 31)), -1);

/**
 * How the products' summaries add up to the days of `r` (ADR 035): per calendar month the range
 * touches, either its days in `resumen_producto_dia` (sign +1), or the month's row in
 * `resumen_producto_mes` minus the month's days outside the range (sign −1), whichever reads fewer
 * days that can hold sales (days after `hoy` hold none, but are subtracted all the same: a sale dated
 * ahead is still in its month). "Este mes" is then its month's rows alone; the month before, one month.
 */
export function partesDelMes(r: Rango, hoy: string): { meses: string[]; dias: { desde: string; hasta: string; signo: 1 | -1 }[] } {
  const meses: string[] = [];
  const dias: { desde: string; hasta: string; signo: 1 | -1 }[] = [];
  const conVentas = (a: string, b: string) => (a > b || a > hoy ? 0 : diasEntre(a, b < hoy ? b : hoy));
  for (let m = primeroDelMes(r.desde); m <= r.hasta; m = sumarDias(ultimoDelMes(m), 1)) {
    const fin = ultimoDelMes(m);
    const d = r.desde > m ? r.desde : m;
    const h = r.hasta < fin ? r.hasta : fin;
    const fuera = conVentas(m, sumarDias(d, -1)) + conVentas(sumarDias(h, 1), fin);
    if (fuera < conVentas(d, h)) {
      meses.push(m);
      if (d > m) dias.push({ desde: m, hasta: sumarDias(d, -1), signo: -1 });
      if (h < fin) dias.push({ desde: sumarDias(h, 1), hasta: fin, signo: -1 });
    } else dias.push({ desde: d, hasta: h, signo: 1 });
  }
  return { meses, dias };
}

/** A summary with a month table (ADR 035, ADR 073). */
export type ConMeses = ResumenDeVentas | ResumenPorFilas;

/** The fold of a summary's month table (`resumen_producto_mes`, `resumen_venta_mes`, `resumen_pago_mes`) for the months `meses`. */
export async function plegarMeses(db: Db | Tx, r: ConMeses, tiendaId: number, meses: string[]): Promise<void> {
  if (meses.length === 0) return;
  await conResumenesBloqueados(db, tiendaId, (tx) => plegarMesesEn(tx, r, tiendaId, meses));
}

async function plegarMesesEn(db: Tx, r: ConMeses, tiendaId: number, meses: string[]): Promise<void> {
  if (meses.length === 0) return;
  await db.execute(plegar(tablaAcumulada(r), sql`tienda_id = ${tiendaId} and mes in (${sql.join(meses.map((m) => sql`${m}::date`), sql`, `)})`));
}

/**
 * The rows of a summary with a month table (`r`) for the stores `tiendas` and the days of `rango`
 * (`partesDelMes`: whole months from the month table, the other days from the day table, a month's days
 * outside the range taken off), as one query with the columns `columnas` — keys the two tables share and
 * summed measures (signed); `donde` narrows both tables (a condition over their shared columns). Each
 * store's days are its own calendar days (its summary's `dia`), so a month is its own too. The months
 * read are folded first when their rows outnumber their keys (ADR 017).
 */
export async function resumidoPorMeses(db: Db, r: ConMeses, tiendas: number[], rango: Rango, hoy: string, columnas: readonly string[], donde: SQL = sql`true`): Promise<SQL> {
  return resumidoEnPeriodos(db, r, tiendas, [rango], hoy, columnas, donde, false);
}

/**
 * `resumidoPorMeses`' rows of several periods `rangos` at once (a report and its comparison period),
 * each row led by `k`, its period's number from 1 (with `conPeriodo`). The whole months of every period
 * are one read of the month table (`mes in (…)`, each month's period by `case`) when no month serves two
 * periods, so a reader grouping both periods groups one scan, whose rows and keys the planner knows
 * (issue #55 point 2); the months are folded first in one count.
 */
export async function resumidoEnPeriodos(
  db: Db,
  r: ConMeses,
  tiendas: number[],
  rangos: readonly Rango[],
  hoy: string,
  columnas: readonly string[],
  donde: SQL = sql`true`,
  conPeriodo = true,
): Promise<SQL> {
  const a = tablaAcumulada(r);
  const medidas = new Map(r.medidas.map((m) => [m.columna, m.plegado ?? 'sum']));
  for (const c of columnas) if (medidas.has(c) ? medidas.get(c) !== 'sum' : !a.claves.includes(c) || c === 'mes') throw new Error(`${a.tabla}: ${c} no se lee por meses`);
  const partesDe = rangos.map((rango) => partesDelMes(rango, hoy));
  const todos = [...new Set(partesDe.flatMap((p) => p.meses))];
  const enTiendas = tiendas.length === 1 ? sql`tienda_id = ${tiendas[0]}` : sql`tienda_id in (${sql.join(tiendas.map((t) => sql`${t}`), sql`, `)})`;
  const enMeses = (meses: string[]) => sql`${enTiendas} and mes in (${sql.join(meses.map((m) => sql`${m}::date`), sql`, `)})`;
  if (todos.length) {
    // Rows and keys per store: each month's distinct keys added up (a key is a month's), read in the
    // index's order; count(distinct (mes, …)) sorted every row as a record (issue #56 point 6).
    const cuentas = await filasDe<{ tienda_id: number; filas: number; claves: number }>(
      db,
      sql`select g.tienda_id, sum(g.filas)::int as filas, sum(g.claves)::int as claves
      from (select tienda_id, count(*) as filas, count(distinct ${clavesDe(a, '', ['mes'])}) as claves from ${sql.raw(a.tabla)} where ${enMeses(todos)} group by tienda_id, mes) g
      group by g.tienda_id`,
    );
    for (const c of cuentas) if (hayQuePlegar(Number(c.filas), Number(c.claves))) await plegarMeses(db, r, Number(c.tienda_id), todos);
  }
  const k = (i: number) => (conPeriodo ? `${i + 1} as k, ` : '');
  const partes: SQL[] = [];
  const unaLectura = todos.length === partesDe.reduce((n, p) => n + p.meses.length, 0);
  if (todos.length && unaLectura && partesDe.length > 1) {
    const periodo = `case mes ${partesDe.flatMap((p, i) => p.meses.map((m) => `when '${m}'::date then ${i + 1}`)).join(' ')} end as k, `;
    partes.push(sql`select ${sql.raw(periodo + columnas.join(', '))} from ${sql.raw(a.tabla)} where ${enMeses(todos)} and ${donde}`);
  } else partesDe.forEach((p, i) => p.meses.length && partes.push(sql`select ${sql.raw(k(i) + columnas.join(', '))} from ${sql.raw(a.tabla)} where ${enMeses(p.meses)} and ${donde}`));
  partesDe.forEach((p, i) => {
    for (const d of p.dias) {
      const cols = columnas.map((c) => (medidas.has(c) ? `${d.signo} * ${c} as ${c}` : c)).join(', ');
      partes.push(sql`select ${sql.raw(k(i) + cols)} from ${sql.raw(r.tabla)} where ${enTiendas} and dia between ${d.desde}::date and ${d.hasta}::date and ${donde}`);
    }
  });
  const nulos = [...(conPeriodo ? ['null::integer as k'] : []), ...columnas.map((c) => `null::bigint as ${c}`)];
  return partes.length ? sql.join(partes, sql` union all `) : sql`select ${sql.raw(nulos.join(', '))} where false`;
}

const filasDe = async <T>(db: Db, q: SQL): Promise<T[]> => ((await db.execute(q)) as unknown as { rows: T[] }).rows;

/** The products' columns a reader of `resumidoPorMeses` takes, in `resumen_producto_dia`'s order. */
const COLUMNAS_PRODUCTO = ['producto_id', 'cantidad', 'bruto', 'descuentos', 'costo', 'sin_costo_unit'] as const;

/**
 * The products' summary rows of the days of `r` (`partesDelMes`), as a query with the columns of
 * `resumen_producto_dia` (producto_id, cantidad, bruto, descuentos, costo, sin_costo_unit). Folds the
 * months read first when their rows outnumber their keys (ADR 017).
 */
export async function productosResumidos(db: Db, tiendaId: number, r: Rango, hoy: string): Promise<SQL> {
  return productosResumidosDe(db, [tiendaId], r, hoy);
}

/**
 * The same rows for several stores at once (an empresa's consolidated reports, issue #56 point 4): one
 * count per store tells which stores' months to fold, then one query over all of them. A product row
 * belongs to one store, so `producto_id` still names the store.
 */
export async function productosResumidosDe(db: Db, tiendas: number[], r: Rango, hoy: string): Promise<SQL> {
  return resumidoPorMeses(db, RESUMEN_PRODUCTO_DIA, tiendas, r, hoy, COLUMNAS_PRODUCTO);
}

/** The store's products' summary rows of several periods at once, each led by `k` (`resumidoEnPeriodos`). */
export async function productosEnPeriodos(db: Db, tiendaId: number, rangos: readonly Rango[], hoy: string): Promise<SQL> {
  return resumidoEnPeriodos(db, RESUMEN_PRODUCTO_DIA, [tiendaId], rangos, hoy, COLUMNAS_PRODUCTO);
}
