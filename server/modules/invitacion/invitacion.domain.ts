import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { HORAS_VIGENCIA, type TEmpleadoPendiente, type TInvitacion, type TVigencia } from '#shared/schemas/invitacion';
import type { Db, Tx } from '../../db/client';
import { tienda, usuario } from '../../db/schema';
import { aprobada } from '../../lib/aprobada';

/**
 * The invitation code's rules (issue #15) have one owner: this module. Every face asks it:
 *
 * - which store a code admits a sign-up to now (`tiendaQueAdmite`): the employee sign-up of the web
 *   API and of the legacy controller (both through `registrarUsuario`). An expired code answers
 *   exactly like a code of no store: the caller throws the same error, with the same status;
 * - which store a code names, whatever its expiry (`tiendaDelCodigo`): the back-office, where role 1
 *   files a user in its own store by the code; the expiry limits who may sign themselves up, not
 *   what the store's admin does;
 * - whether an account may sign in (`exigirAprobada`, `aprobada`): the one sign-in function (`login`,
 *   web API, legacy `procesologin` and so the back-office) and every request's session check
 *   (`server/plugins/auth.ts`). A pending account never gets a token, and no token of it is accepted;
 * - the store's settings (expiry, switch) and the pending employees: approve, reject (delete).
 */

/** The store's code admits sign-ups at the database's clock: no expiry, or an expiry still ahead. */
export const codigoVigenteSql = (): SQL<boolean> => sql<boolean>`(${tienda.codigoExpira} is null or ${tienda.codigoExpira} > now())`;

/** When a code chosen now with `vigencia` stops admitting sign-ups (the database's clock); null: never. */
export const expiraSql = (vigencia: TVigencia): SQL | null => {
  const horas = HORAS_VIGENCIA[vigencia];
  return horas == null ? null : sql`now() + make_interval(hours => ${horas}::int)`;
};

/**
 * The store a code admits a new employee to now, and whether that employee waits for approval.
 * Null for an unknown code and for an expired one alike: one query, one answer (no enumeration).
 */
export async function tiendaQueAdmite(db: Db | Tx, codigo: string): Promise<{ id: number; aprobado: boolean } | null> {
  const [t] = await db
    .select({ id: tienda.idTienda, aprobar: tienda.aprobarEmpleados })
    .from(tienda)
    .where(and(eq(tienda.codigoInvitacion, codigo), codigoVigenteSql()))
    .limit(1);
  return t ? { id: t.id, aprobado: !t.aprobar } : null;
}

/** The store a code names, expired or not (the back-office's store field). */
export async function tiendaDelCodigo(db: Db | Tx, codigo: string): Promise<number | null> {
  const [t] = await db.select({ id: tienda.idTienda }).from(tienda).where(eq(tienda.codigoInvitacion, codigo)).limit(1);
  return t?.id ?? null;
}

/** A store's invitation code, expired or not (the old clients send it with their calls). */
export async function codigoDeTienda(db: Db | Tx, tiendaId: number): Promise<string | null> {
  const [t] = await db.select({ code: tienda.codigoInvitacion }).from(tienda).where(eq(tienda.idTienda, tiendaId)).limit(1);
  return t?.code ?? null;
}

export { aprobada };

/**
 * Refuses a pending account's sign-in. Called only after its password was verified: the answer
 * tells that the account exists and waits, which only its owner may learn. 403: who is asking is
 * known and right, the account may not act yet (401 would mean wrong credentials or no session).
 */
export function exigirAprobada(cuenta: { aprobado: boolean }): void {
  if (!aprobada(cuenta)) throw cuentaPendiente();
}

export const cuentaPendiente = () => new AppError('FORBIDDEN', M.invitacion.cuentaPendiente, { title: M.invitacion.cuentaPendienteTitulo });
export const esCuentaPendiente = (err: unknown): err is AppError =>
  err instanceof AppError && err.code === 'FORBIDDEN' && err.message === M.invitacion.cuentaPendiente;

const enStore = (tiendaId: number) => and(eq(usuario.tiendaId, tiendaId), eq(usuario.aprobado, false));

