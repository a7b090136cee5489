import { eq, sql } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import type { z } from 'zod';
import type { TAjustesTienda, ZUpdateAjustesTienda } from '#shared/schemas/tienda';
import type { Db } from '../../db/client';
import { perfilFiscal, tienda } from '../../db/schema';
import { invitationCode } from '../../lib/random-code';
import type { TVigencia } from '#shared/schemas/invitacion';
import { expiraSql } from '../invitacion/invitacion.domain';

/**
 * Gives the store a new invitation code (issue #15): the old one stops registering anyone at once,
 * so a code that leaked, or that a dismissed employee still knows, can be retired. Accounts already
 * registered keep signing in with their email; only new registrations need the new code.
 */
export async function regenerarCodigoInvitacion(options: { db: Db; tiendaId: number; vigencia?: TVigencia }): Promise<string> {
  const { db, tiendaId } = options;
  // The new code's expiry (issue #15), counted from now; none when not chosen.
  const codigoExpira = expiraSql(options.vigencia ?? 'sin');
  // The code space is large; a collision is astronomically rare, but retry rather than fail.
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = invitationCode();
    const [clash] = await db.select({ id: tienda.idTienda }).from(tienda).where(eq(tienda.codigoInvitacion, code)).limit(1);
    if (clash) continue;
    const [row] = await db.update(tienda).set({ codigoInvitacion: code, codigoExpira }).where(eq(tienda.idTienda, tiendaId)).returning({ code: tienda.codigoInvitacion });
    if (!row) throw new AppError('NOT_FOUND', M.generic.notFound);
    return row.code;
  }
  throw new AppError('INTERNAL', M.generic.errorText);
}

const ajustesColumns = {
  nombreTienda: tienda.nombreTienda,
  nit: tienda.nit,
  direccion: tienda.direccion,
  telefono: tienda.telefono,
  anchoPapel: tienda.anchoPapel,
  pieRecibo: tienda.pieRecibo,
  zonaHoraria: tienda.zonaHoraria,
  exigirCaja: tienda.exigirCaja,
  // Read only here (issue #30 point 6): the till offers the buyer's data above 5 UVT in such a store.
  responsableIva: sql<boolean>`coalesce((select ${perfilFiscal.responsableIva} from ${perfilFiscal} where ${perfilFiscal.tiendaId} = ${tienda.idTienda}), false)`,
};

const comoAjustes = (row: Omit<TAjustesTienda, 'anchoPapel'> & { anchoPapel: string }): TAjustesTienda => ({
  ...row,
  anchoPapel: row.anchoPapel === '58' ? '58' : '80',
});

/**
 * The zone must be one the database knows too (its day boundaries are computed in SQL): a name
 * this Node knows but the database's zone data does not is refused like any unknown name.
 */
async function verificarZona(db: Db, zona: string): Promise<void> {
  // Asking the database to use the zone is instant; listing pg_timezone_names reads every zone file.
  const ok = await db.execute(sql`select (now() at time zone ${zona}) is not null as ok`).then(
    () => true,
    () => false,
  );
  if (!ok) throw new AppError('VALIDATION', M.ajustesTienda.zonaInvalida, { fields: { zonaHoraria: M.ajustesTienda.zonaInvalida } });
}

/** The store's settings: the receipt's header and footer and paper (issue #19), its time zone (issue #16). */
export async function obtenerAjustes(options: { db: Db; tiendaId: number }): Promise<TAjustesTienda> {
  const [row] = await options.db.select(ajustesColumns).from(tienda).where(eq(tienda.idTienda, options.tiendaId)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', M.generic.notFound);
  return comoAjustes(row);
}

export async function actualizarAjustes(options: { db: Db; tiendaId: number; data: z.output<typeof ZUpdateAjustesTienda> }): Promise<TAjustesTienda> {
  const { db, tiendaId, data } = options;
  if (data.zonaHoraria !== undefined) await verificarZona(db, data.zonaHoraria);
  const [row] = await db
    .update(tienda)
    // Without zonaHoraria (an older client), the zone stays as it is.
    .set({ nit: data.nit, direccion: data.direccion, telefono: data.telefono, anchoPapel: data.anchoPapel, pieRecibo: data.pieRecibo, zonaHoraria: data.zonaHoraria, exigirCaja: data.exigirCaja })
    .where(eq(tienda.idTienda, tiendaId))
    .returning(ajustesColumns);
  if (!row) throw new AppError('NOT_FOUND', M.generic.notFound);
  return comoAjustes(row);
}
