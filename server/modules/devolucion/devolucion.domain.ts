import { and, asc, eq, sql } from 'drizzle-orm';
import { aMilesimas, brutoLinea, deMilesimas, formatCantidad, porUnidad } from '#shared/cantidad';
import { pagadoPorMetodo, repartirReembolso, valorDevueltoCantidad, type PorMetodo } from '#shared/devolucion';
import { AppError } from '#shared/errors';
import { desglosarImporte, desglosarVenta, totalesPorTarifa, type TImpuesto } from '#shared/impuestos';
import { M } from '#shared/messages';
import { formatPesos } from '#shared/money';
import { METODO } from '#shared/roles';
import type { TDestino, TDevolucion, TDevolucionesDeVenta } from '#shared/schemas/devolucion';
import type { TAutorizacionPin } from '#shared/schemas/venta';
import type { z } from 'zod';
import type { ZDevolucionRequest } from '#shared/schemas/devolucion';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { cliente, devolucion, devolucionLinea, factura, metodoPago, producto, tienda, usuario, venta } from '../../db/schema';
import { columnasDesglose, unidadDeLinea } from '../venta-registro/unidad-linea';
import { emitirNotaDevolucion } from '../dian/emision';
import { registrarPor, type Autor } from '../actividad/actividad.domain';
import { abonarDevolucion, saldoDe } from '../fiado/fiado.domain';
import { revertirPuntos } from '../puntos/puntos.domain';
import { ajustarStockLote } from '../movimiento/ledger';
import { prepararDeshacer } from '../venta/venta.estado';
import { conRechazos, denegado, puede } from '../tienda/permisos';
import { verificarAutorizacion } from '../tienda/autorizacion';
import { clientesDeLaTienda } from '../tienda/clientes.alcance';
import { leerCabeceraVenta } from '../venta-registro/venta.cabecera';
import { efectivoDelCajon, leerDevolucion, type DevolucionLeida, type LineaVendida as LineaLeida } from './devolucion.lectura';
import { arregloBigint, arregloInt, arregloNumeric, arregloText } from '../../db/arreglos';

/**
 * Returns (devoluciones, issue #32 point 1) have one owner: this module. A return brings back units
 * of some lines of a completed sale, each to stock through the ledger or written off (merma), and
 * refunds their share of what the sale paid (shared/devolucion.ts) by a payment method — cash out of
 * the returning person's drawer — or to the customer's fiado. It is a numbered document of its own;
 * the sale is never edited.
 *
 * Issue #51 point 3 (ADR 039): who may give money back is the `devolver` permission (role 1 always,
 * role 3 by default, role 2 not), else a supervisor's PIN (autorizacion.ts, as a discount); role 2 with
 * the permission keeps the annulment's floor (its own sales of the day). The money goes back the way
 * it came (`repartirReembolso`): the credit part of the sale to the customer's account, the rest by the
 * method the sale was paid with (cash from the drawer, a transfer or card with its reference), never
 * more by a method than it paid across every return of the sale.
 */

const D = M.devoluciones;
type Request = z.output<typeof ZDevolucionRequest>;

/** An exchange's new sale: a second join of venta. */
const ventaCambio = alias(venta, 'venta_cambio');

/** A sale's line as `devolucionesDeVenta` lists it: the write's read (`leerDevolucion`) without the product's own name. */
type LineaVendida = Omit<LineaLeida, 'nombre'>;

/** The sale's lines with what each paid after every discount, and the units already returned. */
async function lineasDeVenta(db: Db | Tx, tiendaId: number, ventaId: number, descuentoVenta: number): Promise<LineaVendida[]> {
  const filas = await db
    .select({
      facturaId: factura.idFactura,
      productoId: factura.productoId,
      producto: producto.nombre,
      unidad: unidadDeLinea,
      ...columnasDesglose,
      presentacion: factura.presentacion,
      factor: factura.factor,
      devueltas: sql<number>`coalesce((select sum(dl.cantidad) from devolucion_linea dl where dl.factura_id = ${factura.idFactura}), 0)`.mapWith(Number),
    })
    .from(factura)
    .innerJoin(producto, eq(producto.idProducto, factura.productoId))
    .where(and(eq(factura.ventaId, ventaId), eq(factura.tiendaId, tiendaId)))
    .orderBy(asc(factura.idFactura));
  const desglose = desglosarVenta(
    filas.map((f) => ({ importe: brutoLinea(f) - f.descuento, cantidad: f.cantidad, impuesto: f.impuesto as TImpuesto | null, valorBolsa: f.valorBolsa })),
    descuentoVenta,
  );
  return filas.map((f, i) => ({
    facturaId: f.facturaId,
    productoId: f.productoId,
    producto: f.factor > 1 && f.presentacion ? `${f.producto} (${f.presentacion})` : f.producto,
    unidad: f.unidad,
    vendidas: f.cantidad,
    devueltas: Number(f.devueltas),
    pagado: desglose[i]!.pagado,
    impuesto: f.impuesto as TImpuesto | null,
    valorBolsa: f.valorBolsa,
    factor: f.factor,
  }));
}

