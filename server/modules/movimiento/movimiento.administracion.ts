import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import type { TPage, TPageQuery } from '#shared/schemas/common';
import type { TMovimientoRow, ZCreateMovimientoRequest } from '#shared/schemas/crud';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { inventario, movimiento } from '../../db/schema';
import {
  countAll,
  fieldConflict,
  fieldError,
  idOf,
  inScope,
  instanteBogota,
  likePattern,
  notFound,
  pageOf,
  partesBogota,
  syncIdentity,
  type Alcance,
} from '../tienda/alcance';

/**
 * The stock ledger as the back-office sees it (issue #27 point 4): its rows, a free-text record typed
 * by hand (spec §4: it moves no stock, so Σ movements stays true), and the refusal to edit or delete
 * any row — the ledger is append-only on every face. The back-office and the old controller adapt.
 */
type Create = z.output<typeof ZCreateMovimientoRequest>;

const columns = {
  idMovimiento: movimiento.idMovimiento,
  cantidadDespues: movimiento.cantidadDespues,
  fechaMovimiento: movimiento.fechaMovimiento,
  fechaModificacion: movimiento.fechaModificacion,
  estadoDespues: movimiento.estadoDespues,
  inventarioId: movimiento.inventarioId,
  productoId: movimiento.productoId,
  // The product's unit of measure: the list reads "5,296 kg" (issue #52 point 3); null without a product.
  unidad: sql<string | null>`(select p.unidad_dian from producto p where p.id_producto = ${movimiento.productoId})`,
  motivo: movimiento.motivo,
  idTienda: movimiento.tiendaId,
};

type DbRow = Omit<TMovimientoRow, 'fechaMovimiento' | 'fechaModificacion'> & { fechaMovimiento: Date; fechaModificacion: Date };
const toRow = (r: DbRow): TMovimientoRow => ({
  ...r,
  fechaMovimiento: r.fechaMovimiento.toISOString(),
  fechaModificacion: r.fechaModificacion.toISOString(),
});

export async function listarMovimientos(options: { db: Db; scope: Alcance; query: TPageQuery }): Promise<TPage<TMovimientoRow>> {
  const { db, scope, query } = options;
  const id = idOf(query.q);
  const p = likePattern(query.q);
  const where = and(
    inScope(scope, movimiento.tiendaId),
    query.q
      ? or(
          ilike(movimiento.estadoDespues, p),
          ilike(movimiento.motivo, p),
          id != null ? or(eq(movimiento.idMovimiento, id), eq(movimiento.inventarioId, id)) : undefined,
        )
      : undefined,
  );
  const { limit, offset } = pageOf(query);
  const [items, [total]] = await Promise.all([
    db.select(columns).from(movimiento).where(where).orderBy(desc(movimiento.idMovimiento)).limit(limit).offset(offset),
    db.select({ n: countAll }).from(movimiento).where(where),
  ]);
  return { items: items.map(toRow), total: total?.n ?? 0 };
}

export async function obtenerMovimiento(options: { db: Db; scope: Alcance; id: number }): Promise<TMovimientoRow> {
  const { db, scope, id } = options;
  const [row] = await db
    .select(columns)
    .from(movimiento)
    .where(and(eq(movimiento.idMovimiento, id), inScope(scope, movimiento.tiendaId)))
    .limit(1);
  if (!row) throw notFound();
  return toRow(row);
}

/** The inventory must be visible to the caller; its store is the movement's store. */
async function tiendaDelInventario(tx: Tx, scope: Alcance, inventarioId: number): Promise<number> {
  const [i] = await tx
    .select({ tiendaId: inventario.tiendaId })
    .from(inventario)
    .where(and(eq(inventario.idInventario, inventarioId), inScope(scope, inventario.tiendaId)))
    .limit(1);
  if (!i) throw fieldError('inventarioId', M.crud.inventarioNoExiste);
  return i.tiendaId;
}

/** A typed date keeps the recorded instant when it names the same day; otherwise noon of that day. */
const instante = (fecha: string, previo?: Date) => (previo && partesBogota(previo).fecha === fecha ? previo : instanteBogota(fecha));

/** Movements typed in the back-office are free-text records (spec §4): stock is not touched. */
export async function registrarMovimientoManual(options: { db: Db; scope: Alcance; input: Create }): Promise<number> {
  const { db, scope, input } = options;
  const id = await db.transaction(async (tx) => {
    const tiendaId = await tiendaDelInventario(tx, scope, input.inventarioId);
    if (input.idMovimiento != null) {
      const [taken] = await tx.select({ id: movimiento.idMovimiento }).from(movimiento).where(eq(movimiento.idMovimiento, input.idMovimiento)).limit(1);
      if (taken) throw fieldConflict('idMovimiento', M.crud.idDuplicado);
    }
    const [row] = await tx
      .insert(movimiento)
      .values({
        ...(input.idMovimiento != null ? { idMovimiento: input.idMovimiento } : {}),
        tiendaId,
        inventarioId: input.inventarioId,
        cantidadDespues: input.cantidadDespues,
        estadoDespues: input.estadoDespues,
        motivo: M.movimientos.motivos.registroAdministracion,
        fechaMovimiento: instante(input.fechaMovimiento),
        fechaModificacion: instante(input.fechaModificacion),
      })
      .returning({ id: movimiento.idMovimiento });
    if (input.idMovimiento != null) await syncIdentity(tx, 'movimiento', 'id_movimiento');
    return row!.id;
  });
  return id;
}

/**
 * The stock ledger is append-only (issue #27): a movement is never edited or deleted, on any face.
 * Another store's row is still not found; the caller's own is refused with the way to correct it.
 */
export async function movimientoSoloLectura(db: Db, scope: Alcance, id: number): Promise<never> {
  const [row] = await db
    .select({ id: movimiento.idMovimiento })
    .from(movimiento)
    .where(and(eq(movimiento.idMovimiento, id), inScope(scope, movimiento.tiendaId)))
    .limit(1);
  if (!row) throw notFound();
  throw new AppError('CONFLICT', M.movimientos.soloLectura, { title: M.movimientos.soloLecturaTitulo });
}
