import { and, asc, eq, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { SUPERVISOR_TIENDA, type TAutorizacionPin, type TSupervisor } from '#shared/schemas/venta';
import type { Db, Tx } from '../../db/client';
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

/** Stores the offline devices' verifier of a PIN that has none (ADR 053), unless it was set meanwhile. */
async function guardarVerificador(db: Db, tiendaId: number, supervisorId: number, pin: string) {
  const pinVerificador = await verificadorNuevo(pin);
  if (supervisorId === SUPERVISOR_TIENDA) await db.update(tienda).set({ pinVerificador }).where(and(eq(tienda.idTienda, cuentaDe(tiendaId)), isNull(tienda.pinVerificador)));
  else await db.update(usuario).set({ pinVerificador }).where(and(eq(usuario.idUsuario, supervisorId), isNull(usuario.pinVerificador)));
}


/** Who authorised: a supervisor, or the store account (`SUPERVISOR_TIENDA`), and the name the sale shows. */
export type Autorizante = { id: number; nombre: string };

/** The supervisor whose PIN took one of its tries: what the hash and the log need. */
type SupervisorTomado = Autorizante & { pinHash: string; fallos: number; conVerificador: boolean };

/**
 * The cashier's and the supervisor's rows, locked in id order first: the statements that count or give
 * back a try touch both (a person may be a cashier in one store and a supervisor in another, issue
 * #56), and two such statements taking them in opposite orders could wait for each other. `count(*)`
 * reads every row, so both are locked before either update runs.
 */
const filasEnOrden = (ids: readonly number[]) =>
  sql`filas as materialized (select ${usuario.idUsuario} from ${usuario} where ${usuario.idUsuario} in (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}) order by ${usuario.idUsuario} for no key update)`;
const filasTomadas = sql`(select count(*) from filas) > 0`;

/**
 * Takes one of the cashier's PIN tries and, only if one was left, one of the supervisor's, in one
 * statement (so parallel tries are counted one by one, and before any hash). Answers the supervisor
 * whose try was taken (null: no such supervisor with a working PIN in the store), or `espera`: the
 * milliseconds left of the cashier's window or lock when they have no try left (nothing taken).
 */
async function tomarIntentos(db: Db, tiendaId: number, cajeroId: number, supervisorId: number): Promise<{ espera: number; supervisor: SupervisorTomado | null }> {
  const empleado = supervisorId !== SUPERVISOR_TIENDA;
  const supervisor = empleado
    ? sql`update ${usuario} set pin_fallos = ${usuario.pinFallos} + 1
        where ${usuario.idUsuario} = ${supervisorId} and ${supervisaEn(tiendaId)} and ${usuario.pinHash} is not null and ${usuario.pinBloqueadoEn} is null
          and exists (select 1 from cajero_pin)
        returning ${usuario.idUsuario} as id, ${nombreSql} as nombre, ${usuario.pinHash} as "pinHash", ${usuario.pinFallos} as fallos, ${usuario.pinVerificador} is not null as "conVerificador"`
    : sql`update ${tienda} set pin_fallos = ${tienda.pinFallos} + 1
        where ${tienda.idTienda} = ${cuentaDe(tiendaId)} and ${tienda.pinHash} is not null and ${tienda.pinBloqueadoEn} is null
          and exists (select 1 from cajero_pin)
        returning ${SUPERVISOR_TIENDA}::int as id, ${tienda.nombreTienda} as nombre, ${tienda.pinHash} as "pinHash", ${tienda.pinFallos} as fallos, ${tienda.pinVerificador} is not null as "conVerificador"`;
  const { rows } = (await db.execute(sql`
    with ${filasEnOrden(empleado ? [cajeroId, supervisorId] : [cajeroId])},
    cajero_pin as (
      update ${usuario} set
        pin_intentos = case when ${ventanaVencida} then 1 else ${usuario.pinIntentos} + 1 end,
        pin_intentos_desde = case when ${ventanaVencida} then now() else ${usuario.pinIntentosDesde} end
      where ${usuario.idUsuario} = ${cajeroId} and ${filasTomadas} and ${cajeroLibre} and (${ventanaVencida} or ${usuario.pinIntentos} < ${PIN_FALLOS_MAX})
      returning 1),
    supervisor_pin as (${supervisor})
    select exists (select 1 from cajero_pin) as tomado,
      (select greatest(0, ceil(extract(epoch from (greatest(coalesce(${usuario.pinIntentosDesde} + ${ventanaSql}, now()), coalesce(${usuario.pinCajeroHasta}, now())) - now())) * 1000))::int
        from ${usuario} where ${usuario.idUsuario} = ${cajeroId}) as espera,
      (select row_to_json(supervisor_pin) from supervisor_pin) as supervisor`)) as unknown as {
    rows: [{ tomado: boolean; espera: number | null; supervisor: SupervisorTomado | null }];
  };
  const r = rows[0];
  if (!r.tomado) return { espera: Math.max(1000, Number(r.espera ?? PIN_VENTANA_MS)), supervisor: null };
  return { espera: 0, supervisor: r.supervisor && { ...r.supervisor, id: Number(r.supervisor.id), fallos: Number(r.supervisor.fallos) } };
}

/**
 * Gives back the tries `tomarIntentos` took, in one statement: a right PIN (which also ends the doubling
 * of the cashier's locks), or a PIN that was not judged (the check could not run, or the write it was
 * for answered something else first).
 */
async function devolverIntentos(q: Db | Tx, tiendaId: number, cajeroId: number, supervisor: SupervisorTomado | null, acerto: boolean) {
  const empleado = supervisor && supervisor.id !== SUPERVISOR_TIENDA ? supervisor.id : null;
  const delSupervisor =
    supervisor == null
      ? sql``
      : empleado != null
        ? sql`, supervisor_pin as (update ${usuario} set pin_fallos = greatest(0, ${usuario.pinFallos} - 1) where ${usuario.idUsuario} = ${empleado} and ${filasTomadas} returning 1)`
        : sql`, supervisor_pin as (update ${tienda} set pin_fallos = greatest(0, ${tienda.pinFallos} - 1) where ${tienda.idTienda} = ${cuentaDe(tiendaId)} and exists (select 1 from cajero_pin) returning 1)`;
  await q.execute(sql`
    with ${filasEnOrden(empleado != null ? [cajeroId, empleado] : [cajeroId])},
    cajero_pin as (
      update ${usuario} set pin_intentos = greatest(0, ${usuario.pinIntentos} - 1)${acerto ? sql`, pin_cajero_bloqueos = 0` : sql``}
      where ${usuario.idUsuario} = ${cajeroId} and ${filasTomadas}
      returning 1)${delSupervisor}
    select 1`);
}

/** A wrong PIN, thrown inside the write it was for so that the write is undone (`conPin`). */
export class PinEquivocado extends Error {
  constructor(readonly pin: PinComprobado) {
    super('PIN equivocado');
  }
}

type Veredicto =
  /** No PIN was given (or there is no cashier to count it): 403, nothing counted. */
  | { estado: 'sin' }
  /** The cashier had no try left: the lock's message, no hash. */
  | { estado: 'bloqueado'; espera: number }
  /** The hash could not run (the PIN queue was full): its tries were given back at once. */
  | { estado: 'error'; error: unknown }
  /** Hashed: the tries taken stay taken until the PIN is judged (a wrong one keeps them). */
  | { estado: 'mal'; supervisor: SupervisorTomado | null }
  | { estado: 'bien'; supervisor: SupervisorTomado }
  /** Already checked by the same request (an exchange's return, ADR 076 addendum): nothing counted again. */
  | { estado: 'visto'; autorizante: Autorizante };

interface OpcionesPin {
  db: Db;
  tiendaId: number;
  /** The cashier asking (role 2); the store account never needs a PIN. */
  cajeroId: number | null;
  autorizacion: TAutorizacionPin | undefined;
  /** The wrong PIN's words where it is not a sale (a cash movement above the threshold says no movement was recorded). */
  incorrecto?: string;
  /** The words of a cashier past their tries, likewise. */
  bloqueado?: (minutos: number) => string;
}

/**
 * A supervisor's PIN checked before the write it authorises, outside any transaction (the embedded
 * database has one connection: a transaction held through a ~200 ms hash would stop every till). Its
 * tries were taken before the hash; the write is then made once with `supervisor` and, last in its
 * transaction, `juzgar` applies the verdict (a right PIN gives its tries back with the write; a wrong
 * one undoes it) — or `noJuzgar`, when the write answered something else first, gives them back, so
 * no answer depends on the PIN unless everything else was right (issue #28). `conPin` runs the write.
 */
export class PinComprobado {
  /** The write gave the tries back or judged them (`juzgar`, `noJuzgar`). */
  private resuelto = false;
  /** `juzgar` found the PIN right. */
  private acertado = false;
  constructor(
    private readonly o: OpcionesPin,
    private readonly v: Veredicto,
  ) {}

  /** Who authorises when the PIN is right, for the write to record; null otherwise. */
  get supervisor(): Autorizante | null {
    if (this.v.estado === 'visto') return this.v.autorizante;
    return this.v.estado === 'bien' ? { id: this.v.supervisor.id, nombre: this.v.supervisor.nombre } : null;
  }

  private get tomado() {
    return this.v.estado === 'mal' || this.v.estado === 'bien' ? this.v : null;
  }

  private devolver(q: Db | Tx, acerto: boolean) {
    const t = this.tomado;
    return t ? devolverIntentos(q, this.o.tiendaId, this.o.cajeroId!, t.supervisor, acerto) : Promise.resolve();
  }

  /** Last in the write's transaction, when the write needs the PIN: who authorised, or thrown (the write is undone). */
  async juzgar(q: Db | Tx): Promise<Autorizante> {
    const v = this.v;
    switch (v.estado) {
      case 'sin':
        throw new AppError('FORBIDDEN', V.descuentoSoloSupervisor);
      case 'bloqueado':
        throw new AppError('RATE_LIMITED', (this.o.bloqueado ?? V.pinBloqueado)(Math.ceil(v.espera / 60_000)), { retryAfter: v.espera / 1000 });
      case 'error':
        throw v.error;
      case 'mal':
        throw new PinEquivocado(this);
      case 'visto':
        return v.autorizante;
      case 'bien':
        await this.devolver(q, true);
        this.resuelto = this.acertado = true;
        return { id: v.supervisor.id, nombre: v.supervisor.nombre };
    }
  }

  /** In the write's transaction, when it answered without needing the PIN: its tries given back with it. */
  async noJuzgar(q: Db | Tx): Promise<void> {
    await this.devolver(q, false);
    this.resuelto = true;
  }

  /** After a write that was undone before the PIN was judged: its tries given back (what the write gave back was undone too). */
  async deshecho(db: Db): Promise<void> {
    await this.devolver(db, false);
  }

  /** After the write committed: tries the write never judged given back; a right PIN's offline verifier (ADR 053). */
  async confirmado(db: Db): Promise<void> {
    if (!this.resuelto) await this.devolver(db, false);
    // A PIN set before offline devices could check it gets its verifier now, while it is in clear; its version stays.
    if (this.acertado && this.v.estado === 'bien' && !this.v.supervisor.conVerificador) await guardarVerificador(db, this.o.tiendaId, this.v.supervisor.id, this.o.autorizacion!.pin);
  }

  /** After a wrong PIN undid its write: the owner's notices, the cashier's lock, and the 403 or 429. The try stays counted. */
  async equivocado(db: Db): Promise<never> {
    const { tiendaId, cajeroId } = this.o;
    const s = this.tomado?.supervisor ?? null;
    // The supervisor is named; the store account is no user: named only.
    const quien = s ? { ...(s.id === SUPERVISOR_TIENDA ? {} : { entidad: 'usuario' as const, id: s.id }), nombre: s.nombre } : {};
    const aviso = (mensaje: string) => registrarActividad(db, { tiendaId, usuarioId: cajeroId, cara: 'tienda', tipo: 'rechazo', detalle: { accion: 'pinSupervisor', mensaje, ...quien } });
    // Every PIN_FALLOS_SUPERVISOR_MAX wrong PINs for one supervisor, from any cashiers, the owner is told; the PIN keeps working.
    if (s && s.fallos > 0 && s.fallos % PIN_FALLOS_SUPERVISOR_MAX === 0) await aviso(V.pinSupervisorFallosAviso(s.fallos));
    // The wrong PIN that spent the cashier's tries locks the cashier, once; the owner reads it in the log.
    const minutos = await bloquearCajeroSiAgotado(db, { tiendaId, usuarioId: cajeroId! });
    if (minutos != null) {
      await aviso(V.pinCajeroBloqueadoAviso(PIN_FALLOS_MAX, minutos));
      throw new AppError('RATE_LIMITED', (this.o.bloqueado ?? V.pinBloqueado)(minutos), { retryAfter: minutos * 60 });
    }
    throw new AppError('FORBIDDEN', this.o.incorrecto ?? V.pinIncorrecto);
  }
}

/**
 * Checks a supervisor's PIN before the write it authorises (`PinComprobado`): the supervisor must be a
 * role-1 or role-3 user of the same store with a PIN, or the store account. Any other case (wrong PIN,
 * another store's supervisor, a user without a PIN or of another role, a PIN locked by the earlier rule)
 * is a wrong PIN after a hash of the same cost; a cashier past their limit, or locked, is refused
 * without any hash. The tries are taken before the hash; nothing is thrown here.
 */
export async function comprobarPin(options: OpcionesPin): Promise<PinComprobado> {
  const { db, tiendaId, cajeroId, autorizacion } = options;
  if (!autorizacion || cajeroId == null) return new PinComprobado(options, { estado: 'sin' });
  // The supervisor's count goes up with the cashier's, before the hash: only a PIN that took one of its tries is checked.
  const { espera, supervisor: s } = await tomarIntentos(db, tiendaId, cajeroId, autorizacion.supervisorId);
  if (espera > 0) return new PinComprobado(options, { estado: 'bloqueado', espera });
  let ok: boolean;
  try {
    ok = await verifyPassword(autorizacion.pin, s?.pinHash ?? (await dummyHash({ cola: 'pin' })), { cola: 'pin' });
  } catch (error) {
    // Not checked (the PIN queue was full): neither try counts.
    await devolverIntentos(db, tiendaId, cajeroId, s, false);
    return new PinComprobado(options, { estado: 'error', error });
  }
  return new PinComprobado(options, s && ok ? { estado: 'bien', supervisor: s } : { estado: 'mal', supervisor: s });
}

/** A PIN the same request already had checked (an exchange's return and its new sale share one): nothing counted twice. */
export const pinVisto = (options: OpcionesPin, autorizante: Autorizante) => new PinComprobado(options, { estado: 'visto', autorizante });

/**
 * Writes `escribir` once, in one transaction, with a PIN checked before it (ADR 076 addendum): the
 * write ends with the PIN's `juzgar` or `noJuzgar`. A wrong PIN undoes the write and then counts
 * (notices, the cashier's lock, 403 or 429); a write undone for any other reason gives the tries back.
 */
export async function conPin<T>(db: Db, pin: PinComprobado | null, escribir: (tx: Tx) => Promise<T>): Promise<T> {
  if (!pin) return db.transaction(escribir);
  let hecho: T;
  try {
    hecho = await db.transaction(escribir);
  } catch (err) {
    if (err instanceof PinEquivocado && err.pin === pin) return pin.equivocado(db);
    await pin.deshecho(db);
    throw err;
  }
  await pin.confirmado(db);
  return hecho;
}

/**
 * Checks a supervisor's PIN for what is not written with it in one transaction: a cash movement above
 * the store's threshold (`registrarMovimiento` in caja.domain.ts, issue #27), a return's permission,
 * the old client's sale line past stock. As `comprobarPin`, then the verdict at once: answers who
 * authorised, or throws the 403 (wrong PIN) or 429 (a cashier past their tries, no hash).
 */
export async function verificarAutorizacion(options: OpcionesPin): Promise<Autorizante> {
  const pin = await comprobarPin(options);
  try {
    const quien = await pin.juzgar(options.db);
    await pin.confirmado(options.db);
    return quien;
  } catch (err) {
    if (err instanceof PinEquivocado) return pin.equivocado(options.db);
    throw err;
  }
}