async function ventaDeTienda(db: Db | Tx, tiendaId: number, ventaId: number) {
  const [v] = await db
    .select({ id: venta.idVenta, estado: venta.estado, clienteId: venta.clienteId, descuento: venta.descuento, metodoPagoId: venta.metodoPagoId, total: venta.total, montoFiado: venta.montoFiado })
    .from(venta)
    .where(and(eq(venta.idVenta, ventaId), eq(venta.tiendaId, tiendaId)))
    .limit(1);
  if (!v) throw new AppError('NOT_FOUND', M.ventas.ventaNoEncontrada);
  return v;
}

/** What a sale's returns gave back, by method: the part credited to fiado, and the rest by the return's method. */
async function devueltoPorMetodo(db: Db | Tx, tiendaId: number, ventaId: number): Promise<PorMetodo> {
  const filas = await db
    .select({ metodo: devolucion.metodoPagoId, fiado: sql<number>`sum(${devolucion.montoFiado})`.mapWith(Number), otro: sql<number>`sum(${devolucion.total} - ${devolucion.montoFiado})`.mapWith(Number) })
    .from(devolucion)
    .where(and(eq(devolucion.ventaId, ventaId), eq(devolucion.tiendaId, tiendaId)))
    .groupBy(devolucion.metodoPagoId);
  const out: PorMetodo = {};
  for (const f of filas) {
    if (f.fiado > 0) out[METODO.FIADO] = (out[METODO.FIADO] ?? 0) + f.fiado;
    if (f.otro > 0) out[f.metodo] = (out[f.metodo] ?? 0) + f.otro;
  }
  return out;
}

const nombresMetodos = async (db: Db | Tx) => new Map((await db.select({ id: metodoPago.idMetPago, nombre: metodoPago.nombre }).from(metodoPago)).map((m) => [m.id, m.nombre]));

/**
 * Who may give money back (issue #51 point 3): a role with `devolver` (null: no PIN was needed), else
 * the supervisor whose PIN the request carries (`verificarAutorizacion`, its counts and locks); with
 * neither, the 403 a screen answers with the PIN dialog.
 */
export async function autorizarDevolucion(db: Db, tiendaId: number, ventaId: number, autor: Autor, autorizacion: TAutorizacionPin | undefined): Promise<{ id: number; nombre: string } | null> {
  if (await puede(db, tiendaId, autor, 'devolver')) return null;
  if (!autorizacion || autor.usuarioId == null) throw denegado(tiendaId, autor, 'devolver', { entidad: 'venta', id: ventaId });
  return verificarAutorizacion({ db, tiendaId, cajeroId: autor.usuarioId, autorizacion, incorrecto: D.pinIncorrecto, bloqueado: D.pinBloqueado });
}

/** What may still come back of each line of a sale, and the returns already made. */
export async function devolucionesDeVenta(options: { db: Db; tiendaId: number; ventaId: number }): Promise<TDevolucionesDeVenta> {
  const { db, tiendaId, ventaId } = options;
  const v = await ventaDeTienda(db, tiendaId, ventaId);
  const lineas = await lineasDeVenta(db, tiendaId, ventaId, v.descuento);
  let clienteVenta: TDevolucionesDeVenta['cliente'] = null;
  if (v.clienteId != null) {
    const [c] = await db
      .select({ idCliente: cliente.idCliente, nombre: sql<string>`trim(${cliente.nombre} || ' ' || ${cliente.apellido})` })
      .from(cliente)
      .where(and(eq(cliente.idCliente, v.clienteId), clientesDeLaTienda(tiendaId)));
    if (c) clienteVenta = { ...c, saldo: await saldoDe(db, tiendaId, c.idCliente) };
  }
  const ids = await db
    .select({ id: devolucion.idDevolucion })
    .from(devolucion)
    .where(and(eq(devolucion.ventaId, ventaId), eq(devolucion.tiendaId, tiendaId)))
    .orderBy(asc(devolucion.numero));
  return {
    ventaId,
    estado: v.estado,
    cliente: clienteVenta,
    lineas: lineas.map(({ impuesto: _i, valorBolsa: _b, ...l }) => l),
    devoluciones: await Promise.all(ids.map((d) => obtenerDevolucion({ db, tiendaId, id: d.id }))),
    pagos: await pagosDe(db, tiendaId, v),
  };
}

