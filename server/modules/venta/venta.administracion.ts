/**
 * The sale as the back-office and the old controller's admin calls see it (issue #27 point 4): their
 * lists and rows, the sale opened empty, its header edited, an empty sale deleted. The adapters
 * (crud.ventas.service.ts, crud.factura.service.ts, legacy/) only rename fields; every read and write
 * of the sale's tables is here, next to the rules it must keep:
 * - a sale is opened in its seller's open shift (`abrirVenta`), its lines come through venta-lineas.ts;
 * - its state moves as at the till (`cambiarEstadoEn`: stock, lines, credit);
 * - no face makes or unmakes a fiado sale, and a fiado sale keeps its customer (`verificarEdicionDeVenta`);
 * - once its shift is closed, its payment method is what the close counted: it no longer changes;
 * - each change of its header is in the activity log, with who and through which face.
 */
import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import type { TCampoVentaEditado } from '#shared/schemas/actividad';
import type { TPage, TPageQuery } from '#shared/schemas/common';
import type { TCabeceraVenta, TFacturaRow, TVentaRow } from '#shared/schemas/crud';
import type { Db, Tx } from '../../db/client';
import { cliente, factura, metodoPago, producto, tienda, turno, usuario, venta } from '../../db/schema';
import { registrarPor, type Autor } from '../actividad/actividad.domain';
import { countAll, fieldError, idOf, inScope, instanteBogota, likePattern, notFound, pageOf, type Alcance } from '../tienda/alcance';
import { abrirVenta } from './venta-lineas';
import { crearUnaVez } from './venta.checkout';
import { cambiarEstadoEn, metodoFueraDeCaja, verificarEdicionDeVenta } from './venta.estado';
import { emitirDocumentoVenta, emitirNotaAnulacion } from '../dian/emision';
import { clientesDeLaTienda, propioPrimero } from '../tienda/clientes.alcance';

// ── Reads ──────────────────────────────────────────────────────────────────────────────────

const cajero = alias(usuario, 'cajero');

const columnasVenta = {
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

const ventas = (db: Db | Tx) =>
  db
    .select(columnasVenta)
    .from(venta)
    .innerJoin(tienda, eq(tienda.idTienda, venta.tiendaId))
    .leftJoin(cliente, eq(cliente.idCliente, venta.clienteId))
    .leftJoin(cajero, eq(cajero.idUsuario, venta.usuarioId));

type FilaVenta = Omit<TVentaRow, 'fecha'> & { fecha: Date };
const aVenta = (r: FilaVenta): TVentaRow => ({ ...r, fecha: r.fecha.toISOString() });

/** The sales in reach, newest first; the search names a state, a customer, or a sale's id or number. */
export async function listarVentas(options: { db: Db; scope: Alcance; query: TPageQuery }): Promise<TPage<TVentaRow>> {
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
    ventas(db).where(where).orderBy(desc(venta.idVenta)).limit(limit).offset(offset),
    db.select({ n: countAll }).from(venta).leftJoin(cliente, eq(cliente.idCliente, venta.clienteId)).where(where),
  ]);
  return { items: items.map(aVenta), total: total?.n ?? 0 };
}

export async function obtenerVenta(options: { db: Db; scope: Alcance; id: number }): Promise<TVentaRow> {
  const { db, scope, id } = options;
  const [row] = await ventas(db)
    .where(and(eq(venta.idVenta, id), inScope(scope, venta.tiendaId)))
    .limit(1);
  if (!row) throw notFound();
  return aVenta(row);
}

const columnasLinea = {
  idFactura: factura.idFactura,
  ventaId: factura.ventaId,
  // The number the receipt printed (issue #52): the one a person reads; ventaId stays the key.
  ventaNumero: venta.numero,
  productoId: factura.productoId,
  productoNombre: producto.nombre,
  cantidad: factura.cantidad,
  // The unit the line was sold in (migration 0048): "0,375 kg", "$ 12.000/kg".
  unidad: factura.unidadDian,
  precio: factura.precio,
  estado: factura.estado,
  idTienda: factura.tiendaId,
};

const lineas = (db: Db | Tx) =>
  db.select(columnasLinea).from(factura).innerJoin(producto, eq(producto.idProducto, factura.productoId)).innerJoin(venta, eq(venta.idVenta, factura.ventaId));

