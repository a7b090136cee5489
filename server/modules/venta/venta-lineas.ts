/**
 * A sale's invoice lines, written by one owner (issue #27 point 4): the back-office's invoice form
 * (crud.factura.service.ts), the old controller's back-office calls (registroCrud, actualizar, eliminar)
 * and the old client's step-by-step sale (venta.por-pasos.ts) add, change and remove lines
 * only through these functions. Each moves the stock through the ledger (`ajustarStockLote`: the
 * change and its movimiento in one statement), recomputes the sale's total, and keeps credit right.
 *
 * The rule they keep: every line of a sale that is not annulled holds its quantity out of stock; an
 * annulled sale's lines hold nothing (annulling gave it back, `anularVenta`). So, for every product,
 * stock = initial + Σ movimientos, whatever face wrote the line.
 *
 * Locks are taken as a checkout and an annulment take them: the products (in id order), then the
 * sale's row; a customer's row is never needed, because a sale with credit does not change its lines
 * here (its charge was checked against the limit at the till; it is annulled, which reverses the
 * charge, and sold again).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { aMilesimas, cantidadValida, deMilesimas } from '#shared/cantidad';
import { M } from '#shared/messages';
import type { Db, Tx } from '../../db/client';
import { devolucion, factura, producto, venta } from '../../db/schema';
import { SUPERVISOR_TIENDA, type TAutorizacionPin } from '#shared/schemas/venta';
import { registrarPor, type Autor } from '../actividad/actividad.domain';
import { turnoDelVendedor } from '../caja/caja.domain';
import { ajustarStockLote } from '../movimiento/ledger';
import { conRechazos, denegado, puede } from '../tienda/permisos';
import { comprobarPin, conPin, type PinComprobado } from '../tienda/autorizacion';
import { formulaDeLinea } from './venta.formula';

const V = M.ventas;

/** Who reaches which sales: a store session its store's; the platform operator (`null`) every store's. */
export interface LineaScope {
  tiendaId: number | null;
}

/**
 * How a face names what it cannot find: the back-office answers under its form's fields, the old
 * client's step 2 with a 404. The rule is the same.
 */
export interface ErroresLinea {
  venta: () => AppError;
  producto: () => AppError;
  linea: () => AppError;
}

const ERRORES: ErroresLinea = {
  venta: () => new AppError('NOT_FOUND', V.ventaNoEncontrada),
  producto: () => new AppError('NOT_FOUND', V.productoNoEncontrado),
  linea: () => new AppError('NOT_FOUND', M.generic.notFound),
};

const enAlcance = (scope: LineaScope) => (scope.tiendaId == null ? undefined : eq(venta.tiendaId, scope.tiendaId));

/** A line's state follows its sale's: Pendiente, Pagado once the sale is completed, Anulada with it. */
const estadoDeLinea = (estadoVenta: string) => (estadoVenta === 'Completada' ? 'Pagado' : estadoVenta === 'Anulada' ? 'Anulada' : 'Pendiente');

/** The products' rows FOR UPDATE in id order, as a checkout locks them: concurrent writers queue. */
async function bloquearProductos(tx: Tx, tiendaId: number, ids: number[]) {
  const unicos = [...new Set(ids)].sort((a, b) => a - b);
  if (!unicos.length) return;
  await tx
    .select({ id: producto.idProducto })
    .from(producto)
    .where(and(eq(producto.tiendaId, tiendaId), inArray(producto.idProducto, unicos)))
    .orderBy(asc(producto.idProducto))
    .for('update');
}

/** The sale in the caller's reach, without lock (its store decides which products may be locked). */
async function ventaEnAlcance(tx: Db | Tx, scope: LineaScope, ventaId: number, errores: ErroresLinea) {
  const [v] = await tx.select({ tiendaId: venta.tiendaId }).from(venta).where(and(eq(venta.idVenta, ventaId), enAlcance(scope))).limit(1);
  if (!v) throw errores.venta();
  return v.tiendaId;
}

/**
 * A sale opened empty, for the faces that build it line by line (the back-office form, the old
 * client's step 1; issue #27 point 4): in the seller's open shift, refused as the till refuses when
 * the store requires one and the seller has none. Its lines then come through `agregarLinea`.
 */
