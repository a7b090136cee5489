import { and, desc, eq, ilike, or } from 'drizzle-orm';
import { M } from '#shared/messages';
import type { TPage, TPageQuery } from '#shared/schemas/common';
import type { TInventarioRow, ZCreateInventarioRequest, ZUpdateInventarioRequest } from '#shared/schemas/crud';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { inventario } from '../../db/schema';
import {
  countAll,
  fieldConflict,
  idOf,
  inScope,
  likePattern,
  notFound,
  pageOf,
  syncIdentity,
  tiendaDestino,
  type Alcance,
} from '../tienda/alcance';

/**
 * The inventory records of the spec (§4: a count, a date and a free-text review state per store),
 * written here, not by the back-office adapter (issue #27 point 4). A record moves no stock: a count
 * that changes a product's stock goes through the product's stock adjustment and its ledger.
 */
type Create = z.output<typeof ZCreateInventarioRequest>;
type Update = z.output<typeof ZUpdateInventarioRequest>;

const columns = {
  idInventario: inventario.idInventario,
  cantidadInventario: inventario.cantidadInventario,
  fechaModificacion: inventario.fechaModificacion,
  estadoRevision: inventario.estadoRevision,
  idTienda: inventario.tiendaId,
};

export async function listarInventarios(options: { db: Db; scope: Alcance; query: TPageQuery }): Promise<TPage<TInventarioRow>> {
  const { db, scope, query } = options;
  const id = idOf(query.q);
  const where = and(
    inScope(scope, inventario.tiendaId),
    query.q ? or(ilike(inventario.estadoRevision, likePattern(query.q)), id != null ? eq(inventario.idInventario, id) : undefined) : undefined,
  );
  const { limit, offset } = pageOf(query);
  const [items, [total]] = await Promise.all([
    db.select(columns).from(inventario).where(where).orderBy(desc(inventario.idInventario)).limit(limit).offset(offset),
    db.select({ n: countAll }).from(inventario).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

export async function obtenerInventario(options: { db: Db; scope: Alcance; id: number }): Promise<TInventarioRow> {
  const { db, scope, id } = options;
  const [row] = await db
    .select(columns)
    .from(inventario)
    .where(and(eq(inventario.idInventario, id), inScope(scope, inventario.tiendaId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** estado_revision is free text (spec §4); a typed id must be above 1 and free (409 otherwise). */
export async function crearInventario(options: { db: Db; scope: Alcance; input: Create }): Promise<number> {
  const { db, scope, input } = options;
  const id = await db.transaction(async (tx) => {
    const tiendaId = await tiendaDestino(tx, scope, input.idTienda);
    if (input.idInventario != null) {
      const [taken] = await tx.select({ id: inventario.idInventario }).from(inventario).where(eq(inventario.idInventario, input.idInventario)).limit(1);
      if (taken) throw fieldConflict('idInventario', M.crud.idDuplicado);
    }
    const [row] = await tx
      .insert(inventario)
      .values({
        ...(input.idInventario != null ? { idInventario: input.idInventario } : {}),
        tiendaId,
        cantidadInventario: input.cantidadInventario,
        fechaModificacion: input.fechaModificacion,
        estadoRevision: input.estadoRevision,
      })
      .returning({ id: inventario.idInventario });
    if (input.idInventario != null) await syncIdentity(tx, 'inventario', 'id_inventario');
    return row!.id;
  });
  return id;
}

export async function actualizarInventario(options: { db: Db; scope: Alcance; id: number; input: Update }): Promise<void> {
  const { db, scope, id, input } = options;
  const updated = await db
    .update(inventario)
    .set({ cantidadInventario: input.cantidadInventario, fechaModificacion: input.fechaModificacion, estadoRevision: input.estadoRevision })
    .where(and(eq(inventario.idInventario, id), inScope(scope, inventario.tiendaId)))
    .returning({ id: inventario.idInventario });
  if (updated.length === 0) throw notFound();
}

/** Products and movements that pointed to it keep their data and lose the link. */
export async function eliminarInventario(options: { db: Db; scope: Alcance; id: number }): Promise<void> {
  const { db, scope, id } = options;
  const deleted = await db
    .delete(inventario)
    .where(and(eq(inventario.idInventario, id), inScope(scope, inventario.tiendaId)))
    .returning({ id: inventario.idInventario });
  if (deleted.length === 0) throw notFound();
}
