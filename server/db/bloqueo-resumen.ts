import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client';

/**
 * Runs a fold of the store's summaries in a transaction holding the store's summaries lock
 * (`resumen_bloquear`, migration 0049), the one a rebuild takes (a zone change, a restore): a fold and
 * a rebuild of the same store go one after the other, so a folded row never stands beside rebuilt ones.
 * Sales do not take it: their triggers only add delta rows, which both keep.
 */
export async function conResumenesBloqueados(db: Db | Tx, tiendaId: number, plegar: (tx: Tx) => Promise<void>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select resumen_bloquear(${tiendaId})`);
    await plegar(tx);
  });
}
