import { eq } from 'drizzle-orm';
import type { TFormatoBalanza } from '#shared/balanza';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { ZFormatosBalanza, type TFormatosBalanza } from '#shared/schemas/tienda';
import type { Db, Tx } from '../../db/client';
import { tienda } from '../../db/schema';

/**
 * The layouts of the store's label scales (issue #33 point 4, ADR 030): role 1 keeps them on the
 * store's settings screen; the till's barcode lookup (venta.busqueda.ts) reads a scale label with them.
 */

/** The store's layouts. A stored value that no longer parses (edited by hand) reads as none. */
export async function formatosBalanzaDe(db: Db | Tx, tiendaId: number): Promise<TFormatoBalanza[]> {
  const [row] = await db.select({ formatos: tienda.formatosBalanza }).from(tienda).where(eq(tienda.idTienda, tiendaId)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', M.generic.notFound);
  const leido = ZFormatosBalanza.safeParse({ formatos: row.formatos });
  return leido.success ? leido.data.formatos : [];
}

export async function obtenerFormatosBalanza(options: { db: Db; tiendaId: number }): Promise<TFormatosBalanza> {
  return { formatos: await formatosBalanzaDe(options.db, options.tiendaId) };
}

/** Replaces the store's layouts; the request was validated with ZFormatosBalanza (like the receipt's settings, no activity entry). */
export async function guardarFormatosBalanza(options: { db: Db; tiendaId: number; datos: TFormatosBalanza }): Promise<TFormatosBalanza> {
  const { db, tiendaId, datos } = options;
  const [row] = await db.update(tienda).set({ formatosBalanza: datos.formatos }).where(eq(tienda.idTienda, tiendaId)).returning({ formatos: tienda.formatosBalanza });
  if (!row) throw new AppError('NOT_FOUND', M.generic.notFound);
  return { formatos: row.formatos };
}
