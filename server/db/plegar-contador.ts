import { sql } from 'drizzle-orm';
import type { Db } from './client';

/** The counters kept as delta rows per store: each table's key and the count it sums. */
const CONTADORES = {
  venta_conteo: { clave: 'estado', medida: 'ventas' },
  venta_resumen_cantidad: { clave: 'cantidad', medida: 'productos' },
} as const;

/**
 * Folds a store's delta rows of a counter into one per key (the readers call it when the rows pile up).
 * Sales keep inserting meanwhile: the DELETE takes only the rows it sees and the INSERT puts back their
 * sums, so no count is lost or doubled; a failure (two folds racing) leaves the rows as they were.
 */
export async function plegarContador(db: Db, tabla: keyof typeof CONTADORES, tiendaId: number): Promise<void> {
  const t = sql.identifier(tabla);
  const k = sql.identifier(CONTADORES[tabla].clave);
  const m = sql.identifier(CONTADORES[tabla].medida);
  try {
    await db.execute(sql`
      with d as (delete from ${t} where tienda_id = ${tiendaId} returning ${k}, ${m})
      insert into ${t} (tienda_id, ${k}, ${m})
      select ${tiendaId}, ${k}, sum(${m}) from d group by ${k} having sum(${m}) <> 0`);
  } catch {
    // Only an optimisation: the next reader folds again.
  }
}
