/**
 * The users' accounts as a store's admin (or the platform operator) manages them, owned here: which
 * users a caller reaches (its own store's, or every one for the operator), the store a user is filed
 * in by its invitation code, a role that exists, an email no other account has and a documento no
 * other user of the store has, who may not change their own role or delete themselves, the cashier
 * with an open shift who stays, and a new password ending the sessions opened with the old one.
 * The back-office (crud.usuarios.service.ts) and, through it, the old controller API only rename.
 * Sign-up, sign-in and recovery are cuenta.service.ts's and recuperacion.service.ts's.
 */
import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { legacy as L } from '#shared/messages/legacy';
import type { TPage, TPageQuery } from '#shared/schemas/common';
import type { Db, Tx } from '../../db/client';
import { tienda, usuario } from '../../db/schema';
import { esViolacionUnica } from '../../db/pg-error';
import { hashPassword } from '../../lib/password';
import { tieneTurnoAbierto } from '../caja/caja.domain';
import { countAll, fieldConflict, fieldError, idOf, inScope, likePattern, notFound, pageOf, unaVez, type Alcance, type Consulta } from '../tienda/alcance';
import { tiendaDelCodigo as tiendaNombrada } from '../invitacion/invitacion.domain';
import { emailTaken, exigirDocumentoLibre } from './cuenta.service';
import { exigirRol } from './rol.domain';
import { autorDeAlcance, cambiosEntre, registrarPor } from '../actividad/actividad.domain';

/** Every column a user is read with, with its store's code. Never the password hash. */
const columnasUsuario = {
  idUsuario: usuario.idUsuario,
  documento: usuario.documento,
  tipoDoc: usuario.tipoDoc,
  nombre1: usuario.nombre1,
  nombre2: usuario.nombre2,
  apellido1: usuario.apellido1,
  apellido2: usuario.apellido2,
  correo: usuario.correo,
  rolId: usuario.rolId,
  codigoInvitacion: tienda.codigoInvitacion,
  tiendaId: usuario.tiendaId,
};

export type TFilaUsuario = {
  idUsuario: number;
  documento: string;
  tipoDoc: string;
  nombre1: string;
  nombre2: string | null;
  apellido1: string;
  apellido2: string | null;
  correo: string;
  rolId: number;
  codigoInvitacion: string | null;
  tiendaId: number | null;
};

/** What a user is created or edited with. On an edit, no password keeps it and no code keeps the store. */
export type DatosUsuario = Omit<TFilaUsuario, 'idUsuario' | 'tiendaId'> & { contrasena?: string | null };

function filtro(alcance: Alcance, q: string) {
  const id = idOf(q);
  const p = likePattern(q);
  const search = q
    ? or(ilike(usuario.documento, p), ilike(usuario.nombre1, p), ilike(usuario.apellido1, p), ilike(usuario.correo, p), id != null ? eq(usuario.idUsuario, id) : undefined)
    : undefined;
  return and(inScope(alcance, usuario.tiendaId), search);
}