export async function abrirVenta(
  tx: Tx,
  datos: { tiendaId: number; usuarioId: number | null; metodoPagoId: number; clienteId: number | null; clave?: string | null; fecha?: Date; estado?: string },
): Promise<number> {
  const turnoId = await turnoDelVendedor(tx, datos.tiendaId, datos.usuarioId);
  const [v] = await tx
    .insert(venta)
    .values({ estado: 'Pendiente', total: 0, ...datos, turnoId })
    .returning({ id: venta.idVenta });
  return v!.id;
}

/** The sale's row FOR UPDATE (after the products): its lines change one writer at a time. */
async function ventaBloqueada(tx: Tx, tiendaId: number, ventaId: number, errores: ErroresLinea, opciones: { soloPendiente?: boolean } = {}) {
  const [v] = await tx
    .select({ estado: venta.estado, montoFiado: venta.montoFiado, numero: venta.numero })
    .from(venta)
    .where(and(eq(venta.idVenta, ventaId), eq(venta.tiendaId, tiendaId)))
    .for('update');
  if (!v) throw errores.venta();
  if (opciones.soloPendiente && v.estado !== 'Pendiente') throw new AppError('BUSINESS_RULE', V.ventaNoPendienteLineas);
  if (v.estado === 'Anulada') throw new AppError('BUSINESS_RULE', V.lineasDeVentaAnulada);
  if (v.montoFiado > 0) throw new AppError('BUSINESS_RULE', V.lineasDeVentaFiada);
  await exigirSinDevoluciones(tx, tiendaId, ventaId);
  return v;
}

/**
 * A sale with a return (issue #32) is no longer changed as a whole: its lines stay as they were sold
 * and it is not annulled, or the units already back in stock (or refunded to fiado) would come back a
 * second time. What is left of it goes back through another return. Asked by every face's line edit
 * (above) and by the annulment (venta.estado.ts), after the sale's products are locked, so a return
 * racing with them is seen.
 */
export async function exigirSinDevoluciones(tx: Tx, tiendaId: number, ventaId: number): Promise<void> {
  const [d] = await tx
    .select({ id: devolucion.idDevolucion })
    .from(devolucion)
    .where(and(eq(devolucion.tiendaId, tiendaId), eq(devolucion.ventaId, ventaId)))
    .limit(1);
  if (d) throw new AppError('BUSINESS_RULE', V.ventaConDevoluciones);
}

/** The store's product (for its name and price); another store's answers the face's not-found. */
async function productoDe(tx: Tx, tiendaId: number, productoId: number, errores: ErroresLinea) {
  const [p] = await tx
    .select({ nombre: producto.nombre, precio: producto.precioUnit, estado: producto.estado, unidad: producto.unidadDian, costo: producto.costoPromedio })
    .from(producto)
    .where(and(eq(producto.idProducto, productoId), eq(producto.tiendaId, tiendaId)))
    .limit(1);
  if (!p) throw errores.producto();
  return p;
}

/** A line's quantity fits its product (ADR 030): whole for one sold by unit, up to three decimals otherwise. */
function comprobarCantidad(p: { nombre: string; unidad: string }, cantidad: number) {
  if (!cantidadValida(cantidad, p.unidad)) throw new AppError('VALIDATION', V.cantidadEnteraDe(p.nombre), { fields: { cantidad: V.cantidadEnteraDe(p.nombre) } });
}

/**
 * Moves stock for the given changes (negative: units leave), all or nothing, with the movimientos
 * naming the sale. Short stock names the products with the till's text.
 */
async function moverStock(tx: Tx, tiendaId: number, ventaId: number, cambios: Map<number, number>, motivo: string) {
  const lista = [...cambios].filter(([, d]) => d !== 0).sort(([a], [b]) => a - b).map(([productoId, delta]) => ({ productoId, delta }));
  if (!lista.length) return;
  const moved = await ajustarStockLote(tx, { tiendaId, cambios: lista, motivo, ventaId });
  if (moved) return;
  const cortos = await tx
    .select({ nombre: producto.nombre })
    .from(producto)
    .where(and(eq(producto.tiendaId, tiendaId), inArray(producto.idProducto, lista.filter((c) => c.delta < 0).map((c) => c.productoId))));
  throw new AppError('BUSINESS_RULE', V.sinStock(cortos.map((c) => c.nombre)), { title: V.sinStockTitle });
}

