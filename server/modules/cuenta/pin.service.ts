import { eq, sql } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import type { TEstadoPin } from '#shared/schemas/venta';
import type { Db } from '../../db/client';
import { tienda, usuario } from '../../db/schema';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { RequestSession } from '../../plugins/auth';
import { cuentaDe, esSupervisor } from '../tienda/autorizacion';
import { verificadorNuevo } from '#shared/pin-verificador';

const V = M.ventas;

/**
 * Whose PIN a session sets (issue #16 point 4, issue #36 point 5): an employee account of role 1 or 3
 * (`usuarioId`), or the store account itself (role 1, `usuarioId` null: its PIN lives on the tienda
 * row), so an owner who signs in as the store can authorise a cashier's discount without a second account.
 */
export function supervisorDe(sesion: RequestSession): { usuarioId: number | null; tiendaId: number } {
  if (sesion.tiendaId == null || !esSupervisor(sesion.rol)) throw new AppError('FORBIDDEN', V.miPinSoloSupervisor);
  if (sesion.tipo === 'tienda') return { usuarioId: null, tiendaId: sesion.tiendaId };
  if (sesion.tipo !== 'empleado' || sesion.usuarioId == null) throw new AppError('FORBIDDEN', V.miPinSoloSupervisor);
  return { usuarioId: sesion.usuarioId, tiendaId: sesion.tiendaId };
}

/**
 * The PIN's owner row: the employee (one PIN for the person, in every store where they supervise), or
 * the store account's tienda row (in a branch, the empresa login's: issue #56).
 */
async function duenoPin(db: Db, s: { usuarioId: number | null; tiendaId: number }) {
  if (s.usuarioId == null) {
    const [t] = await db
      .select({ contrasenaHash: tienda.contrasenaHash, pinHash: tienda.pinHash, bloqueadoEn: tienda.pinBloqueadoEn, fallos: tienda.pinFallos })
      .from(tienda)
      .where(eq(tienda.idTienda, cuentaDe(s.tiendaId)))
      .limit(1);
    return t;
  }
  const [u] = await db
    .select({ contrasenaHash: usuario.contrasenaHash, pinHash: usuario.pinHash, bloqueadoEn: usuario.pinBloqueadoEn, fallos: usuario.pinFallos })
    .from(usuario)
    .where(eq(usuario.idUsuario, s.usuarioId))
    .limit(1);
  return u;
}

export async function estadoPin(options: { db: Db; sesion: RequestSession }): Promise<TEstadoPin> {
  const u = await duenoPin(options.db, supervisorDe(options.sesion));
  // The wrong PINs cashiers typed for it (issue #51 point 6): the supervisor is told, the PIN keeps working.
  return { tienePin: !!u?.pinHash, bloqueado: !!u?.pinHash && u.bloqueadoEn != null, ...(u?.pinHash && u.fallos > 0 ? { fallos: u.fallos } : {}) };
}

/**
 * Sets or changes the caller's PIN, with their current password; hashed like a password. A new PIN
 * starts with no wrong tries and unlocks one that too many wrong PINs locked (issue #28).
 */
export async function establecerPin(options: { db: Db; sesion: RequestSession; contrasena: string; pin: string }): Promise<void> {
  const { db } = options;
  const quien = supervisorDe(options.sesion);
  const { usuarioId, tiendaId } = quien;
  const u = await duenoPin(db, quien);
  if (!u) throw new AppError('FORBIDDEN', V.miPinSoloSupervisor);
  if (!u.contrasenaHash || !(await verifyPassword(options.contrasena, u.contrasenaHash)))
    throw new AppError('VALIDATION', V.miPinContrasenaIncorrecta, { fields: { contrasena: V.miPinContrasenaIncorrecta } });
  const pinHash = await hashPassword(options.pin, { cola: 'pin' });
  // The offline devices' verifier, made while the PIN is in clear, and a new version: a sale authorised offline with the old PIN is flagged at sync (ADR 053).
  const pinVerificador = await verificadorNuevo(options.pin);
  if (usuarioId == null)
    await db
      .update(tienda)
      .set({ pinHash, pinFallos: 0, pinBloqueadoEn: null, pinVerificador, pinVersion: sql`${tienda.pinVersion} + 1` })
      .where(eq(tienda.idTienda, cuentaDe(tiendaId)));
  else
    await db
      .update(usuario)
      .set({ pinHash, pinFallos: 0, pinBloqueadoEn: null, pinVerificador, pinVersion: sql`${usuario.pinVersion} + 1` })
      .where(eq(usuario.idUsuario, usuarioId));
}
