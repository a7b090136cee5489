import { and, desc, eq, ilike, or } from 'drizzle-orm';
import { M } from '#shared/messages';
import type { TPage, TPageQuery } from '#shared/schemas/common';
import type { TCrudCreated, TCrudMessage, TFacturaRow, ZCreateFacturaRequest } from '#shared/schemas/crud';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { factura, producto } from '../../db/schema';
import * as lineas from '../venta/venta-lineas';
import { autorCrud, countAll, fieldError, idOf, inScope, likePattern, notFound, pageOf, type CrudScope, type CrudService } from './crud.scope';

type Input = z.output<typeof ZCreateFacturaRequest>;

const columns = {
  idFactura: factura.idFactura,
  ventaId: factura.ventaId,
  productoId: factura.productoId,
  productoNombre: producto.nombre,
  cantidad: factura.cantidad,
  precio: factura.precio,
  estado: factura.estado,
  idTienda: factura.tiendaId,
};

/** Search by sale id or product (spec §5 "invoices by sale id or product value"), or by state. */
export async function listFacturas(options: { db: Db; scope: CrudScope; query: TPageQuery }): Promise<TPage<TFacturaRow>> {
  const { db, scope, query } = options;
  const id = idOf(query.q);
  const p = likePattern(query.q);
  const search = !query.q
    ? undefined
    : id != null
      ? or(eq(factura.ventaId, id), eq(factura.productoId, id), eq(factura.idFactura, id))
      : or(ilike(factura.estado, p), ilike(producto.nombre, p));
  const where = and(inScope(scope, factura.tiendaId), search);
  const { limit, offset } = pageOf(query);
  const [items, [total]] = await Promise.all([
    db
      .select(columns)
      .from(factura)
      .innerJoin(producto, eq(producto.idProducto, factura.productoId))
      .where(where)
      .orderBy(desc(factura.idFactura))
      .limit(limit)
      .offset(offset),
    db.select({ n: countAll }).from(factura).innerJoin(producto, eq(producto.idProducto, factura.productoId)).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

export async function getFactura(options: { db: Db; scope: CrudScope; id: number }): Promise<TFacturaRow> {
  const { db, scope, id } = options;
  const [row] = await db
    .select(columns)
    .from(factura)
    .innerJoin(producto, eq(producto.idProducto, factura.productoId))
    .where(and(eq(factura.idFactura, id), inScope(scope, factura.tiendaId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

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
  const r = await lineas.agregarLinea({ db, scope, ventaId: input.ventaId, productoId: input.productoId, cantidad: input.cantidad, precio: input.precio, errores, sinStock });
  return { id: r.idFactura, message: M.crud.registrado.factura };
}

export async function updateFactura(options: { db: Db; scope: CrudScope; id: number; input: Input }): Promise<TCrudMessage> {
  const { db, scope, id, input } = options;
  await lineas.cambiarLinea({ db, scope, idFactura: id, cambios: { ventaId: input.ventaId, productoId: input.productoId, cantidad: input.cantidad, precio: input.precio }, errores });
  return { message: M.crud.actualizado.factura };
}

export async function deleteFactura(options: { db: Db; scope: CrudScope; id: number }): Promise<TCrudMessage> {
  const { db, scope, id } = options;
  await lineas.quitarLinea({ db, scope, idFactura: id, errores });
  return { message: M.crud.eliminado.factura };
}

export const facturaCrud: CrudService<TFacturaRow, Input, Input> = {
  list: listFacturas,
  get: getFactura,
  create: createFactura,
  update: updateFactura,
  remove: deleteFactura,
};
