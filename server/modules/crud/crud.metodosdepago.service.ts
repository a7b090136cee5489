import { asc, eq, ilike, or } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { METODOS_PAGO_SEED } from '#shared/roles';
import type { TPage, TPageQuery } from '#shared/schemas/common';
import type { TCrudCreated, TCrudMessage, TMetodoPagoRow, ZCreateMetodoPagoRequest, ZUpdateMetodoPagoRequest } from '#shared/schemas/crud';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { metodoPago, venta } from '../../db/schema';
import { countAll, fieldConflict, idOf, likePattern, notFound, pageOf, requireOperator, type CrudScope, type CrudService } from './crud.scope';

type Create = z.output<typeof ZCreateMetodoPagoRequest>;
type Update = z.output<typeof ZUpdateMetodoPagoRequest>;

/** Ids 1 to 5 are the point of sale's (spec §3): renamable, never removed. */
const esBasico = (id: number) => METODOS_PAGO_SEED.some((m) => m.id === id);

const columns = { idMetPago: metodoPago.idMetPago, nombre: metodoPago.nombre };

export async function listMetodos(options: { db: Db; scope: CrudScope; query: TPageQuery }): Promise<TPage<TMetodoPagoRow>> {
  const { db, query } = options;
  const id = idOf(query.q);
  const where = query.q ? or(ilike(metodoPago.nombre, likePattern(query.q)), id != null ? eq(metodoPago.idMetPago, id) : undefined) : undefined;
  const { limit, offset } = pageOf(query);
  const [items, [total]] = await Promise.all([
    db.select(columns).from(metodoPago).where(where).orderBy(asc(metodoPago.idMetPago)).limit(limit).offset(offset),
    db.select({ n: countAll }).from(metodoPago).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

export async function getMetodo(options: { db: Db; scope: CrudScope; id: number }): Promise<TMetodoPagoRow> {
  const [row] = await options.db.select(columns).from(metodoPago).where(eq(metodoPago.idMetPago, options.id)).limit(1);
  if (!row) throw notFound();
  return row;
}

export async function createMetodo(options: { db: Db; scope: CrudScope; input: Create }): Promise<TCrudCreated> {
  const { db, scope, input } = options;
  requireOperator(scope, M.crud.soloOperadorCatalogo);
  await db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: metodoPago.idMetPago }).from(metodoPago).where(eq(metodoPago.idMetPago, input.idMetPago)).limit(1);
    if (taken) throw fieldConflict('idMetPago', M.crud.idDuplicado);
    await tx.insert(metodoPago).values({ idMetPago: input.idMetPago, nombre: input.nombre });
  });
  return { id: input.idMetPago, message: M.crud.registrado.metodosdepago };
}

export async function updateMetodo(options: { db: Db; scope: CrudScope; id: number; input: Update }): Promise<TCrudMessage> {
  const { db, scope, id, input } = options;
  requireOperator(scope, M.crud.soloOperadorCatalogo);
  const updated = await db.update(metodoPago).set({ nombre: input.nombre }).where(eq(metodoPago.idMetPago, id)).returning({ id: metodoPago.idMetPago });
  if (updated.length === 0) throw notFound();
  return { message: M.crud.actualizado.metodosdepago };
}

export async function deleteMetodo(options: { db: Db; scope: CrudScope; id: number }): Promise<TCrudMessage> {
  const { db, scope, id } = options;
  requireOperator(scope, M.crud.soloOperadorCatalogo);
  await db.transaction(async (tx) => {
    const [current] = await tx.select({ id: metodoPago.idMetPago }).from(metodoPago).where(eq(metodoPago.idMetPago, id)).for('update').limit(1);
    if (!current) throw notFound();
    if (esBasico(id)) throw new AppError('BUSINESS_RULE', M.crud.metodoBasico);
    const [usada] = await tx.select({ id: venta.idVenta }).from(venta).where(eq(venta.metodoPagoId, id)).limit(1);
    if (usada) throw new AppError('CONFLICT', M.crud.metodoEnUso);
    await tx.delete(metodoPago).where(eq(metodoPago.idMetPago, id));
  });
  return { message: M.crud.eliminado.metodosdepago };
}

export const metodosDePagoCrud: CrudService<TMetodoPagoRow, Create, Update> = {
  list: listMetodos,
  get: getMetodo,
  create: createMetodo,
  update: updateMetodo,
  remove: deleteMetodo,
};