/** What the sale was paid with by method, and what its returns gave back by each, in the refund's order. */
async function pagosDe(db: Db | Tx, tiendaId: number, v: { id: number; metodoPagoId: number; total: number; montoFiado: number }): Promise<TDevolucionesDeVenta['pagos']> {
  const pagado = pagadoPorMetodo(v);
  const devuelto = await devueltoPorMetodo(db, tiendaId, v.id);
  const nombres = await nombresMetodos(db);
  // The order `repartirReembolso` follows: a zero refund answers every method of the sale in that order.
  const orden = repartirReembolso(pagado, {}, Number.MAX_SAFE_INTEGER).partes.map((p) => p.metodoPagoId);
  return orden.map((m) => ({ metodoPagoId: m, metodo: nombres.get(m) ?? `Método ${m}`, pagado: pagado[m] ?? 0, devuelto: devuelto[m] ?? 0 }));
}

/** One return as its document shows it. */
export async function obtenerDevolucion(options: { db: Db | Tx; tiendaId: number; id: number }): Promise<TDevolucion> {
  const { db, tiendaId, id } = options;
  const [d] = await db
    .select({
      idDevolucion: devolucion.idDevolucion,
      numero: devolucion.numero,
      ventaId: devolucion.ventaId,
      fecha: devolucion.fecha,
      usuarioNombre: usuario.nombre1,
      usuarioApellido: usuario.apellido1,
      metodoPagoId: devolucion.metodoPagoId,
      metodo: metodoPago.nombre,
      total: devolucion.total,
      montoFiado: devolucion.montoFiado,
      referencia: devolucion.referencia,
      motivo: devolucion.motivo,
      ventaCambioId: ventaCambio.idVenta,
      ventaCambioNumero: ventaCambio.numero,
    })
    .from(devolucion)
    .innerJoin(metodoPago, eq(metodoPago.idMetPago, devolucion.metodoPagoId))
    .leftJoin(usuario, eq(usuario.idUsuario, devolucion.usuarioId))
    .leftJoin(ventaCambio, eq(ventaCambio.idVenta, devolucion.ventaCambioId))
    .where(and(eq(devolucion.idDevolucion, id), eq(devolucion.tiendaId, tiendaId)));
  // The sale's header (its number, store and customer) from the sale's one read.
  const v = d && (await leerCabeceraVenta(db, { tiendaId, ventaId: d.ventaId, extra: { tiendaDireccion: tienda.direccion, tiendaTelefono: tienda.telefono } }));
  if (!d || !v) throw new AppError('NOT_FOUND', D.noEncontrada);
  const lineas = await db
    .select({
      productoId: devolucionLinea.productoId,
      producto: producto.nombre,
      unidad: unidadDeLinea,
      cantidad: devolucionLinea.cantidad,
      valor: devolucionLinea.valor,
      destino: devolucionLinea.destino,
      impuesto: factura.impuesto,
      valorBolsa: factura.valorBolsa,
    })
    .from(devolucionLinea)
    .innerJoin(producto, eq(producto.idProducto, devolucionLinea.productoId))
    .innerJoin(factura, eq(factura.idFactura, devolucionLinea.facturaId))
    .where(eq(devolucionLinea.devolucionId, id))
    .orderBy(asc(devolucionLinea.idDevolucionLinea));
  const fiado = d.montoFiado > 0 ? ((await nombresMetodos(db)).get(METODO.FIADO) ?? 'Fiado') : 'Fiado';
  return documentoDevolucion({ ...d, ventaNumero: v.numero }, v, lineas, fiado);
}

/** What a return's document is made of: read back (`obtenerDevolucion`), or known as it is written (`abrirDevolucion`). */
interface DatosDocumento {
  d: {
    idDevolucion: number;
    numero: number;
    ventaId: number;
    ventaNumero: number;
    fecha: Date;
    usuarioNombre: string | null;
    usuarioApellido: string | null;
    metodoPagoId: number;
    metodo: string;
    total: number;
    montoFiado: number;
    referencia: string | null;
    motivo: string;
    ventaCambioId: number | null;
    ventaCambioNumero: number | null;
  };
  v: { tienda: string; tiendaDireccion: string | null; tiendaTelefono: string | null; clienteNombre: string | null; clienteApellido: string | null; clienteDocumento: string | null; clienteTelefono: string | null };
  lineas: { productoId: number; producto: string; unidad: string; cantidad: number; valor: number; destino: string; impuesto: unknown; valorBolsa: number | null }[];
}

