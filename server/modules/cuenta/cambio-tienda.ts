import { eq } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { canSeeInvitationCode } from '#shared/roles';
import type { TLoginResponse } from '#shared/schemas/auth';
import type { TCara } from '#shared/schemas/actividad';
import type { Db } from '../../db/client';
import { tienda, usuario } from '../../db/schema';
import type { TokenClaims, TokenService } from '../../lib/tokens';
import type { RequestSession } from '../../plugins/auth';
import { registrarActividad } from '../actividad/actividad.domain';
import { tiendasDe } from '../tienda/empresa';

/**
 * The switch of store from the top bar (issue #56 step 2, ADR 043 §3): a new token for the same account
 * acting for another of its stores, granted only for a store where the person has a role, or any store
 * of the empresa for its owner. Every request checks it again (server/plugins/auth.ts), so a role taken
 * away ends the switched sessions at once. The token the browser held stays valid (another tab may use
 * it); the new store's activity log records who entered and through which face.
 */
export async function cambiarTienda(options: {
  db: Db;
  tokens: TokenService;
  sesion: RequestSession;
  claims: TokenClaims;
  idTienda: number;
  cara?: TCara;
}): Promise<TLoginResponse> {
  const { db, tokens, sesion, claims, idTienda, cara = 'tienda' } = options;
  const destino = (await tiendasDe(db, sesion)).find((t) => t.idTienda === idTienda);
  // Another empresa's store and a store that does not exist get the same answer.
  if (!destino) throw new AppError('FORBIDDEN', M.sucursales.sinRolEnTienda);
  const [t] = await db.select({ nombre: tienda.nombreTienda, codigo: tienda.codigoInvitacion }).from(tienda).where(eq(tienda.idTienda, idTienda)).limit(1);
  if (!t) throw new AppError('FORBIDDEN', M.sucursales.sinRolEnTienda);
  const codigo = canSeeInvitationCode(destino.rol) ? t.codigo : null;
  // The name the footer shows: the person's, or for the owner the empresa's login store.
  let nombre = t.nombre;
  if (sesion.usuarioId != null) {
    const [u] = await db.select({ n1: usuario.nombre1, a1: usuario.apellido1 }).from(usuario).where(eq(usuario.idUsuario, sesion.usuarioId)).limit(1);
    if (u) nombre = `${u.n1} ${u.a1}`;
  } else if (sesion.cuentaTiendaId != null) {
    const [c] = await db.select({ nombre: tienda.nombreTienda }).from(tienda).where(eq(tienda.idTienda, sesion.cuentaTiendaId)).limit(1);
    if (c) nombre = c.nombre;
  }
  const nuevos: TokenClaims = {
    sub: claims.sub,
    tipo: claims.tipo,
    documento: claims.documento,
    nombreTienda: t.nombre,
    id_Tienda: idTienda,
    rol: destino.rol,
    codigo_invitacion: codigo,
    tv: claims.tv,
    // Back in the account's own store the token is as a sign-in's: the browser's caches and the device's
    // copies, kept per account (web/lib/session.ts), are that store's again.
    ...(idTienda === sesion.cuentaTiendaId ? {} : { tiendaActual: idTienda }),
  };
  await registrarActividad(db, { tiendaId: idTienda, usuarioId: sesion.usuarioId, cara, tipo: 'sesion', detalle: {} });
  return {
    token: await tokens.sign(nuevos),
    sesion: { tipo: sesion.tipo, documento: sesion.documento, usuario: nombre, tienda: t.nombre, id_Tienda: idTienda, rol: destino.rol, codigo_invitacion: codigo },
  };
}
