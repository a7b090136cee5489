import { and, asc, count, eq, sql } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import type { TPage } from '#shared/schemas/common';
import type { TProductoDeProveedor, TProveedor, TProveedorOpcion } from '#shared/schemas/proveedor';
import type { Db } from '../../db/client';
import { contieneTexto } from '../../db/name-search';
import { entregaPedido, producto, proveedor } from '../../db/schema';

/** `%q%` for ILIKE with the user's own %, _ and \ taken literally. */
const notFound = () => new AppError('NOT_FOUND', M.generic.notFound);

/** Products of the store that name the supplier (indexed by proveedor_id). */
const productosCount = sql<number>`(select count(*) from ${producto} where ${producto.proveedorId} = ${proveedor.idProveedor} and ${producto.tiendaId} = ${proveedor.tiendaId})`.mapWith(
  Number,
);

const columns = {
  id: proveedor.idProveedor,
  nombre: proveedor.nombre,
  telefono: proveedor.telefono,
  email: proveedor.email,
  productos: productosCount,
};

/** The store's suppliers by name; `q` is a case-insensitive name substring. */
export async function listarProveedores(options: {
  db: Db;
  tiendaId: number;
  q: string;
  page: number;
  pageSize: number;
}): Promise<TPage<TProveedor>> {
  const { db, tiendaId, q, page, pageSize } = options;
  const where = and(eq(proveedor.tiendaId, tiendaId), q ? contieneTexto(proveedor.nombre, q) : undefined);
  const [items, [totalRow]] = await Promise.all([
    db
      .select(columns)
      .from(proveedor)
      .where(where)
      .orderBy(asc(proveedor.nombre), asc(proveedor.idProveedor))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(proveedor).where(where),
  ]);
  return { items, total: totalRow?.total ?? 0 };
}

/** Id and name of every supplier of the store, for selects. */
export async function opcionesProveedores(options: { db: Db; tiendaId: number }): Promise<TProveedorOpcion[]> {
  return options.db
    .select({ id: proveedor.idProveedor, nombre: proveedor.nombre })
    .from(proveedor)
    .where(eq(proveedor.tiendaId, options.tiendaId))
    .orderBy(asc(proveedor.nombre), asc(proveedor.idProveedor))
    .limit(1000);
}

async function existe(db: Db, tiendaId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: proveedor.idProveedor })
    .from(proveedor)
    .where(and(eq(proveedor.idProveedor, id), eq(proveedor.tiendaId, tiendaId)))
    .limit(1);
  return !!row;
}

/** The products of one supplier of the store, by name, paged. */
export async function productosDeProveedor(options: {
  db: Db;
  tiendaId: number;
  id: number;
  q: string;
  page: number;
  pageSize: number;
}): Promise<TPage<TProductoDeProveedor>> {
  const { db, tiendaId, id, q, page, pageSize } = options;
  if (!(await existe(db, tiendaId, id))) throw notFound();
  const where = and(
    eq(producto.tiendaId, tiendaId),
    eq(producto.proveedorId, id),
    q ? contieneTexto(producto.nombre, q) : undefined,
  );
  const [items, [totalRow]] = await Promise.all([
    db
      .select({
        id: producto.idProducto,
        nombre: producto.nombre,
        marca: producto.marca,
        precio: producto.precioUnit,
        stock: producto.stock,
        estado: producto.estado,
      })
      .from(producto)
      .where(where)
      .orderBy(asc(producto.nombre), asc(producto.idProducto))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(producto).where(where),
  ]);
  return { items, total: totalRow?.total ?? 0 };
}

export async function crearProveedor(options: {
  db: Db;
  tiendaId: number;
  input: { nombre: string; telefono: string; email: string };
}): Promise<TProveedor> {
  const { db, tiendaId, input } = options;
  const [row] = await db
    .insert(proveedor)
    .values({ tiendaId, nombre: input.nombre, telefono: input.telefono, email: input.email })
    .returning({ id: proveedor.idProveedor, nombre: proveedor.nombre, telefono: proveedor.telefono, email: proveedor.email });
  return { ...row!, productos: 0 };
}

/**
 * Deletes a supplier of the store. Its products stay, without supplier; a supplier with recorded
 * order deliveries stays, so that history is not lost.
 */
export async function eliminarProveedor(options: { db: Db; tiendaId: number; id: number }): Promise<void> {
  const { db, tiendaId, id } = options;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: proveedor.idProveedor })
      .from(proveedor)
      .where(and(eq(proveedor.idProveedor, id), eq(proveedor.tiendaId, tiendaId)))
      .for('update');
    if (!row) throw notFound();
    const [entrega] = await tx
      .select({ id: entregaPedido.idEntrega })
      .from(entregaPedido)
      .where(and(eq(entregaPedido.tiendaId, tiendaId), eq(entregaPedido.proveedorId, id)))
      .limit(1);
    if (entrega) throw new AppError('CONFLICT', M.proveedores.conEntregas);
    await tx.delete(proveedor).where(and(eq(proveedor.idProveedor, id), eq(proveedor.tiendaId, tiendaId)));
  });
}
