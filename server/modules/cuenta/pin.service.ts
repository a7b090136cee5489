import { and, eq } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import type { TEstadoPin } from '#shared/schemas/venta';
import type { Db } from '../../db/client';
import { usuario } from '../../db/schema';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { RequestSession } from '../../plugins/auth';
import { esSupervisor } from '../venta/autorizacion';

const V = M.ventas;

/**
 * The supervisor's own PIN (issue #16 point 4): only an employee account of role 1 or 3 has one. The
 * store account (tienda login) has none: it is role 1 and gives discounts itself; an owner who wants
 * to authorise at a cashier's till signs up as an employee of the store with role 1.
 */
export function supervisorDe(sesion: RequestSession): { usuarioId: number; tiendaId: number } {
  if (sesion.tipo !== 'empleado' || sesion.usuarioId == null || sesion.tiendaId == null || !esSupervisor(sesion.rol))
    throw new AppError('FORBIDDEN', V.miPinSoloSupervisor);
  return { usuarioId: sesion.usuarioId, tiendaId: sesion.tiendaId };
}

export async function estadoPin(options: { db: Db; sesion: RequestSession }): Promise<TEstadoPin> {
  const { usuarioId, tiendaId } = supervisorDe(options.sesion);
  const [u] = await options.db
    .select({ pinHash: usuario.pinHash, bloqueadoEn: usuario.pinBloqueadoEn })
    .from(usuario)
    .where(and(eq(usuario.idUsuario, usuarioId), eq(usuario.tiendaId, tiendaId)))
    .limit(1);
  return { tienePin: !!u?.pinHash, bloqueado: !!u?.pinHash && u.bloqueadoEn != null };
}

/**
 * Sets or changes the caller's PIN, with their current password; hashed like a password. A new PIN
 * starts with no wrong tries and unlocks one that too many wrong PINs locked (issue #28).
 */
export async function establecerPin(options: { db: Db; sesion: RequestSession; contrasena: string; pin: string }): Promise<void> {
  const { db } = options;
  const { usuarioId, tiendaId } = supervisorDe(options.sesion);
  const [u] = await db
    .select({ contrasenaHash: usuario.contrasenaHash })
    .from(usuario)
    .where(and(eq(usuario.idUsuario, usuarioId), eq(usuario.tiendaId, tiendaId)))
    .limit(1);
  if (!u) throw new AppError('FORBIDDEN', V.miPinSoloSupervisor);
  if (!(await verifyPassword(options.contrasena, u.contrasenaHash)))
    throw new AppError('VALIDATION', V.miPinContrasenaIncorrecta, { fields: { contrasena: V.miPinContrasenaIncorrecta } });
  const pinHash = await hashPassword(options.pin, { cola: 'pin' });
  await db.update(usuario).set({ pinHash, pinFallos: 0, pinBloqueadoEn: null }).where(and(eq(usuario.idUsuario, usuarioId), eq(usuario.tiendaId, tiendaId)));
}
