/**
 * Which customers a store reaches (issue #56 point 2, ADR 043 step "customers shared"): the customers
 * of its empresa, whichever of its stores created them. The one owner of that rule; every face and
 * every domain that reads or writes a customer for a store (the customer screens, fiado and abonos,
 * the till's lookup and checkout, the offline catalogue, points, price lists, returns, reports, the
 * legacy API) filters with it. Another empresa's customer is never in reach: it answers as missing.
 * With it, a customer's row locked for a ledger write and the customer a merged one lives on as. In
 * the kernel (issue #54 point 5): fiado, points, price lists, the offline till and the checkout all
 * need them, and none of those may import another (server/modules/capas.test.ts).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import type { Db, Tx } from '../../db/client';
import { cliente } from '../../db/schema';
import { empresaDeTienda } from './empresa';


/** The customers a store reaches: its empresa's. */
export const clientesDeLaTienda = (tiendaId: number): SQL => eq(cliente.empresaId, empresaDeTienda(tiendaId));

/**
 * Order for a lookup by documento: the store's own customer first. Two customers of one empresa may
 * share a documento only when both existed before the customers were shared (migration 0090 kept both,
 * flagged `documento_repetido`); a store keeps finding its own.
 */
export const propioPrimero = (tiendaId: number): SQL => sql`(${cliente.tiendaId} = ${tiendaId}) desc, ${cliente.idCliente}`;

/** The customer that carries a customer's balances: itself, or the one it was merged into (ADR 067). */
export async function clienteVigente(tx: Db | Tx, clienteId: number): Promise<number> {
  const [c] = await tx.select({ unidoA: cliente.unidoA }).from(cliente).where(eq(cliente.idCliente, clienteId));
  return c?.unidoA ?? clienteId;
}

/**
 * Locks a customer of the store's empresa for a ledger write; 404 for another empresa's. FOR NO KEY
 * UPDATE (ADR 057): writers still queue on it (and behind a deletion's FOR UPDATE), but a sale's
 * foreign key to the customer does not wait for it, nor it for the sale — a sale holds that key share
 * while it waits for its number, behind a sale of the same customer that is charging it.
 */
export async function bloquearCliente(tx: Tx, tiendaId: number, clienteId: number) {
  const [c] = await tx
    .select({ id: cliente.idCliente, nombre: sql<string>`trim(${cliente.nombre} || ' ' || ${cliente.apellido})`, fiado: cliente.fiado, cupo: cliente.cupo, plazoFiado: cliente.plazoFiado })
    .from(cliente)
    .where(and(clientesDeLaTienda(tiendaId), eq(cliente.idCliente, clienteId)))
    .for('no key update');
  if (!c) throw new AppError('NOT_FOUND', M.ventas.clienteNoEncontrado);
  return c;
}
