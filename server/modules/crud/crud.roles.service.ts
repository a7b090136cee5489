import { asc, eq, ilike, or } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { ROLES_SEED } from '#shared/roles';
import type { TPage, TPageQuery } from '#shared/schemas/common';
import type { TCrudCreated, TCrudMessage, TRolRow, ZCreateRolRequest, ZUpdateRolRequest } from '#shared/schemas/crud';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { rol, usuario } from '../../db/schema';
import { countAll, fieldConflict, idOf, likePattern, notFound, pageOf, requireOperator, type CrudScope, type CrudService } from './crud.scope';

type Create = z.output<typeof ZCreateRolRequest>;
type Update = z.output<typeof ZUpdateRolRequest>;

/** Roles 1–3 carry the product's permissions (DESIGN.md §4): renamable, never removed or renumbered. */
const esBasico = (id: number) => ROLES_SEED.some((r) => r.id === id);

const columns = { idRol: rol.idRol, nombreRol: rol.nombreRol, descripcion: rol.descripcion };

/** A global catalogue: every admin reads it. */
export async function listRoles(options: { db: Db; scope: CrudScope; query: TPageQuery }): Promise<TPage<TRolRow>> {
  const { db, query } = options;
  const id = idOf(query.q);
  const p = likePattern(query.q);
  const where = query.q ? or(ilike(rol.nombreRol, p), ilike(rol.descripcion, p), id != null ? eq(rol.idRol, id) : undefined) : undefined;
  const { limit, offset } = pageOf(query);
  const [items, [total]] = await Promise.all([
    db.select(columns).from(rol).where(where).orderBy(asc(rol.idRol)).limit(limit).offset(offset),
    db.select({ n: countAll }).from(rol).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

export async function getRol(options: { db: Db; scope: CrudScope; id: number }): Promise<TRolRow> {
  const [row] = await options.db.select(columns).from(rol).where(eq(rol.idRol, options.id)).limit(1);
  if (!row) throw notFound();
  return row;
}

export async function createRol(options: { db: Db; scope: CrudScope; input: Create }): Promise<TCrudCreated> {
  const { db, scope, input } = options;
  requireOperator(scope, M.crud.soloOperadorCatalogo);
  await db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: rol.idRol }).from(rol).where(eq(rol.idRol, input.idRol)).limit(1);
    if (taken) throw fieldConflict('idRol', M.crud.idDuplicado);
    await tx.insert(rol).values({ idRol: input.idRol, nombreRol: input.nombreRol, descripcion: input.descripcion });
  });
  return { id: input.idRol, message: M.crud.registrado.roles };
}

/** The id may change only for a role no user holds (users point to it). */
export async function updateRol(options: { db: Db; scope: CrudScope; id: number; input: Update }): Promise<TCrudMessage> {
  const { db, scope, id, input } = options;
  requireOperator(scope, M.crud.soloOperadorCatalogo);
  await db.transaction(async (tx) => {
    const [current] = await tx.select({ id: rol.idRol }).from(rol).where(eq(rol.idRol, id)).for('update').limit(1);
    if (!current) throw notFound();
    if (input.idRol !== id) {
      if (esBasico(id)) throw new AppError('BUSINESS_RULE', M.crud.rolBasico, { fields: { idRol: M.crud.rolBasico } });
      const [taken] = await tx.select({ id: rol.idRol }).from(rol).where(eq(rol.idRol, input.idRol)).limit(1);
      if (taken) throw fieldConflict('idRol', M.crud.idDuplicado);
      const [enUso] = await tx.select({ id: usuario.idUsuario }).from(usuario).where(eq(usuario.rolId, id)).limit(1);
      if (enUso) throw fieldConflict('idRol', M.crud.rolIdEnUso);
    }
    await tx.update(rol).set({ idRol: input.idRol, nombreRol: input.nombreRol, descripcion: input.descripcion }).where(eq(rol.idRol, id));
  });
  return { message: M.crud.actualizado.roles };
}

export async function deleteRol(options: { db: Db; scope: CrudScope; id: number }): Promise<TCrudMessage> {
  const { db, scope, id } = options;
  requireOperator(scope, M.crud.soloOperadorCatalogo);
  await db.transaction(async (tx) => {
    const [current] = await tx.select({ id: rol.idRol }).from(rol).where(eq(rol.idRol, id)).for('update').limit(1);
    if (!current) throw notFound();
    if (esBasico(id)) throw new AppError('BUSINESS_RULE', M.crud.rolBasico);
    const [enUso] = await tx.select({ n: countAll }).from(usuario).where(eq(usuario.rolId, id));
    if ((enUso?.n ?? 0) > 0) throw new AppError('CONFLICT', M.crud.rolEnUso);
    await tx.delete(rol).where(eq(rol.idRol, id));
  });
  return { message: M.crud.eliminado.roles };
}

export const rolesCrud: CrudService<TRolRow, Create, Update> = {
  list: listRoles,
  get: getRol,
  create: createRol,
  update: updateRol,
  remove: deleteRol,
};
