import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { TMovimientosFiltros, TMovimientosPage } from '#shared/schemas/movimiento';
import type { Db } from '../../db/client';
import { contieneTexto } from '../../db/name-search';
import { movimiento, producto } from '../../db/schema';
import { entreDias } from '../tienda/zona-horaria';

/**
 * The store's stock ledger, newest first (spec §2 /movimientos). Filters: one product (id), a
 * product-name search, and a range of the shop's calendar days (in its time zone). Walks movimiento_tienda_fecha_idx
 * backwards; the count uses the same conditions.
 */
export async function listarMovimientos(options: { db: Db; tiendaId: number; query: TMovimientosFiltros }): Promise<TMovimientosPage> {
  const { db, tiendaId, query } = options;
  const conditions: SQL[] = [eq(movimiento.tiendaId, tiendaId)];
  if (query.productoId) conditions.push(eq(movimiento.productoId, query.productoId));
  if (query.q) conditions.push(contieneTexto(producto.nombre, query.q));
  conditions.push(...entreDias(movimiento.fechaMovimiento, tiendaId, query.desde, query.hasta));
  const where = and(...conditions);
  // The product must belong to the same store: a join condition, so a deleted product still lists.
  const joinOn = and(eq(producto.idProducto, movimiento.productoId), eq(producto.tiendaId, tiendaId));

  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        id: movimiento.idMovimiento,
        productoId: movimiento.productoId,
        producto: producto.nombre,
        // The product's unit of measure: the stock screen reads "5,5 kg" (issue #52 point 3).
        unidad: producto.unidadDian,
        stockAntes: movimiento.stockAntes,
        entradas: movimiento.entradas,
        salidas: movimiento.salidas,
        stockDespues: movimiento.cantidadDespues,
        fecha: movimiento.fechaMovimiento,
        motivo: movimiento.motivo,
      })
      .from(movimiento)
      .leftJoin(producto, joinOn)
      .where(where)
      .orderBy(desc(movimiento.fechaMovimiento), desc(movimiento.idMovimiento))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    query.q
      ? db.select({ n: count() }).from(movimiento).leftJoin(producto, joinOn).where(where)
      : db.select({ n: count() }).from(movimiento).where(where),
  ]);
  return {
    items: rows.map((r) => ({ ...r, fecha: r.fecha.toISOString() })),
    total: Number(totalRow?.n ?? 0),
  };
}
