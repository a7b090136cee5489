import { and, eq } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { legacy as L } from '#shared/messages/legacy';
import type { Db } from '../../db/client';
import { usuario } from '../../db/schema';
import { inScope, type Alcance } from '../tienda/alcance';

/**
 * The user a document names, inside the caller's reach (null when there is none). A documento is
 * unique within a store: for the platform operator (every store) it may name several users, and
 * then the call is refused rather than acting on one of them at random.
 */
export async function usuarioPorDocumento(db: Db, scope: Alcance, documento: string): Promise<number | null> {
  const rows = await db
    .select({ id: usuario.idUsuario })
    .from(usuario)
    .where(and(eq(usuario.documento, documento.trim()), inScope(scope, usuario.tiendaId)))
    .limit(2);
  if (rows.length > 1) throw new AppError('CONFLICT', L.documentoEnVariasTiendas);
  return rows[0]?.id ?? null;
}
