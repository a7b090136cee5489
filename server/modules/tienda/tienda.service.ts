import { eq } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import type { Db } from '../../db/client';
import { tienda } from '../../db/schema';
import { invitationCode } from '../../lib/random-code';

/**
 * Gives the store a new invitation code (issue #15): the old one stops registering anyone at once,
 * so a code that leaked, or that a dismissed employee still knows, can be retired. Accounts already
 * registered keep signing in with their email; only new registrations need the new code.
 */
export async function regenerarCodigoInvitacion(options: { db: Db; tiendaId: number }): Promise<string> {
  const { db, tiendaId } = options;
  // The code space is large; a collision is astronomically rare, but retry rather than fail.
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = invitationCode();
    const [clash] = await db.select({ id: tienda.idTienda }).from(tienda).where(eq(tienda.codigoInvitacion, code)).limit(1);
    if (clash) continue;
    const [row] = await db.update(tienda).set({ codigoInvitacion: code }).where(eq(tienda.idTienda, tiendaId)).returning({ code: tienda.codigoInvitacion });
    if (!row) throw new AppError('NOT_FOUND', M.generic.notFound);
    return row.code;
  }
  throw new AppError('INTERNAL', M.generic.errorText);
}
