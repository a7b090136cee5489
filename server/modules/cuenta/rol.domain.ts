/**
 * The roles' catalogue (DESIGN.md §4), owned here: a global table every store's admin reads and only
 * the platform operator changes. Roles 1–3 carry the product's permissions: renamable, never removed
 * or renumbered; a role some user holds is never removed nor renumbered either (users point to it).
 * The back-office (crud.roles.service.ts) and, through it, the old controller API only rename.
 */
import { asc, eq, ilike, or } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { ROLES_SEED } from '#shared/roles';
import type { TPage, TPageQuery } from '#shared/schemas/common';
import type { Db, Tx } from '../../db/client';
import { rol, usuario } from '../../db/schema';
import { countAll, fieldConflict, fieldError, idOf, likePattern, notFound, pageOf, requireOperator, type Alcance } from '../tienda/alcance';
import { autorDeAlcance, cambiosEntre, registrarEnTodas } from '../actividad/actividad.domain';

/** Roles 1–3 carry the product's permissions (DESIGN.md §4): renamable, never removed or renumbered. */
const esBasico = (id: number) => ROLES_SEED.some((r) => r.id === id);

/** Every column a role is read with. */
const columnasRol = { idRol: rol.idRol, nombreRol: rol.nombreRol, descripcion: rol.descripcion };

export type TFilaRol = { idRol: number; nombreRol: string; descripcion: string };
export type DatosRol = TFilaRol;

/** A page of the catalogue by id; `q` is part of the name or the description, or the id. Every admin reads it. */
export async function listarRoles(options: { db: Db; query: TPageQuery }): Promise<TPage<TFilaRol>> {
  const { db, query } = options;
  const id = idOf(query.q);
  const p = likePattern(query.q);
  const where = query.q ? or(ilike(rol.nombreRol, p), ilike(rol.descripcion, p), id != null ? eq(rol.idRol, id) : undefined) : undefined;
  const { limit, offset } = pageOf(query);
  const [items, [total]] = await Promise.all([
    db.select(columnasRol).from(rol).where(where).orderBy(asc(rol.idRol)).limit(limit).offset(offset),
    db.select({ n: countAll }).from(rol).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

export async function obtenerRol(options: { db: Db; id: number }): Promise<TFilaRol> {
  const [row] = await options.db.select(columnasRol).from(rol).where(eq(rol.idRol, options.id)).limit(1);
  if (!row) throw notFound();
  return row;
}

/** A user's role must exist (the back-office's user form): a 400 on its field otherwise. */
export async function exigirRol(tx: Db | Tx, idRol: number, campo = 'idRol'): Promise<void> {
  const [r] = await tx.select({ id: rol.idRol }).from(rol).where(eq(rol.idRol, idRol)).limit(1);
  if (!r) throw fieldError(campo, M.crud.rolNoExiste);
}

/** The operator adds a role under the id it typed; a taken id answers 409. */
export async function crearRol(options: { db: Db; alcance: Alcance; datos: DatosRol }): Promise<void> {
  const { db, alcance, datos } = options;
  requireOperator(alcance, M.crud.soloOperadorCatalogo);
  await db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: rol.idRol }).from(rol).where(eq(rol.idRol, datos.idRol)).limit(1);
    if (taken) throw fieldConflict('idRol', M.crud.idDuplicado);
    await tx.insert(rol).values({ idRol: datos.idRol, nombreRol: datos.nombreRol, descripcion: datos.descripcion });
    await registrarRol(tx, alcance, 'alta', datos.idRol, datos.nombreRol, null, datos);
  });
}

const CAMPOS_ROL = ['idRol', 'nombreRol', 'descripcion'] as const;
/** A global catalogue's change is in every store's log, with each field before and after (issue #51 point 8). */
const registrarRol = (tx: Tx, alcance: Alcance, accion: 'alta' | 'cambio' | 'eliminacion', id: number, nombre: string, antes: DatosRol | null, despues: DatosRol | null) =>
  registrarEnTodas(tx, autorDeAlcance(alcance), { tipo: 'administracion', detalle: { entidad: 'rol', accion, id, nombre, cambios: cambiosEntre(antes, despues, CAMPOS_ROL) } });

/** The id may change only for a role that is not basic and that no user holds (users point to it). */
export async function actualizarRol(options: { db: Db; alcance: Alcance; id: number; datos: DatosRol }): Promise<void> {
  const { db, alcance, id, datos } = options;
  requireOperator(alcance, M.crud.soloOperadorCatalogo);
  await db.transaction(async (tx) => {
    const [current] = await tx.select({ id: rol.idRol, idRol: rol.idRol, nombreRol: rol.nombreRol, descripcion: rol.descripcion }).from(rol).where(eq(rol.idRol, id)).for('update').limit(1);
    if (!current) throw notFound();
    if (datos.idRol !== id) {
      if (esBasico(id)) throw new AppError('BUSINESS_RULE', M.crud.rolBasico, { fields: { idRol: M.crud.rolBasico } });
      const [taken] = await tx.select({ id: rol.idRol }).from(rol).where(eq(rol.idRol, datos.idRol)).limit(1);
      if (taken) throw fieldConflict('idRol', M.crud.idDuplicado);
      const [enUso] = await tx.select({ id: usuario.idUsuario }).from(usuario).where(eq(usuario.rolId, id)).limit(1);
      if (enUso) throw fieldConflict('idRol', M.crud.rolIdEnUso);
    }
    await tx.update(rol).set({ idRol: datos.idRol, nombreRol: datos.nombreRol, descripcion: datos.descripcion }).where(eq(rol.idRol, id));
    await registrarRol(tx, alcance, 'cambio', datos.idRol, datos.nombreRol, current, datos);
  });
}

/** A basic role (1–3) and a role some user holds stay. */
export async function eliminarRol(options: { db: Db; alcance: Alcance; id: number }): Promise<void> {
  const { db, alcance, id } = options;
  requireOperator(alcance, M.crud.soloOperadorCatalogo);
  await db.transaction(async (tx) => {
    const [current] = await tx.select({ id: rol.idRol, idRol: rol.idRol, nombreRol: rol.nombreRol, descripcion: rol.descripcion }).from(rol).where(eq(rol.idRol, id)).for('update').limit(1);
    if (!current) throw notFound();
    if (esBasico(id)) throw new AppError('BUSINESS_RULE', M.crud.rolBasico);
    const [enUso] = await tx.select({ n: countAll }).from(usuario).where(eq(usuario.rolId, id));
    if ((enUso?.n ?? 0) > 0) throw new AppError('CONFLICT', M.crud.rolEnUso);
    await tx.delete(rol).where(eq(rol.idRol, id));
    await registrarRol(tx, alcance, 'eliminacion', id, current.nombreRol, current, null);
  });
}
