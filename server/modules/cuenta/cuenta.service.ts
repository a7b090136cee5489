import { and, eq, lt, ne, sql } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { ROL, canSeeInvitationCode } from '#shared/roles';
import type { TSesion, TTipoLogin } from '#shared/schemas/auth';
import type { Db, Tx } from '../../db/client';
import { sesionCerrada, tienda, usuario } from '../../db/schema';
import { hashPassword, imitarVerificacion, sinCuenta, verifyPassword, type Turno } from '../../lib/password';
import { invitationCode } from '../../lib/random-code';
import type { TokenClaims, TokenService } from '../../lib/tokens';
import { exigirAprobada, tiendaQueAdmite } from '../invitacion/invitacion.domain';
import type { TCara } from '#shared/schemas/actividad';
import { registrarActividad } from '../actividad/actividad.domain';

const badCredentials = () =>
  new AppError('BAD_CREDENTIALS', M.login.badCredentialsText, { title: M.login.badCredentialsTitle });

const fullName = (u: { nombre1: string; apellido1: string }) => `${u.nombre1} ${u.apellido1}`;

/** Emails identify accounts across both kinds (employee and store). */
export async function emailTaken(db: Db | Tx, email: string): Promise<boolean> {
  const lower = email.toLowerCase();
  const [u] = await db.select({ id: usuario.idUsuario }).from(usuario).where(sql`lower(${usuario.correo}) = ${lower}`).limit(1);
  if (u) return true;
  const [t] = await db.select({ id: tienda.idTienda }).from(tienda).where(sql`lower(${tienda.correo}) = ${lower}`).limit(1);
  return !!t;
}

/**
 * A documento is unique within a store (issue #15): other stores' users are never compared, and the
 * platform operator (no store) never is. `exceptoId`: the user being edited.
 */
export async function exigirDocumentoLibre(db: Db | Tx, tiendaId: number | null, documento: string, exceptoId?: number): Promise<void> {
  if (tiendaId == null) return;
  const [dup] = await db
    .select({ id: usuario.idUsuario })
    .from(usuario)
    .where(and(eq(usuario.tiendaId, tiendaId), eq(usuario.documento, documento), exceptoId != null ? ne(usuario.idUsuario, exceptoId) : undefined))
    .limit(1);
  if (dup) throw new AppError('CONFLICT', M.registro.documentoTaken, { fields: { documento: M.registro.documentoTaken } });
}

export async function login(options: {
  db: Db;
  tokens: TokenService;
  tipo: TTipoLogin;
  email: string;
  contrasena: string;
  /** The face signed in through, for the activity log (issue #27): the store's screens unless told. */
  cara?: TCara;
  /** The password queue's turn (the caller's address and priority, issue #28). */
  turno?: Turno;
}): Promise<{ token: string; sesion: TSesion }> {
  const { db, tokens, tipo, email, contrasena, cara = 'tienda', turno } = options;
  if (tipo === 'tienda') {
    const [t] = await db.select().from(tienda).where(sql`lower(${tienda.correo}) = ${email}`).limit(1);
    // A branch opened from Sucursales has no login of its own (issue #56 step 3): as no account at all.
    if (!t?.contrasenaHash) {
      await imitarVerificacion(contrasena, sinCuenta(turno));
      turno?.alFallar?.();
      throw badCredentials();
    }
    if (!(await verifyPassword(contrasena, t.contrasenaHash, turno))) {
      turno?.alFallar?.();
      throw badCredentials();
    }
    const claims: TokenClaims = {
      sub: `t:${t.idTienda}`,
      tipo,
      documento: null,
      nombreTienda: t.nombreTienda,
      id_Tienda: t.idTienda,
      rol: ROL.ADMIN,
      codigo_invitacion: t.codigoInvitacion,
      tv: t.tokenVersion,
    };
    await registrarActividad(db, { tiendaId: t.idTienda, usuarioId: null, cara, tipo: 'sesion', detalle: {} });
    return {
      token: await tokens.sign(claims),
      sesion: {
        tipo,
        documento: null,
        usuario: t.nombreTienda,
        tienda: t.nombreTienda,
        id_Tienda: t.idTienda,
        rol: ROL.ADMIN,
        codigo_invitacion: t.codigoInvitacion,
      },
    };
  }
  const [row] = await db
    .select({ u: usuario, t: tienda })
    .from(usuario)
    .leftJoin(tienda, eq(tienda.idTienda, usuario.tiendaId))
    .where(sql`lower(${usuario.correo}) = ${email}`)
    .limit(1);
  if (!row) {
    await imitarVerificacion(contrasena, sinCuenta(turno));
    turno?.alFallar?.();
    throw badCredentials();
  }
  if (!(await verifyPassword(contrasena, row.u.contrasenaHash, turno))) {
    turno?.alFallar?.();
    throw badCredentials();
  }
  // Only now, with the password right: a new employee the store's admin has not approved yet.
  exigirAprobada(row.u);
  const code = row.t && canSeeInvitationCode(row.u.rolId) ? row.t.codigoInvitacion : null;
  const claims: TokenClaims = {
    sub: `u:${row.u.idUsuario}`,
    tipo,
    documento: row.u.documento,
    nombreTienda: row.t?.nombreTienda ?? null,
    id_Tienda: row.t?.idTienda ?? null,
    rol: row.u.rolId,
    codigo_invitacion: code,
    tv: row.u.tokenVersion,
  };
  // The platform operator (no store) signs in to no store's log.
  if (row.u.tiendaId != null) await registrarActividad(db, { tiendaId: row.u.tiendaId, usuarioId: row.u.idUsuario, cara, tipo: 'sesion', detalle: {} });
  return {
    token: await tokens.sign(claims),
    sesion: {
      tipo,
      documento: row.u.documento,
      usuario: fullName(row.u),
      tienda: row.t?.nombreTienda ?? null,
      id_Tienda: row.t?.idTienda ?? null,
      rol: row.u.rolId,
      codigo_invitacion: code,
    },
  };
}

