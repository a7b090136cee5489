import { and, desc, eq, ilike, or } from 'drizzle-orm';
import { deMilesimas, milesimasDe, porUnidad } from '#shared/cantidad';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import type { TPage, TPageQuery } from '#shared/schemas/common';
import type { TEntregaRow, ZCreateEntregaRequest } from '#shared/schemas/crud';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { entregaPedido, ordenCompraLinea, producto, proveedor } from '../../db/schema';
import { registrarPor, type Autor } from '../actividad/actividad.domain';
import { ajustarStock } from '../movimiento/ledger';
import { recalcularEstadoOrden } from './compras.domain';
import { verificarProveedorDeTienda } from '../proveedor/proveedor.domain';
import { countAll, fieldError, idOf, inScope, likePattern, notFound, pageOf, type Alcance } from '../tienda/alcance';

/**
 * A supplier's delivery recorded by hand (the back-office's *entrega de pedidos*, spec §5), written by
 * its domain (issue #27 point 4): its units enter stock through the ledger, a correction or a removal
 * moves the difference back, never below zero, and each is in the activity log with who and through
 * which face. The purchase order it belongs to, if any, follows (issue #32). The back-office and the
 * old controller only adapt names.
 */
export type DatosEntrega = z.output<typeof ZCreateEntregaRequest>;

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

