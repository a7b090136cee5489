import { and, desc, eq, ilike, or } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import type { TPage, TPageQuery } from '#shared/schemas/common';
import type { TCrudCreated, TCrudMessage, TProductoRow, ZCreateProductoRequest, ZUpdateProductoRequest } from '#shared/schemas/crud';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { entregaPedido, factura, inventario, producto, proveedor } from '../../db/schema';
import { ajustarStock, registrarEntradaInicial } from '../movimiento/ledger';
import { countAll, fieldError, idOf, inScope, likePattern, notFound, pageOf, tiendaDestino, type CrudScope, type CrudService } from './crud.scope';

type Create = z.output<typeof ZCreateProductoRequest>;
type Update = z.output<typeof ZUpdateProductoRequest>;

const columns = {
  idProducto: producto.idProducto,
  nombre: producto.nombre,
  precioUnit: producto.precioUnit,
  descripcion: producto.descripcion,
  marca: producto.marca,
  categoria: producto.categoria,
  presentacion: producto.presentacion,
  fechaVencimiento: producto.fechaVencimiento,
  stock: producto.stock,
  stockMin: producto.stockMin,
  estado: producto.estado,
  inventarioId: producto.inventarioId,
  proveedorId: producto.proveedorId,
  idTienda: producto.tiendaId,
};

export async function listProductos(options: { db: Db; scope: CrudScope; query: TPageQuery }): Promise<TPage<TProductoRow>> {
  const { db, scope, query } = options;
  const id = idOf(query.q);
  const p = likePattern(query.q);
  const where = and(
    inScope(scope, producto.tiendaId),
    // Name only: the trigram index on producto.nombre keeps this fast with 100 000 products.
    query.q ? or(ilike(producto.nombre, p), id != null ? eq(producto.idProducto, id) : undefined) : undefined,
  );
  const { limit, offset } = pageOf(query);
  const [items, [total]] = await Promise.all([
    db.select(columns).from(producto).where(where).orderBy(desc(producto.idProducto)).limit(limit).offset(offset),
    db.select({ n: countAll }).from(producto).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

export async function getProducto(options: { db: Db; scope: CrudScope; id: number }): Promise<TProductoRow> {
  const { db, scope, id } = options;
  const [row] = await db.select(columns).from(producto).where(and(eq(producto.idProducto, id), inScope(scope, producto.tiendaId))).limit(1);
  if (!row) throw notFound();
  return row;
}

/** The inventory and supplier a product points to must be of the product's store. */
async function checkRefs(tx: Tx, tiendaId: number, input: { inventarioId: number | null; proveedorId: number | null }) {
  if (input.inventarioId != null) {
    const [i] = await tx
      .select({ id: inventario.idInventario })
      .from(inventario)
      .where(and(eq(inventario.idInventario, input.inventarioId), eq(inventario.tiendaId, tiendaId)))
      .limit(1);
    if (!i) throw fieldError('inventarioId', M.crud.inventarioNoExiste);
  }
  if (input.proveedorId != null) {
    const [p] = await tx
      .select({ id: proveedor.idProveedor })
      .from(proveedor)
      .where(and(eq(proveedor.idProveedor, input.proveedorId), eq(proveedor.tiendaId, tiendaId)))
      .limit(1);
    if (!p) throw fieldError('proveedorId', M.crud.proveedorNoExiste);
  }
}

const fields = (input: Update) => ({
  nombre: input.nombre,
  precioUnit: input.precioUnit,
  descripcion: input.descripcion,
  marca: input.marca,
  categoria: input.categoria,
  presentacion: input.presentacion,
  fechaVencimiento: input.fechaVencimiento,
  stockMin: input.stockMin,
  estado: input.estado,
  inventarioId: input.inventarioId,
  proveedorId: input.proveedorId,
});

/** A new product's opening stock is recorded in the ledger as an entry. */
export async function createProducto(options: { db: Db; scope: CrudScope; input: Create }): Promise<TCrudCreated> {
  const { db, scope, input } = options;
  const id = await db.transaction(async (tx) => {
    const tiendaId = await tiendaDestino(tx, scope, input.idTienda);
    await checkRefs(tx, tiendaId, input);
    const [row] = await tx
      .insert(producto)
      .values({ ...fields(input), tiendaId, stock: input.stock })
      .returning({ id: producto.idProducto });
    await registrarEntradaInicial(tx, {
      tiendaId,
      productoId: row!.id,
      cantidad: input.stock,
      inventarioId: input.inventarioId,
      motivo: 'Inventario inicial (administración)',
    });
    return row!.id;
  });
  return { id, message: M.crud.registrado.producto };
}

/** A changed stock goes through the ledger as an adjustment, never as a bare overwrite. */
export async function updateProducto(options: { db: Db; scope: CrudScope; id: number; input: Update }): Promise<TCrudMessage> {
  const { db, scope, id, input } = options;
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ tiendaId: producto.tiendaId, stock: producto.stock })
      .from(producto)
      .where(and(eq(producto.idProducto, id), inScope(scope, producto.tiendaId)))
      .for('update')
      .limit(1);
    if (!current) throw notFound();
    await checkRefs(tx, current.tiendaId, input);
    await tx.update(producto).set(fields(input)).where(eq(producto.idProducto, id));
    const delta = input.stock - current.stock;
    if (delta !== 0) {
      const r = await ajustarStock(tx, { tiendaId: current.tiendaId, productoId: id, delta, motivo: 'Ajuste de stock desde administración' });
      if (!r) throw new AppError('CONFLICT', M.crud.cantidadInvalida);
    }
  });
  return { message: M.crud.actualizado.producto };
}

/** A product that was sold or delivered keeps its history: refuse with 409 (mark it unavailable instead). */
export async function deleteProducto(options: { db: Db; scope: CrudScope; id: number }): Promise<TCrudMessage> {
  const { db, scope, id } = options;
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: producto.idProducto })
      .from(producto)
      .where(and(eq(producto.idProducto, id), inScope(scope, producto.tiendaId)))
      .for('update')
      .limit(1);
    if (!current) throw notFound();
    const [vendido] = await tx.select({ id: factura.idFactura }).from(factura).where(eq(factura.productoId, id)).limit(1);
    const [entregado] = await tx.select({ id: entregaPedido.idEntrega }).from(entregaPedido).where(eq(entregaPedido.productoId, id)).limit(1);
    if (vendido || entregado) throw new AppError('CONFLICT', M.crud.productoConHistoria);
    await tx.delete(producto).where(eq(producto.idProducto, id));
  });
  return { message: M.crud.eliminado.producto };
}

export const productoCrud: CrudService<TProductoRow, Create, Update> = {
  list: listProductos,
  get: getProducto,
  create: createProducto,
  update: updateProducto,
  remove: deleteProducto,
};
