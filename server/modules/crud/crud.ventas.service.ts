import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import type { TPage, TPageQuery } from '#shared/schemas/common';
import type { TCrudCreated, TCrudMessage, TVentaRow, ZCreateVentaRequest, ZUpdateVentaRequest } from '#shared/schemas/crud';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { cliente, factura, metodoPago, tienda, usuario, venta } from '../../db/schema';
import { abrirVenta } from '../venta/venta-lineas';
import { cambiarEstadoEn, crearUnaVez, metodoFueraDeCaja, verificarEdicionDeVenta } from '../venta/venta.service';
import { countAll, fieldError, idOf, inScope, instanteBogota, likePattern, notFound, pageOf, tiendaDestino, type CrudScope, type CrudService } from './crud.scope';

type Create = z.output<typeof ZCreateVentaRequest>;
type Update = z.output<typeof ZUpdateVentaRequest>;

const cajero = alias(usuario, 'cajero');

const columns = {
  idVenta: venta.idVenta,
  numero: venta.numero,
  fecha: venta.fecha,
  estado: venta.estado,
  clienteDocumento: cliente.documento,
  clienteNombre: sql<string | null>`case when ${cliente.idCliente} is null then null else ${cliente.nombre} || ' ' || ${cliente.apellido} end`,
  idTienda: venta.tiendaId,
  tiendaNombre: tienda.nombreTienda,
  metodoPagoId: venta.metodoPagoId,
  usuarioDocumento: cajero.documento,
  usuarioTiendaId: cajero.tiendaId,
  total: venta.total,
};

const base = (db: Db | Tx) =>
  db
    .select(columns)
    .from(venta)
    .innerJoin(tienda, eq(tienda.idTienda, venta.tiendaId))
    .leftJoin(cliente, eq(cliente.idCliente, venta.clienteId))
    .leftJoin(cajero, eq(cajero.idUsuario, venta.usuarioId));

type DbRow = Omit<TVentaRow, 'fecha'> & { fecha: Date };
const toRow = (r: DbRow): TVentaRow => ({ ...r, fecha: r.fecha.toISOString() });

export async function listVentas(options: { db: Db; scope: CrudScope; query: TPageQuery }): Promise<TPage<TVentaRow>> {
  const { db, scope, query } = options;
  const id = idOf(query.q);
  const p = likePattern(query.q);
  const where = and(
    inScope(scope, venta.tiendaId),
    query.q
      ? or(ilike(venta.estado, p), ilike(cliente.documento, p), ilike(cliente.nombre, p), id != null ? or(eq(venta.idVenta, id), eq(venta.numero, id)) : undefined)
      : undefined,
  );
  const { limit, offset } = pageOf(query);
  const [items, [total]] = await Promise.all([
    base(db).where(where).orderBy(desc(venta.idVenta)).limit(limit).offset(offset),
    db.select({ n: countAll }).from(venta).leftJoin(cliente, eq(cliente.idCliente, venta.clienteId)).where(where),
  ]);
  return { items: items.map(toRow), total: total?.n ?? 0 };
}

export async function getVenta(options: { db: Db; scope: CrudScope; id: number }): Promise<TVentaRow> {
  const { db, scope, id } = options;
  const [row] = await base(db)
    .where(and(eq(venta.idVenta, id), inScope(scope, venta.tiendaId)))
    .limit(1);
  if (!row) throw notFound();
  return toRow(row);
}

