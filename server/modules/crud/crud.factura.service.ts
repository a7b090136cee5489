import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { M } from '#shared/messages';
import type { TPage, TPageQuery } from '#shared/schemas/common';
import type { TCrudCreated, TCrudMessage, TFacturaRow, ZCreateFacturaRequest } from '#shared/schemas/crud';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { factura, producto, venta } from '../../db/schema';
import { countAll, fieldError, idOf, inScope, likePattern, notFound, pageOf, type CrudScope, type CrudService } from './crud.scope';

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

/** The sale must be visible to the caller and the product of the same store; returns that store. */
async function checkRefs(tx: Tx, scope: CrudScope, input: Input): Promise<number> {
  const [v] = await tx
    .select({ tiendaId: venta.tiendaId })
    .from(venta)
    .where(and(eq(venta.idVenta, input.ventaId), inScope(scope, venta.tiendaId)))
    .limit(1);
  if (!v) throw fieldError('ventaId', M.crud.ventaNoExiste);
  const [p] = await tx
    .select({ id: producto.idProducto })
    .from(producto)
    .where(and(eq(producto.idProducto, input.productoId), eq(producto.tiendaId, v.tiendaId)))
    .limit(1);
  if (!p) throw fieldError('productoId', M.crud.productoNoExiste);
  return v.tiendaId;
}

/** A sale's total is the sum of its lines: kept true when a line is added, changed or removed here. */
async function recomputeTotal(tx: Tx, ventaId: number) {
  await tx
    .update(venta)
    .set({ total: sql`coalesce((select sum(${factura.cantidad}::bigint * ${factura.precio}) from ${factura} where ${factura.ventaId} = ${ventaId}), 0)` })
    .where(eq(venta.idVenta, ventaId));
}

export async function createFactura(options: { db: Db; scope: CrudScope; input: Input }): Promise<TCrudCreated> {
  const { db, scope, input } = options;
  const id = await db.transaction(async (tx) => {
    const tiendaId = await checkRefs(tx, scope, input);
    const [row] = await tx
      .insert(factura)
      .values({ tiendaId, ventaId: input.ventaId, productoId: input.productoId, cantidad: input.cantidad, precio: input.precio, estado: input.estado })
      .returning({ id: factura.idFactura });
    await recomputeTotal(tx, input.ventaId);
    return row!.id;
  });
  return { id, message: M.crud.registrado.factura };
}

export async function updateFactura(options: { db: Db; scope: CrudScope; id: number; input: Input }): Promise<TCrudMessage> {
  const { db, scope, id, input } = options;
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ ventaId: factura.ventaId })
      .from(factura)
      .where(and(eq(factura.idFactura, id), inScope(scope, factura.tiendaId)))
      .for('update')
      .limit(1);
    if (!current) throw notFound();
    const tiendaId = await checkRefs(tx, scope, input);
    await tx
      .update(factura)
      .set({ tiendaId, ventaId: input.ventaId, productoId: input.productoId, cantidad: input.cantidad, precio: input.precio, estado: input.estado })
      .where(eq(factura.idFactura, id));
    await recomputeTotal(tx, input.ventaId);
    if (current.ventaId !== input.ventaId) await recomputeTotal(tx, current.ventaId);
  });
  return { message: M.crud.actualizado.factura };
}

export async function deleteFactura(options: { db: Db; scope: CrudScope; id: number }): Promise<TCrudMessage> {
  const { db, scope, id } = options;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(factura)
      .where(and(eq(factura.idFactura, id), inScope(scope, factura.tiendaId)))
      .returning({ ventaId: factura.ventaId });
    if (!row) throw notFound();
    await recomputeTotal(tx, row.ventaId);
  });
  return { message: M.crud.eliminado.factura };
}

export const facturaCrud: CrudService<TFacturaRow, Input, Input> = {
  list: listFacturas,
  get: getFactura,
  create: createFactura,
  update: updateFactura,
  remove: deleteFactura,
};
