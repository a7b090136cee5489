import { M } from '#shared/messages';
import type { TPage, TPageQuery } from '#shared/schemas/common';
import type { TCrudCreated, TCrudMessage, TEntregaRow } from '#shared/schemas/crud';
import type { Db } from '../../db/client';
import * as entregas from '../compras/entrega.domain';
import { autorCrud, type CrudScope, type CrudService } from './crud.scope';

/** The back-office's deliveries (spec §5): an adapter over the delivery's domain (compras/entrega.domain.ts, issue #27). */
type Input = entregas.DatosEntrega;

export const listEntregas = (options: { db: Db; scope: CrudScope; query: TPageQuery }): Promise<TPage<TEntregaRow>> => entregas.listarEntregas(options);

export const getEntrega = (options: { db: Db; scope: CrudScope; id: number }): Promise<TEntregaRow> => entregas.obtenerEntrega(options);

export async function createEntrega(options: { db: Db; scope: CrudScope; input: Input }): Promise<TCrudCreated> {
  const { db, scope, input } = options;
  const id = await entregas.crearEntrega({ db, scope, datos: input, autor: autorCrud(scope) });
  return { id, message: M.crud.registrado.entrega_pedidos };
}

export async function updateEntrega(options: { db: Db; scope: CrudScope; id: number; input: Input }): Promise<TCrudMessage> {
  const { db, scope, id, input } = options;
  await entregas.editarEntrega({ db, scope, id, datos: input, autor: autorCrud(scope) });
  return { message: M.crud.actualizado.entrega_pedidos };
}

export async function deleteEntrega(options: { db: Db; scope: CrudScope; id: number }): Promise<TCrudMessage> {
  const { db, scope, id } = options;
  await entregas.eliminarEntrega({ db, scope, id, autor: autorCrud(scope) });
  return { message: M.crud.eliminado.entrega_pedidos };
}

export const entregaPedidosCrud: CrudService<TEntregaRow, Input, Input> = {
  list: listEntregas,
  get: getEntrega,
  create: createEntrega,
  update: updateEntrega,
  remove: deleteEntrega,
};
