import { and, desc, eq, ilike, or } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import type { TPage, TPageQuery } from '#shared/schemas/common';
import type { TCrudCreated, TCrudMessage, TEntregaRow, ZCreateEntregaRequest } from '#shared/schemas/crud';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { entregaPedido, ordenCompraLinea, producto, proveedor } from '../../db/schema';
import { ajustarStock } from '../movimiento/ledger';
import { recalcularEstadoOrden } from '../compras/compras.domain';
import { verificarProveedorDeTienda } from '../proveedor/proveedor.domain';
import { countAll, fieldError, idOf, inScope, likePattern, notFound, pageOf, type CrudScope, type CrudService } from './crud.scope';

type Input = z.output<typeof ZCreateEntregaRequest>;

const columns = {
  idEntrega: entregaPedido.idEntrega,
  proveedorId: entregaPedido.proveedorId,
  proveedorNombre: proveedor.nombre,
  productoId: entregaPedido.productoId,
  productoNombre: producto.nombre,
  fechaEntrega: entregaPedido.fechaEntrega,
  cantidad: entregaPedido.cantidad,
  idTienda: entregaPedido.tiendaId,
};

const base = (db: Db | Tx) =>
  db
    .select(columns)
    .from(entregaPedido)
    .innerJoin(producto, eq(producto.idProducto, entregaPedido.productoId))
    .innerJoin(proveedor, eq(proveedor.idProveedor, entregaPedido.proveedorId));