/** Payment method, client and cashier named by the form, resolved inside the sale's store. */
async function resolveRefs(tx: Tx, tiendaId: number, input: Update) {
  const [m] = await tx.select({ id: metodoPago.idMetPago }).from(metodoPago).where(eq(metodoPago.idMetPago, input.metodoPagoId)).limit(1);
  if (!m) throw fieldError('metodoPagoId', M.crud.metodoNoExiste);
  let clienteId: number | null = null;
  if (input.clienteDocumento) {
    const [c] = await tx
      .select({ id: cliente.idCliente })
      .from(cliente)
      .where(and(eq(cliente.tiendaId, tiendaId), eq(cliente.documento, input.clienteDocumento)))
      .limit(1);
    if (!c) throw fieldError('clienteDocumento', M.crud.clienteNoExiste);
    clienteId = c.id;
  }
  let usuarioId: number | null = null;
  if (input.usuarioDocumento) {
    const [u] = await tx
      .select({ id: usuario.idUsuario })
      .from(usuario)
      .where(and(eq(usuario.tiendaId, tiendaId), eq(usuario.documento, input.usuarioDocumento)))
      .limit(1);
    if (!u) throw fieldError('usuarioDocumento', M.crud.usuarioNoExiste);
    usuarioId = u.id;
  }
  return { metodoPagoId: m.id, clienteId, usuarioId, fecha: instanteBogota(input.fecha, input.hora), estado: input.estado };
}

export async function createVenta(options: { db: Db; scope: CrudScope; input: Create }): Promise<TCrudCreated> {
  const { db, scope, input } = options;
  const tiendaId = await tiendaDestino(db, scope, input.idTienda);
  const id = await crearUnaVez({
    db,
    tiendaId,
    clave: input.clave,
    crear: () =>
      db.transaction(async (tx) => {
        metodoFueraDeCaja(input.metodoPagoId);
        const refs = await resolveRefs(tx, tiendaId, input);
        // Opened by the sale's domain, in the seller's open shift as at the till (issue #27).
        return abrirVenta(tx, { tiendaId, ...refs, clave: input.clave });
      }),
  });
  return { id, message: M.crud.registrado.ventas };
}

export async function updateVenta(options: { db: Db; scope: CrudScope; id: number; input: Update }): Promise<TCrudMessage> {
  const { db, scope, id, input } = options;
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ tiendaId: venta.tiendaId, fecha: venta.fecha, metodoPagoId: venta.metodoPagoId, clienteId: venta.clienteId, montoFiado: venta.montoFiado })
      .from(venta)
      .where(and(eq(venta.idVenta, id), inScope(scope, venta.tiendaId)))
      .limit(1);
    if (!current) throw notFound();
    const { estado, ...refs } = await resolveRefs(tx, current.tiendaId, input);
    verificarEdicionDeVenta(current, refs);
    // The state moves as at the till (stock, lines, credit), by the sale's one owner (issue #14).
    await cambiarEstadoEn(tx, { tiendaId: current.tiendaId, ventaId: id, estado, actor: { usuarioId: scope.usuarioId ?? null, rol: scope.rol ?? ROL.ADMIN, cara: 'crud' } });
    // The same minute as recorded keeps the recorded instant (seconds included).
    const sameMinute = Math.floor(current.fecha.getTime() / 60_000) === Math.floor(refs.fecha.getTime() / 60_000);
    await tx
      .update(venta)
      .set({ ...refs, fecha: sameMinute ? current.fecha : refs.fecha })
      .where(eq(venta.idVenta, id));
  });
  return { message: M.crud.actualizado.ventas };
}

/** A sale with invoice lines keeps them: remove the lines first (409 otherwise). */
export async function deleteVenta(options: { db: Db; scope: CrudScope; id: number }): Promise<TCrudMessage> {
  const { db, scope, id } = options;
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: venta.idVenta })
      .from(venta)
      .where(and(eq(venta.idVenta, id), inScope(scope, venta.tiendaId)))
      .for('update')
      .limit(1);
    if (!current) throw notFound();
    const [linea] = await tx.select({ id: factura.idFactura }).from(factura).where(eq(factura.ventaId, id)).limit(1);
    if (linea) throw new AppError('CONFLICT', M.crud.ventaConFacturas);
    await tx.delete(venta).where(eq(venta.idVenta, id));
  });
  return { message: M.crud.eliminado.ventas };
}

export const ventasCrud: CrudService<TVentaRow, Create, Update> = {
  list: listVentas,
  get: getVenta,
  create: createVenta,
  update: updateVenta,
  remove: deleteVenta,
};
