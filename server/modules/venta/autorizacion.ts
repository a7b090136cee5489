import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import type { TAutorizacionPin, TSupervisor } from '#shared/schemas/venta';
import type { Db } from '../../db/client';
import { usuario } from '../../db/schema';
import { dummyHash, verifyPassword } from '../../lib/password';

const V = M.ventas;

/**
 * A supervisor's PIN at the till (issue #16 point 4). A role-2 cashier may give a discount or change a
 * price only with the PIN of a role-1 or role-3 user of the same store, chosen by name in the till's
 * dialog: PINs are 4–6 digits, so two supervisors may share one and a PIN alone could not say who
 * authorised. The PIN is hashed like a password (`usuario.pin_hash`, migration 0014); the store
 * account (tienda login) has none: it is role 1 and gives discounts itself.
 */

/** Who may hold a PIN and authorise: the store's administrators and encargados. */
export const ROLES_SUPERVISOR = [ROL.ADMIN, ROL.ENCARGADO] as const;
export const esSupervisor = (rol: number) => (ROLES_SUPERVISOR as readonly number[]).includes(rol);

/** Wrong PINs a cashier may type before the PIN is refused without checking. */
export const PIN_FALLOS_MAX = 5;
/** How long the count of wrong PINs lasts, from the first one: the lock lasts at most this long. */
export const PIN_VENTANA_MS = 10 * 60_000;

/**
 * A cashier's wrong PINs, counted on the rate limiter's store (memory, or Redis when several
 * instances share the load, as the sign-in limits of issue #15). Only wrong PINs count: a cashier
 * giving many authorised discounts is never locked out.
 */
export interface IntentosPin {
  /** Milliseconds the cashier must still wait before another PIN is checked; 0 when they may try. */
  espera(): Promise<number>;
  /** Counts one wrong PIN. */
  fallo(): Promise<void>;
}

/** The limiter, made once per app; `para(req, cajero)` binds it to one cashier's request. */
export function crearIntentosPin(app: FastifyInstance, options: { max?: number; ventanaMs?: number } = {}) {
  const max = options.max ?? PIN_FALLOS_MAX;
  const cajeros = new WeakMap<FastifyRequest, string>();
  const limiter = app.createRateLimit({
    max,
    timeWindow: options.ventanaMs ?? PIN_VENTANA_MS,
    keyGenerator: (req) => `pin:cajero:${cajeros.get(req) ?? ''}`,
  });
  return {
    para(req: FastifyRequest, cajero: { tiendaId: number; usuarioId: number }): IntentosPin {
      cajeros.set(req, `${cajero.tiendaId}:${cajero.usuarioId}`);
      return {
        async espera() {
          const r = await limiter(req, { increment: false });
          return !r.isAllowed && r.remaining <= 0 ? Math.max(1, r.ttl) : 0;
        },
        async fallo() {
          await limiter(req);
        },
      };
    },
  };
}

/** The store's supervisors who have a PIN, by name, for the till's dialog. */
export async function supervisoresConPin(options: { db: Db; tiendaId: number }): Promise<TSupervisor[]> {
  return options.db
    .select({ id: usuario.idUsuario, nombre: sql<string>`${usuario.nombre1} || ' ' || ${usuario.apellido1}` })
    .from(usuario)
    .where(and(eq(usuario.tiendaId, options.tiendaId), inArray(usuario.rolId, [...ROLES_SUPERVISOR]), isNotNull(usuario.pinHash), eq(usuario.aprobado, true)))
    .orderBy(asc(usuario.nombre1), asc(usuario.apellido1), asc(usuario.idUsuario));
}

/**
 * Checks a supervisor's PIN for a cashier's sale: the supervisor must be a role-1 or role-3 user of the
 * same store with a PIN. Any other case (wrong PIN, another store's supervisor, a user without a PIN
 * or of another role) answers the same 403 and counts as a wrong PIN, after a hash of the same cost;
 * past the limit, 429 without checking. Answers who authorised.
 */
export async function verificarAutorizacion(options: {
  db: Db;
  tiendaId: number;
  autorizacion: TAutorizacionPin | undefined;
  intentos: IntentosPin | undefined;
}): Promise<{ id: number; nombre: string }> {
  const { db, tiendaId, autorizacion, intentos } = options;
  // Only the till's checkout counts PINs; any other face (none today) cannot authorise.
  if (!autorizacion || !intentos) throw new AppError('FORBIDDEN', V.descuentoSoloSupervisor);
  const espera = await intentos.espera();
  if (espera > 0) throw new AppError('RATE_LIMITED', V.pinBloqueado(Math.ceil(espera / 60_000)));
  const [s] = await db
    .select({ id: usuario.idUsuario, nombre: sql<string>`${usuario.nombre1} || ' ' || ${usuario.apellido1}`, pinHash: usuario.pinHash })
    .from(usuario)
    .where(
      and(
        eq(usuario.idUsuario, autorizacion.supervisorId),
        eq(usuario.tiendaId, tiendaId),
        inArray(usuario.rolId, [...ROLES_SUPERVISOR]),
        isNotNull(usuario.pinHash),
        eq(usuario.aprobado, true),
      ),
    )
    .limit(1);
  const ok = await verifyPassword(autorizacion.pin, s?.pinHash ?? (await dummyHash()));
  if (!s || !ok) {
    await intentos.fallo();
    throw new AppError('FORBIDDEN', V.pinIncorrecto);
  }
  return { id: s.id, nombre: s.nombre };
}