export async function listEntregas(options: { db: Db; scope: CrudScope; query: TPageQuery }): Promise<TPage<TEntregaRow>> {
  const { db, scope, query } = options;
  const id = idOf(query.q);
  const p = likePattern(query.q);
  const where = and(
    inScope(scope, entregaPedido.tiendaId),
    query.q
      ? or(
          ilike(producto.nombre, p),
          ilike(proveedor.nombre, p),
          id != null ? or(eq(entregaPedido.idEntrega, id), eq(entregaPedido.productoId, id), eq(entregaPedido.proveedorId, id)) : undefined,
        )
      : undefined,
  );
  const { limit, offset } = pageOf(query);
  const [items, [total]] = await Promise.all([
    base(db).where(where).orderBy(desc(entregaPedido.idEntrega)).limit(limit).offset(offset),
    db
      .select({ n: countAll })
      .from(entregaPedido)
      .innerJoin(producto, eq(producto.idProducto, entregaPedido.productoId))
      .innerJoin(proveedor, eq(proveedor.idProveedor, entregaPedido.proveedorId))
      .where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

export async function getEntrega(options: { db: Db; scope: CrudScope; id: number }): Promise<TEntregaRow> {
  const { db, scope, id } = options;
  const [row] = await base(db)
    .where(and(eq(entregaPedido.idEntrega, id), inScope(scope, entregaPedido.tiendaId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** The product must be visible to the caller and the supplier of the product's store; returns that store. */
async function checkRefs(tx: Tx, scope: CrudScope, input: Input): Promise<number> {
  const [p] = await tx
    .select({ tiendaId: producto.tiendaId })
    .from(producto)
    .where(and(eq(producto.idProducto, input.productoId), inScope(scope, producto.tiendaId)))
    .limit(1);
  if (!p) throw fieldError('productoId', M.crud.productoNoExiste);
  // The supplier domain's one check: a supplier of the product's store.
  await verificarProveedorDeTienda(tx, p.tiendaId, input.proveedorId, 'proveedorId');
  return p.tiendaId;
}

/** The order a delivery's line belongs to, brought to the state its deliveries now hold. */
async function recalcularOrdenDe(tx: Tx, ordenLineaId: number | null) {
  if (ordenLineaId == null) return;
  const [l] = await tx.select({ ordenId: ordenCompraLinea.ordenId }).from(ordenCompraLinea).where(eq(ordenCompraLinea.idLinea, ordenLineaId));
  if (l) await recalcularEstadoOrden(tx, l.ordenId);
}

const sinStock = () => new AppError('CONFLICT', M.crud.entregaSinStock);

/** Receiving an order adds its quantity to the product's stock, with its movimiento, in one transaction. */
export async function createEntrega(options: { db: Db; scope: CrudScope; input: Input }): Promise<TCrudCreated> {
  const { db, scope, input } = options;
  const id = await db.transaction(async (tx) => {
    const tiendaId = await checkRefs(tx, scope, input);
    const [row] = await tx
      .insert(entregaPedido)
      .values({ tiendaId, proveedorId: input.proveedorId, productoId: input.productoId, fechaEntrega: input.fechaEntrega, cantidad: input.cantidad })
      .returning({ id: entregaPedido.idEntrega });
    const id = row!.id;
    const r = await ajustarStock(tx, { tiendaId, productoId: input.productoId, delta: input.cantidad, motivo: M.movimientos.motivos.entregaPedido(id) });
    if (!r) throw fieldError('productoId', M.crud.productoNoExiste);
    return id;
  });
  return { id, message: M.crud.registrado.entrega_pedidos };
}

/** The delivery `id` in the caller's reach, locked until the transaction ends (404 otherwise). */
async function entregaBloqueada(tx: Tx, scope: CrudScope, id: number) {
  const [current] = await tx
    .select({ tiendaId: entregaPedido.tiendaId, productoId: entregaPedido.productoId, cantidad: entregaPedido.cantidad, ordenLineaId: entregaPedido.ordenLineaId })
    .from(entregaPedido)
    .where(and(eq(entregaPedido.idEntrega, id), inScope(scope, entregaPedido.tiendaId)))
    .for('update')
    .limit(1);
  if (!current) throw notFound();
  return current;
}

/** A corrected quantity or product moves the difference through the ledger; stock never goes below 0. */
export async function updateEntrega(options: { db: Db; scope: CrudScope; id: number; input: Input }): Promise<TCrudMessage> {
  const { db, scope, id, input } = options;
  await db.transaction(async (tx) => {
    const current = await entregaBloqueada(tx, scope, id);
    const tiendaId = await checkRefs(tx, scope, input);
    if (tiendaId !== current.tiendaId) throw fieldError('productoId', M.crud.productoNoExiste);
    const motivo = M.movimientos.motivos.entregaCorregida(id);
    if (input.productoId === current.productoId) {
      const delta = input.cantidad - current.cantidad;
      if (delta !== 0 && !(await ajustarStock(tx, { tiendaId, productoId: input.productoId, delta, motivo }))) throw sinStock();
    } else {
      if (!(await ajustarStock(tx, { tiendaId, productoId: current.productoId, delta: -current.cantidad, motivo }))) throw sinStock();
      await ajustarStock(tx, { tiendaId, productoId: input.productoId, delta: input.cantidad, motivo });
    }
    await tx
      .update(entregaPedido)
      .set({ proveedorId: input.proveedorId, productoId: input.productoId, fechaEntrega: input.fechaEntrega, cantidad: input.cantidad })
      .where(eq(entregaPedido.idEntrega, id));
    // A delivery of a purchase order (issue #32): the order's state follows what its deliveries hold.
    await recalcularOrdenDe(tx, current.ordenLineaId);
  });
  return { message: M.crud.actualizado.entrega_pedidos };
}

/** Removing a delivery takes its quantity back out of stock, only if the stock still holds it (else 409). */
export async function deleteEntrega(options: { db: Db; scope: CrudScope; id: number }): Promise<TCrudMessage> {
  const { db, scope, id } = options;
  await db.transaction(async (tx) => {
    const current = await entregaBloqueada(tx, scope, id);
    const r = await ajustarStock(tx, {
      tiendaId: current.tiendaId,
      productoId: current.productoId,
      delta: -current.cantidad,
      motivo: M.movimientos.motivos.entregaEliminada(id),
    });
    if (!r) throw sinStock();
    await tx.delete(entregaPedido).where(eq(entregaPedido.idEntrega, id));
    await recalcularOrdenDe(tx, current.ordenLineaId);
  });
  return { message: M.crud.eliminado.entrega_pedidos };
}

export const entregaPedidosCrud: CrudService<TEntregaRow, Input, Input> = {
  list: listEntregas,
  get: getEntrega,
  create: createEntrega,
  update: updateEntrega,
  remove: deleteEntrega,
};
