import { eq } from 'drizzle-orm';
import { ZONA_HORARIA } from '#shared/zona-horaria';
import type { Db } from '../../db/client';
import { tienda } from '../../db/schema';

/** The store's time zone, for the exports' dates and times. */
export async function zonaDe(db: Db, tiendaId: number): Promise<string> {
  const [row] = await db.select({ zona: tienda.zonaHoraria }).from(tienda).where(eq(tienda.idTienda, tiendaId)).limit(1);
  return row?.zona ?? ZONA_HORARIA;
}