/** A sale's total is its lines less their discounts, less the sale's own discount: kept true on every line write. */
async function recalcularTotal(tx: Tx, ventaId: number): Promise<number> {
  const [t] = await tx
    .update(venta)
    .set({
      total: sql`greatest(0, coalesce((select sum(linea_bruto(${factura.precio}, ${factura.cantidad}, ${factura.importe}) - ${factura.descuento}) from ${factura} where ${factura.ventaId} = ${ventaId}), 0) - ${venta.descuento})`,
    })
    .where(eq(venta.idVenta, ventaId))
    .returning({ total: venta.total });
  return t?.total ?? 0;
}

/**
 * A line asked to be sold past the recorded stock (issue #36 point 7): who asks, and a supervisor's
 * PIN for whoever lacks the permission `venderSinStock`.
 */
export interface PedidoSinStock {
  autor: Autor;
  autorizacion?: TAutorizacionPin;
}

/**
 * Adds one line to a sale in the caller's reach: the product's units leave the stock through the
 * ledger, the line takes the sale's state, the total grows. `precio` absent: the product's own price
 * (the old client's step 2 never sends a trusted one). A product not on sale is refused.
 */
export async function agregarLinea(options: {
  db: Db;
  scope: LineaScope;
  ventaId: number;
  productoId: number;
  cantidad: number;
  precio?: number;
  /** The old client's step 2: only a Pendiente sale takes lines. */
  soloPendiente?: boolean;
  errores?: ErroresLinea;
  /** Sell past the recorded stock if the product is short (issue #36 point 7); absent: short stock is refused as always. */
  sinStock?: PedidoSinStock;
  /** The customer presented the prescription (a product sold bajo fórmula médica, migration 0074); logged for such a product. */
  formula?: boolean;
  /** Who adds the line, for the activity log of a product sold on prescription. */
  autor: Autor;
}): Promise<{ idFactura: number; precio: number; total: number }> {
  const { db } = options;
  const pedido = options.sinStock;
  if (!pedido) return escribirLinea(options, null);
  if (!pedido.autorizacion) return conRechazos(db, () => escribirLinea(options, null));
  // Asked past stock with a supervisor's PIN: as the till's checkout (ADR 076 addendum), the PIN is
  // checked once before the write (its tries taken, then the hash, outside any transaction), the line
  // is written once, and the PIN's verdict comes last in its transaction, only if the line was short
  // and the seller lacks the permission; otherwise its tries are given back.
  const tiendaId = await ventaEnAlcance(db, options.scope, options.ventaId, options.errores ?? ERRORES);
  const pin = await comprobarPin({ db, tiendaId, cajeroId: pedido.autor.usuarioId, autorizacion: pedido.autorizacion });
  return conRechazos(db, () => conPin(db, pin, (tx) => escribirLineaEn(tx, options, pin)));
}

function escribirLinea(options: Parameters<typeof agregarLinea>[0], pin: PinComprobado | null): Promise<{ idFactura: number; precio: number; total: number }> {
  return options.db.transaction((tx) => escribirLineaEn(tx, options, pin));
}

