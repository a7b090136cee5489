/**
 * The till's tap grid as the owner fixes it (issue #36 point 11): the best sellers move with every
 * sale, so a cashier who learned where the rice is finds it elsewhere by noon. The store's role 1
 * fixes the order it wants; the grid then shows those products first, in that order, and the best
 * sellers after them. Read by `productosRapidos` (venta.busqueda.ts); written only here.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { ventas } from '#shared/messages/ventas';
import type { TOrdenRejilla } from '#shared/schemas/venta';
import type { Db, Tx } from '../../db/client';
import { producto, rejillaFija } from '../../db/schema';

/** The fixed products' ids, in the owner's order (those still in the store). */
export async function ordenFijo(db: Db | Tx, tiendaId: number): Promise<number[]> {
  const rows = await db
    .select({ id: rejillaFija.productoId })
    .from(rejillaFija)
    .where(eq(rejillaFija.tiendaId, tiendaId))
    .orderBy(asc(rejillaFija.orden));
  return rows.map((r) => r.id);
}

/** The owner's order replaces the one before; an empty list gives the grid back to the best sellers. */
export async function fijarOrden(options: { db: Db; tiendaId: number; orden: TOrdenRejilla }): Promise<TOrdenRejilla> {
  const { db, tiendaId } = options;
  const ids = options.orden.productos;
  await db.transaction(async (tx) => {
    if (ids.length) {
      const propios = await tx
        .select({ id: producto.idProducto })
        .from(producto)
        .where(and(eq(producto.tiendaId, tiendaId), inArray(producto.idProducto, ids)));
      // Another store's product, or one that no longer exists: the same answer, nothing written.
      if (propios.length !== ids.length) throw new AppError('NOT_FOUND', ventas.productoNoEncontrado);
    }
    await tx.delete(rejillaFija).where(eq(rejillaFija.tiendaId, tiendaId));
    if (ids.length) await tx.insert(rejillaFija).values(ids.map((productoId, orden) => ({ tiendaId, productoId, orden })));
  });
  return { productos: await ordenFijo(db, tiendaId) };
}
