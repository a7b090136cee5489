import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { movimiento, producto } from '../../db/schema';

/**
 * The stock ledger. Every change of a product's stock goes through `ajustarStock`, which changes
 * the stock atomically and writes the matching movimiento (stock before, entries, exits, after),
 * so the movements screen is a true record.
 */
export async function ajustarStock(
  tx: Db | Tx,
  options: {
    tiendaId: number;
    productoId: number;
    /** Positive for an entry, negative for an exit. */
    delta: number;
    motivo: string;
    ventaId?: number | null;
    inventarioId?: number | null;
  },
): Promise<{ stockAntes: number; stockDespues: number } | null> {
  const { tiendaId, productoId, delta } = options;
  // One statement: concurrent sales can never take stock below zero.
  const [row] = await tx
    .update(producto)
    .set({ stock: sql`${producto.stock} + ${delta}` })
    .where(and(eq(producto.idProducto, productoId), eq(producto.tiendaId, tiendaId), gte(producto.stock, -delta)))
    .returning({ stock: producto.stock, inventarioId: producto.inventarioId });
  if (!row) return null;
  const stockAntes = row.stock - delta;
  if (delta !== 0) {
    await tx.insert(movimiento).values({
      tiendaId,
      productoId,
      ventaId: options.ventaId ?? null,
      inventarioId: options.inventarioId ?? row.inventarioId ?? null,
      stockAntes,
      entradas: delta > 0 ? delta : 0,
      salidas: delta < 0 ? -delta : 0,
      cantidadDespues: row.stock,
      estadoDespues: delta > 0 ? 'Entrada' : 'Salida',
      motivo: options.motivo,
    });
  }
  return { stockAntes, stockDespues: row.stock };
}

/** Records the opening stock of a new product as an entry. */
export async function registrarEntradaInicial(
  tx: Db | Tx,
  options: { tiendaId: number; productoId: number; cantidad: number; inventarioId?: number | null; motivo?: string },
): Promise<void> {
  if (options.cantidad <= 0) return;
  await tx.insert(movimiento).values({
    tiendaId: options.tiendaId,
    productoId: options.productoId,
    inventarioId: options.inventarioId ?? null,
    stockAntes: 0,
    entradas: options.cantidad,
    salidas: 0,
    cantidadDespues: options.cantidad,
    estadoDespues: 'Entrada',
    motivo: options.motivo ?? 'Inventario inicial',
  });
}