/** A return's document: the one shape the POST and the GET answer; `fiado` is the Fiado method's name. */
function documentoDevolucion(d: DatosDocumento['d'], v: DatosDocumento['v'], lineas: DatosDocumento['lineas'], fiado: string): TDevolucion {
  const clienteNombre = v.clienteNombre != null && v.clienteApellido != null ? `${v.clienteNombre} ${v.clienteApellido}`.trim() : null;
  const tarifas = totalesPorTarifa(
    lineas.map((l) => {
      const { base, impuesto } = desglosarImporte(l.valor, l.impuesto as TImpuesto | null, l.cantidad, l.valorBolsa);
      return { impuesto: l.impuesto as TImpuesto | null, base, valor: impuesto };
    }),
  );
  return {
    idDevolucion: d.idDevolucion,
    numero: d.numero,
    ventaId: d.ventaId,
    ventaNumero: d.ventaNumero,
    fecha: d.fecha.toISOString(),
    // Who took it back; the store's own account names the store.
    usuario: d.usuarioNombre != null && d.usuarioApellido != null ? `${d.usuarioNombre} ${d.usuarioApellido}`.trim() : v.tienda,
    metodoPagoId: d.metodoPagoId,
    metodo: d.metodo,
    total: d.total,
    reembolso: [
      ...(d.montoFiado > 0 ? [{ metodoPagoId: METODO.FIADO, metodo: fiado, monto: d.montoFiado }] : []),
      ...(d.total - d.montoFiado > 0 || d.total === 0 ? [{ metodoPagoId: d.metodoPagoId, metodo: d.metodo, monto: d.total - d.montoFiado }] : []),
    ],
    referencia: d.referencia,
    motivo: d.motivo,
    lineas: lineas.map((l) => ({ productoId: l.productoId, producto: l.producto, cantidad: l.cantidad, unidad: l.unidad, valor: l.valor, destino: l.destino as TDestino })),
    tarifas,
    tienda: { nombre: v.tienda, direccion: v.tiendaDireccion, telefono: v.tiendaTelefono },
    cliente: clienteNombre && v.clienteDocumento ? { nombre: clienteNombre, documento: v.clienteDocumento, telefono: v.clienteTelefono } : null,
    ventaCambio: d.ventaCambioId != null && d.ventaCambioNumero != null ? { id: d.ventaCambioId, numero: d.ventaCambioNumero } : null,
  };
}

/**
 * Records a return in one transaction: the sale's products and then the sale are locked (the order an
 * annulment takes), so two returns racing for the last unit see each other's lines and the second is
 * refused; the units go back to stock through the ledger, the refund leaves the drawer or lowers the
 * fiado balance, and the activity log says who did it and through which face.
 */
export async function registrarDevolucion(options: { db: Db; tiendaId: number; ventaId: number; autor: Autor; body: Request }): Promise<TDevolucion> {
  const { db, tiendaId, ventaId, autor, body } = options;
  // A refused permission is recorded as an attempt once the transaction is undone (issue #27).
  const hecha = await conRechazos(db, async () => {
    // The permission, or a supervisor's PIN checked outside the transaction (its tries always count).
    const autorizadoPor = await autorizarDevolucion(db, tiendaId, ventaId, autor, body.autorizacion);
    return db.transaction(async (tx) => {
      // The permission was asked just now (autorizarDevolucion): not read again in the transaction.
      const p = await prepararDevolucion(tx, { tiendaId, ventaId, autor, lineas: body.lineas, clave: body.clave, autorizadoPor, permisoVisto: true });
      if ('repetida' in p) return { id: p.repetida, documento: null, nota: false };
      const d = await abrirDevolucion(tx, p, { metodoPagoId: body.metodoPagoId, referencia: body.referencia, motivo: body.motivo, clave: body.clave });
      await d.cerrar();
      return { id: d.id, documento: d.documento(), nota: p.leida.electronica };
    });
  });
  // An electronic sale's return is corrected by its nota de ajuste, concept 1 (issue #31 point 7),
  // once: a retried return (its key already recorded) issues nothing, nor does the return of a sale
  // without an electronic document (it has nothing to correct). Never fails the return.
  if (hecha.nota) await emitirNotaDevolucion(db, tiendaId, hecha.id);
  // The document as written (the same shape obtenerDevolucion reads back); a retry reads the one recorded.
  return hecha.documento ?? obtenerDevolucion({ db, tiendaId, id: hecha.id });
}

/** Two quantities added exactly, in thousandths (0,1 + 0,2 is 0,3). */
const sumar = (a: number, b: number) => deMilesimas(aMilesimas(a)! + aMilesimas(b)!);

