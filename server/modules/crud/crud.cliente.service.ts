/**
 * The back-office's face of the client (/crud/cliente): rows under the table's own names, for a
 * store admin's store or, for the platform operator, every store. Every rule is the domain's
 * (modules/cliente/cliente.domain.ts); this file only renames.
 */
import { M } from '#shared/messages';
import { elegir } from '#shared/campos';
import { LEIDAS_ADMINISTRACION } from '#shared/schemas/cliente';
import type { TPage, TPageQuery } from '#shared/schemas/common';
import type { TClienteRow, TCrudCreateClienteData, TCrudCreated, TCrudMessage, TCrudUpdateClienteData } from '#shared/schemas/crud';
import type { Db } from '../../db/client';
import * as dominio from '../cliente/cliente.domain';
import { autorCrud, type CrudScope, type CrudService } from './crud.scope';

/** A client as the back-office lists it: the columns the back-office reads, under the domain's names (no fiado). */
export const aFila = (c: dominio.TFilaCliente): TClienteRow => ({ idCliente: c.idCliente, ...elegir(c, LEIDAS_ADMINISTRACION), idTienda: c.idTienda });

/** Newest first; `q` is part of the name, the documento or the correo. */
export async function listClientes(options: { db: Db; scope: CrudScope; query: TPageQuery }): Promise<TPage<TClienteRow>> {
  const { db, scope, query } = options;
  const page = await dominio.listarClientes({ db, scope, ...query, orden: 'recientes' });
  return { items: page.items.map(aFila), total: page.total };
}

export async function getCliente(options: { db: Db; scope: CrudScope; id: number }): Promise<TClienteRow> {
  return aFila(await dominio.obtenerCliente(options));
}

export async function createCliente(options: { db: Db; scope: CrudScope; input: TCrudCreateClienteData }): Promise<TCrudCreated> {
  const creado = await dominio.crearCliente({ db: options.db, scope: options.scope, datos: options.input, autor: autorCrud(options.scope) });
  return { id: creado.idCliente, message: M.crud.registrado.cliente };
}

export async function updateCliente(options: { db: Db; scope: CrudScope; id: number; input: TCrudUpdateClienteData }): Promise<TCrudMessage> {
  const { db, scope, id, input } = options;
  await dominio.actualizarCliente({ db, scope, id, cambios: input, autor: autorCrud(scope) });
  return { message: M.crud.actualizado.cliente };
}

/** Hidden from the lists and the till, kept in the reports; only with a zero balance (issue #27). */
export async function archiveCliente(options: { db: Db; scope: CrudScope; id: number }): Promise<TCrudMessage> {
  await dominio.archivarCliente({ ...options, autor: autorCrud(options.scope) });
  return { message: M.clientes.archivado };
}

/** Past sales keep their lines; they simply no longer name the client. A debtor is refused (409). */
export async function deleteCliente(options: { db: Db; scope: CrudScope; id: number }): Promise<TCrudMessage> {
  await dominio.eliminarCliente({ ...options, autor: autorCrud(options.scope) });
  return { message: M.crud.eliminado.cliente };
}

export const clienteCrud: CrudService<TClienteRow, TCrudCreateClienteData, TCrudUpdateClienteData> = {
  list: listClientes,
  get: getCliente,
  create: createCliente,
  update: updateCliente,
  remove: deleteCliente,
  archive: archiveCliente,
};
