import { M } from '#shared/messages';
import type { TPage, TPageQuery } from '#shared/schemas/common';
import type { TCrudCreated, TCrudMessage, TVentaRow, ZCreateVentaRequest, ZUpdateVentaRequest } from '#shared/schemas/crud';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import * as ventas from '../venta/venta.administracion';
import { autorCrud, tiendaDestino, type CrudScope, type CrudService } from './crud.scope';

/**
 * The back-office's sales (spec §5): an adapter over the sale's domain (venta.administracion.ts),
 * which reads and writes the tables and keeps the rules (issue #27 point 4).
 */
type Create = z.output<typeof ZCreateVentaRequest>;
type Update = z.output<typeof ZUpdateVentaRequest>;

export const listVentas = (options: { db: Db; scope: CrudScope; query: TPageQuery }): Promise<TPage<TVentaRow>> => ventas.listarVentas(options);

export const getVenta = (options: { db: Db; scope: CrudScope; id: number }): Promise<TVentaRow> => ventas.obtenerVenta(options);

export async function createVenta(options: { db: Db; scope: CrudScope; input: Create }): Promise<TCrudCreated> {
  const { db, scope, input } = options;
  const tiendaId = await tiendaDestino(db, scope, input.idTienda);
  const id = await ventas.crearVentaVacia({ db, tiendaId, datos: input, clave: input.clave });
  return { id, message: M.crud.registrado.ventas };
}

export async function updateVenta(options: { db: Db; scope: CrudScope; id: number; input: Update }): Promise<TCrudMessage> {
  const { db, scope, id, input } = options;
  await ventas.editarVenta({ db, scope, id, datos: input, autor: autorCrud(scope) });
  return { message: M.crud.actualizado.ventas };
}

export async function deleteVenta(options: { db: Db; scope: CrudScope; id: number }): Promise<TCrudMessage> {
  const { db, scope, id } = options;
  await ventas.eliminarVentaVacia({ db, scope, id, autor: autorCrud(scope) });
  return { message: M.crud.eliminado.ventas };
}

export const ventasCrud: CrudService<TVentaRow, Create, Update> = {
  list: listVentas,
  get: getVenta,
  create: createVenta,
  update: updateVenta,
  remove: deleteVenta,
};