/** A return checked and valued under its locks, not yet written (`escribirDevolucion`). */
export interface DevolucionPreparada {
  tiendaId: number;
  ventaId: number;
  autor: Autor;
  venta: { numero: number; clienteId: number | null };
  /** What the sale was paid with by method, and what earlier returns gave back by each (ADR 039). */
  pagado: PorMetodo;
  devuelto: PorMetodo;
  /** The supervisor whose PIN authorised a role without `devolver`; null when none was needed. */
  autorizadoPor: { id: number; nombre: string } | null;
  /** `cantidad` is of the sold line (packs for a pack's line); `factor` units of the product each. */
  lineas: { facturaId: number; cantidad: number; destino: TDestino; productoId: number; valor: number; factor: number }[];
  /** Pesos the returned units give back. */
  total: number;
  /** Everything the return read under its locks (devolucion.lectura.ts). */
  leida: DevolucionLeida;
}

/**
 * The first half of a return, inside the caller's transaction: who may (the annulment's rule), the
 * sale's products and the sale locked, a key already recorded (`repetida`), the sale completed, and
 * each line within what is left of it, valued by `valorDevuelto`. The exchange (cambio.domain.ts)
 * writes its new sale between this and `escribirDevolucion`.
 */
export async function prepararDevolucion(
  tx: Tx,
  options: {
    tiendaId: number;
    ventaId: number;
    autor: Autor;
    lineas: Request['lineas'];
    clave?: string;
    autorizadoPor: { id: number; nombre: string } | null;
    /** `autorizarDevolucion` answered the permission before the transaction: not read again. */
    permisoVisto?: boolean;
    /** An exchange's new products, locked with the sale's in one id order. */
    otrosProductos?: readonly number[];
  },
): Promise<DevolucionPreparada | { repetida: number }> {
  const { tiendaId, ventaId, autor, clave, autorizadoPor } = options;
  // Who may: `devolver` with the annulment's floor, or a supervisor's PIN; then the sale's products locked (venta.estado.ts).
  await prepararDeshacer(tx, tiendaId, ventaId, autor, { permiso: 'devolver', conPin: autorizadoPor != null, permisoVisto: options.permisoVisto, otrosProductos: options.otrosProductos });
  // Every fact of the return in one statement, the sale locked (devolucion.lectura.ts): read after the
  // products' locks, so a return racing for the same units has committed and is counted.
  const leida = await leerDevolucion(tx, { tiendaId, ventaId, usuarioId: autor.usuarioId, clave });
  if (!leida) throw new AppError('NOT_FOUND', M.ventas.ventaNoEncontrada);
  const v = leida.venta;
  // The same return sent twice (a retry after a lost answer) answers the one recorded; read under
  // the sale's lock, so two copies racing find each other.
  if (leida.repetida) {
    if (leida.repetida.ventaId === ventaId) return { repetida: leida.repetida.id };
    throw new AppError('CONFLICT', D.claveDeOtraVenta);
  }
  if (v.estado !== 'Completada') throw new AppError('BUSINESS_RULE', D.ventaNoCompletada);

  const vendidas = new Map(leida.lineas.map((l) => [l.facturaId, l]));
  const lineas = options.lineas.map((pedida) => {
    const l = vendidas.get(pedida.facturaId);
    if (!l) throw new AppError('VALIDATION', D.lineaAjena);
    // A fraction only of a product sold by measure; what is left compared exactly, in thousandths.
    // A pack's line goes back in whole packs, a roll of 50 m too (issue #58 point 2): its quantity is packs.
    const enPacks = l.factor > 1;
    if ((porUnidad(l.unidad) || enPacks) && !Number.isInteger(pedida.cantidad)) throw new AppError('VALIDATION', D.cantidadEntera(l.producto));
    const quedan = aMilesimas(l.vendidas)! - aMilesimas(l.devueltas)!;
    if (aMilesimas(pedida.cantidad)! > quedan)
      throw new AppError('BUSINESS_RULE', D.masDeLoVendido(l.producto, porUnidad(l.unidad) || enPacks || quedan === 0 ? deMilesimas(quedan) : formatCantidad(deMilesimas(quedan), l.unidad)));
    return { ...pedida, productoId: l.productoId, factor: l.factor, valor: valorDevueltoCantidad(l.pagado, l.vendidas, l.devueltas, pedida.cantidad) };
  });
  return {
    tiendaId,
    ventaId,
    autor,
    venta: { numero: v.numero, clienteId: v.clienteId },
    pagado: pagadoPorMetodo(v),
    devuelto: leida.devuelto,
    autorizadoPor,
    lineas,
    total: lineas.reduce((s, l) => s + l.valor, 0),
    leida,
  };
}

/**
 * The second half of a return: the refund's method and drawer, the document and its number, the
 * units back on the shelf, the fiado credit and the activity log.
 */
