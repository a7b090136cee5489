import { and, asc, count, eq, ilike, ne, type SQL } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import type { TPage } from '#shared/schemas/common';
import type { TCreateProductoData, TProductoDetalle, TProductoListItem, TUpdateProductoData } from '#shared/schemas/producto';
import type { Db, Tx } from '../../db/client';
import { enOrden, paginaDeProductos, TRIGRAM_MIN_LENGTH } from '../../db/name-search';
import { factura, inventario, producto, proveedor } from '../../db/schema';
import { ajustarStock, registrarEntradaInicial } from '../movimiento/ledger';

/** `%q%` for ILIKE with the user's own %, _ and \ taken literally. */
const contains = (q: string) => `%${q.replace(/[\\%_]/g, '\\$&')}%`;

function isForeignKeyViolation(err: unknown): boolean {
  for (let e = err, i = 0; e && typeof e === 'object' && i < 3; e = (e as { cause?: unknown }).cause, i++)
    if ((e as { code?: unknown }).code === '23503') return true;
  return false;
}

const notFound = () => new AppError('NOT_FOUND', M.generic.notFound);

/** The supplier join: only a supplier of the product's own store counts. */
const proveedorDelProducto = and(eq(proveedor.idProveedor, producto.proveedorId), eq(proveedor.tiendaId, producto.tiendaId));

/** The store's products, every estado, by name; `q` is a case-insensitive name substring. */
export async function listarProductos(options: {
  db: Db;
  tiendaId: number;
  q: string;
  page: number;
  pageSize: number;
}): Promise<TPage<TProductoListItem>> {
  const { db, tiendaId, q, page, pageSize } = options;
  const where: SQL | undefined = and(eq(producto.tiendaId, tiendaId), q ? ilike(producto.nombre, contains(q)) : undefined);
  const columns = {
    id: producto.idProducto,
    nombre: producto.nombre,
    marca: producto.marca,
    categoria: producto.categoria,
    precio: producto.precioUnit,
    stock: producto.stock,
    stockMin: producto.stockMin,
    estado: producto.estado,
    proveedor: proveedor.nombre,
  };
  const item = <R extends { stock: number; stockMin: number }>(r: R) => ({ ...r, bajoStock: r.stock <= r.stockMin });
  if (q.length >= TRIGRAM_MIN_LENGTH) {
    const { ids, total } = await paginaDeProductos(db, { where: where!, orden: 'nombre', limit: pageSize, offset: (page - 1) * pageSize });
    const rows = await enOrden(ids, (byIds) => db.select(columns).from(producto).leftJoin(proveedor, proveedorDelProducto).where(byIds), tiendaId);
    return { items: rows.map(item), total };
  }
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(columns)
      .from(producto)
      .leftJoin(proveedor, proveedorDelProducto)
      .where(where)
      .orderBy(asc(producto.nombre), asc(producto.idProducto))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(producto).where(where),
  ]);
  return { items: rows.map(item), total: totalRow?.total ?? 0 };
}

async function detalle(db: Db | Tx, tiendaId: number, id: number): Promise<TProductoDetalle | null> {
  const [row] = await db
    .select({
      id: producto.idProducto,
      nombre: producto.nombre,
      marca: producto.marca,
      precio: producto.precioUnit,
      descripcion: producto.descripcion,
      categoria: producto.categoria,
      presentacion: producto.presentacion,
      fechaVencimiento: producto.fechaVencimiento,
      stock: producto.stock,
      stockMin: producto.stockMin,
      estado: producto.estado,
      codigoBarras: producto.codigoBarras,
      idProveedor: proveedor.idProveedor,
      nombrepr: proveedor.nombre,
    })
    .from(producto)
    .leftJoin(proveedor, proveedorDelProducto)
    .where(and(eq(producto.idProducto, id), eq(producto.tiendaId, tiendaId)))
    .limit(1);
  return row ?? null;
}

/** One product of the store with its current supplier's name (`nombrepr`). */
export async function obtenerProducto(options: { db: Db; tiendaId: number; id: number }): Promise<TProductoDetalle> {
  const row = await detalle(options.db, options.tiendaId, options.id);
  if (!row) throw notFound();
  return row;
}

/** A supplier id is only accepted when the supplier belongs to the same store. */
async function checkProveedor(tx: Tx, tiendaId: number, idProveedor: number | null) {
  if (idProveedor == null) return;
  const [p] = await tx
    .select({ id: proveedor.idProveedor })
    .from(proveedor)
    .where(and(eq(proveedor.idProveedor, idProveedor), eq(proveedor.tiendaId, tiendaId)))
    .limit(1);
  if (!p) throw new AppError('VALIDATION', M.productos.proveedorInvalido, { fields: { idProveedor: M.productos.proveedorInvalido } });
}