async function escribirLineaEn(
  tx: Tx,
  options: Parameters<typeof agregarLinea>[0],
  pin: PinComprobado | null,
): Promise<{ idFactura: number; precio: number; total: number }> {
  const { scope, ventaId, productoId, cantidad } = options;
  const errores = options.errores ?? ERRORES;
  const pedido = options.sinStock;
  const tiendaId = await ventaEnAlcance(tx, scope, ventaId, errores);
  const p = await productoDe(tx, tiendaId, productoId, errores);
  comprobarCantidad(p, cantidad);
  await bloquearProductos(tx, tiendaId, [productoId]);
  const v = await ventaBloqueada(tx, tiendaId, ventaId, errores, { soloPendiente: options.soloPendiente });
  if (p.estado !== 1) throw new AppError('BUSINESS_RULE', V.productosNoDisponibles([p.nombre]));
  await formulaDeLinea(tx, { tiendaId, autor: options.autor, venta: { id: ventaId, numero: v.numero }, productoId, formula: options.formula });
  const precio = options.precio ?? p.precio;
  const [{ stock } = { stock: 0 }] = await tx.select({ stock: producto.stock }).from(producto).where(eq(producto.idProducto, productoId));
  // Whether the PIN decides this line: only past stock, for a seller without the permission.
  let juzgar = false;
  if (pedido && stock < cantidad) {
    if (!(await puede(tx, tiendaId, pedido.autor, 'venderSinStock'))) {
      if (!pin) throw denegado(tiendaId, pedido.autor, 'venderSinStock', { entidad: 'producto', id: productoId, nombre: p.nombre });
      juzgar = true;
    }
    // Written with the supervisor a right PIN names; a wrong one undoes all of it below.
    const autorizado = juzgar ? pin!.supervisor : null;
    const moved = await ajustarStockLote(tx, { tiendaId, cambios: [{ productoId, delta: -cantidad }], motivo: V.motivoLineaAgregada(v.numero), ventaId, ventaSinStock: true });
    const m = moved?.get(productoId);
    if (!m) throw new AppError('BUSINESS_RULE', V.sinStock([p.nombre]), { title: V.sinStockTitle });
    await registrarPor(tx, tiendaId, pedido.autor, {
      tipo: 'sin_stock',
      detalle: {
        ventaId,
        ventaNumero: v.numero,
        productoId,
        producto: p.nombre,
        cantidad,
        stockAntes: m.stockAntes,
        stockDespues: m.stockDespues,
        autorizadoPorId: juzgar ? (autorizado && autorizado.id !== SUPERVISOR_TIENDA ? autorizado.id : null) : pedido.autor.usuarioId,
        autorizadoPor: autorizado?.nombre ?? null,
      },
    });
  } else await moverStock(tx, tiendaId, ventaId, new Map([[productoId, -cantidad]]), V.motivoLineaAgregada(v.numero));
  const [f] = await tx
    .insert(factura)
    // The cost the product has now, kept with the line as the till keeps it (issue #52): a cost received later does not reprice this sale's margin.
    .values({ tiendaId, ventaId, productoId, cantidad, precio, estado: estadoDeLinea(v.estado), costoUnit: p.costo })
    .returning({ id: factura.idFactura });
  const hecho = { idFactura: f!.id, precio, total: await recalcularTotal(tx, ventaId) };
  // The PIN's verdict, last: a wrong PIN undoes the line (and counts after the rollback); a PIN that
  // decided nothing gives its tries back with the line.
  if (pin) await (juzgar ? pin.juzgar(tx) : pin.noJuzgar(tx));
  return hecho;
}

/** The units a line took from stock: factor × its quantity (a pack's line is in packs, ADR 033). */
const unidades = (cantidad: number, factor: number) => deMilesimas(aMilesimas(cantidad)! * factor);

/** One invoice line in the caller's reach, or the line's refusal (another store's line is not found). */
async function lineaEnAlcance(tx: Tx, scope: LineaScope, idFactura: number, errores: ErroresLinea) {
  const [actual] = await tx
    .select({ ventaId: factura.ventaId, productoId: factura.productoId, cantidad: factura.cantidad, factor: factura.factor, tiendaId: factura.tiendaId, precio: factura.precio })
    .from(factura)
    .where(and(eq(factura.idFactura, idFactura), scope.tiendaId == null ? undefined : eq(factura.tiendaId, scope.tiendaId)))
    .limit(1);
  if (!actual) throw errores.linea();
  return actual;
}

/**
 * Changes one line in the caller's reach (its product, quantity, price, or the sale it belongs to):
 * the old quantity comes back to its product and the new one leaves, through the ledger, in one
 * all-or-nothing batch; both sales' totals follow.
 */
