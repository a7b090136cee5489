import { and, asc, eq, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { SUPERVISOR_TIENDA, type TAutorizacionPin, type TSupervisor } from '#shared/schemas/venta';
import type { Db } from '../../db/client';
import { tienda, usuario, usuarioTienda } from '../../db/schema';
import { dummyHash, verifyPassword } from '../../lib/password';
import { registrarActividad } from '../actividad/actividad.domain';
import { verificadorNuevo } from '#shared/pin-verificador';

const V = M.ventas;

/**
 * A supervisor's PIN at the till (issue #16 point 4, issue #28). A role-2 cashier may give a discount
 * or change a price only with the PIN of a role-1 or role-3 user of the same store, chosen by name in
 * the till's dialog: two supervisors may share a PIN, so a PIN alone could not say who authorised.
 * The PIN is hashed like a password (`usuario.pin_hash`, migration 0014), in its own hash queue
 * (server/lib/password.ts) so sign-ins never delay it. The store account (tienda login, role 1, no
 * user id) may have one too (`tienda.pin_hash`, issue #36 point 5), chosen as `SUPERVISOR_TIENDA`;
 * its count and lock work the same on the tienda row, and the sale records `autorizado_por_tienda`.
 *
 * Wrong PINs are counted in the database (migration 0017), **before** the hash is checked, so a
 * parallel burst cannot pass a limit. **They lock the guesser, not the owner** (issue #51 point 6):
 * - per cashier: PIN_FALLOS_MAX tries in a window of PIN_VENTANA_MS; a right PIN gives its try back.
 *   A cashier whose tries are spent on wrong PINs is locked (`usuario.pin_cajero_hasta`, every
 *   session and device of the account) for PIN_VENTANA_MS, twice as long for each lock since their
 *   last right PIN, up to PIN_BLOQUEO_MAX_MS; the activity log records the lock under the cashier,
 *   naming the supervisor whose PIN was tried;
 * - per supervisor, across every cashier of the store: the wrong PINs since the supervisor last set
 *   it (`pin_fallos`) are counted but never switch the PIN off (ten wrong PINs from one cashier used
 *   to lock every supervisor until they set it again); each PIN_FALLOS_SUPERVISOR_MAX of them is a
 *   notice in the activity log, and the supervisor's «Mi PIN» shows the count. A PIN locked by the
 *   earlier rule (`pin_bloqueado_en`) stays locked until its owner sets it again.
 */

/** Who may hold a PIN and authorise: the store's administrators and encargados. */
export const ROLES_SUPERVISOR = [ROL.ADMIN, ROL.ENCARGADO] as const;
export const esSupervisor = (rol: number) => (ROLES_SUPERVISOR as readonly number[]).includes(rol);

/**
 * The person (a `usuario` row of the query) holds role 1 or 3, approved, in this store (issue #56):
 * their role there, from `usuario_tienda`, wherever their home store is. The home store's role is
 * carried there by the trigger usuario_tienda, so a one-store shop reads as before.
 */
export const supervisaEn = (tiendaId: number) =>
  sql`exists (select 1 from ${usuarioTienda} where ${usuarioTienda.usuarioId} = ${usuario.idUsuario} and ${usuarioTienda.tiendaId} = ${tiendaId} and ${usuarioTienda.rolId} in (${sql.join(
    ROLES_SUPERVISOR.map((r) => sql`${r}`),
    sql`, `,
  )}) and ${usuarioTienda.aprobado})`;

/**
 * The tienda row that holds the store account's login and PIN for a store (issue #56, ADR 049): the store
 * itself, or, for a branch opened from Sucursales (no login of its own), the empresa's store with the
 * login. The owner signs in once; their PIN is one, wherever they work. A scalar subquery: each PIN read
 * or write finds the row in its own statement, with no round trip of its own.
 */
export const cuentaDe = (tiendaId: number) => sql`coalesce((
    select c.id_tienda from ${tienda} t join ${tienda} c on c.empresa_id = t.empresa_id
    where t.id_tienda = ${tiendaId} and c.contrasena_hash is not null
    order by (c.id_tienda = t.id_tienda) desc, c.id_tienda limit 1), ${tiendaId})`;

/** PIN tries a cashier may make in a window before the PIN is refused without checking. */
export const PIN_FALLOS_MAX = 5;
/** How long a cashier's count of PIN tries lasts, from the first one: the lock lasts at most this long. */
export const PIN_VENTANA_MS = 10 * 60_000;
/** Every this many wrong PINs for one supervisor, from all cashiers together, the owner is told (the PIN keeps working). */
export const PIN_FALLOS_SUPERVISOR_MAX = 10;
/** The longest a cashier's lock lasts: each lock since their last right PIN doubles, up to a day. */
export const PIN_BLOQUEO_MAX_MS = 24 * 60 * 60_000;

const ventanaSql = sql.raw(`interval '${PIN_VENTANA_MS / 1000} seconds'`);
const ventanaVencida = sql`(${usuario.pinIntentosDesde} is null or ${usuario.pinIntentosDesde} <= now() - ${ventanaSql})`;
const cajeroLibre = sql`(${usuario.pinCajeroHasta} is null or ${usuario.pinCajeroHasta} <= now())`;

/**
 * Takes one of the cashier's PIN tries, in one statement (so parallel tries are counted one by one).
 * Answers 0, or the milliseconds left of the window when the cashier has none left.
 */
async function tomarIntentoCajero(db: Db, cajero: { tiendaId: number; usuarioId: number }): Promise<number> {
  const tomado = await db
    .update(usuario)
    .set({
      pinIntentos: sql`case when ${ventanaVencida} then 1 else ${usuario.pinIntentos} + 1 end`,
      pinIntentosDesde: sql`case when ${ventanaVencida} then now() else ${usuario.pinIntentosDesde} end`,
    })
    .where(
      and(eq(usuario.idUsuario, cajero.usuarioId), cajeroLibre, sql`(${ventanaVencida} or ${usuario.pinIntentos} < ${PIN_FALLOS_MAX})`),
    )
    .returning({ id: usuario.idUsuario });
  if (tomado.length) return 0;
  const [r] = await db
    .select({
      ms: sql<number>`greatest(0, ceil(extract(epoch from (greatest(coalesce(${usuario.pinIntentosDesde} + ${ventanaSql}, now()), coalesce(${usuario.pinCajeroHasta}, now())) - now())) * 1000))::int`,
    })
    .from(usuario)
    .where(eq(usuario.idUsuario, cajero.usuarioId));
  return Math.max(1000, Number(r?.ms ?? PIN_VENTANA_MS));
}

/**
 * A wrong PIN that spent the cashier's last try of the window locks the cashier (not the supervisor):
 * PIN_VENTANA_MS × 2^(locks since their last right PIN), at most PIN_BLOQUEO_MAX_MS. Answers the lock's
 * minutes when this call locked them (once, however many tries ran in parallel).
 */
async function bloquearCajeroSiAgotado(db: Db, cajero: { tiendaId: number; usuarioId: number }): Promise<number | null> {
  const duracion = sql`least(${PIN_BLOQUEO_MAX_MS}::bigint, ${PIN_VENTANA_MS}::bigint * power(2, least(${usuario.pinCajeroBloqueos}, 20))::bigint)`;
  const [b] = await db
    .update(usuario)
    .set({
      pinCajeroHasta: sql`now() + ${duracion} * interval '1 millisecond'`,
      pinCajeroBloqueos: sql`${usuario.pinCajeroBloqueos} + 1`,
      pinIntentos: 0,
      pinIntentosDesde: null,
    })
    .where(and(eq(usuario.idUsuario, cajero.usuarioId), cajeroLibre, gte(usuario.pinIntentos, PIN_FALLOS_MAX)))
    .returning({ ms: sql<number>`extract(epoch from (${usuario.pinCajeroHasta} - now())) * 1000` });
  return b ? Math.ceil(Number(b.ms) / 60_000) : null;
}

/** Gives back a try that did not count: a right PIN (which also ends the doubling of the cashier's locks), or a check that could not run (a full queue). */
async function devolverIntentoCajero(db: Db, cajero: { tiendaId: number; usuarioId: number }, acerto = false) {
  await db
    .update(usuario)
    .set({ pinIntentos: sql`greatest(0, ${usuario.pinIntentos} - 1)`, ...(acerto ? { pinCajeroBloqueos: 0 } : {}) })
    .where(eq(usuario.idUsuario, cajero.usuarioId));
}

const nombreSql = sql<string>`${usuario.nombre1} || ' ' || ${usuario.apellido1}`;

/** The store's supervisors whose PIN works, by name, for the till's dialog; the store account first. */
export async function supervisoresConPin(options: { db: Db; tiendaId: number }): Promise<TSupervisor[]> {
  const [t] = await options.db
    .select({ nombre: tienda.nombreTienda })
    .from(tienda)
    .where(and(eq(tienda.idTienda, cuentaDe(options.tiendaId)), isNotNull(tienda.pinHash), isNull(tienda.pinBloqueadoEn)))
    .limit(1);
  const empleados = await options.db
    .select({ id: usuario.idUsuario, nombre: nombreSql })
    .from(usuario)
    .where(
      and(supervisaEn(options.tiendaId), isNotNull(usuario.pinHash), isNull(usuario.pinBloqueadoEn)),
    )
    .orderBy(asc(usuario.nombre1), asc(usuario.apellido1), asc(usuario.idUsuario));
  return t ? [{ id: SUPERVISOR_TIENDA, nombre: V.supervisorTienda(t.nombre) }, ...empleados] : empleados;
}

/** The supervisor's row takes one of its wrong-PIN tries: the store account's or an employee's. */
async function tomarIntentoSupervisor(db: Db, tiendaId: number, supervisorId: number) {
  if (supervisorId === SUPERVISOR_TIENDA) {
    const [t] = await db
      .update(tienda)
      .set({ pinFallos: sql`${tienda.pinFallos} + 1` })
      .where(and(eq(tienda.idTienda, cuentaDe(tiendaId)), isNotNull(tienda.pinHash), isNull(tienda.pinBloqueadoEn)))
      .returning({ nombre: tienda.nombreTienda, pinHash: tienda.pinHash, fallos: tienda.pinFallos, conVerificador: sql<boolean>`${tienda.pinVerificador} is not null` });
    return t && { id: SUPERVISOR_TIENDA, nombre: t.nombre, pinHash: t.pinHash, fallos: t.fallos, conVerificador: t.conVerificador };
  }
  const [s] = await db
    .update(usuario)
    .set({ pinFallos: sql`${usuario.pinFallos} + 1` })
    .where(
      and(eq(usuario.idUsuario, supervisorId), supervisaEn(tiendaId), isNotNull(usuario.pinHash), isNull(usuario.pinBloqueadoEn)),
    )
    .returning({ id: usuario.idUsuario, nombre: nombreSql, pinHash: usuario.pinHash, fallos: usuario.pinFallos, conVerificador: sql<boolean>`${usuario.pinVerificador} is not null` });
  return s;
}

/** Gives the supervisor's try back (a right PIN, or a check that could not run). */
async function devolverIntentoSupervisor(db: Db, tiendaId: number, supervisorId: number) {
  if (supervisorId === SUPERVISOR_TIENDA) await db.update(tienda).set({ pinFallos: sql`greatest(0, ${tienda.pinFallos} - 1)` }).where(eq(tienda.idTienda, cuentaDe(tiendaId)));
  else await db.update(usuario).set({ pinFallos: sql`greatest(0, ${usuario.pinFallos} - 1)` }).where(eq(usuario.idUsuario, supervisorId));
}

/** Stores the offline devices' verifier of a PIN that has none (ADR 053), unless it was set meanwhile. */
async function guardarVerificador(db: Db, tiendaId: number, supervisorId: number, pin: string) {
  const pinVerificador = await verificadorNuevo(pin);
  if (supervisorId === SUPERVISOR_TIENDA) await db.update(tienda).set({ pinVerificador }).where(and(eq(tienda.idTienda, cuentaDe(tiendaId)), isNull(tienda.pinVerificador)));
  else await db.update(usuario).set({ pinVerificador }).where(and(eq(usuario.idUsuario, supervisorId), isNull(usuario.pinVerificador)));
}

/**
 * Checks a supervisor's PIN for a cashier's sale, once everything else about the sale was found
 * valid (`registrarVenta`), or for a cash movement above the store's threshold (`registrarMovimiento`
 * in caja.domain.ts, issue #27): the supervisor must be a role-1 or role-3 user of the same store with a
 * PIN. Any other case (wrong PIN, another store's supervisor, a user without a PIN or of another role,
 * a PIN locked by the earlier rule) answers the same 403 after a hash of the same cost; a cashier past
 * their limit, or locked, gets 429 without any check. Answers who authorised.
 */
export async function verificarAutorizacion(options: {
  db: Db;
  tiendaId: number;
  /** The cashier asking (role 2); the store account never needs a PIN. */
  cajeroId: number | null;
  autorizacion: TAutorizacionPin | undefined;
  /** The wrong PIN's words where it is not a sale (a cash movement above the threshold says no movement was recorded). */
  incorrecto?: string;
  /** The words of a cashier past their tries, likewise. */
  bloqueado?: (minutos: number) => string;
}): Promise<{ id: number; nombre: string }> {
  // The answer's id is SUPERVISOR_TIENDA when the store account's PIN authorised.
  const { db, tiendaId, cajeroId, autorizacion } = options;
  if (!autorizacion || cajeroId == null) throw new AppError('FORBIDDEN', V.descuentoSoloSupervisor);
  const cajero = { tiendaId, usuarioId: cajeroId };
  const espera = await tomarIntentoCajero(db, cajero);
  if (espera > 0) throw new AppError('RATE_LIMITED', (options.bloqueado ?? V.pinBloqueado)(Math.ceil(espera / 60_000)), { retryAfter: espera / 1000 });

  // The supervisor's count goes up before the hash: only a PIN that took one of its tries is checked.
  const s = await tomarIntentoSupervisor(db, tiendaId, autorizacion.supervisorId);

  let ok: boolean;
  try {
    ok = await verifyPassword(autorizacion.pin, s?.pinHash ?? (await dummyHash({ cola: 'pin' })), { cola: 'pin' });
  } catch (err) {
    // Not checked (the PIN queue was full): neither try counts.
    await devolverIntentoCajero(db, cajero);
    if (s) await devolverIntentoSupervisor(db, tiendaId, s.id);
    throw err;
  }
  if (s && ok) {
    await devolverIntentoCajero(db, cajero, true);
    await devolverIntentoSupervisor(db, tiendaId, s.id);
    // A PIN set before offline devices could check it gets its verifier now, while it is in clear (ADR 053); its version stays.
    if (!s.conVerificador) await guardarVerificador(db, tiendaId, s.id, autorizacion.pin);
    return { id: s.id, nombre: s.nombre };
  }
  // The supervisor is named; the store account is no user: named only.
  const quien = s ? { ...(s.id === SUPERVISOR_TIENDA ? {} : { entidad: 'usuario' as const, id: s.id }), nombre: s.nombre } : {};
  const aviso = (mensaje: string) => registrarActividad(db, { tiendaId, usuarioId: cajeroId, cara: 'tienda', tipo: 'rechazo', detalle: { accion: 'pinSupervisor', mensaje, ...quien } });
  // Every PIN_FALLOS_SUPERVISOR_MAX wrong PINs for one supervisor, from any cashiers, the owner is told; the PIN keeps working.
  if (s && s.fallos > 0 && s.fallos % PIN_FALLOS_SUPERVISOR_MAX === 0) await aviso(V.pinSupervisorFallosAviso(s.fallos));
  // The wrong PIN that spent the cashier's tries locks the cashier, once; the owner reads it in the log.
  const minutos = await bloquearCajeroSiAgotado(db, cajero);
  if (minutos != null) {
    await aviso(V.pinCajeroBloqueadoAviso(PIN_FALLOS_MAX, minutos));
    throw new AppError('RATE_LIMITED', (options.bloqueado ?? V.pinBloqueado)(minutos), { retryAfter: minutos * 60 });
  }
  throw new AppError('FORBIDDEN', options.incorrecto ?? V.pinIncorrecto);
}
