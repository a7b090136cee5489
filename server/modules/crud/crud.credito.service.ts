/**
 * The fiado ledger in the back-office (issue #17): read-only. Charges, abonos and reversals are
 * written only by the till's rules (a credit sale, an abono, an annulment), so nothing here edits
 * them. The reads are the fiado module's (fiado.service.ts); this file gives the back-office's shape:
 * the instant as the shop's date and clock time.
 */
import type { TPage, TPageQuery } from '#shared/schemas/common';
import type { TCreditoRow } from '#shared/schemas/crud';
import type { Db } from '../../db/client';
import { listarMovimientosCredito, obtenerMovimientoCredito, type TFilaMovimientoCredito } from '../fiado/fiado.service';
import { partesBogota, type CrudReader, type CrudScope } from './crud.scope';

const toRow = ({ fecha, tipo, ...r }: TFilaMovimientoCredito): TCreditoRow => ({ ...r, ...partesBogota(fecha), tipo: tipo as TCreditoRow['tipo'] });

/** Newest first; q finds a customer by documento or name, or a sale by its id. */
export async function listCredito(options: { db: Db; scope: CrudScope; query: TPageQuery }): Promise<TPage<TCreditoRow>> {
  const page = await listarMovimientosCredito({ db: options.db, alcance: options.scope, query: options.query });
  return { items: page.items.map(toRow), total: page.total };
}

/** One ledger line of the caller's store (another store's: 404). */
export async function getCredito(options: { db: Db; scope: CrudScope; id: number }): Promise<TCreditoRow> {
  return toRow(await obtenerMovimientoCredito({ db: options.db, alcance: options.scope, id: options.id }));
}

export const creditoCrud: CrudReader<TCreditoRow> = { list: listCredito, get: getCredito };