export async function cambiarLinea(options: {
  db: Db;
  scope: LineaScope;
  idFactura: number;
  cambios: { ventaId: number; productoId: number; cantidad: number; precio: number };
  errores?: ErroresLinea;
}): Promise<void> {
  const { db, scope, idFactura, cambios } = options;
  const errores = options.errores ?? ERRORES;
  await db.transaction(async (tx) => {
    const actual = await lineaEnAlcance(tx, scope, idFactura, errores);
    const tiendaId = await ventaEnAlcance(tx, scope, cambios.ventaId, errores);
    // A line stays in its store: another store's sale is not found from here.
    if (tiendaId !== actual.tiendaId) throw errores.venta();
    const nuevo = await productoDe(tx, tiendaId, cambios.productoId, errores);
    comprobarCantidad(nuevo, cambios.cantidad);
    await bloquearProductos(tx, tiendaId, [actual.productoId, cambios.productoId]);
    const ventas = [...new Set([actual.ventaId, cambios.ventaId])].sort((a, b) => a - b);
    const estados = new Map<number, string>();
    const numeros = new Map<number, number>();
    for (const id of ventas) {
      const v = await ventaBloqueada(tx, tiendaId, id, errores);
      estados.set(id, v.estado);
      numeros.set(id, v.numero);
    }
    // A line moved to another sale leaves its own: never a completed sale's (issue #51 point 2).
    if (cambios.ventaId !== actual.ventaId && estados.get(actual.ventaId) !== 'Pendiente') throw new AppError('BUSINESS_RULE', V.lineaDeVentaCompletada);
    // Units move, not packs (ADR 033): a pack's line stays a pack of its product; moved to another
    // product, it becomes a plain line of that product.
    const mismoProducto = cambios.productoId === actual.productoId;
    const factor = mismoProducto ? actual.factor : 1;
    const delta = new Map<number, number>([[actual.productoId, unidades(actual.cantidad, actual.factor)]]);
    delta.set(cambios.productoId, deMilesimas(aMilesimas(delta.get(cambios.productoId) ?? 0)! - aMilesimas(unidades(cambios.cantidad, factor))!));
    await moverStock(tx, tiendaId, cambios.ventaId, delta, V.motivoLineaCambiada(numeros.get(cambios.ventaId)!));
    await tx
      .update(factura)
      .set({
        ventaId: cambios.ventaId,
        productoId: cambios.productoId,
        cantidad: cambios.cantidad,
        precio: cambios.precio,
        estado: estadoDeLinea(estados.get(cambios.ventaId)!),
        // Another product's line takes that product's cost now (issue #52); the same product keeps the cost it was sold at.
        ...(mismoProducto ? {} : { unidadVentaId: null, presentacion: null, factor: 1, costoUnit: nuevo.costo }),
        // Re-priced by hand or moved to another product: no price list priced it any more (issue #59 point 4).
        ...(mismoProducto && cambios.precio === actual.precio ? {} : { listaPrecioId: null, listaNombre: null, precioBase: null }),
      })
      .where(eq(factura.idFactura, idFactura));
    for (const id of ventas) await recalcularTotal(tx, id);
  });
}

/**
 * Removes one line of a sale that is still Pendiente, in the caller's reach: its units come back to
 * stock through the ledger, the total follows, and the removal is in the activity log with who did it
 * and through which face. A completed sale's lines are never removed (issue #51 point 2): the sale is
 * annulled or its products returned, and the database refuses it too (migration 0050).
 */
export async function quitarLinea(options: { db: Db; scope: LineaScope; idFactura: number; autor: Autor; errores?: ErroresLinea }): Promise<void> {
  const { db, scope, idFactura, autor } = options;
  const errores = options.errores ?? ERRORES;
  await db.transaction(async (tx) => {
    const actual = await lineaEnAlcance(tx, scope, idFactura, errores);
    await bloquearProductos(tx, actual.tiendaId, [actual.productoId]);
    const v = await ventaBloqueada(tx, actual.tiendaId, actual.ventaId, errores);
    if (v.estado !== 'Pendiente') throw new AppError('BUSINESS_RULE', V.lineaDeVentaCompletada);
    await moverStock(tx, actual.tiendaId, actual.ventaId, new Map([[actual.productoId, unidades(actual.cantidad, actual.factor)]]), V.motivoLineaQuitada(v.numero));
    await tx.delete(factura).where(eq(factura.idFactura, idFactura));
    await recalcularTotal(tx, actual.ventaId);
    const [p] = await tx.select({ nombre: producto.nombre }).from(producto).where(eq(producto.idProducto, actual.productoId));
    await registrarPor(tx, actual.tiendaId, autor, {
      tipo: 'eliminacion',
      detalle: { entidad: 'factura', id: idFactura, nombre: V.lineaEliminada(p?.nombre ?? String(actual.productoId), actual.cantidad, v.numero) },
    });
  });
}