/** Newest first; `q` is part of the documento, first name, surname or email, or the id. */
export async function listarUsuarios(options: { db: Db; alcance: Alcance; query: TPageQuery }): Promise<TPage<TFilaUsuario>> {
  const { db, alcance, query } = options;
  const where = filtro(alcance, query.q);
  const { limit, offset } = pageOf(query);
  const [items, [total]] = await Promise.all([
    db.select(columnasUsuario).from(usuario).leftJoin(tienda, eq(tienda.idTienda, usuario.tiendaId)).where(where).orderBy(desc(usuario.idUsuario)).limit(limit).offset(offset),
    db.select({ n: countAll }).from(usuario).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

/** One user in the caller's reach; any other answers 404. */
export async function obtenerUsuario(options: { db: Db | Tx; alcance: Alcance; id: number }): Promise<TFilaUsuario> {
  const { db, alcance, id } = options;
  const [row] = await db
    .select(columnasUsuario)
    .from(usuario)
    .leftJoin(tienda, eq(tienda.idTienda, usuario.tiendaId))
    .where(and(eq(usuario.idUsuario, id), inScope(alcance, usuario.tiendaId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/**
 * The store an invitation code names; a store admin may only name its own, and hears the same
 * answer for another store's code and for a code of no store (issue #15: telling them apart let a
 * store admin confirm guessed codes of other stores).
 */
async function tiendaDelCodigo(tx: Db | Tx, alcance: Alcance, codigo: string, consulta: Consulta): Promise<number> {
  // The code names the store, expired or not: its expiry limits self sign-up, not the admin (invitacion.domain.ts).
  const id = await tiendaNombrada(tx, codigo);
  const t = id == null ? undefined : { id };
  if (alcance.tiendaId != null && t?.id !== alcance.tiendaId) {
    // A guess at another store's code: counted (429 past the limit), and one answer for all.
    await consulta();
    throw fieldError('codigo_invitacion', M.crud.codigoOtraTienda);
  }
  if (!t) {
    await consulta();
    throw fieldError('codigo_invitacion', M.crud.codigoNoExiste);
  }
  return t.id;
}

/** The user's columns from what the form gave (the password aside). */
/** The fields a back-office change of a user records before and after (issue #51 point 8). */
const CAMPOS_REGISTRADOS = ['documento', 'tipoDoc', 'nombre1', 'nombre2', 'apellido1', 'apellido2', 'correo', 'rolId', 'tiendaId'] as const;
const nombreDeUsuario = (u: { nombre1: string; apellido1: string }) => `${u.nombre1} ${u.apellido1}`;

const columnas = (datos: DatosUsuario, tiendaId: number | null) => ({
  documento: datos.documento,
  tipoDoc: datos.tipoDoc,
  nombre1: datos.nombre1,
  nombre2: datos.nombre2,
  apellido1: datos.apellido1,
  apellido2: datos.apellido2,
  correo: datos.correo,
  rolId: datos.rolId,
  tiendaId,
});

/**
 * Files a new user in the store its invitation code names (a store admin: its own store only).
 * `consulta` counts each answer that depends on other accounts (issue #15), once per request.
 */
export async function crearUsuario(options: { db: Db; alcance: Alcance; datos: DatosUsuario & { codigoInvitacion: string; contrasena: string }; consulta?: Consulta }): Promise<{ idUsuario: number }> {
  const { db, alcance, datos } = options;
  const consulta = unaVez(options.consulta);
  const hash = await hashPassword(datos.contrasena);
  const idUsuario = await db.transaction(async (tx) => {
    const tiendaId = await tiendaDelCodigo(tx, alcance, datos.codigoInvitacion, consulta);
    await exigirRol(tx, datos.rolId);
    // Whether an email is taken is an answer about other accounts: counted per caller.
    await consulta();
    if (await emailTaken(tx, datos.correo)) throw fieldConflict('email', M.registro.emailTaken);
    await exigirDocumentoLibre(tx, tiendaId, datos.documento);
    const [row] = await tx
      .insert(usuario)
      .values({ ...columnas(datos, tiendaId), contrasenaHash: hash })
      .returning({ id: usuario.idUsuario });
    const cambios = cambiosEntre(null, columnas(datos, tiendaId), CAMPOS_REGISTRADOS);
    await registrarPor(tx, tiendaId, autorDeAlcance(alcance), { tipo: 'administracion', detalle: { entidad: 'usuario', accion: 'alta', id: row!.id, nombre: nombreDeUsuario(datos), cambios } });
    return row!.id;
  });
  return { idUsuario };
}

/**
 * Edits a user in the caller's reach. A code moves the user to the store it names (never the
 * operator, who has none); nobody changes their own role; a new password ends the user's sessions.
 */
export async function actualizarUsuario(options: { db: Db; alcance: Alcance; id: number; datos: DatosUsuario; consulta?: Consulta }): Promise<void> {
  const { db, alcance, id, datos } = options;
  const consulta = unaVez(options.consulta);
  const hash = datos.contrasena ? await hashPassword(datos.contrasena) : null;
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ ...columnasUsuario, codigoInvitacion: sql<null>`null` })
      .from(usuario)
      .where(and(eq(usuario.idUsuario, id), inScope(alcance, usuario.tiendaId)))
      .for('update')
      .limit(1);
    if (!current) throw notFound();
    let tiendaId = current.tiendaId;
    if (datos.codigoInvitacion) {
      if (current.tiendaId == null) throw fieldError('codigo_invitacion', M.crud.operadorSinTienda);
      tiendaId = await tiendaDelCodigo(tx, alcance, datos.codigoInvitacion, consulta);
    }
    await exigirRol(tx, datos.rolId);
    if (alcance.usuarioId === id && datos.rolId !== current.rolId) throw new AppError('BUSINESS_RULE', M.crud.noCambiarPropioRol, { fields: { idRol: M.crud.noCambiarPropioRol } });
    // A changed email asks whether another account has it: counted per caller (issue #15).
    if (datos.correo !== current.correo.toLowerCase()) {
      await consulta();
      if (await emailTaken(tx, datos.correo)) throw fieldConflict('email', M.registro.emailTaken);
    }
    await exigirDocumentoLibre(tx, tiendaId, datos.documento, id);
    await tx
      .update(usuario)
      .set({
        ...columnas(datos, tiendaId),
        // A new password ends the sessions opened with the old one (role and store are read per request).
        ...(hash ? { contrasenaHash: hash, tokenVersion: sql`${usuario.tokenVersion} + 1` } : {}),
      })
      .where(eq(usuario.idUsuario, id));
    // Before and after, in the store the user is in now and, moved, the one they left (issue #51 point 8).
    const cambios = [...cambiosEntre(current, columnas(datos, tiendaId), CAMPOS_REGISTRADOS), ...(hash ? [{ campo: 'contrasena', antes: null, despues: null }] : [])];
    const entrada = { tipo: 'administracion', detalle: { entidad: 'usuario', accion: 'cambio', id, nombre: nombreDeUsuario(datos), cambios } } as const;
    for (const t of new Set([current.tiendaId, tiendaId])) if (t != null && cambios.length) await registrarPor(tx, t, autorDeAlcance(alcance), entrada);
  });
}

/** Deletes a user in the caller's reach: never oneself, never a cashier whose shift is open. */
export async function eliminarUsuario(options: { db: Db; alcance: Alcance; id: number }): Promise<void> {
  const { db, alcance, id } = options;
  if (alcance.usuarioId === id) throw new AppError('BUSINESS_RULE', M.crud.noEliminarseASiMismo);
  // An open cash-register shift keeps its cashier: its money is not yet counted (issue #18). The
  // index on open shifts stops one opened meanwhile.
  if (await tieneTurnoAbierto(db, id)) throw new AppError('CONFLICT', M.crud.usuarioConCajaAbierta);
  await db
    .transaction(async (tx) => {
      const deleted = await tx
        .delete(usuario)
        .where(and(eq(usuario.idUsuario, id), inScope(alcance, usuario.tiendaId)))
        .returning({ ...columnasUsuario, codigoInvitacion: sql<null>`null` });
      const u = deleted[0];
      if (!u) throw notFound();
      // The log says who was removed, with what they had (issue #51 point 8).
      if (u.tiendaId != null)
        await registrarPor(tx, u.tiendaId, autorDeAlcance(alcance), {
          tipo: 'administracion',
          detalle: { entidad: 'usuario', accion: 'eliminacion', id, nombre: nombreDeUsuario(u), cambios: cambiosEntre(u, null, CAMPOS_REGISTRADOS) },
        });
    })
    .catch((err: unknown) => {
      if (esViolacionUnica(err, 'turno_abierto_uq')) throw new AppError('CONFLICT', M.crud.usuarioConCajaAbierta);
      throw err;
    });
}

/**
 * The user a document names, inside the caller's reach (null when there is none). A documento is
 * unique within a store: for the platform operator (every store) it may name several users, and
 * then the call is refused rather than acting on one of them at random.
 */
export async function usuarioPorDocumento(db: Db, scope: Alcance, documento: string): Promise<number | null> {
  const rows = await db
    .select({ id: usuario.idUsuario })
    .from(usuario)
    .where(and(eq(usuario.documento, documento.trim()), inScope(scope, usuario.tiendaId)))
    .limit(2);
  if (rows.length > 1) throw new AppError('CONFLICT', L.documentoEnVariasTiendas);
  return rows[0]?.id ?? null;
}