async function checkCodigoBarras(tx: Tx, tiendaId: number, codigo: string | null | undefined, exceptId?: number) {
  if (!codigo) return;
  const [dup] = await tx
    .select({ id: producto.idProducto })
    .from(producto)
    .where(
      and(
        eq(producto.tiendaId, tiendaId),
        eq(producto.codigoBarras, codigo),
        exceptId ? ne(producto.idProducto, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (dup) throw new AppError('CONFLICT', M.productos.codigoBarrasDuplicado, { fields: { codigoBarras: M.productos.codigoBarrasDuplicado } });
}

/**
 * Adds a product; its quantity becomes the stock, recorded as an entry in the ledger in the same
 * transaction.
 */
export async function crearProducto(options: { db: Db; tiendaId: number; input: TCreateProductoData }): Promise<TProductoDetalle> {
  const { db, tiendaId, input } = options;
  return db.transaction(async (tx) => {
    await checkProveedor(tx, tiendaId, input.idProveedor);
    await checkCodigoBarras(tx, tiendaId, input.codigoBarras);
    const [inv] = await tx
      .select({ id: inventario.idInventario })
      .from(inventario)
      .where(eq(inventario.tiendaId, tiendaId))
      .orderBy(asc(inventario.idInventario))
      .limit(1);
    const [row] = await tx
      .insert(producto)
      .values({
        tiendaId,
        nombre: input.nombre,
        precioUnit: input.precio,
        stock: input.cantidad,
        stockMin: input.stockMin ?? 0,
        marca: input.marca ?? null,
        categoria: input.categoria ?? null,
        presentacion: input.presentacion ?? null,
        descripcion: input.descripcion ?? null,
        codigoBarras: input.codigoBarras ?? null,
        proveedorId: input.idProveedor,
        inventarioId: inv?.id ?? null,
        estado: 1,
      })
      .returning({ id: producto.idProducto });
    await registrarEntradaInicial(tx, { tiendaId, productoId: row!.id, cantidad: input.cantidad, inventarioId: inv?.id ?? null });
    return (await detalle(tx, tiendaId, row!.id))!;
  });
}

/**
 * Saves the detail form. The row is locked first, so a sale cannot slip between reading the stock
 * and writing it; a stock change goes through the ledger as 'Ajuste manual'. When the form says
 * which stock it showed (`stockAnterior`), an untouched stock is left alone and a stock the person
 * changed while a sale moved it answers 409 instead of undoing the sale.
 */
export async function actualizarProducto(options: {
  db: Db;
  tiendaId: number;
  id: number;
  input: TUpdateProductoData;
}): Promise<TProductoDetalle> {
  const { db, tiendaId, id, input } = options;
  return db.transaction(async (tx) => {
    const [actual] = await tx
      .select({ stock: producto.stock })
      .from(producto)
      .where(and(eq(producto.idProducto, id), eq(producto.tiendaId, tiendaId)))
      .for('update');
    if (!actual) throw notFound();
    await checkProveedor(tx, tiendaId, input.idProveedor);
    await checkCodigoBarras(tx, tiendaId, input.codigoBarras, id);

    let delta = 0;
    if (input.stockAnterior === undefined) delta = input.stock - actual.stock;
    else if (input.stock !== input.stockAnterior) {
      if (actual.stock !== input.stockAnterior) {
        const message = M.productos.stockCambio(actual.stock);
        throw new AppError('CONFLICT', message, { fields: { stock: message } });
      }
      delta = input.stock - actual.stock;
    }

    await tx
      .update(producto)
      .set({
        nombre: input.nombre,
        marca: input.marca,
        precioUnit: input.precio,
        descripcion: input.descripcion,
        categoria: input.categoria,
        presentacion: input.presentacion,
        fechaVencimiento: input.fechaVencimiento,
        stockMin: input.stockMin,
        estado: input.estado,
        proveedorId: input.idProveedor,
        ...(input.codigoBarras !== undefined ? { codigoBarras: input.codigoBarras } : {}),
      })
      .where(and(eq(producto.idProducto, id), eq(producto.tiendaId, tiendaId)));

    if (delta !== 0) {
      const moved = await ajustarStock(tx, { tiendaId, productoId: id, delta, motivo: 'Ajuste manual' });
      // Cannot happen under the row lock with a non-negative target; never write half an edit.
      if (!moved) throw new AppError('CONFLICT', M.productos.stockCambio(actual.stock));
    }
    return (await detalle(tx, tiendaId, id))!;
  });
}

/**
 * Deletes a product of the store. One that appears on invoice lines stays, so the sales history
 * keeps its products: the answer suggests marking it 'No disponible' instead.
 */
export async function eliminarProducto(options: { db: Db; tiendaId: number; id: number }): Promise<void> {
  const { db, tiendaId, id } = options;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: producto.idProducto })
      .from(producto)
      .where(and(eq(producto.idProducto, id), eq(producto.tiendaId, tiendaId)))
      .for('update');
    if (!row) throw notFound();
    // (tienda, producto) is indexed on the invoice lines.
    const [vendido] = await tx
      .select({ id: factura.idFactura })
      .from(factura)
      .where(and(eq(factura.tiendaId, tiendaId), eq(factura.productoId, id)))
      .limit(1);
    if (vendido) throw new AppError('CONFLICT', M.productos.conVentas);
    await tx.delete(producto).where(and(eq(producto.idProducto, id), eq(producto.tiendaId, tiendaId)));
  }).catch((err: unknown) => {
    // A sale committed between the check and the delete: the foreign key refuses, same answer.
    if (isForeignKeyViolation(err)) throw new AppError('CONFLICT', M.productos.conVentas);
    throw err;
  });
}
