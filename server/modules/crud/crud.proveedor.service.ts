import { and, desc, eq, ilike, or } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import type { TPage, TPageQuery } from '#shared/schemas/common';
import type { TCrudCreated, TCrudMessage, TProveedorRow, ZCreateProveedorRequest, ZUpdateProveedorRequest } from '#shared/schemas/crud';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { entregaPedido, proveedor } from '../../db/schema';
import {
  countAll,
  fieldConflict,
  idOf,
  inScope,
  likePattern,
  notFound,
  pageOf,
  syncIdentity,
  tiendaDestino,
  type CrudScope,
  type CrudService,
} from './crud.scope';

type Create = z.output<typeof ZCreateProveedorRequest>;
type Update = z.output<typeof ZUpdateProveedorRequest>;

const columns = {
  idProveedor: proveedor.idProveedor,
  nombre: proveedor.nombre,
  telefono: proveedor.telefono,
  email: proveedor.email,
  idTienda: proveedor.tiendaId,
};

export async function listProveedores(options: { db: Db; scope: CrudScope; query: TPageQuery }): Promise<TPage<TProveedorRow>> {
  const { db, scope, query } = options;
  const id = idOf(query.q);
  const p = likePattern(query.q);
  const where = and(
    inScope(scope, proveedor.tiendaId),
    query.q ? or(ilike(proveedor.nombre, p), ilike(proveedor.email, p), id != null ? eq(proveedor.idProveedor, id) : undefined) : undefined,
  );
  const { limit, offset } = pageOf(query);
  const [items, [total]] = await Promise.all([
    db.select(columns).from(proveedor).where(where).orderBy(desc(proveedor.idProveedor)).limit(limit).offset(offset),
    db.select({ n: countAll }).from(proveedor).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

export async function getProveedor(options: { db: Db; scope: CrudScope; id: number }): Promise<TProveedorRow> {
  const { db, scope, id } = options;
  const [row] = await db.select(columns).from(proveedor).where(and(eq(proveedor.idProveedor, id), inScope(scope, proveedor.tiendaId))).limit(1);
  if (!row) throw notFound();
  return row;
}

/** The id is the database's unless the person typed one (spec §5): a taken id answers 409. */
export async function createProveedor(options: { db: Db; scope: CrudScope; input: Create }): Promise<TCrudCreated> {
  const { db, scope, input } = options;
  const id = await db.transaction(async (tx) => {
    const tiendaId = await tiendaDestino(tx, scope, input.idTienda);
    if (input.idProveedor != null) {
      const [taken] = await tx.select({ id: proveedor.idProveedor }).from(proveedor).where(eq(proveedor.idProveedor, input.idProveedor)).limit(1);
      if (taken) throw fieldConflict('idProveedor', M.crud.idDuplicado);
    }
    const [row] = await tx
      .insert(proveedor)
      .values({
        ...(input.idProveedor != null ? { idProveedor: input.idProveedor } : {}),
        tiendaId,
        nombre: input.nombre,
        telefono: input.telefono,
        email: input.email,
      })
      .returning({ id: proveedor.idProveedor });
    if (input.idProveedor != null) await syncIdentity(tx, 'proveedor', 'id_proveedor');
    return row!.id;
  });
  return { id, message: M.crud.registrado.proveedor };
}

export async function updateProveedor(options: { db: Db; scope: CrudScope; id: number; input: Update }): Promise<TCrudMessage> {
  const { db, scope, id, input } = options;
  const updated = await db
    .update(proveedor)
    .set({ nombre: input.nombre, telefono: input.telefono, email: input.email })
    .where(and(eq(proveedor.idProveedor, id), inScope(scope, proveedor.tiendaId)))
    .returning({ id: proveedor.idProveedor });
  if (updated.length === 0) throw notFound();
  return { message: M.crud.actualizado.proveedor };
}

/** A supplier with deliveries on record keeps its history (409); its products just lose the link. */
export async function deleteProveedor(options: { db: Db; scope: CrudScope; id: number }): Promise<TCrudMessage> {
  const { db, scope, id } = options;
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: proveedor.idProveedor })
      .from(proveedor)
      .where(and(eq(proveedor.idProveedor, id), inScope(scope, proveedor.tiendaId)))
      .for('update')
      .limit(1);
    if (!current) throw notFound();
    const [entrega] = await tx.select({ id: entregaPedido.idEntrega }).from(entregaPedido).where(eq(entregaPedido.proveedorId, id)).limit(1);
    if (entrega) throw new AppError('CONFLICT', M.crud.proveedorConHistoria);
    await tx.delete(proveedor).where(eq(proveedor.idProveedor, id));
  });
  return { message: M.crud.eliminado.proveedor };
}

export const proveedorCrud: CrudService<TProveedorRow, Create, Update> = {
  list: listProveedores,
  get: getProveedor,
  create: createProveedor,
  update: updateProveedor,
  remove: deleteProveedor,
};
