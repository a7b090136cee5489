import { and, asc, count, eq, ne, or, sql } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import type { TCliente, TClienteData } from '#shared/schemas/cliente';
import type { TPage } from '#shared/schemas/common';
import type { Db, Tx } from '../../db/client';
import { contieneTexto } from '../../db/name-search';
import { cliente } from '../../db/schema';

/** `%q%` for ILIKE with the user's own %, _ and \ taken literally. */
const notFound = () => new AppError('NOT_FOUND', M.generic.notFound);

const columns = {
  id: cliente.idCliente,
  documento: cliente.documento,
  tipoDocumento: cliente.tipoDocumento,
  nombre: cliente.nombre,
  apellido: cliente.apellido,
  correo: cliente.correo,
};

/** The store's clients by name; `q` matches the full name (nombre apellido) or the documento. */
export async function listarClientes(options: {
  db: Db;
  tiendaId: number;
  q: string;
  page: number;
  pageSize: number;
}): Promise<TPage<TCliente>> {
  const { db, tiendaId, q, page, pageSize } = options;
  const where = and(
    eq(cliente.tiendaId, tiendaId),
    q
      ? or(contieneTexto(sql`${cliente.nombre} || ' ' || ${cliente.apellido}`, q), contieneTexto(cliente.documento, q))
      : undefined,
  );
  const [items, [totalRow]] = await Promise.all([
    db
      .select(columns)
      .from(cliente)
      .where(where)
      .orderBy(asc(cliente.nombre), asc(cliente.apellido), asc(cliente.idCliente))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(cliente).where(where),
  ]);
  return { items, total: totalRow?.total ?? 0 };
}

/** Documento is unique within a store (two shops may share a customer). */
async function checkDocumento(tx: Tx, tiendaId: number, documento: string, exceptId?: number) {
  const [dup] = await tx
    .select({ id: cliente.idCliente })
    .from(cliente)
    .where(and(eq(cliente.tiendaId, tiendaId), eq(cliente.documento, documento), exceptId ? ne(cliente.idCliente, exceptId) : undefined))
    .limit(1);
  if (dup) throw new AppError('CONFLICT', M.clientes.documentoDuplicado, { fields: { documento: M.clientes.documentoDuplicado } });
}

export async function crearCliente(options: { db: Db; tiendaId: number; input: TClienteData }): Promise<TCliente> {
  const { db, tiendaId, input } = options;
  return db.transaction(async (tx) => {
    await checkDocumento(tx, tiendaId, input.documento);
    const [row] = await tx.insert(cliente).values({ tiendaId, ...input }).returning(columns);
    return row!;
  });
}

export async function actualizarCliente(options: { db: Db; tiendaId: number; id: number; input: TClienteData }): Promise<TCliente> {
  const { db, tiendaId, id, input } = options;
  return db.transaction(async (tx) => {
    await checkDocumento(tx, tiendaId, input.documento, id);
    const [row] = await tx
      .update(cliente)
      .set(input)
      .where(and(eq(cliente.idCliente, id), eq(cliente.tiendaId, tiendaId)))
      .returning(columns);
    if (!row) throw notFound();
    return row;
  });
}

/** Deletes a client of the store; its past sales stay, without client (ON DELETE SET NULL). */
export async function eliminarCliente(options: { db: Db; tiendaId: number; id: number }): Promise<void> {
  const { db, tiendaId, id } = options;
  const [row] = await db
    .delete(cliente)
    .where(and(eq(cliente.idCliente, id), eq(cliente.tiendaId, tiendaId)))
    .returning({ id: cliente.idCliente });
  if (!row) throw notFound();
}