export async function escribirDevolucion(tx: Tx, p: DevolucionPreparada, options: { metodoPagoId?: number; referencia?: string; motivo: string; clave?: string }): Promise<number> {
  const d = await abrirDevolucion(tx, p, options);
  await d.cerrar();
  return d.id;
}

/**
 * A return written in two steps, for an exchange (cambio.domain.ts): `abrirDevolucion` writes the
 * document, puts the units back on the shelf and credits fiado — so the exchange's new sale, written
 * next in the same transaction, can take those very units and sees the credit in the customer's
 * balance —; `cerrar` then checks the drawer with the new sale's payment already in it, links that sale
 * and writes the activity log. A refusal at either step undoes the whole transaction.
 */
export async function abrirDevolucion(
  tx: Tx,
  p: DevolucionPreparada,
  /** An exchange's one method (`enCambio`, cambio.domain.ts checks its difference); a plain return's method follows the sale. */
  options: { metodoPagoId?: number; referencia?: string; motivo: string; clave?: string; enCambio?: boolean },
): Promise<{ id: number; numero: number; cerrar: (ventaCambio?: { id: number; numero: number }) => Promise<void>; documento: () => TDevolucion }> {
  const { tiendaId, ventaId, autor, lineas, total } = p;
  const { motivo } = options;
  const v = p.venta;
  const nombres = p.leida.metodos;
  const { metodoPagoId, montoFiado } = options.enCambio ? metodoDeCambio(options.metodoPagoId, total) : reembolsoDe(p, options.metodoPagoId, nombres);
  const metodo = nombres.has(metodoPagoId) ? { nombre: nombres.get(metodoPagoId)! } : null;
  if (!metodo) throw new AppError('VALIDATION', D.metodoInvalido, { fields: { metodoPagoId: D.metodoInvalido } });
  if (montoFiado > 0 && v.clienteId == null) throw new AppError('BUSINESS_RULE', D.fiadoSinCliente);
  // What goes back by the method itself (not to the customer's account).
  const otro = total - montoFiado;
  // A transfer or card refund names the transfer or voucher that gave the money back (a plain return).
  const referencia = options.referencia?.trim() || null;
  // Points (ADR 054) go back to the customer's points, with no reference.
  if (!options.enCambio && otro > 0 && metodoPagoId !== METODO.EFECTIVO && metodoPagoId !== METODO.FIADO && metodoPagoId !== METODO.PUNTOS && !referencia)
    throw new AppError('VALIDATION', D.referenciaRequerida(metodo.nombre), { fields: { referencia: D.referenciaRequerida(metodo.nombre) } });
  // The refund leaves the returning person's drawer (cash), or is recorded in its shift (other methods);
  // the shift and its cash were read with the sale (FOR SHARE, as a sale takes it).
  const caja = p.leida.caja;
  const enEfectivo = metodoPagoId === METODO.EFECTIVO && otro > 0;
  if (enEfectivo && !caja && p.leida.exigeCaja) throw new AppError('BUSINESS_RULE', D.efectivoSinCaja);

  // The document, numbered next in the store (the numbers' advisory lock was taken with the sale's read,
  // so this statement sees every earlier return; a rolled-back return gives its number back), and its lines.
  const turnoId = caja?.turnoId ?? null;
  const escrita = (await tx.execute(sql`
    with d as (
      insert into devolucion (tienda_id, numero, venta_id, usuario_id, metodo_pago_id, monto_fiado, referencia, turno_id, total, motivo, clave)
      select ${tiendaId}, coalesce(max(numero), 0) + 1, ${ventaId}, ${autor.usuarioId}::int, ${metodoPagoId}, ${montoFiado}, ${referencia}::text, ${turnoId}::int, ${total}, ${motivo}, ${options.clave ?? null}::uuid
      from devolucion where tienda_id = ${tiendaId}
      returning id_devolucion, numero, fecha),
    l as (
      insert into devolucion_linea (tienda_id, devolucion_id, factura_id, producto_id, cantidad, valor, destino)
      select ${tiendaId}, d.id_devolucion, x.factura_id, x.producto_id, x.cantidad, x.valor, x.destino
      from d, unnest(${arregloInt(lineas.map((l) => l.facturaId))}, ${arregloInt(lineas.map((l) => l.productoId))}, ${arregloNumeric(lineas.map((l) => l.cantidad))},
        ${arregloBigint(lineas.map((l) => l.valor))}, ${arregloText(lineas.map((l) => l.destino))}) with ordinality as x(factura_id, producto_id, cantidad, valor, destino, n)
      order by x.n)
    select id_devolucion as id, numero, fecha from d`)) as unknown as { rows: { id: number; numero: number; fecha: Date | string }[] };
  const d = { id: Number(escrita.rows[0]!.id) };
  const numero = Number(escrita.rows[0]!.numero);
  const fecha = new Date(escrita.rows[0]!.fecha);
  // Units back on the shelf go through the ledger; damaged ones (merma) stay out of stock.
  const alInventario = new Map<number, number>();
  // A pack's line gives back factor × cantidad units (ADR 033); a weighed line its exact decimal (factor 1).
  for (const l of lineas) if (l.destino === 'inventario') alInventario.set(l.productoId, sumar(alInventario.get(l.productoId) ?? 0, l.cantidad * l.factor));
  const movidos = await ajustarStockLote(tx, {
    tiendaId,
    cambios: [...alInventario].sort(([a], [b]) => a - b).map(([productoId, delta]) => ({ productoId, delta })),
    motivo: D.motivoMovimiento(numero, v.numero),
    ventaId,
  });
  if (!movidos) throw new AppError('BUSINESS_RULE', M.ventas.estadoVentaError);
  if (montoFiado > 0)
    await abonarDevolucion(tx, { tiendaId, clienteId: v.clienteId!, ventaId, monto: montoFiado, usuarioId: autor.usuarioId, turnoId, nota: D.notaCredito(numero), saldoAlFinal: options.enCambio });
  // The sale's points (ADR 054): its share of what it earned comes off, of what it spent goes back.
  const suma = (m: PorMetodo): number => (Object.values(m) as (number | undefined)[]).reduce<number>((a, x) => a + (x ?? 0), 0);
  await revertirPuntos(tx, { tiendaId, ventaId, ventaNumero: v.numero, total: suma(p.pagado), devuelto: suma(p.devuelto) + total, devolucionId: d.id, autor });

  const cerrar = async (ventaCambio?: { id: number; numero: number }) => {
    // An exchange's credit was written before its new sale: what the customer owes, after both.
    if (options.enCambio && montoFiado > 0) {
      const saldo = await saldoDe(tx, tiendaId, v.clienteId!);
      // The refusal names what the customer owed before this credit.
      if (saldo < 0) throw new AppError('BUSINESS_RULE', D.fiadoMayorQueSaldo(formatPesos(Math.max(0, saldo + montoFiado))));
    }
    // The drawer, with this refund out of it (and an exchange's new sale in it): never below zero. A
    // plain return's refund is the only change since the read; an exchange's new sale is read back.
    if (enEfectivo && caja) {
      const ahora = options.enCambio ? await efectivoDelCajon(tx, caja.turnoId) : caja.disponible - otro;
      if (ahora < 0) throw new AppError('BUSINESS_RULE', D.efectivoInsuficiente(formatPesos(Math.max(0, ahora + otro))));
    }
    if (ventaCambio) await tx.update(devolucion).set({ ventaCambioId: ventaCambio.id }).where(eq(devolucion.idDevolucion, d.id));
    await registrarPor(tx, tiendaId, autor, {
      tipo: 'devolucion',
      detalle: {
        devolucionId: d.id,
        numero,
        ventaId,
        ventaNumero: v.numero,
        unidades: lineas.reduce((s, l) => sumar(s, l.cantidad), 0),
        total,
        metodo: metodo.nombre,
        // How it went back (ADR 039), and the supervisor whose PIN authorised it.
        reembolso: [
          ...(montoFiado > 0 ? [{ metodo: nombres.get(METODO.FIADO) ?? 'Fiado', monto: montoFiado }] : []),
          ...(otro > 0 ? [{ metodo: metodo.nombre, monto: otro }] : []),
        ],
        ...(referencia ? { referencia } : {}),
        ...(p.autorizadoPor ? { autorizadoPor: p.autorizadoPor.nombre } : {}),
        motivo,
        ...(ventaCambio ? { ventaCambioId: ventaCambio.id, ventaCambioNumero: ventaCambio.numero } : {}),
      },
    });
  };
  let enlazada: { id: number; numero: number } | null = null;
  const cerrarYEnlazar = async (ventaCambio?: { id: number; numero: number }) => {
    await cerrar(ventaCambio);
    enlazada = ventaCambio ?? null;
  };
  // The document as written: what obtenerDevolucion would read back, from what the return read and wrote.
  const documento = () =>
    documentoDevolucion(
      {
        idDevolucion: d.id,
        numero,
        ventaId,
        ventaNumero: v.numero,
        fecha,
        usuarioNombre: p.leida.usuario?.nombre ?? null,
        usuarioApellido: p.leida.usuario?.apellido ?? null,
        metodoPagoId,
        metodo: metodo.nombre,
        total,
        montoFiado,
        referencia,
        motivo,
        ventaCambioId: enlazada?.id ?? null,
        ventaCambioNumero: enlazada?.numero ?? null,
      },
      p.leida.cabecera,
      lineas.map((l) => {
        const vendida = p.leida.lineas.find((x) => x.facturaId === l.facturaId)!;
        return { productoId: l.productoId, producto: vendida.nombre, unidad: vendida.unidad, cantidad: l.cantidad, valor: l.valor, destino: l.destino, impuesto: vendida.impuesto, valorBolsa: vendida.valorBolsa };
      }),
      nombres.get(METODO.FIADO) ?? 'Fiado',
    );
  return { id: d.id, numero, cerrar: cerrarYEnlazar, documento };
}

