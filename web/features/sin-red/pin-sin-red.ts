import { AppError } from '#shared/errors';
import { sinRed } from '#shared/messages/sin-red';
import { ventasCobro as ventas } from '#shared/messages/ventas-cobro';
import { PIN_ITERACIONES, pinCorresponde } from '#shared/pin-verificador';
import type { TSupervisorSinRed, TVentaSinRed } from '#shared/schemas/sin-red';
import type { TAutorizacionPin, TSupervisor } from '#shared/schemas/venta';
import { leerAjuste, type BaseLocal } from './base-local';

/**
 * A supervisor's PIN checked on the device without the network (issue #53 point 3, ADR 053): against
 * the PBKDF2 verifier the last sync brought, with this device's own count of wrong PINs. It is no
 * secret from whoever copies the device's storage (a PIN has few digits); the count stops guessing at
 * the till, and the server checks the authorisation again when the sale syncs.
 */

/** Wrong PINs this device accepts offline before it stops authorising until the next sync. */
export const PIN_FALLOS_EQUIPO = 5;

/** Where the device keeps the verifiers and its count of tries (IndexedDB in the till, memory in the tests). */
export interface AlmacenPin {
  supervisores(): Promise<TSupervisorSinRed[]>;
  /** Takes a try, unless `max` are already counted: false then. Atomic across the device's tabs. */
  tomarIntento(max: number): Promise<boolean>;
  /** Gives a try back (a right PIN). */
  devolverIntento(): Promise<void>;
  intentos(): Promise<number>;
}

export function almacenPinDe(db: BaseLocal): AlmacenPin {
  const intentos = async () => (await leerAjuste<number>(db, 'pinFallos')) ?? 0;
  return {
    supervisores: async () => (await leerAjuste<TSupervisorSinRed[]>(db, 'supervisores')) ?? [],
    tomarIntento: (max) =>
      db.transaction('rw', db.ajustes, async () => {
        const n = await intentos();
        if (n >= max) return false;
        await db.ajustes.put({ clave: 'pinFallos', valor: n + 1 });
        return true;
      }),
    devolverIntento: () =>
      db.transaction('rw', db.ajustes, async () => {
        await db.ajustes.put({ clave: 'pinFallos', valor: Math.max(0, (await intentos()) - 1) });
      }),
    intentos,
  };
}

/** The supervisors whose PIN this device can check, as the PIN dialog lists them. */
export async function supervisoresDelEquipo(almacen: AlmacenPin): Promise<TSupervisor[]> {
  return (await almacen.supervisores()).map(({ id, nombre }) => ({ id, nombre }));
}

/** Checked when the supervisor is not on the device: the same cost as a real check. */
const NINGUNO = { sal: 'AAAAAAAAAAAAAAAAAAAAAA==', iteraciones: PIN_ITERACIONES, hash: '' };

/**
 * Checks the PIN typed for the supervisor chosen. A try is counted before the slow check (two tabs
 * cannot pass the limit together) and given back when the PIN is right. Answers what the sale carries
 * instead of the PIN (who, and the version of their PIN) and their name; throws the online till's
 * refusals: a wrong PIN (the dialog stays open), or too many (RATE_LIMITED, until the next sync).
 */
export async function comprobarPinSinRed(almacen: AlmacenPin, a: TAutorizacionPin): Promise<{ autorizacion: NonNullable<TVentaSinRed['autorizacion']>; nombre: string }> {
  const bloqueado = () => new AppError('RATE_LIMITED', sinRed.pinBloqueadoEquipo(PIN_FALLOS_EQUIPO));
  if (!(await almacen.tomarIntento(PIN_FALLOS_EQUIPO))) throw bloqueado();
  const s = (await almacen.supervisores()).find((x) => x.id === a.supervisorId);
  const ok = await pinCorresponde(a.pin, s ?? NINGUNO);
  if (s && ok) {
    await almacen.devolverIntento();
    return { autorizacion: { supervisorId: s.id, version: s.version }, nombre: s.nombre };
  }
  if ((await almacen.intentos()) >= PIN_FALLOS_EQUIPO) throw bloqueado();
  throw new AppError('FORBIDDEN', ventas.pinIncorrecto);
}
