import { and, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import type { TPage, TPageQuery } from '#shared/schemas/common';
import type { TCrudCreated, TCrudMessage, TUsuarioRow, ZCreateUsuarioRequest, ZUpdateUsuarioRequest } from '#shared/schemas/crud';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { rol, tienda, usuario } from '../../db/schema';
import { hashPassword } from '../../lib/password';
import { emailTaken } from '../cuenta/cuenta.service';
import { countAll, fieldConflict, fieldError, idOf, inScope, likePattern, notFound, pageOf, unaVez, type Consulta, type CrudScope, type CrudService } from './crud.scope';
import { esViolacionUnica } from '../../db/pg-error';
import { tieneTurnoAbierto } from '../caja/caja.domain';
import { tiendaDelCodigo as tiendaNombrada } from '../tienda/invitacion.domain';

type Create = z.output<typeof ZCreateUsuarioRequest>;
type Update = z.output<typeof ZUpdateUsuarioRequest>;

/** Never the password hash: every read names its columns. */
const columns = {
  idUsuario: usuario.idUsuario,
  documento: usuario.documento,
  tipoDoc: usuario.tipoDoc,
  nombre: usuario.nombre1,
  nombre2: usuario.nombre2,
  apellido: usuario.apellido1,
  apellido2: usuario.apellido2,
  email: usuario.correo,
  idRol: usuario.rolId,
  codigoInvitacion: tienda.codigoInvitacion,
  idTienda: usuario.tiendaId,
};

function filter(scope: CrudScope, q: string) {
  const id = idOf(q);
  const p = likePattern(q);
  const search = q
    ? or(ilike(usuario.documento, p), ilike(usuario.nombre1, p), ilike(usuario.apellido1, p), ilike(usuario.correo, p), id != null ? eq(usuario.idUsuario, id) : undefined)
    : undefined;
  return and(inScope(scope, usuario.tiendaId), search);
}

export async function listUsuarios(options: { db: Db; scope: CrudScope; query: TPageQuery }): Promise<TPage<TUsuarioRow>> {
  const { db, scope, query } = options;
  const where = filter(scope, query.q);
  const { limit, offset } = pageOf(query);
  const [items, [total]] = await Promise.all([
    db.select(columns).from(usuario).leftJoin(tienda, eq(tienda.idTienda, usuario.tiendaId)).where(where).orderBy(desc(usuario.idUsuario)).limit(limit).offset(offset),
    db.select({ n: countAll }).from(usuario).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

export async function getUsuario(options: { db: Db | Tx; scope: CrudScope; id: number }): Promise<TUsuarioRow> {
  const { db, scope, id } = options;
  const [row] = await db
    .select(columns)
    .from(usuario)
    .leftJoin(tienda, eq(tienda.idTienda, usuario.tiendaId))
    .where(and(eq(usuario.idUsuario, id), inScope(scope, usuario.tiendaId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/**
 * The store an invitation code names; a store admin may only name its own, and hears the same
 * answer for another store's code and for a code of no store (issue #15: telling them apart let a
 * store admin confirm guessed codes of other stores).
 */
async function tiendaDelCodigo(tx: Db | Tx, scope: CrudScope, codigo: string, consulta: Consulta): Promise<number> {
  // The code names the store, expired or not: its expiry limits self sign-up, not the admin (invitacion.domain.ts).
  const id = await tiendaNombrada(tx, codigo);
  const t = id == null ? undefined : { id };
  if (scope.tiendaId != null && t?.id !== scope.tiendaId) {
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

async function checkRol(tx: Db | Tx, idRol: number) {
  const [r] = await tx.select({ id: rol.idRol }).from(rol).where(eq(rol.idRol, idRol)).limit(1);
  if (!r) throw fieldError('idRol', M.crud.rolNoExiste);
}

/** A documento is unique within a store (issue #15): other stores' users are never compared. */
async function checkDocumento(tx: Db | Tx, tiendaId: number | null, documento: string, exceptId?: number) {
  if (tiendaId == null) return;
  const [dup] = await tx
    .select({ id: usuario.idUsuario })
    .from(usuario)
    .where(and(eq(usuario.tiendaId, tiendaId), eq(usuario.documento, documento), exceptId != null ? ne(usuario.idUsuario, exceptId) : undefined))
    .limit(1);
  if (dup) throw fieldConflict('documento', M.registro.documentoTaken);
}

export async function createUsuario(options: { db: Db; scope: CrudScope; input: Create; consulta?: Consulta }): Promise<TCrudCreated> {
  const { db, scope, input } = options;
  const consulta = unaVez(options.consulta);
  const hash = await hashPassword(input.contrasena);
  const id = await db.transaction(async (tx) => {
    const tiendaId = await tiendaDelCodigo(tx, scope, input.codigo_invitacion, consulta);
    await checkRol(tx, input.idRol);
    // Whether an email is taken is an answer about other accounts: counted per caller.
    await consulta();
    if (await emailTaken(tx, input.email)) throw fieldConflict('email', M.registro.emailTaken);
    await checkDocumento(tx, tiendaId, input.documento);
    const [row] = await tx
      .insert(usuario)
      .values({ ...columnas(input, tiendaId), contrasenaHash: hash })
      .returning({ id: usuario.idUsuario });
    return row!.id;
  });
  return { id, message: M.crud.registrado.usuarios };
}

/** The back-office form's fields as the user's columns (the domain's names). */
const columnas = (input: Create | Update, tiendaId: number | null) => ({
  documento: input.documento,
  tipoDoc: input.tipoDoc,
  nombre1: input.nombre,
  nombre2: input.nombre2,
  apellido1: input.apellido,
  apellido2: input.apellido2,
  correo: input.email,
  rolId: input.idRol,
  tiendaId,
});

export async function updateUsuario(options: { db: Db; scope: CrudScope; id: number; input: Update; consulta?: Consulta }): Promise<TCrudMessage> {
  const { db, scope, id, input } = options;
  const consulta = unaVez(options.consulta);
  const hash = input.contrasena ? await hashPassword(input.contrasena) : null;
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ tiendaId: usuario.tiendaId, rolId: usuario.rolId, correo: usuario.correo })
      .from(usuario)
      .where(and(eq(usuario.idUsuario, id), inScope(scope, usuario.tiendaId)))
      .for('update')
      .limit(1);
    if (!current) throw notFound();
    let tiendaId = current.tiendaId;
    if (input.codigo_invitacion) {
      if (current.tiendaId == null) throw fieldError('codigo_invitacion', M.crud.operadorSinTienda);
      tiendaId = await tiendaDelCodigo(tx, scope, input.codigo_invitacion, consulta);
    }
    await checkRol(tx, input.idRol);
    if (scope.usuarioId === id && input.idRol !== current.rolId) throw new AppError('BUSINESS_RULE', M.crud.noCambiarPropioRol, { fields: { idRol: M.crud.noCambiarPropioRol } });
    // A changed email asks whether another account has it: counted per caller (issue #15).
    if (input.email !== current.correo.toLowerCase()) {
      await consulta();
      if (await emailTaken(tx, input.email)) throw fieldConflict('email', M.registro.emailTaken);
    }
    await checkDocumento(tx, tiendaId, input.documento, id);
    await tx
      .update(usuario)
      .set({
        ...columnas(input, tiendaId),
        // A new password ends the sessions opened with the old one (role and store are read per request).
        ...(hash ? { contrasenaHash: hash, tokenVersion: sql`${usuario.tokenVersion} + 1` } : {}),
      })
      .where(eq(usuario.idUsuario, id));
  });
  return { message: M.crud.actualizado.usuarios };
}

export async function deleteUsuario(options: { db: Db; scope: CrudScope; id: number }): Promise<TCrudMessage> {
  const { db, scope, id } = options;
  if (scope.usuarioId === id) throw new AppError('BUSINESS_RULE', M.crud.noEliminarseASiMismo);
  // An open cash-register shift keeps its cashier: its money is not yet counted (issue #18). The
  // index on open shifts stops one opened meanwhile.
  if (await tieneTurnoAbierto(db, id)) throw new AppError('CONFLICT', M.crud.usuarioConCajaAbierta);
  const deleted = await db
    .delete(usuario)
    .where(and(eq(usuario.idUsuario, id), inScope(scope, usuario.tiendaId)))
    .returning({ id: usuario.idUsuario })
    .catch((err: unknown) => {
      if (esViolacionUnica(err, 'turno_abierto_uq')) throw new AppError('CONFLICT', M.crud.usuarioConCajaAbierta);
      throw err;
    });
  if (deleted.length === 0) throw notFound();
  return { message: M.crud.eliminado.usuarios };
}

export const usuariosCrud: CrudService<TUsuarioRow, Create, Update> = {
  list: listUsuarios,
  get: getUsuario,
  create: createUsuario,
  update: updateUsuario,
  remove: deleteUsuario,
};
