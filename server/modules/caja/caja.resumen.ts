/**
 * What landed in a cash register's shift (issue #18): its sales, abonos and refunds by payment method,
 * cash in and out, voided sales and the sale numbers it spans; and what each method's count should
 * come to at the close. The Z report, the close (frozen in `turno.cierre`), a cash exit's and a
 * refund's limit, and the owner's consolidated view of every open till read it here.
 */
import { sql, type SQL } from 'drizzle-orm';
import { METODO } from '#shared/roles';
import type { Db, Tx } from '../../db/client';
import { metodoPago } from '../../db/schema';
import { arregloInt } from '../../db/arreglos';

const n = (v: unknown) => Number(v ?? 0);

/** What landed in a shift, frozen in `turno.cierre.resumen` when it closes. */
export interface Resumen {
  /** `devoluciones`: refunds paid back with the method (issue #32); absent in closes frozen before returns existed. */
  porMetodo: { metodoPagoId: number; metodo: string; ventas: number; abonos: number; devoluciones?: number }[];
  entradas: number;
  salidas: number;
  fiado: number;
  anuladas: { cantidad: number; monto: number };
  numeroVentas: number;
  primeraVenta: number | null;
  ultimaVenta: number | null;
}
export async function calcularResumen(db: Db | Tx, turnoId: number): Promise<Resumen> {
  return (await calcularResumenes(db, [turnoId])).get(turnoId)!;
}

/**
 * The summaries of the shifts `ids`, each as `calcularResumen` gives it, read by one statement per part
 * grouped by shift (the owner's consolidated view reads every open till of the empresa at once).
 */
