import { sql } from 'drizzle-orm';
import { sumarDias, type Rango } from '#shared/periodo';
import type { Db } from '../../db/client';
import { plegarImpuestos } from '../impuestos/impuestos.domain';

/**
 * The per-day summaries of issue #35 point 3 (ADR 028): `resumen_venta_dia` and `resumen_producto_dia`,
 * kept by triggers in the sale's own transaction (migration `resumen_diario`). The reports read them
 * for whole past days of the store and compute today directly (today's rows are still being written;
 * the direct query of one day is cheap through `venta (tienda_id, fecha)`).
 */

/** The days of `r` before `hoy` (read from the summaries) and from `hoy` on (read directly). */
export function partirRango(r: Rango, hoy: string): { pasado: Rango | null; presente: Rango | null } {
  const ayer = sumarDias(hoy, -1);
  const finPasado = r.hasta < ayer ? r.hasta : ayer;
  const inicioPresente = r.desde > hoy ? r.desde : hoy;
  return {
    pasado: r.desde <= finPasado ? { desde: r.desde, hasta: finPasado } : null,
    presente: inicioPresente <= r.hasta ? { desde: inicioPresente, hasta: r.hasta } : null,
  };
}

/**
 * Folds the summaries' delta rows of the store's days `r` into one row per key (ADR 017's fold): one
 * DELETE … RETURNING feeding one INSERT, so rows other transactions insert meanwhile stay and nothing
 * is counted twice; keys whose sums are all zero go. Called by a reader that found many more rows than
 * keys; idempotent.
 */
export async function plegarResumenes(db: Db, tiendaId: number, r: Rango): Promise<void> {
  await db.execute(sql`
    with d as (delete from resumen_venta_dia where tienda_id = ${tiendaId} and dia between ${r.desde}::date and ${r.hasta}::date returning *)
    insert into resumen_venta_dia (tienda_id, dia, hora, usuario_id, turno_id, metodo_pago_id, tickets, bruto, descuentos, neto, unidades, anuladas, monto_anulado)
    select tienda_id, dia, hora, usuario_id, turno_id, metodo_pago_id, sum(tickets), sum(bruto), sum(descuentos), sum(neto), sum(unidades), sum(anuladas), sum(monto_anulado)
    from d group by 1, 2, 3, 4, 5, 6
    having sum(tickets) <> 0 or sum(bruto) <> 0 or sum(descuentos) <> 0 or sum(neto) <> 0 or sum(unidades) <> 0 or sum(anuladas) <> 0 or sum(monto_anulado) <> 0`);
  await db.execute(sql`
    with d as (delete from resumen_producto_dia where tienda_id = ${tiendaId} and dia between ${r.desde}::date and ${r.hasta}::date returning *)
    insert into resumen_producto_dia (tienda_id, dia, producto_id, cantidad, bruto, descuentos, costo, sin_costo_unit)
    select tienda_id, dia, producto_id, sum(cantidad), sum(bruto), sum(descuentos), sum(costo), sum(sin_costo_unit)
    from d group by 1, 2, 3
    having sum(cantidad) <> 0 or sum(bruto) <> 0 or sum(descuentos) <> 0 or sum(costo) <> 0 or sum(sin_costo_unit) <> 0`);
  await plegarImpuestos(db, tiendaId, r);
  await plegarPagos(db, tiendaId, r);
}

/** The same fold for the payments' summary (`resumen_pago_dia`, ADR 032). */
export async function plegarPagos(db: Db, tiendaId: number, r: Rango): Promise<void> {
  await db.execute(sql`
    with d as (delete from resumen_pago_dia where tienda_id = ${tiendaId} and dia between ${r.desde}::date and ${r.hasta}::date returning *)
    insert into resumen_pago_dia (tienda_id, dia, punto_venta_id, turno_id, usuario_id, metodo_pago_id, ventas, monto, fiado, cobros, abonos, cargos)
    select tienda_id, dia, punto_venta_id, turno_id, usuario_id, metodo_pago_id, sum(ventas), sum(monto), sum(fiado), sum(cobros), sum(abonos), sum(cargos)
    from d group by 1, 2, 3, 4, 5, 6
    having sum(ventas) <> 0 or sum(monto) <> 0 or sum(fiado) <> 0 or sum(cobros) <> 0 or sum(abonos) <> 0 or sum(cargos) <> 0`);
}

/**
 * Reads the payments' summary of the store's days `r` grouped by `grupo` (an expression over the
 * summary row `s`), narrowed by `donde`; folds when the rows read outnumber the keys (ADR 017).
 * `claves` counts the summary's own keys, so a reader grouping coarser still knows when to fold.
 */
export async function pagosResumidos<T extends Record<string, unknown>>(db: Db, tiendaId: number, r: Rango, consulta: (filtro: ReturnType<typeof sql>) => ReturnType<typeof sql>): Promise<T[]> {
  const filtro = sql`s.tienda_id = ${tiendaId} and s.dia between ${r.desde}::date and ${r.hasta}::date`;
  const [c] = ((await db.execute(sql`select count(*)::int as filas, count(distinct (s.dia, s.punto_venta_id, s.turno_id, s.usuario_id, s.metodo_pago_id))::int as claves from resumen_pago_dia s where ${filtro}`)) as unknown as { rows: { filas: number; claves: number }[] }).rows;
  if (hayQuePlegar(Number(c!.filas), Number(c!.claves))) await plegarPagos(db, tiendaId, r);
  return ((await db.execute(consulta(filtro))) as unknown as { rows: T[] }).rows;
}

/** A reader folds when the summary rows it read outnumber 2 × their keys + 200 (ADR 017). */
export const hayQuePlegar = (filas: number, claves: number) => filas > 2 * claves + 200;
