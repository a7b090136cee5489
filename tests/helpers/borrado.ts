import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../server/db/client';

/**
 * For the summaries' tests of deletions: deletes a completed sale or its lines the only way the
 * database still lets it happen (migration 0050, issue #51): inside the transaction that closes the
 * store, which names it. No face of the app deletes a completed sale; the summaries' triggers must
 * still follow a deletion, which the store's closing does.
 */
export async function borrarComoCierre<T>(db: Db, tiendaId: number, borrar: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('adax.tienda_cerrada', ${String(tiendaId)}, true)`);
    return borrar(tx);
  });
}
