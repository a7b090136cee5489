/**
 * The back-office's face of the payment methods' catalogue (/crud/metodosdepago): rows under the
 * table's own names. Every rule (the operator alone changes it, methods 1–5 and methods in use stay)
 * is the domain's (modules/venta/metodo-pago.ts); this file only adapts and answers the messages.
 */
import { M } from '#shared/messages';
import type { TPage, TPageQuery } from '#shared/schemas/common';
import type { TCrudCreated, TCrudMessage, TMetodoPagoRow, ZCreateMetodoPagoRequest, ZUpdateMetodoPagoRequest } from '#shared/schemas/crud';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import * as dominio from '../venta/metodo-pago';
import type { CrudScope, CrudService } from './crud.scope';

type Create = z.output<typeof ZCreateMetodoPagoRequest>;
type Update = z.output<typeof ZUpdateMetodoPagoRequest>;

/** A method as the back-office lists it (the domain's names are the back-office's). */
const aFila = (m: dominio.TFilaMetodoPago): TMetodoPagoRow => ({ idMetPago: m.idMetPago, nombre: m.nombre });

export async function listMetodos(options: { db: Db; scope: CrudScope; query: TPageQuery }): Promise<TPage<TMetodoPagoRow>> {
  const page = await dominio.listarMetodos({ db: options.db, query: options.query });
  return { items: page.items.map(aFila), total: page.total };
}

export async function getMetodo(options: { db: Db; scope: CrudScope; id: number }): Promise<TMetodoPagoRow> {
  return aFila(await dominio.obtenerMetodo({ db: options.db, id: options.id }));
}

export async function createMetodo(options: { db: Db; scope: CrudScope; input: Create }): Promise<TCrudCreated> {
  const { db, scope, input } = options;
  await dominio.crearMetodo({ db, alcance: scope, datos: { idMetPago: input.idMetPago, nombre: input.nombre } });
  return { id: input.idMetPago, message: M.crud.registrado.metodosdepago };
}

export async function updateMetodo(options: { db: Db; scope: CrudScope; id: number; input: Update }): Promise<TCrudMessage> {
  const { db, scope, id, input } = options;
  await dominio.renombrarMetodo({ db, alcance: scope, id, nombre: input.nombre });
  return { message: M.crud.actualizado.metodosdepago };
}

export async function deleteMetodo(options: { db: Db; scope: CrudScope; id: number }): Promise<TCrudMessage> {
  await dominio.eliminarMetodo({ db: options.db, alcance: options.scope, id: options.id });
  return { message: M.crud.eliminado.metodosdepago };
}

export const metodosDePagoCrud: CrudService<TMetodoPagoRow, Create, Update> = {
  list: listMetodos,
  get: getMetodo,
  create: createMetodo,
  update: updateMetodo,
  remove: deleteMetodo,
};
