import { M } from '#shared/messages';
import type { TPage, TPageQuery } from '#shared/schemas/common';
import type { TCrudCreated, TCrudMessage, TFacturaRow, ZCreateFacturaRequest } from '#shared/schemas/crud';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import * as lineas from '../venta/venta-lineas';
import * as ventas from '../venta/venta.administracion';
import { autorCrud, fieldError, notFound, type CrudScope, type CrudService } from './crud.scope';

type Input = z.output<typeof ZCreateFacturaRequest>;

export const listFacturas = (options: { db: Db; scope: CrudScope; query: TPageQuery }): Promise<TPage<TFacturaRow>> => ventas.listarLineas(options);

export const getFactura = (options: { db: Db; scope: CrudScope; id: number }): Promise<TFacturaRow> => ventas.obtenerLinea(options);

/** The back-office names what it cannot find under its form's fields. */
const errores: lineas.ErroresLinea = {
  venta: () => fieldError('ventaId', M.crud.ventaNoExiste),
  producto: () => fieldError('productoId', M.crud.productoNoExiste),
  linea: notFound,
};

/**
 * A line added here is a line of the sale (issue #27): its units leave the stock through the ledger
 * and the total follows, by the sale's owner (modules/venta/venta-lineas.ts). The price is the one
 * typed; the state follows the sale's.
 */
export async function createFactura(options: { db: Db; scope: CrudScope; input: Input }): Promise<TCrudCreated> {
  const { db, scope, input } = options;
  const sinStock = input.venderSinStock ? { autor: autorCrud(scope) } : undefined;
  const r = await lineas.agregarLinea({ db, scope, ventaId: input.ventaId, productoId: input.productoId, cantidad: input.cantidad, precio: input.precio, errores, sinStock, formula: input.formula, autor: autorCrud(scope) });
  return { id: r.idFactura, message: M.crud.registrado.factura };
}

export async function updateFactura(options: { db: Db; scope: CrudScope; id: number; input: Input }): Promise<TCrudMessage> {
  const { db, scope, id, input } = options;
  await lineas.cambiarLinea({ db, scope, idFactura: id, cambios: { ventaId: input.ventaId, productoId: input.productoId, cantidad: input.cantidad, precio: input.precio }, errores });
  return { message: M.crud.actualizado.factura };
}

export async function deleteFactura(options: { db: Db; scope: CrudScope; id: number }): Promise<TCrudMessage> {
  const { db, scope, id } = options;
  await lineas.quitarLinea({ db, scope, idFactura: id, autor: autorCrud(scope), errores });
  return { message: M.crud.eliminado.factura };
}

export const facturaCrud: CrudService<TFacturaRow, Input, Input> = {
  list: listFacturas,
  get: getFactura,
  create: createFactura,
  update: updateFactura,
  remove: deleteFactura,
};
