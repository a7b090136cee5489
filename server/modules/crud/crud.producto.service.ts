/**
 * The back-office's face of the product (/crud/producto): rows under the table's own names, for a
 * store admin's store or, for the platform operator, every store. Every rule is the domain's
 * (modules/producto/producto.domain.ts); this file only renames.
 */
import { M } from '#shared/messages';
import type { TPage, TPageQuery } from '#shared/schemas/common';
import type { TCrudCreateProductoData, TCrudCreated, TCrudMessage, TCrudUpdateProductoData, TProductoRow } from '#shared/schemas/crud';
import type { Db } from '../../db/client';
import * as dominio from '../producto/producto.domain';
import { autorCrud, type CrudScope, type CrudService } from './crud.scope';

/** A product as the back-office lists it: the domain's own columns under the domain's names. */
export const aFila = ({ proveedorNombre: _nombre, proveedorVigente: _vigente, ...fila }: dominio.TProducto): TProductoRow => fila;

/** Newest first; `q` is part of the name, or the id. */
export async function listProductos(options: { db: Db; scope: CrudScope; query: TPageQuery }): Promise<TPage<TProductoRow>> {
  const { db, scope, query } = options;
  const page = await dominio.listarProductos({ db, scope, ...query, orden: 'recientes', lector: autorCrud(scope) });
  return { items: page.items.map(aFila), total: page.total };
}

export async function getProducto(options: { db: Db; scope: CrudScope; id: number }): Promise<TProductoRow> {
  return aFila(await dominio.obtenerProducto({ ...options, lector: autorCrud(options.scope) }));
}

/** The register form: an empty inventory field means none (the store's forms take the first one). */
export async function createProducto(options: { db: Db; scope: CrudScope; input: TCrudCreateProductoData }): Promise<TCrudCreated> {
  const { db, scope, input } = options;
  const creado = await dominio.crearProducto({ db, scope, datos: input, origen: 'administracion', autor: autorCrud(scope) });
  return { id: creado.idProducto, message: M.crud.registrado.producto };
}

/** The update form; it sends the stock it showed (`stockAnterior`) when it has it. */
export async function updateProducto(options: { db: Db; scope: CrudScope; id: number; input: TCrudUpdateProductoData }): Promise<TCrudMessage> {
  const { db, scope, id, input } = options;
  await dominio.actualizarProducto({ db, scope, id, cambios: input, origen: 'administracion', autor: autorCrud(scope) });
  return { message: M.crud.actualizado.producto };
}

export async function deleteProducto(options: { db: Db; scope: CrudScope; id: number }): Promise<TCrudMessage> {
  await dominio.eliminarProducto({ ...options, autor: autorCrud(options.scope) });
  return { message: M.crud.eliminado.producto };
}

export const productoCrud: CrudService<TProductoRow, TCrudCreateProductoData, TCrudUpdateProductoData> = {
  list: listProductos,
  get: getProducto,
  create: createProducto,
  update: updateProducto,
  remove: deleteProducto,
};
