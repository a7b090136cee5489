import { and, desc, eq, ilike, ne, or } from 'drizzle-orm';
import { M } from '#shared/messages';
import type { TPage, TPageQuery } from '#shared/schemas/common';
import type { TClienteRow, TCrudCreated, TCrudMessage, ZCreateClienteRequest, ZUpdateClienteRequest } from '#shared/schemas/crud';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { cliente } from '../../db/schema';
import { countAll, fieldConflict, inScope, likePattern, notFound, pageOf, tiendaDestino, type CrudScope, type CrudService } from './crud.scope';

type Create = z.output<typeof ZCreateClienteRequest>;
type Update = z.output<typeof ZUpdateClienteRequest>;

const columns = {
  idCliente: cliente.idCliente,
  documento: cliente.documento,
  tipoDocumento: cliente.tipoDocumento,
  nombre: cliente.nombre,
  apellido: cliente.apellido,
  correo: cliente.correo,
  idTienda: cliente.tiendaId,
};

export async function listClientes(options: { db: Db; scope: CrudScope; query: TPageQuery }): Promise<TPage<TClienteRow>> {
  const { db, scope, query } = options;
  const p = likePattern(query.q);
  const where = and(
    inScope(scope, cliente.tiendaId),
    query.q ? or(ilike(cliente.documento, p), ilike(cliente.nombre, p), ilike(cliente.apellido, p), ilike(cliente.correo, p)) : undefined,
  );
  const { limit, offset } = pageOf(query);
  const [items, [total]] = await Promise.all([
    db.select(columns).from(cliente).where(where).orderBy(desc(cliente.idCliente)).limit(limit).offset(offset),
    db.select({ n: countAll }).from(cliente).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

export async function getCliente(options: { db: Db; scope: CrudScope; id: number }): Promise<TClienteRow> {
  const { db, scope, id } = options;
  const [row] = await db.select(columns).from(cliente).where(and(eq(cliente.idCliente, id), inScope(scope, cliente.tiendaId))).limit(1);
  if (!row) throw notFound();
  return row;
}

async function checkDocumento(tx: Tx, tiendaId: number, documento: string, exceptId?: number) {
  const [dup] = await tx
    .select({ id: cliente.idCliente })
    .from(cliente)
    .where(and(eq(cliente.tiendaId, tiendaId), eq(cliente.documento, documento), exceptId != null ? ne(cliente.idCliente, exceptId) : undefined))
    .limit(1);
  if (dup) throw fieldConflict('documento', M.crud.clienteDuplicado);
}

const fields = (input: Update) => ({
  documento: input.documento,
  tipoDocumento: input.tipoDocumento,
  nombre: input.nombre,
  apellido: input.apellido,
  correo: input.correo,
});

export async function createCliente(options: { db: Db; scope: CrudScope; input: Create }): Promise<TCrudCreated> {
  const { db, scope, input } = options;
  const id = await db.transaction(async (tx) => {
    const tiendaId = await tiendaDestino(tx, scope, input.idTienda);
    await checkDocumento(tx, tiendaId, input.documento);
    const [row] = await tx.insert(cliente).values({ ...fields(input), tiendaId }).returning({ id: cliente.idCliente });
    return row!.id;
  });
  return { id, message: M.crud.registrado.cliente };
}

export async function updateCliente(options: { db: Db; scope: CrudScope; id: number; input: Update }): Promise<TCrudMessage> {
  const { db, scope, id, input } = options;
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ tiendaId: cliente.tiendaId })
      .from(cliente)
      .where(and(eq(cliente.idCliente, id), inScope(scope, cliente.tiendaId)))
      .for('update')
      .limit(1);
    if (!current) throw notFound();
    await checkDocumento(tx, current.tiendaId, input.documento, id);
    await tx.update(cliente).set(fields(input)).where(eq(cliente.idCliente, id));
  });
  return { message: M.crud.actualizado.cliente };
}

/** Past sales keep their lines; they simply no longer name the client. */
export async function deleteCliente(options: { db: Db; scope: CrudScope; id: number }): Promise<TCrudMessage> {
  const { db, scope, id } = options;
  const deleted = await db
    .delete(cliente)
    .where(and(eq(cliente.idCliente, id), inScope(scope, cliente.tiendaId)))
    .returning({ id: cliente.idCliente });
  if (deleted.length === 0) throw notFound();
  return { message: M.crud.eliminado.cliente };
}

export const clienteCrud: CrudService<TClienteRow, Create, Update> = {
  list: listClientes,
  get: getCliente,
  create: createCliente,
  update: updateCliente,
  remove: deleteCliente,
};
