/**
 * The back-office's face of the payment methods' catalogue (/crud/metodosdepago): rows under the
 * table's own names. Every rule (the operator alone changes it, methods 1–5 and methods in use stay)
 * is the domain's (modules/venta/metodo-pago.ts); this file only adapts and answers the messages.
 */
import { M } from '#shared/messages';
import type { TCrudCreated, TCrudMessage, TMetodoPagoRow, ZCreateMetodoPagoRequest, ZUpdateMetodoPagoRequest } from '#shared/schemas/crud';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import * as dominio from '../venta/metodo-pago';
import { lecturaYBorrado, type CrudScope, type CrudService } from './crud.scope';

type Create = z.output<typeof ZCreateMetodoPagoRequest>;
type Update = z.output<typeof ZUpdateMetodoPagoRequest>;

/** A method as the back-office lists it (the domain's names are the back-office's). */
const aFila = (m: dominio.TFilaMetodoPago): TMetodoPagoRow => ({ idMetPago: m.idMetPago, nombre: m.nombre });

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

/** A global catalogue: every admin reads it; the operator alone changes it (the domain says so). */
export const metodosDePagoCrud: CrudService<TMetodoPagoRow, Create, Update> = {
  ...lecturaYBorrado({ listar: dominio.listarMetodos, obtener: dominio.obtenerMetodo, eliminar: dominio.eliminarMetodo }, aFila, M.crud.eliminado.metodosdepago),
  create: createMetodo,
  update: updateMetodo,
};