export async function registrarUsuario(options: {
  db: Db;
  input: {
    documento: string;
    tipoDoc: string;
    nombre: string;
    nombre2?: string;
    apellido: string;
    apellido2?: string;
    email: string;
    contrasena: string;
    codigo_invitacion: string;
  };
  rol?: number;
}): Promise<{ documento: string; id_Tienda: number; pendiente: boolean }> {
  const { db, input } = options;
  const hash = await hashPassword(input.contrasena);
  return db.transaction(async (tx) => {
    // A code of no store and an expired one get the same answer (issue #15: no enumeration).
    const t = await tiendaQueAdmite(tx, input.codigo_invitacion);
    if (!t) throw new AppError('VALIDATION', M.registro.codigoInvalido, { fields: { codigo_invitacion: M.registro.codigoInvalido } });
    if (await emailTaken(tx, input.email))
      throw new AppError('CONFLICT', M.registro.emailTaken, { fields: { email: M.registro.emailTaken } });
    // A documento is unique within a store (issue #15): the answer says nothing about other stores.
    await exigirDocumentoLibre(tx, t.id, input.documento);
    await tx.insert(usuario).values({
      documento: input.documento,
      tipoDoc: input.tipoDoc,
      nombre1: input.nombre,
      nombre2: input.nombre2 ?? null,
      apellido1: input.apellido,
      apellido2: input.apellido2 ?? null,
      correo: input.email,
      contrasenaHash: hash,
      rolId: options.rol ?? ROL.EMPLEADO,
      tiendaId: t.id,
      // With the store's approval switch on, the account waits for role 1 (issue #15).
      aprobado: t.aprobado,
    });
    return { documento: input.documento, id_Tienda: t.id, pendiente: !t.aprobado };
  });
}

export async function registrarTienda(options: {
  db: Db;
  input: { nombreTienda: string; telefono?: string; email: string; contrasena: string; direccion?: string };
}): Promise<{ id_Tienda: number; codigo_invitacion: string }> {
  const { db, input } = options;
  const hash = await hashPassword(input.contrasena);
  return db.transaction(async (tx) => {
    if (await emailTaken(tx, input.email))
      throw new AppError('CONFLICT', M.registro.emailTaken, { fields: { email: M.registro.emailTaken } });
    const t = await crearTienda(tx, {
      nombreTienda: input.nombreTienda,
      telefono: input.telefono ?? null,
      direccion: input.direccion ?? null,
      correo: input.email,
      contrasenaHash: hash,
    });
    return { id_Tienda: t.idTienda, codigo_invitacion: t.codigoInvitacion };
  });
}

/**
 * The one creation of a store row, with its own invitation code: the sign-up and the operator's
 * back-office (a store and its login, an empresa of its own) and the owner's *Sucursales* (issue #56
 * step 3: a store of the owner's empresa, with no login of its own).
 */
