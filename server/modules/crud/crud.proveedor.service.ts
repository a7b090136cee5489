/**
 * The back-office's face of the supplier (/crud/proveedor): rows under the table's own names, for a
 * store admin's store or, for the platform operator, every store. Every rule is the domain's
 * (modules/proveedor/proveedor.domain.ts); this file only renames.
 */
import { M } from '#shared/messages';
import type { TPage, TPageQuery } from '#shared/schemas/common';
import type { TCrudCreated, TCrudCreateProveedorData, TCrudMessage, TCrudUpdateProveedorData, TProveedorRow } from '#shared/schemas/crud';
import type { Db } from '../../db/client';
import * as dominio from '../proveedor/proveedor.domain';
import { autorCrud, type CrudScope, type CrudService } from './crud.scope';

/** A supplier as the back-office lists it: the domain's own columns under the domain's names. */
export const aFila = ({ productos: _productos, creadoEn: _creado, documentoRepetido: _repetido, gemeloId: _gemelo, ...fila }: dominio.TFilaProveedor): TProveedorRow => fila;

/** Newest first; `q` is part of the name or the email, or the id. */
export async function listProveedores(options: { db: Db; scope: CrudScope; query: TPageQuery }): Promise<TPage<TProveedorRow>> {
  const { db, scope, query } = options;
  const page = await dominio.listarProveedores({ db, scope, ...query, orden: 'recientes' });
  return { items: page.items.map(aFila), total: page.total };
}

export async function getProveedor(options: { db: Db; scope: CrudScope; id: number }): Promise<TProveedorRow> {
  return aFila(await dominio.obtenerProveedor(options));
}

/** The id is the database's unless the person typed one (spec §5): a taken id answers 409. */
export async function createProveedor(options: { db: Db; scope: CrudScope; input: TCrudCreateProveedorData }): Promise<TCrudCreated> {
  const creado = await dominio.crearProveedor({ db: options.db, scope: options.scope, datos: options.input });
  return { id: creado.idProveedor, message: M.crud.registrado.proveedor };
}

export async function updateProveedor(options: { db: Db; scope: CrudScope; id: number; input: TCrudUpdateProveedorData }): Promise<TCrudMessage> {
  const { db, scope, id, input } = options;
  await dominio.actualizarProveedor({ db, scope, id, cambios: input, autor: autorCrud(scope) });
  return { message: M.crud.actualizado.proveedor };
}

/** A supplier with deliveries on record keeps its history (409); its products just lose the link. */
export async function deleteProveedor(options: { db: Db; scope: CrudScope; id: number }): Promise<TCrudMessage> {
  await dominio.eliminarProveedor({ ...options, autor: autorCrud(options.scope) });
  return { message: M.crud.eliminado.proveedor };
}

export const proveedorCrud: CrudService<TProveedorRow, TCrudCreateProveedorData, TCrudUpdateProveedorData> = {
  list: listProveedores,
  get: getProveedor,
  create: createProveedor,
  update: updateProveedor,
  remove: deleteProveedor,
  archive: async (options) => {
    await dominio.archivarProveedor({ ...options, autor: autorCrud(options.scope) });
    return { message: M.proveedores.archivado };
  },
};
