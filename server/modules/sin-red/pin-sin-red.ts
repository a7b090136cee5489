import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { verificadorDeTexto } from '#shared/pin-verificador';
import { ROL } from '#shared/roles';
import { SUPERVISOR_TIENDA } from '#shared/schemas/venta';
import type { TSupervisorSinRed, TVentaSinRed } from '#shared/schemas/sin-red';
import type { Db, Tx } from '../../db/client';
import { tienda, usuario } from '../../db/schema';
import { cuentaDe, supervisaEn } from '../tienda/autorizacion';
import { comprobarEquipo } from './equipos.domain';

/**
 * A supervisor's PIN checked on an offline device (issue #53 point 3, ADR 053): the verifiers the
 * server hands a cashier's authorised device with the catalogue, and the check at sync of a discount
 * authorised offline (the supervisor still one, the PIN's version unchanged).
 */

const nombreUsuario = (u: { nombre1: string; apellido1: string }) => `${u.nombre1} ${u.apellido1}`;

/**
 * The store's supervisors whose PIN has a verifier, for the device downloading: only a cashier's
 * (role 2, the one asked for a PIN), only for its own prefix on a device the owner authorised and did
 * not revoke. Undefined for anyone else: nothing is sent.
 */
export async function supervisoresSinRed(db: Db, tiendaId: number, quien: { usuarioId: number | null; rol: number }, dispositivoId: number | undefined): Promise<TSupervisorSinRed[] | undefined> {
  if (quien.rol !== ROL.EMPLEADO || quien.usuarioId == null || !dispositivoId) return undefined;
  try {
    await comprobarEquipo(db, tiendaId, dispositivoId, quien.usuarioId);
  } catch (err) {
    if (err instanceof AppError) return undefined;
    throw err;
  }
  const cuentas = await db
    .select({ nombre: tienda.nombreTienda, version: tienda.pinVersion, verificador: tienda.pinVerificador })
    .from(tienda)
    .where(and(eq(tienda.idTienda, cuentaDe(tiendaId)), isNotNull(tienda.pinHash), isNull(tienda.pinBloqueadoEn), isNotNull(tienda.pinVerificador)));
  const empleados = await db
    .select({ id: usuario.idUsuario, nombre1: usuario.nombre1, apellido1: usuario.apellido1, version: usuario.pinVersion, verificador: usuario.pinVerificador })
    .from(usuario)
    .where(
      and(
        supervisaEn(tiendaId),
        isNotNull(usuario.pinHash),
        isNull(usuario.pinBloqueadoEn),
        isNotNull(usuario.pinVerificador),
      ),
    )
    .orderBy(asc(usuario.nombre1), asc(usuario.apellido1), asc(usuario.idUsuario));
  const filas = [
    ...cuentas.map((t) => ({ id: SUPERVISOR_TIENDA, nombre: M.ventas.supervisorTienda(t.nombre), version: t.version, verificador: t.verificador })),
    ...empleados.map((u) => ({ id: u.id, nombre: nombreUsuario(u), version: u.version, verificador: u.verificador })),
  ];
  return filas.flatMap(({ verificador, ...s }) => {
    const v = verificadorDeTexto(verificador);
    return v ? [{ ...s, ...v }] : [];
  });
}

/** What the server finds at sync of a discount authorised offline: who (null: nobody it can name as authoriser) and the reason listed under Revisar. */
export interface AutorizacionRevisada {
  autorizadoPor: { id: number; nombre: string } | null;
  motivo: (monto: string) => string;
}

/**
 * Checks again, in the sale's transaction, the authorisation an offline device gave with a PIN it
 * checked (ADR 053): the supervisor must still be a role-1 or role-3 user of the store (or the store
 * account) with a PIN not locked, and that PIN's version the one the device checked. Either way the
 * sale is listed under Revisar; only a confirmed one records its authoriser.
 */
export async function revisarAutorizacionSinRed(tx: Tx, tiendaId: number, a: NonNullable<TVentaSinRed['autorizacion']>): Promise<AutorizacionRevisada> {
  const [s] =
    a.supervisorId === SUPERVISOR_TIENDA
      ? (
          await tx
            .select({ nombre: tienda.nombreTienda, pinHash: tienda.pinHash, bloqueado: tienda.pinBloqueadoEn, version: tienda.pinVersion })
            .from(tienda)
            .where(eq(tienda.idTienda, cuentaDe(tiendaId)))
        ).map((t) => ({ ...t, nombre: M.ventas.supervisorTienda(t.nombre) }))
      : (
          await tx
            .select({ nombre1: usuario.nombre1, apellido1: usuario.apellido1, pinHash: usuario.pinHash, bloqueado: usuario.pinBloqueadoEn, version: usuario.pinVersion })
            .from(usuario)
            .where(and(eq(usuario.idUsuario, a.supervisorId), supervisaEn(tiendaId)))
        ).map((u) => ({ ...u, nombre: nombreUsuario(u) }));
  if (!s || !s.pinHash) return { autorizadoPor: null, motivo: (monto) => M.sinRed.motivoPinNoSupervisor(monto) };
  if (s.bloqueado || s.version !== a.version) return { autorizadoPor: null, motivo: (monto) => M.sinRed.motivoPinCambiado(monto, s.nombre) };
  return { autorizadoPor: { id: a.supervisorId, nombre: s.nombre }, motivo: (monto) => M.sinRed.motivoPinSinRed(monto, s.nombre) };
}