export async function crearTienda(
  tx: Tx,
  datos: {
    nombreTienda: string;
    telefono: string | null;
    direccion: string | null;
    correo: string | null;
    contrasenaHash: string | null;
    empresaId?: number;
    zonaHoraria?: string;
  },
): Promise<{ idTienda: number; codigoInvitacion: string }> {
  // The code space is large; a collision is astronomically rare, but retry rather than fail.
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = invitationCode();
    const [clash] = await tx.select({ id: tienda.idTienda }).from(tienda).where(eq(tienda.codigoInvitacion, code)).limit(1);
    if (clash) continue;
    const [row] = await tx
      .insert(tienda)
      .values({ ...datos, codigoInvitacion: code })
      .returning({ id: tienda.idTienda });
    return { idTienda: row!.id, codigoInvitacion: code };
  }
  throw new AppError('INTERNAL', M.generic.errorText);
}

/**
 * Server-side sign-out: this token ends at once (its jti is kept in sesion_cerrada until it would
 * have expired), on every instance. Only this one: a store login is often open on several tills,
 * and an employee on a phone and a till; a password change is what ends them all. A token issued
 * before tokens carried an id can only be ended with its account's (the store's or the employee's)
 * token version, which ends that account's other sessions too.
 */
export async function cerrarSesion(options: {
  db: Db;
  claims: Pick<TokenClaims, 'jti' | 'exp'>;
  sesion: { tipo: TTipoLogin; usuarioId: number | null; tiendaId: number | null; cuentaTiendaId?: number | null };
}): Promise<void> {
  const { db, claims, sesion } = options;
  if (claims.jti && claims.exp) {
    await db.insert(sesionCerrada).values({ jti: claims.jti, venceEn: new Date(claims.exp * 1000) }).onConflictDoNothing();
    // Ended tokens past their expiry would be refused anyway: they are not kept.
    await db.delete(sesionCerrada).where(lt(sesionCerrada.venceEn, new Date()));
    return;
  }
  if (sesion.tipo === 'tienda') {
    // The account's own store: after a switch of store (issue #56) the session acts for another.
    const cuenta = sesion.cuentaTiendaId ?? sesion.tiendaId;
    if (cuenta == null) return;
    await db.update(tienda).set({ tokenVersion: sql`${tienda.tokenVersion} + 1` }).where(eq(tienda.idTienda, cuenta));
    return;
  }
  if (sesion.usuarioId == null) return;
  await db.update(usuario).set({ tokenVersion: sql`${usuario.tokenVersion} + 1` }).where(eq(usuario.idUsuario, sesion.usuarioId));
}

/** The session as the browser keeps it, rebuilt from the database (GET /api/sesion). */
export async function sesionActual(options: {
  db: Db;
  sesion: { tipo: TTipoLogin; usuarioId: number | null; tiendaId: number | null; rol: number; cuentaTiendaId?: number | null };
}): Promise<TSesion> {
  const { db, sesion } = options;
  const [t] = sesion.tiendaId
    ? await db.select().from(tienda).where(eq(tienda.idTienda, sesion.tiendaId)).limit(1)
    : [];
  let nombre = t?.nombreTienda ?? '';
  // The owner acting in another store of the empresa (issue #56) is still the empresa's login store.
  if (sesion.tipo === 'tienda' && sesion.cuentaTiendaId != null && sesion.cuentaTiendaId !== sesion.tiendaId) {
    const [c] = await db.select({ nombre: tienda.nombreTienda }).from(tienda).where(eq(tienda.idTienda, sesion.cuentaTiendaId)).limit(1);
    if (c) nombre = c.nombre;
  }
  let documento: string | null = null;
  if (sesion.usuarioId) {
    const [u] = await db.select().from(usuario).where(eq(usuario.idUsuario, sesion.usuarioId)).limit(1);
    if (u) {
      nombre = fullName(u);
      documento = u.documento;
    }
  }
  return {
    tipo: sesion.tipo,
    documento,
    usuario: nombre,
    tienda: t?.nombreTienda ?? null,
    id_Tienda: t?.idTienda ?? null,
    rol: sesion.rol,
    codigo_invitacion: t && canSeeInvitationCode(sesion.rol) ? t.codigoInvitacion : null,
  };
}

/** Creates the platform operator (role 1, no store) unless an account already has that email. */
export async function ensureOperador(options: { db: Db; email: string; password: string }): Promise<boolean> {
  const { db } = options;
  const email = options.email.toLowerCase();
  if (await emailTaken(db, email)) return false;
  await db.insert(usuario).values({
    documento: '0000000000',
    tipoDoc: 'CC',
    nombre1: 'Operador',
    apellido1: 'Plataforma',
    correo: email,
    contrasenaHash: await hashPassword(options.password),
    rolId: ROL.ADMIN,
    tiendaId: null,
  }).onConflictDoNothing();
  return true;
}