/** The store's code, its expiry and switch; the pending count for role 1 only. */
export async function obtenerInvitacion(options: { db: Db; tiendaId: number; rol: number }): Promise<TInvitacion> {
  const { db, tiendaId, rol } = options;
  const [row] = await db
    .select({ codigo: tienda.codigoInvitacion, expira: tienda.codigoExpira, aprobar: tienda.aprobarEmpleados, vigente: codigoVigenteSql() })
    .from(tienda)
    .where(eq(tienda.idTienda, tiendaId))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', M.generic.notFound);
  let pendientes: number | null = null;
  if (rol === ROL.ADMIN) {
    const [c] = await db.select({ n: count() }).from(usuario).where(enStore(tiendaId));
    pendientes = c?.n ?? 0;
  }
  return {
    codigo_invitacion: row.codigo,
    codigo_expira: row.expira ? new Date(row.expira).toISOString() : null,
    vencido: !row.vigente,
    aprobar_empleados: row.aprobar,
    pendientes,
  };
}

/**
 * Role 1 sets how long the current code admits sign-ups (from now), and/or the approval switch.
 * Turning the switch off approves nobody: who already waits keeps waiting until approved or rejected.
 */
export async function configurarInvitacion(options: {
  db: Db;
  tiendaId: number;
  data: { vigencia?: TVigencia; aprobar_empleados?: boolean };
}): Promise<TInvitacion> {
  const { db, tiendaId, data } = options;
  const set: { codigoExpira?: SQL | null; aprobarEmpleados?: boolean } = {};
  if (data.vigencia !== undefined) set.codigoExpira = expiraSql(data.vigencia);
  if (data.aprobar_empleados !== undefined) set.aprobarEmpleados = data.aprobar_empleados;
  const updated = await db.update(tienda).set(set).where(eq(tienda.idTienda, tiendaId)).returning({ id: tienda.idTienda });
  if (updated.length === 0) throw new AppError('NOT_FOUND', M.generic.notFound);
  return obtenerInvitacion({ db, tiendaId, rol: ROL.ADMIN });
}

/** The store's new employees waiting for approval, oldest first. */
export async function listarPendientes(options: { db: Db; tiendaId: number }): Promise<TEmpleadoPendiente[]> {
  const rows = await options.db
    .select({
      idUsuario: usuario.idUsuario,
      nombre1: usuario.nombre1,
      nombre2: usuario.nombre2,
      apellido1: usuario.apellido1,
      apellido2: usuario.apellido2,
      documento: usuario.documento,
      tipoDoc: usuario.tipoDoc,
      correo: usuario.correo,
      creadoEn: usuario.creadoEn,
    })
    .from(usuario)
    .where(enStore(options.tiendaId))
    .orderBy(asc(usuario.creadoEn), asc(usuario.idUsuario))
    .limit(200);
  return rows.map((r) => ({
    idUsuario: r.idUsuario,
    nombre: [r.nombre1, r.nombre2, r.apellido1, r.apellido2].filter(Boolean).join(' '),
    documento: r.documento,
    tipoDoc: r.tipoDoc,
    correo: r.correo,
    creadoEn: new Date(r.creadoEn).toISOString(),
  }));
}

const noPendiente = () => new AppError('NOT_FOUND', M.invitacion.pendienteNoEncontrado);

/** Approves a pending employee of the store; another store's, an approved one or none: 404. */
export async function aprobarEmpleado(options: { db: Db; tiendaId: number; id: number }): Promise<{ nombre: string }> {
  const { db, tiendaId, id } = options;
  const [row] = await db
    .update(usuario)
    .set({ aprobado: true })
    .where(and(eq(usuario.idUsuario, id), enStore(tiendaId)))
    .returning({ nombre1: usuario.nombre1, apellido1: usuario.apellido1 });
  if (!row) throw noPendiente();
  return { nombre: `${row.nombre1} ${row.apellido1}` };
}

/** Rejects a pending employee: the account is deleted (it never signed in). Approved accounts are never touched here. */
export async function rechazarEmpleado(options: { db: Db; tiendaId: number; id: number }): Promise<void> {
  const { db, tiendaId, id } = options;
  const deleted = await db.delete(usuario).where(and(eq(usuario.idUsuario, id), enStore(tiendaId))).returning({ id: usuario.idUsuario });
  if (deleted.length === 0) throw noPendiente();
}