export async function listarEntregas(options: { db: Db; scope: Alcance; query: TPageQuery }): Promise<TPage<TEntregaRow>> {
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

export async function obtenerEntrega(options: { db: Db; scope: Alcance; id: number }): Promise<TEntregaRow> {
  const { db, scope, id } = options;
  const [row] = await base(db)
    .where(and(eq(entregaPedido.idEntrega, id), inScope(scope, entregaPedido.tiendaId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/**
 * The product must be visible to the caller and the supplier of the product's store; a product sold by
 * unit takes whole units (one sold by measure up to three decimals, ADR 036). Returns that store.
 */
async function checkRefs(tx: Tx, scope: Alcance, input: DatosEntrega): Promise<{ tiendaId: number; nombre: string }> {
  const [p] = await tx
    .select({ tiendaId: producto.tiendaId, nombre: producto.nombre, unidad: producto.unidadDian })
    .from(producto)
    .where(and(eq(producto.idProducto, input.productoId), inScope(scope, producto.tiendaId)))
    .limit(1);
  if (!p) throw fieldError('productoId', M.crud.productoNoExiste);
  // The supplier domain's one check: a supplier of the product's store.
  await verificarProveedorDeTienda(tx, p.tiendaId, input.proveedorId, 'proveedorId');
  if (porUnidad(p.unidad) && !Number.isInteger(input.cantidad)) throw fieldError('cantidad', M.compras.cantidadEntera(p.nombre));
  return { tiendaId: p.tiendaId, nombre: p.nombre };
}

/** The order a delivery's line belongs to, brought to the state its deliveries now hold. */
async function recalcularOrdenDe(tx: Tx, ordenLineaId: number | null) {
  if (ordenLineaId == null) return;
  const [l] = await tx.select({ ordenId: ordenCompraLinea.ordenId }).from(ordenCompraLinea).where(eq(ordenCompraLinea.idLinea, ordenLineaId));
  if (l) await recalcularEstadoOrden(tx, l.ordenId);
}

const sinStock = () => new AppError('CONFLICT', M.crud.entregaSinStock);

/** Receiving an order adds its quantity to the product's stock, with its movimiento, in one transaction. */
export async function crearEntrega(options: { db: Db; scope: Alcance; datos: DatosEntrega; autor: Autor }): Promise<number> {
  const { db, scope, datos, autor } = options;
  return db.transaction(async (tx) => {
    const { tiendaId, nombre } = await checkRefs(tx, scope, datos);
    const [row] = await tx
      .insert(entregaPedido)
      .values({ tiendaId, proveedorId: datos.proveedorId, productoId: datos.productoId, fechaEntrega: datos.fechaEntrega, cantidad: datos.cantidad })
      .returning({ id: entregaPedido.idEntrega });
    const id = row!.id;
    const r = await ajustarStock(tx, { tiendaId, productoId: datos.productoId, delta: datos.cantidad, motivo: M.movimientos.motivos.entregaPedido(id) });
    if (!r) throw fieldError('productoId', M.crud.productoNoExiste);
    await registrarPor(tx, tiendaId, autor, { tipo: 'stock', detalle: { productoId: datos.productoId, producto: nombre, anterior: r.stockAntes, nuevo: r.stockDespues } });
    return id;
  });
}

/** The delivery `id` in the caller's reach, locked until the transaction ends (404 otherwise). */
async function entregaBloqueada(tx: Tx, scope: Alcance, id: number) {
  const [current] = await tx
    .select({
      tiendaId: entregaPedido.tiendaId,
      productoId: entregaPedido.productoId,
      producto: producto.nombre,
      cantidad: entregaPedido.cantidad,
      ordenLineaId: entregaPedido.ordenLineaId,
      presentacion: entregaPedido.presentacion,
      factor: entregaPedido.factor,
    })
    .from(entregaPedido)
    .innerJoin(producto, eq(producto.idProducto, entregaPedido.productoId))
    .where(and(eq(entregaPedido.idEntrega, id), inScope(scope, entregaPedido.tiendaId)))
    .for('update', { of: entregaPedido })
    .limit(1);
  if (!current) throw notFound();
  return current;
}

/** One product's stock moved by a delivery's correction or removal: the ledger, then the log (who, which face). */
async function mover(tx: Tx, autor: Autor, cambio: { tiendaId: number; productoId: number; producto: string; delta: number; motivo: string }) {
  const { producto: nombre, ...ajuste } = cambio;
  const r = await ajustarStock(tx, ajuste);
  if (!r) throw sinStock();
  await registrarPor(tx, cambio.tiendaId, autor, { tipo: 'stock', detalle: { productoId: cambio.productoId, producto: nombre, anterior: r.stockAntes, nuevo: r.stockDespues } });
}

/** A corrected quantity or product moves the difference through the ledger; stock never goes below 0. */
export async function editarEntrega(options: { db: Db; scope: Alcance; id: number; datos: DatosEntrega; autor: Autor }): Promise<void> {
  const { db, scope, id, datos, autor } = options;
  await db.transaction(async (tx) => {
    const current = await entregaBloqueada(tx, scope, id);
    const nuevo = await checkRefs(tx, scope, datos);
    const tiendaId = nuevo.tiendaId;
    if (tiendaId !== current.tiendaId) throw fieldError('productoId', M.crud.productoNoExiste);
    // Received in a pack (ADR 036): the line keeps its pack, so it is corrected in whole packs of the same product.
    if (current.factor != null && current.presentacion != null) {
      if (datos.productoId !== current.productoId) throw fieldError('productoId', M.crud.entregaEmpaqueProducto(current.presentacion));
      if (datos.cantidad % current.factor !== 0) throw fieldError('cantidad', M.crud.entregaEmpaqueMultiplo(current.presentacion, current.factor));
    }
    const motivo = M.movimientos.motivos.entregaCorregida(id);
    if (datos.productoId === current.productoId) {
      // In thousandths: a delivery of a product sold by measure may hold decimals (ADR 030).
      const delta = deMilesimas(milesimasDe(datos.cantidad) - milesimasDe(current.cantidad));
      if (delta !== 0) await mover(tx, autor, { tiendaId, productoId: datos.productoId, producto: nuevo.nombre, delta, motivo });
    } else {
      await mover(tx, autor, { tiendaId, productoId: current.productoId, producto: current.producto, delta: -current.cantidad, motivo });
      await mover(tx, autor, { tiendaId, productoId: datos.productoId, producto: nuevo.nombre, delta: datos.cantidad, motivo });
    }
    await tx
      .update(entregaPedido)
      .set({ proveedorId: datos.proveedorId, productoId: datos.productoId, fechaEntrega: datos.fechaEntrega, cantidad: datos.cantidad })
      .where(eq(entregaPedido.idEntrega, id));
    // A delivery of a purchase order (issue #32): the order's state follows what its deliveries hold.
    await recalcularOrdenDe(tx, current.ordenLineaId);
  });
}

/** Removing a delivery takes its quantity back out of stock, only if the stock still holds it (else 409). */
export async function eliminarEntrega(options: { db: Db; scope: Alcance; id: number; autor: Autor }): Promise<void> {
  const { db, scope, id, autor } = options;
  await db.transaction(async (tx) => {
    const current = await entregaBloqueada(tx, scope, id);
    await mover(tx, autor, {
      tiendaId: current.tiendaId,
      productoId: current.productoId,
      producto: current.producto,
      delta: -current.cantidad,
      motivo: M.movimientos.motivos.entregaEliminada(id),
    });
    await tx.delete(entregaPedido).where(eq(entregaPedido.idEntrega, id));
    await registrarPor(tx, current.tiendaId, autor, { tipo: 'eliminacion', detalle: { entidad: 'entrega', id, nombre: `${current.producto} × ${current.cantidad}` } });
    await recalcularOrdenDe(tx, current.ordenLineaId);
  });
}
