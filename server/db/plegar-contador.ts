import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { sqlPlegado, type TablaPlegable } from './resumenes';

/**
 * Folds a store's delta rows of a counter (`VENTA_CONTEO`, `VENTA_RESUMEN_CANTIDAD` in resumenes.ts) into one per key (the readers call it when the rows pile up).
 * Sales keep inserting meanwhile: the DELETE takes only the rows it sees and the INSERT puts back their
 * sums, so no count is lost or doubled; a failure (two folds racing) leaves the rows as they were.
 */
export async function plegarContador(db: Db, contador: TablaPlegable, tiendaId: number): Promise<void> {
  try {
    await db.execute(sqlPlegado(contador, sql`tienda_id = ${tiendaId}`));
  } catch {
    // Only an optimisation: the next reader folds again.
  }
}