async function calcularResumenes(db: Db | Tx, ids: number[]): Promise<Map<number, Resumen>> {
  const out = new Map<number, Resumen>();
  if (ids.length === 0) return out;
  const lista = arregloInt(ids);
  const porVenta = (await db.execute(sql`
    select v.turno_id as turno, v.metodo_pago_id as metodo, coalesce(sum(v.total - v.monto_fiado), 0)::bigint as pagado, coalesce(sum(v.monto_fiado), 0)::bigint as fiado,
      count(*)::int as cantidad
    from venta v where v.turno_id = any(${lista}) and v.estado <> 'Anulada' group by v.turno_id, v.metodo_pago_id`)) as unknown as { rows: { turno: number; metodo: number; pagado: string; fiado: string; cantidad: number }[] };
  const porAbono = (await db.execute(sql`
    select c.turno_id as turno, c.metodo_pago_id as metodo, coalesce(sum(-c.monto), 0)::bigint as abonos
    from credito_movimiento c where c.turno_id = any(${lista}) and c.tipo = 'abono' and c.metodo_pago_id is not null group by c.turno_id, c.metodo_pago_id`)) as unknown as { rows: { turno: number; metodo: number; abonos: string }[] };
  // Refunds of returns paid back from this shift, by method (a refund to fiado moves no money: its
  // credited part, `monto_fiado`, ADR 039, is left out).
  const porDevolucion = (await db.execute(sql`
    select d.turno_id as turno, d.metodo_pago_id as metodo, coalesce(sum(d.total - d.monto_fiado), 0)::bigint as devoluciones
    from devolucion d where d.turno_id = any(${lista}) and d.metodo_pago_id <> ${METODO.FIADO} group by d.turno_id, d.metodo_pago_id`)) as unknown as { rows: { turno: number; metodo: number; devoluciones: string }[] };
  const otros = ((await db.execute(sql`
    select k.turno,
      (select coalesce(sum(monto), 0) from caja_movimiento where turno_id = k.turno and tipo = 'entrada')::bigint as entradas,
      (select coalesce(sum(monto), 0) from caja_movimiento where turno_id = k.turno and tipo = 'salida')::bigint as salidas,
      (select count(*) from venta where turno_id = k.turno and estado = 'Anulada')::int as anuladas,
      (select coalesce(sum(total), 0) from venta where turno_id = k.turno and estado = 'Anulada')::bigint as monto_anuladas,
      (select min(numero) from venta where turno_id = k.turno) as primera,
      (select max(numero) from venta where turno_id = k.turno) as ultima
    from unnest(${lista}) as k(turno)`)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const nombres = new Map((await db.select({ id: metodoPago.idMetPago, nombre: metodoPago.nombre }).from(metodoPago)).map((m) => [m.id, m.nombre]));
  for (const o of otros) {
    const turnoId = n(o.turno);
    const metodos = new Map<number, { ventas: number; abonos: number; devoluciones: number }>();
    const de = (id: number) => metodos.get(id) ?? metodos.set(id, { ventas: 0, abonos: 0, devoluciones: 0 }).get(id)!;
    de(METODO.EFECTIVO);
    let fiado = 0;
    let numeroVentas = 0;
    for (const r of porVenta.rows) {
      if (n(r.turno) !== turnoId) continue;
      fiado += n(r.fiado);
      numeroVentas += n(r.cantidad);
      if (n(r.metodo) !== METODO.FIADO || n(r.pagado) > 0) de(n(r.metodo)).ventas += n(r.pagado);
    }
    for (const r of porAbono.rows) if (n(r.turno) === turnoId) de(n(r.metodo)).abonos += n(r.abonos);
    for (const r of porDevolucion.rows) if (n(r.turno) === turnoId) de(n(r.metodo)).devoluciones += n(r.devoluciones);
    out.set(turnoId, {
      porMetodo: [...metodos.entries()]
        .sort(([a], [b]) => (a === METODO.EFECTIVO ? -1 : b === METODO.EFECTIVO ? 1 : a - b))
        .map(([id, m]) => ({ metodoPagoId: id, metodo: nombres.get(id) ?? `Método ${id}`, ...m })),
      entradas: n(o.entradas),
      salidas: n(o.salidas),
      fiado,
      anuladas: { cantidad: n(o.anuladas), monto: n(o.monto_anuladas) },
      numeroVentas,
      primeraVenta: o.primera == null ? null : n(o.primera),
      ultimaVenta: o.ultima == null ? null : n(o.ultima),
    });
  }
  return out;
}

/** Expected pesos per method: cash adds the float and the cash in/out. */
export function esperados(resumen: Resumen, fondoInicial: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const m of resumen.porMetodo) {
    out[m.metodoPagoId] = m.ventas + m.abonos - (m.devoluciones ?? 0) + (m.metodoPagoId === METODO.EFECTIVO ? fondoInicial + resumen.entradas - resumen.salidas : 0);
  }
  return out;
}

/**
 * The cash each open shift's drawer should hold now (the float, cash sales and abonos, cash in and out,
 * cash refunds): what its close will expect in cash, by shift id. The owner's consolidated view (issue
 * #56 point 4) reads every open till of the empresa with it at once.
 */
export async function efectivosEsperados(db: Db | Tx, turnos: { id: number; fondoInicial: number }[]): Promise<Map<number, number>> {
  const resumenes = await calcularResumenes(db, turnos.map((t) => t.id));
  return new Map(turnos.map((t) => [t.id, esperados(resumenes.get(t.id)!, t.fondoInicial)[METODO.EFECTIVO] ?? 0]));
}

/**
 * The cash a shift's drawer should hold, as one SQL expression over the shift's id and float (issue #54
 * point 6): what `esperados(calcularResumen(…))[Efectivo]` adds up in five statements — the float, cash
 * sales less their credited part (annulled ones left out), cash abonos, cash in less cash out, less cash
 * refunds — for a read that needs it among other facts (a return's, devolucion.lectura.ts).
 * `caja.efectivo.test.ts` holds it to the Z report.
 */
export function efectivoEsperadoSql(turnoId: SQL, fondoInicial: SQL): SQL<number> {
  const e = METODO.EFECTIVO;
  return sql<number>`(${fondoInicial}
    + coalesce((select sum(v.total - v.monto_fiado) from venta v where v.turno_id = ${turnoId} and v.estado <> 'Anulada' and v.metodo_pago_id = ${e}), 0)
    + coalesce((select sum(-c.monto) from credito_movimiento c where c.turno_id = ${turnoId} and c.tipo = 'abono' and c.metodo_pago_id = ${e}), 0)
    + coalesce((select sum(k.monto) from caja_movimiento k where k.turno_id = ${turnoId} and k.tipo = 'entrada'), 0)
    - coalesce((select sum(k.monto) from caja_movimiento k where k.turno_id = ${turnoId} and k.tipo = 'salida'), 0)
    - coalesce((select sum(d.total - d.monto_fiado) from devolucion d where d.turno_id = ${turnoId} and d.metodo_pago_id = ${e}), 0))::bigint`.mapWith(Number);
}
