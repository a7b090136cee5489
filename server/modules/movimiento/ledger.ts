import { sql } from 'drizzle-orm';
import { aMilesimas, cantidadDecimal, deMilesimas } from '#shared/cantidad';
import { M } from '#shared/messages';
import type { Db, Tx } from '../../db/client';
import { insertarLote } from '../../db/insertar-lote';
import { movimiento } from '../../db/schema';

/**
 * The stock ledger. Every change of a product's stock goes through `ajustarStock` or
 * `ajustarStockLote`, which change the stock and write the matching movimiento (stock before,
 * entries, exits, after) in one statement, so the movements screen is a true record. A single change
 * is one row, so it holds even outside a transaction; a batch needs one (see `ajustarStockLote`).
 * The one exception is the checkout, whose database function `venta_registrar`
 * (migration 0004, ADR 007) writes the same rows in the same way.
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
    /** Someone set the stock (an edit, an inventory count): the product's *revisar stock* flag is cleared. */
    revisado?: boolean;
    /** The lot the units go into or come from (a receipt's lot, ADR 051); by default the trigger movimiento_lotes chooses. */
    loteId?: number | null;
  },
): Promise<{ stockAntes: number; stockDespues: number } | null> {
  const moved = await moverStock(tx, {
    revisado: options.revisado,
    tiendaId: options.tiendaId,
    cambios: [{ productoId: options.productoId, delta: options.delta, loteId: options.loteId ?? null }],
    motivo: options.motivo,
    ventaId: options.ventaId,
    inventarioId: options.inventarioId,
  });
  return moved?.get(options.productoId) ?? null;
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
    motivo: options.motivo ?? M.movimientos.motivos.inicial,
  });
}

/** The opening stock of several new products of one store (an import), one insert. */
export async function registrarEntradasIniciales(
  tx: Db | Tx,
  options: { tiendaId: number; entradas: { productoId: number; cantidad: number; inventarioId?: number | null }[]; motivo: string },
): Promise<void> {
  const filas = options.entradas.filter((e) => e.cantidad > 0);
  if (filas.length === 0) return;
  await insertarLote(
    tx,
    movimiento,
    filas.map((e) => ({
      tiendaId: options.tiendaId,
      productoId: e.productoId,
      inventarioId: e.inventarioId ?? null,
      stockAntes: 0,
      entradas: e.cantidad,
      salidas: 0,
      cantidadDespues: e.cantidad,
      estadoDespues: 'Entrada',
      motivo: options.motivo,
    })),
  );
}

/**
 * Several stock changes of one store in one statement (the UPDATE and the INSERT of the movimientos
 * as a data-modifying CTE). Returns each product's stock before and after, or null when any product
 * lacks the stock or is not the store's. Null is NOT "nothing written": the products that had the
 * stock were updated, only the movimientos were held back. So it runs inside a transaction (`Tx`)
 * and the caller rolls back on null (throws). The caller should also hold the products' locks first
 * (SELECT … FOR UPDATE in id order) so that concurrent sales queue instead of deadlocking.
 */
export async function ajustarStockLote(
  tx: Tx,
  options: Parameters<typeof moverStock>[1],
): Promise<Map<number, { stockAntes: number; stockDespues: number }> | null> {
  return moverStock(tx, options);
}

async function moverStock(
  tx: Db | Tx,
  options: {
    tiendaId: number;
    /** `loteId`: the lot the units go into or come from (ADR 051); at most one change per product. */
    cambios: { productoId: number; delta: number; loteId?: number | null }[];
    motivo: string;
    ventaId?: number | null;
    /** The inventory the movimientos belong to; by default each product's own. */
    inventarioId?: number | null;
    /** Someone set or received the stock (an edit, an inventory count, a receipt): clears *revisar stock*. */
    revisado?: boolean;
    /**
     * A sale past the recorded stock (issue #36 point 7), asked and allowed by the sale's owner
     * (venta-lineas.ts: the permission or a supervisor's PIN): exits may take the stock below zero,
     * and a product they take below zero is flagged *revisar stock*. Nothing else passes this.
     */
    ventaSinStock?: boolean;
  },
): Promise<Map<number, { stockAntes: number; stockDespues: number }> | null> {
  const { tiendaId, cambios } = options;
  if (cambios.length === 0) return new Map();
  const values = sql.join(
    // Quantities are exact numeric(12,3) (ADR 030): sent as text of their integer thousandths' value.
    cambios.map((c) => sql`(${c.productoId}::int, ${cantidadDecimal(c.delta)}::numeric, ${c.loteId ?? null}::int)`),
    sql`, `,
  );
  // The guard `(select count(*) from u) = n` keeps the ledger untouched when any product failed.
  // An exit never takes the stock below zero here (only the checkout's sale past stock may, issue #36
  // point 7); an entry always lands, also on a product whose stock a sale past stock left negative.
  const res = (await tx.execute(sql`
    with v(id, delta, lote) as (values ${values}),
    u as (
      update producto p set stock = p.stock + v.delta,
        revisar_stock = (p.revisar_stock and not ${!!options.revisado}::boolean) or (${!!options.ventaSinStock}::boolean and p.stock + v.delta < 0)
      from v
      where p.id_producto = v.id and p.tienda_id = ${tiendaId} and (v.delta >= 0 or p.stock + v.delta >= 0 or ${!!options.ventaSinStock}::boolean)
      returning p.id_producto as id, p.stock as stock, p.inventario_id as inventario, v.delta as delta, v.lote as lote
    ),
    m as (
      insert into movimiento (tienda_id, producto_id, venta_id, inventario_id, lote_id, stock_antes, entradas, salidas, cantidad_despues, estado_despues, motivo)
      select ${tiendaId}, u.id, ${options.ventaId ?? null}::int, coalesce(${options.inventarioId ?? null}::int, u.inventario), u.lote,
        u.stock - u.delta, greatest(u.delta, 0), greatest(-u.delta, 0), u.stock,
        case when u.delta > 0 then 'Entrada' else 'Salida' end, ${options.motivo}
      from u
      where u.delta <> 0 and (select count(*) from u) = ${cambios.length}
    )
    select id, stock, delta from u`)) as unknown as { rows: { id: number; stock: number; delta: number }[] };
  if (res.rows.length !== cambios.length) return null;
  const out = new Map<number, { stockAntes: number; stockDespues: number }>();
  for (const r of res.rows) {
    const stockDespues = Number(r.stock);
    out.set(Number(r.id), { stockAntes: deMilesimas(aMilesimas(stockDespues)! - aMilesimas(Number(r.delta))!), stockDespues });
  }
  return out;
}
