/**
 * The payment methods' catalogue (spec §3), owned here: a global table every store's admin reads and
 * only the platform operator changes. Ids 1 to 5 are the point of sale's (renamable, never removed),
 * and a method some sale was paid with stays. The back-office (crud.metodosdepago.service.ts) and,
 * through it, the old controller API only rename. The till reads the list with `listarMetodosPago`
 * (venta.busqueda.ts).
 */
import { asc, eq, ilike, or } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { METODOS_PAGO_SEED } from '#shared/roles';
import type { TPage, TPageQuery } from '#shared/schemas/common';
import type { Db, Tx } from '../../db/client';
import { metodoPago, venta } from '../../db/schema';
import { countAll, fieldConflict, idOf, likePattern, notFound, pageOf, requireOperator, type Alcance } from '../tienda/alcance';
import { autorDeAlcance, cambiosEntre, registrarEnTodas } from '../actividad/actividad.domain';

/** Ids 1 to 5 are the point of sale's (spec §3): renamable, never removed. */
const esBasico = (id: number) => METODOS_PAGO_SEED.some((m) => m.id === id);

/** Every column a payment method is read with. */
const columnasMetodo = { idMetPago: metodoPago.idMetPago, nombre: metodoPago.nombre };

export type TFilaMetodoPago = { idMetPago: number; nombre: string };

/** A page of the catalogue by id; `q` is part of the name, or the id. Every admin reads it. */
export async function listarMetodos(options: { db: Db; query: TPageQuery }): Promise<TPage<TFilaMetodoPago>> {
  const { db, query } = options;
  const id = idOf(query.q);
  const where = query.q ? or(ilike(metodoPago.nombre, likePattern(query.q)), id != null ? eq(metodoPago.idMetPago, id) : undefined) : undefined;
  const { limit, offset } = pageOf(query);
  const [items, [total]] = await Promise.all([
    db.select(columnasMetodo).from(metodoPago).where(where).orderBy(asc(metodoPago.idMetPago)).limit(limit).offset(offset),
    db.select({ n: countAll }).from(metodoPago).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

export async function obtenerMetodo(options: { db: Db; id: number }): Promise<TFilaMetodoPago> {
  const [row] = await options.db.select(columnasMetodo).from(metodoPago).where(eq(metodoPago.idMetPago, options.id)).limit(1);
  if (!row) throw notFound();
  return row;
}

/** The operator adds a method under the id it typed; a taken id answers 409. */
export async function crearMetodo(options: { db: Db; alcance: Alcance; datos: TFilaMetodoPago }): Promise<void> {
  const { db, alcance, datos } = options;
  requireOperator(alcance, M.crud.soloOperadorCatalogo);
  await db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: metodoPago.idMetPago }).from(metodoPago).where(eq(metodoPago.idMetPago, datos.idMetPago)).limit(1);
    if (taken) throw fieldConflict('idMetPago', M.crud.idDuplicado);
    await tx.insert(metodoPago).values({ idMetPago: datos.idMetPago, nombre: datos.nombre });
    await registrarMetodo(tx, alcance, 'alta', datos.idMetPago, datos.nombre, null, datos.nombre);
  });
}

/** A global catalogue's change is in every store's log, with its name before and after (issue #51 point 8). */
const registrarMetodo = (tx: Tx, alcance: Alcance, accion: 'alta' | 'cambio' | 'eliminacion', id: number, nombre: string, antes: string | null, despues: string | null) =>
  registrarEnTodas(tx, autorDeAlcance(alcance), { tipo: 'administracion', detalle: { entidad: 'metodo_pago', accion, id, nombre, cambios: cambiosEntre({ nombre: antes }, { nombre: despues }, ['nombre']) } });

/** Renames a method (its id never changes: sales point to it). */
export async function renombrarMetodo(options: { db: Db; alcance: Alcance; id: number; nombre: string }): Promise<void> {
  const { db, alcance, id, nombre } = options;
  requireOperator(alcance, M.crud.soloOperadorCatalogo);
  await db.transaction(async (tx) => {
    const [current] = await tx.select({ nombre: metodoPago.nombre }).from(metodoPago).where(eq(metodoPago.idMetPago, id)).for('update').limit(1);
    if (!current) throw notFound();
    await tx.update(metodoPago).set({ nombre }).where(eq(metodoPago.idMetPago, id));
    if (current.nombre !== nombre) await registrarMetodo(tx, alcance, 'cambio', id, nombre, current.nombre, nombre);
  });
}

/** A basic method (1–5) and a method some sale was paid with stay. */
export async function eliminarMetodo(options: { db: Db; alcance: Alcance; id: number }): Promise<void> {
  const { db, alcance, id } = options;
  requireOperator(alcance, M.crud.soloOperadorCatalogo);
  await db.transaction(async (tx) => {
    const [current] = await tx.select({ id: metodoPago.idMetPago, nombre: metodoPago.nombre }).from(metodoPago).where(eq(metodoPago.idMetPago, id)).for('update').limit(1);
    if (!current) throw notFound();
    if (esBasico(id)) throw new AppError('BUSINESS_RULE', M.crud.metodoBasico);
    const [usada] = await tx.select({ id: venta.idVenta }).from(venta).where(eq(venta.metodoPagoId, id)).limit(1);
    if (usada) throw new AppError('CONFLICT', M.crud.metodoEnUso);
    await tx.delete(metodoPago).where(eq(metodoPago.idMetPago, id));
    await registrarMetodo(tx, alcance, 'eliminacion', id, current.nombre, current.nombre, null);
  });
}