/** Invoice lines in reach, newest first: by sale id or number, product id or line id, or by state or product name (spec §5). */
export async function listarLineas(options: { db: Db; scope: Alcance; query: TPageQuery }): Promise<TPage<TFacturaRow>> {
  const { db, scope, query } = options;
  const id = idOf(query.q);
  const p = likePattern(query.q);
  const search = !query.q
    ? undefined
    : id != null
      ? or(eq(factura.ventaId, id), eq(venta.numero, id), eq(factura.productoId, id), eq(factura.idFactura, id))
      : or(ilike(factura.estado, p), ilike(producto.nombre, p));
  const where = and(inScope(scope, factura.tiendaId), search);
  const { limit, offset } = pageOf(query);
  const [items, [total]] = await Promise.all([
    lineas(db).where(where).orderBy(desc(factura.idFactura)).limit(limit).offset(offset),
    db.select({ n: countAll }).from(factura).innerJoin(producto, eq(producto.idProducto, factura.productoId)).innerJoin(venta, eq(venta.idVenta, factura.ventaId)).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

export async function obtenerLinea(options: { db: Db; scope: Alcance; id: number }): Promise<TFacturaRow> {
  const { db, scope, id } = options;
  const [row] = await lineas(db)
    .where(and(eq(factura.idFactura, id), inScope(scope, factura.tiendaId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** The ids of a sale's invoice lines (optionally of one product) in reach, in order. */
export async function idsDeLineas(options: { db: Db; scope: Alcance; ventaId: number; productoId?: number }): Promise<number[]> {
  const { db, scope, ventaId, productoId } = options;
  const rows = await db
    .select({ id: factura.idFactura })
    .from(factura)
    .where(and(eq(factura.ventaId, ventaId), productoId != null ? eq(factura.productoId, productoId) : undefined, inScope(scope, factura.tiendaId)))
    .orderBy(factura.idFactura);
  return rows.map((r) => r.id);
}

// ── Writes ─────────────────────────────────────────────────────────────────────────────────

/**
 * A sale's header as a form names it (the field list's, CAMPOS_DE_LA_VENTA): method, customer and
 * cashier by document, day and time, state. A customer or cashier not sent (undefined) is left as it is.
 */
export type CabeceraVenta = TCabeceraVenta;

/**
 * Payment method, customer and cashier named by the form, resolved inside the sale's store; a
 * customer or cashier the form did not send stays undefined (kept), empty or null is none.
 */
async function referencias(tx: Tx, tiendaId: number, datos: CabeceraVenta) {
  const [m] = await tx.select({ id: metodoPago.idMetPago }).from(metodoPago).where(eq(metodoPago.idMetPago, datos.metodoPagoId)).limit(1);
  if (!m) throw fieldError('metodoPagoId', M.crud.metodoNoExiste);
  let clienteId: number | null | undefined = datos.clienteDocumento === undefined ? undefined : null;
  if (datos.clienteDocumento) {
    const [c] = await tx
      .select({ id: cliente.idCliente })
      .from(cliente)
      .where(and(clientesDeLaTienda(tiendaId), eq(cliente.documento, datos.clienteDocumento)))
      .orderBy(propioPrimero(tiendaId))
      .limit(1);
    if (!c) throw fieldError('clienteDocumento', M.crud.clienteNoExiste);
    clienteId = c.id;
  }
  let usuarioId: number | null | undefined = datos.usuarioDocumento === undefined ? undefined : null;
  if (datos.usuarioDocumento) {
    const [u] = await tx
      .select({ id: usuario.idUsuario })
      .from(usuario)
      .where(and(eq(usuario.tiendaId, tiendaId), eq(usuario.documento, datos.usuarioDocumento)))
      .limit(1);
    if (!u) throw fieldError('usuarioDocumento', M.crud.usuarioNoExiste);
    usuarioId = u.id;
  }
  return { metodoPagoId: m.id, clienteId, usuarioId, fecha: instanteBogota(datos.fecha, datos.hora), estado: datos.estado };
}

/** An empty sale of the store, opened as the till opens one (shift required), once per key (ADR 011). */
export async function crearVentaVacia(options: { db: Db; tiendaId: number; datos: CabeceraVenta; clave?: string }): Promise<number> {
  const { db, tiendaId, datos, clave } = options;
  return crearUnaVez({
    db,
    tiendaId,
    clave,
    crear: () =>
      db.transaction(async (tx) => {
        metodoFueraDeCaja(datos.metodoPagoId);
        const { clienteId, usuarioId, ...refs } = await referencias(tx, tiendaId, datos);
        return abrirVenta(tx, { tiendaId, ...refs, clienteId: clienteId ?? null, usuarioId: usuarioId ?? null, clave });
      }),
  });
}

/**
 * A sale's header edited whole (the back-office form). Its state moves by the sale's owner; its
 * method no longer changes once the close of its shift counted it; every field that changed is in the
 * activity log.
 */
export async function editarVenta(options: { db: Db; scope: Alcance; id: number; datos: CabeceraVenta; autor: Autor }): Promise<void> {
  const { db, scope, id, datos, autor } = options;
  const cambio = await db.transaction(async (tx) => {
    const [actual] = await tx
      .select({
        tiendaId: venta.tiendaId,
        numero: venta.numero,
        fecha: venta.fecha,
        metodoPagoId: venta.metodoPagoId,
        clienteId: venta.clienteId,
        usuarioId: venta.usuarioId,
        montoFiado: venta.montoFiado,
        turnoCerrado: sql<boolean>`${turno.cerradoEn} is not null`,
      })
      .from(venta)
      .leftJoin(turno, eq(turno.idTurno, venta.turnoId))
      .where(and(eq(venta.idVenta, id), inScope(scope, venta.tiendaId)))
      .limit(1);
    if (!actual) throw notFound();
    const { estado, ...enviadas } = await referencias(tx, actual.tiendaId, datos);
    // What the form did not send keeps the sale's.
    const refs = {
      ...enviadas,
      clienteId: enviadas.clienteId === undefined ? actual.clienteId : enviadas.clienteId,
      usuarioId: enviadas.usuarioId === undefined ? actual.usuarioId : enviadas.usuarioId,
    };
    verificarEdicionDeVenta(actual, refs);
    if (actual.turnoCerrado && refs.metodoPagoId !== actual.metodoPagoId)
      throw new AppError('BUSINESS_RULE', M.ventas.metodoDeTurnoCerrado, { fields: { metodoPagoId: M.ventas.metodoDeTurnoCerrado } });
    await cambiarEstadoEn(tx, { tiendaId: actual.tiendaId, ventaId: id, estado, actor: autor });
    // The same minute as recorded keeps the recorded instant (seconds included).
    const mismoMinuto = Math.floor(actual.fecha.getTime() / 60_000) === Math.floor(refs.fecha.getTime() / 60_000);
    const fecha = mismoMinuto ? actual.fecha : refs.fecha;
    await tx
      .update(venta)
      .set({ ...refs, fecha })
      .where(eq(venta.idVenta, id));
    const campos: TCampoVentaEditado[] = [];
    if (refs.metodoPagoId !== actual.metodoPagoId) campos.push('metodo');
    if (refs.clienteId !== actual.clienteId) campos.push('cliente');
    if (refs.usuarioId !== actual.usuarioId) campos.push('vendedor');
    if (fecha.getTime() !== actual.fecha.getTime()) campos.push('fecha');
    if (campos.length) await registrarPor(tx, actual.tiendaId, autor, { tipo: 'venta_editada', detalle: { ventaId: id, numero: actual.numero, campos } });
    return { tiendaId: actual.tiendaId, estado };
  });
  // The electronic POS document (issue #31) once committed: a completed sale's, or an annulled one's note.
  if (cambio.estado === 'Completada') await emitirDocumentoVenta(db, cambio.tiendaId, id);
  else if (cambio.estado === 'Anulada') await emitirNotaAnulacion(db, cambio.tiendaId, id);
}

/**
 * An empty sale that was never completed deleted (issue #51 point 2), and the deletion in the
 * activity log. A completed or annulled sale, or one with lines, is never deleted: it is undone by
 * annulling it or by a return, so its number and what it sold stay in the record (the database
 * refuses it too, migration 0050).
 */
export async function eliminarVentaVacia(options: { db: Db; scope: Alcance; id: number; autor: Autor }): Promise<void> {
  const { db, scope, id, autor } = options;
  await db.transaction(async (tx) => {
    const [actual] = await tx
      .select({ tiendaId: venta.tiendaId, numero: venta.numero, estado: venta.estado })
      .from(venta)
      .where(and(eq(venta.idVenta, id), inScope(scope, venta.tiendaId)))
      .for('update')
      .limit(1);
    if (!actual) throw notFound();
    if (actual.estado !== 'Pendiente') throw new AppError('CONFLICT', M.ventas.ventaNoSeElimina);
    const [linea] = await tx.select({ id: factura.idFactura }).from(factura).where(eq(factura.ventaId, id)).limit(1);
    if (linea) throw new AppError('CONFLICT', M.ventas.ventaConProductosNoSeElimina);
    await tx.delete(venta).where(eq(venta.idVenta, id));
    await registrarPor(tx, actual.tiendaId, autor, { tipo: 'eliminacion', detalle: { entidad: 'venta', id, nombre: `#${actual.numero}` } });
  });
}
