import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { venta } from '../../db/schema';
import type { Autor } from '../actividad/actividad.domain';
import { puede } from '../tienda/permisos';

/** Who reads a store's sales: their role decides whether they see every employee's. */
export type LectorVentas = Pick<Autor, 'usuarioId' | 'rol'>;

/**
 * Which of the store's sales `lector` sees (issue #51 point 8): all of them with the `ventasDeOtros`
 * permission (role 1 always), else only the ones they made — in *Gestionar facturas* (list, detail,
 * export, the legacy list) and the receipt alike. Null: no restriction.
 */
export async function ventasVisibles(db: Db | Tx, tiendaId: number, lector: LectorVentas): Promise<SQL | null> {
  if (await puede(db, tiendaId, lector, 'ventasDeOtros')) return null;
  return lector.usuarioId == null ? sql`false` : eq(venta.usuarioId, lector.usuarioId);
}
