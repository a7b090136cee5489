import { eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { tienda } from '../../db/schema';

/**
 * A store's calendar days in its own time zone (issue #16): `tienda.zona_horaria`, read inside the
 * statement that needs it. The subselect does not depend on the row, so PostgreSQL runs it once per
 * statement (an InitPlan) and an index on the instant still serves a range of days. `tiendaId` may
 * be SQL (a store of a list read LATERAL, `filasPorTienda`): then it runs once per store.
 */
export const zonaDeTienda = (tiendaId: number | SQL): SQL => sql`(select tz.zona_horaria from tienda tz where tz.id_tienda = ${tiendaId})`;

/** The first instant of the store's day `fecha` (YYYY-MM-DD): its local midnight, daylight saving included. */
export const inicioDelDiaEn = (fecha: string, tiendaId: number | SQL): SQL => sql`(${fecha}::date::timestamp at time zone ${zonaDeTienda(tiendaId)})`;

/** The first instant after the store's day `fecha` (an exclusive upper bound). */
export const finDelDiaEn = (fecha: string, tiendaId: number | SQL): SQL => sql`((${fecha}::date + 1)::timestamp at time zone ${zonaDeTienda(tiendaId)})`;

/** The store's calendar day of an instant (a timestamptz column or expression). */
export const diaEnZona = (instante: SQLWrapper, tiendaId: number | SQL): SQL => sql`(${instante} at time zone ${zonaDeTienda(tiendaId)})::date`;

/** `instante` falls on one of the store's days from `desde` to `hasta` (both optional, inclusive). */
export function entreDias(instante: SQLWrapper, tiendaId: number, desde?: string, hasta?: string): SQL[] {
  const out: SQL[] = [];
  if (desde) out.push(sql`${instante} >= ${inicioDelDiaEn(desde, tiendaId)}`);
  if (hasta) out.push(sql`${instante} < ${finDelDiaEn(hasta, tiendaId)}`);
  return out;
}

/** The store's today in its own zone, a date inside a statement (the server's UTC day is tomorrow from 19:00 in Bogotá). */
export const hoyEn = (tiendaId: number | SQL): SQL => sql`(now() at time zone ${zonaDeTienda(tiendaId)})::date`;

/** The store's today, in its own zone, as YYYY-MM-DD. */
export async function hoyDeTienda(db: Db | Tx, tiendaId: number): Promise<string> {
  const [r] = await db
    .select({ hoy: sql<string>`to_char(${hoyEn(tiendaId)}, 'YYYY-MM-DD')` })
    .from(tienda)
    .where(eq(tienda.idTienda, tiendaId));
  return r!.hoy;
}
