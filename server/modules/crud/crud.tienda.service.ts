import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { M } from '#shared/messages';
import type { TPage, TPageQuery } from '#shared/schemas/common';
import type { TCrudCreated, TCrudMessage, TTiendaRow, ZCreateTiendaRequest, ZUpdateTiendaRequest } from '#shared/schemas/crud';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { factura, tienda } from '../../db/schema';
import { hashPassword } from '../../lib/password';
import { emailTaken, registrarTienda } from '../cuenta/cuenta.service';
import { countAll, fieldConflict, idOf, inScope, likePattern, notFound, pageOf, requireOperator, type Consulta, type CrudScope, type CrudService } from './crud.scope';

type Create = z.output<typeof ZCreateTiendaRequest>;
type Update = z.output<typeof ZUpdateTiendaRequest>;

const columns = {
  idTienda: tienda.idTienda,
  nombreTienda: tienda.nombreTienda,
  direccion: tienda.direccion,
  telefono: tienda.telefono,
  correo: tienda.correo,
  codigoInvitacion: tienda.codigoInvitacion,
};

export async function listTiendas(options: { db: Db; scope: CrudScope; query: TPageQuery }): Promise<TPage<TTiendaRow>> {
  const { db, scope, query } = options;
  const id = idOf(query.q);
  const p = likePattern(query.q);
  const where = and(
    inScope(scope, tienda.idTienda),
    query.q ? or(ilike(tienda.nombreTienda, p), ilike(tienda.correo, p), id != null ? eq(tienda.idTienda, id) : undefined) : undefined,
  );
  const { limit, offset } = pageOf(query);
  const [items, [total]] = await Promise.all([
    db.select(columns).from(tienda).where(where).orderBy(desc(tienda.idTienda)).limit(limit).offset(offset),
    db.select({ n: countAll }).from(tienda).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

export async function getTienda(options: { db: Db; scope: CrudScope; id: number }): Promise<TTiendaRow> {
  const { db, scope, id } = options;
  const [row] = await db.select(columns).from(tienda).where(and(eq(tienda.idTienda, id), inScope(scope, tienda.idTienda))).limit(1);
  if (!row) throw notFound();
  return row;
}

/** Only the operator opens stores from the back-office; stores otherwise sign themselves up. */
export async function createTienda(options: { db: Db; scope: CrudScope; input: Create }): Promise<TCrudCreated> {
  const { db, scope, input } = options;
  requireOperator(scope, M.crud.soloOperadorTiendas);
  const r = await registrarTienda({
    db,
    input: {
      nombreTienda: input.nombreTienda,
      telefono: input.telefono ?? undefined,
      direccion: input.direccion ?? undefined,
      email: input.correo,
      contrasena: input.contrasena,
    },
  });
  return { id: r.id_Tienda, message: M.crud.registrado.tienda };
}

export async function updateTienda(options: { db: Db; scope: CrudScope; id: number; input: Update; consulta?: Consulta }): Promise<TCrudMessage> {
  const { db, scope, id, input } = options;
  const hash = input.contrasena ? await hashPassword(input.contrasena) : null;
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ correo: tienda.correo })
      .from(tienda)
      .where(and(eq(tienda.idTienda, id), inScope(scope, tienda.idTienda)))
      .for('update')
      .limit(1);
    if (!current) throw notFound();
    // A changed email asks whether another account has it: counted per caller (issue #15).
    if (input.correo !== current.correo.toLowerCase()) {
      await options.consulta?.();
      if (await emailTaken(tx, input.correo)) throw fieldConflict('correo', M.registro.emailTaken);
    }
    await tx
      .update(tienda)
      .set({
        nombreTienda: input.nombreTienda,
        direccion: input.direccion,
        telefono: input.telefono,
        correo: input.correo,
        // A new password ends the sessions opened with the old one.
        ...(hash ? { contrasenaHash: hash, tokenVersion: sql`${tienda.tokenVersion} + 1` } : {}),
      })
      .where(eq(tienda.idTienda, id));
  });
  return { message: hash ? `${M.crud.actualizado.tienda}. ${M.crud.contrasenaCambiada}` : M.crud.actualizado.tienda };
}

/** Closing a store removes everything it owns (its invoice lines first: they hold on to products). */
export async function deleteTienda(options: { db: Db; scope: CrudScope; id: number }): Promise<TCrudMessage> {
  const { db, scope, id } = options;
  requireOperator(scope, M.crud.soloOperadorTiendas);
  await db.transaction(async (tx) => {
    const [t] = await tx.select({ id: tienda.idTienda }).from(tienda).where(eq(tienda.idTienda, id)).for('update').limit(1);
    if (!t) throw notFound();
    await tx.delete(factura).where(eq(factura.tiendaId, id));
    await tx.delete(tienda).where(eq(tienda.idTienda, id));
  });
  return { message: M.crud.eliminado.tienda };
}

export const tiendaCrud: CrudService<TTiendaRow, Create, Update> = {
  list: listTiendas,
  get: getTienda,
  create: createTienda,
  update: updateTienda,
  remove: deleteTienda,
};