/** An exchange's return: wholly to the customer's account on fiado, else by the exchange's one method. */
function metodoDeCambio(metodoPagoId: number | undefined, total: number): { metodoPagoId: number; montoFiado: number } {
  if (metodoPagoId == null) throw new AppError('VALIDATION', D.metodoInvalido, { fields: { metodoPagoId: D.metodoInvalido } });
  return { metodoPagoId, montoFiado: metodoPagoId === METODO.FIADO ? total : 0 };
}

const listaMetodos = (ids: number[], nombres: Map<number, string>) => ids.map((m) => (m === METODO.FIADO ? 'fiado' : (nombres.get(m) ?? `Método ${m}`))).join(' y ');

/**
 * A plain return's refund, by the sale's payments (ADR 039): `repartirReembolso` says how much goes to
 * the customer's account and how much by the sale's other method. A method the screen sent that the
 * refund does not go back by (cash for a fiado sale) is refused, never silently replaced: the cashier
 * would be handing over money the record does not show. Fiado is always accepted for a sale with a
 * customer: all of it lowers what the customer owes, no money leaves (never below zero: fiado.domain.ts).
 */
function reembolsoDe(p: DevolucionPreparada, pedido: number | undefined, nombres: Map<number, string>): { metodoPagoId: number; montoFiado: number } {
  if (pedido === METODO.FIADO) {
    if (p.venta.clienteId == null) throw new AppError('BUSINESS_RULE', D.fiadoSinCliente);
    return { metodoPagoId: METODO.FIADO, montoFiado: p.total };
  }
  const { partes, resto } = repartirReembolso(p.pagado, p.devuelto, p.total);
  if (resto > 0) throw new AppError('BUSINESS_RULE', D.masQueLoPagado);
  const metodos = Object.keys(p.pagado).map(Number);
  // Which methods the refund may name: those it goes back by, or (a zero refund) the sale's own.
  const validos = partes.length ? partes.map((x) => x.metodoPagoId) : metodos;
  if (pedido != null && validos.length && !validos.includes(pedido)) {
    const soloFiado = validos.every((m) => m === METODO.FIADO);
    const mensaje = soloFiado ? D.fiadoNoEnEfectivo : D.metodoNoCorresponde(listaMetodos(validos, nombres));
    throw new AppError('BUSINESS_RULE', mensaje, { fields: { metodoPagoId: mensaje } });
  }
  const montoFiado = partes.find((x) => x.metodoPagoId === METODO.FIADO)?.monto ?? 0;
  const otro = partes.find((x) => x.metodoPagoId !== METODO.FIADO);
  // The return's method: the one its non-credit part went back by; Fiado when all of it was credited.
  const metodoPagoId = otro?.metodoPagoId ?? (montoFiado > 0 ? METODO.FIADO : (metodos.find((m) => m !== METODO.FIADO) ?? pedido ?? METODO.EFECTIVO));
  return { metodoPagoId, montoFiado };
}

/** The exchange's difference given back follows the sale's payments too: the method it must be moved by. */
export function exigirMetodoDiferencia(p: DevolucionPreparada, diferencia: number, metodoPagoId: number, nombres: Map<number, string>): void {
  // On fiado the difference lowers what the customer owes: no money leaves (never below zero).
  if (diferencia <= 0 || (metodoPagoId === METODO.FIADO && p.venta.clienteId != null)) return;
  const { partes } = repartirReembolso(p.pagado, p.devuelto, diferencia);
  if (!partes.length) return;
  // A credit part in it goes to the customer's account: the exchange must be on fiado; else by the sale's own method.
  const validos = partes.some((x) => x.metodoPagoId === METODO.FIADO) ? [METODO.FIADO] : partes.map((x) => x.metodoPagoId);
  if (!validos.includes(metodoPagoId)) {
    const mensaje = D.diferenciaCambio(listaMetodos(validos, nombres));
    throw new AppError('BUSINESS_RULE', mensaje, { fields: { metodoPagoId: mensaje } });
  }
}

export { nombresMetodos };
