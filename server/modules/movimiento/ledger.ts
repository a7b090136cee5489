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

/**
 * Several stock changes of one store in two statements (one UPDATE, one INSERT of the movimientos):
 * all of them or none. Returns null when any product lacks the stock (the caller rolls back), else
 * each product's stock before and after. The caller should hold the rows' locks (SELECT … FOR UPDATE
 * in id order) so that concurrent sales queue instead of deadlocking.
 */
export async function ajustarStockLote(
  tx: Db | Tx,
  options: { tiendaId: number; cambios: { productoId: number; delta: number }[]; motivo: string; ventaId?: number | null },
): Promise<Map<number, { stockAntes: number; stockDespues: number }> | null> {
  const { tiendaId, cambios } = options;
  if (cambios.length === 0) return new Map();
  const values = sql.join(
    cambios.map((c) => sql`(${c.productoId}::int, ${c.delta}::int)`),
    sql`, `,
  );
  const res = (await tx.execute(sql`
    update producto p set stock = p.stock + v.delta
    from (values ${values}) as v(id, delta)
    where p.id_producto = v.id and p.tienda_id = ${tiendaId} and p.stock + v.delta >= 0
    returning p.id_producto as id, p.stock as stock, p.inventario_id as inventario`)) as unknown as {
    rows: { id: number; stock: number; inventario: number | null }[];
  };
  if (res.rows.length !== cambios.length) return null;
  const delta = new Map(cambios.map((c) => [c.productoId, c.delta]));
  const out = new Map<number, { stockAntes: number; stockDespues: number }>();
  const rows = res.rows.map((r) => {
    const d = delta.get(Number(r.id))!;
    const stockDespues = Number(r.stock);
    out.set(Number(r.id), { stockAntes: stockDespues - d, stockDespues });
    return {
      tiendaId,
      productoId: Number(r.id),
      ventaId: options.ventaId ?? null,
      inventarioId: r.inventario == null ? null : Number(r.inventario),
      stockAntes: stockDespues - d,
      entradas: d > 0 ? d : 0,
      salidas: d < 0 ? -d : 0,
      cantidadDespues: stockDespues,
      estadoDespues: d > 0 ? 'Entrada' : 'Salida',
      motivo: options.motivo,
    };
  });
  await tx.insert(movimiento).values(rows.filter((r) => r.entradas !== 0 || r.salidas !== 0));
  return out;
}
