import { v4 as uuid } from 'uuid';
import { cantidadDeEtiqueta, codigosDeArticulo, leerEtiquetaBalanza, type TFormatoBalanza } from '#shared/balanza';
import { brutoLinea } from '#shared/cantidad';
import { descuentoDeLinea, totalConDescuentos } from '#shared/descuento';
import { sinRed } from '#shared/messages/sin-red';
import { parsePesos } from '#shared/money';
import { METODO, ROL } from '#shared/roles';
import type { TClienteSinRed, TDispositivo, TVentaSinRed } from '#shared/schemas/sin-red';
import type { TCreateVentaRequest, TDescuentoLinea, TDescuentoVenta, TProductoPorCodigo, TProductoVenta } from '#shared/schemas/venta';
import type { LineaCarrito as LineaDelCarrito } from '../../lib/linea-carrito';
import type { TPromocionesCaja } from '#shared/schemas/promociones';
import { promocionesDelCarrito } from '../../lib/promociones-carrito';
import { leerAjuste, type BaseLocal, type ProductoLocal, type ReciboLocal, type VentaSalida } from './base-local';

/**
 * Selling without the network (issue #34, ADR 029 and ADR 034): the catalogue's products as the till
 * sells them (by unit, by weight or measure, or as a pack), the scanner's lookup, the fiado check and
 * the outbox. The till is the online one (issue #53): its sale request comes here instead of the
 * server, and its lines total exactly as online and as `venta_registrar` charges them (shared/cantidad,
 * shared/descuento).
 */

/** A line of the sale as the device records it: the till's cart line (web/lib/linea-carrito.ts) and its discount, if any. */
export interface LineaCarrito extends LineaDelCarrito {
  /** A lower price or a discount on the line (roles 1 and 3, as online). */
  descuento?: TDescuentoLinea;
}

/** A line's gross, as the online cart and venta_registrar compute it (ADR 030). */
const importeDe = (l: Pick<LineaCarrito, 'precio' | 'cantidad' | 'importe'>) => brutoLinea(l);
const totalCarrito = (lineas: readonly LineaCarrito[]) => lineas.reduce((a, l) => a + importeDe(l), 0);

export interface Pago {
  metodoPagoId: number;
  metodo: string;
  montoRecibido: number;
  cliente: TClienteSinRed | null;
  /** Fiado of the rest (issue #17): what montoRecibido does not cover goes on the customer's account. */
  aCredito?: boolean;
  /** A transfer's or card's reference (Nequi, Daviplata, Bre-B…) and whether the cashier saw it arrive. */
  referencia?: string;
  verificado?: boolean;
}

/** The cart's total: the exact sum of its lines' amounts, each rounded half-up to the peso (ADR 030). */
export const totalDe = totalCarrito;

/** The sale's total after its discount, computed as the checkout computes it (shared/descuento.ts, venta_registrar). */
export const totalConDescuentoDe = (lineas: readonly LineaCarrito[], descuento?: TDescuentoVenta) =>
  totalConDescuentos(
    lineas.map((l) => ({ precio: l.precio, cantidad: l.cantidad, importe: l.importe, descuento: l.descuento })),
    descuento,
  );

/**
 * A discount on the whole sale offline, by the online rule (venta.checkout.ts): roles 1 and 3 may give
 * one with a reason; a role-2 cashier needs a supervisor's PIN, which only the server can check, so
 * offline it is refused with that reason (ADR 034). An empty value is no discount.
 */
export function descuentoSinRed(
  rol: number,
  tipo: TDescuentoVenta['tipo'],
  texto: string,
  motivo: string,
  lineas: readonly LineaCarrito[],
): { descuento?: TDescuentoVenta; motivo?: string; error?: string } {
  if (!texto.trim()) return {};
  const valor = tipo === 'porcentaje' ? (/^\d{1,3}$/.test(texto.trim()) ? Number(texto.trim()) : null) : parsePesos(texto);
  if (valor === null || valor <= 0 || (tipo === 'porcentaje' && valor > 100)) return { error: sinRed.descuentoInvalido };
  if (rol === ROL.EMPLEADO) return { error: sinRed.descuentoSoloSupervisor };
  const descuento = { tipo, valor };
  if (!totalConDescuentoDe(lineas, descuento).valido) return { error: sinRed.descuentoInvalido };
  if (motivo.trim().length < 3) return { error: sinRed.motivoDescuentoRequerido };
  return { descuento, motivo: motivo.trim() };
}

/** A product of the device's catalogue as the till adds it: itself, or one of its packs at the pack's price. */
export function productoVentaDe(p: ProductoLocal, presentacionId?: number): TProductoVenta {
  const base = { id: p.id, nombre: p.nombre, marca: p.marca, precio: p.precio, stock: p.stock, codigoBarras: p.codigoBarras, unidad: p.unidad ?? '94', ...(p.bajoFormula ? { bajoFormula: true } : {}) };
  const pack = presentacionId == null ? undefined : (p.presentaciones ?? []).find((u) => u.id === presentacionId);
  if (!pack) return base;
  return { ...base, precio: pack.precio, codigoBarras: pack.codigoBarras, unidadVenta: { id: pack.id, nombre: pack.nombre, factor: pack.factor } };
}

/** How the scanner's lookup reads the device's catalogue (IndexedDB in the till, an array in the tests). */
export interface CatalogoLocal {
  porCodigo(codigo: string): Promise<ProductoLocal | undefined>;
  porCodigoPresentacion(codigo: string): Promise<ProductoLocal | undefined>;
  porCodigos(codigos: string[]): Promise<ProductoLocal[]>;
  formatos(): Promise<TFormatoBalanza[]>;
}

export function catalogoDe(db: BaseLocal): CatalogoLocal {
  return {
    porCodigo: (codigo) => db.productos.where('codigoBarras').equals(codigo).first(),
    porCodigoPresentacion: (codigo) => db.productos.where('codigosPresentacion').equals(codigo).first(),
    porCodigos: (codigos) => db.productos.where('codigoBarras').anyOf(codigos).toArray(),
    formatos: async () => (await leerAjuste<TFormatoBalanza[]>(db, 'formatosBalanza')) ?? [],
  };
}

/**
 * The scanner offline, by the server's rules (`productoPorCodigo`, venta.busqueda.ts): an exact
 * barcode of a product wins; then a pack's barcode (the pack at its price); then a scale label read
 * with the store's layouts, whose item code is a product's barcode (as printed or without its leading
 * zeros), with the label's quantity (`cantidadDeEtiqueta`, shared: a label for a product sold by unit
 * throws its reason). Null when the code is none of these.
 */
export async function buscarPorCodigo(catalogo: CatalogoLocal, texto: string): Promise<TProductoPorCodigo | null> {
  const codigo = texto.trim();
  if (!codigo) return null;
  const propio = await catalogo.porCodigo(codigo);
  if (propio) return productoVentaDe(propio);
  const conPack = await catalogo.porCodigoPresentacion(codigo);
  const pack = conPack?.presentaciones?.find((u) => u.codigoBarras === codigo);
  if (conPack && pack) return productoVentaDe(conPack, pack.id);
  const etiqueta = /^2\d{12}$/.test(codigo) ? leerEtiquetaBalanza(codigo, await catalogo.formatos()) : null;
  if (!etiqueta) return null;
  const candidatos = await catalogo.porCodigos(codigosDeArticulo(etiqueta));
  const p = candidatos.find((c) => c.codigoBarras === etiqueta.codigo) ?? candidatos[0];
  if (!p) return null;
  const producto = productoVentaDe(p);
  return { ...producto, etiqueta: { ...cantidadDeEtiqueta(producto, etiqueta), ...(etiqueta.tipo === 'precio' ? { pesos: etiqueta.pesos } : {}) } };
}

/**
 * What the customer may still take on credit as the device knows it: the limit, less the balance at
 * the last sync, less this device's fiado sales not yet counted in it (unsent, or sent after it).
 */
export function disponibleFiado(cliente: Pick<TClienteSinRed, 'cupo' | 'saldo'>, fiadoSinContar: number): number {
  return cliente.cupo - cliente.saldo - fiadoSinContar;
}

/** This device's fiado for a customer that the last sync's balance does not include yet. */
export async function fiadoSinContar(db: BaseLocal, clienteId: number): Promise<number> {
  const ultima = (await leerAjuste<number>(db, 'ultimaSincronizacion')) ?? 0;
  const ventas = await db.salida.filter((v) => v.clienteId === clienteId && v.estado !== 'rechazada' && (v.estado === 'pendiente' || (v.enviadaEn ?? 0) > ultima)).toArray();
  return ventas.reduce((a, v) => a + v.montoFiado, 0);
}

export interface DatosVenta {
  lineas: readonly LineaCarrito[];
  pago: Pago;
  tienda: string;
  cajero: string;
  sobregiro: boolean;
  /** A discount on the whole sale and its reason (roles 1 and 3, `descuentoSinRed`). */
  descuento?: TDescuentoVenta;
  motivoDescuento?: string;
  /** The store's promotions as last read online (ADR 052): priced at the sale's moment, as the server will at the sync. */
  promociones?: TPromocionesCaja | null;
  /** A cashier's discount authorised with a supervisor's PIN checked on the device (ADR 053): who and their PIN's version (never the PIN), and their name for the receipt. */
  autorizacion?: NonNullable<TVentaSinRed['autorizacion']>;
  autorizadoPor?: string;
}

/**
 * The outbox entry of an offline sale, built from the cart: the request `POST /api/ventas` will get
 * (each line's quantity — 0,375 for a weighed one — and its pack, as the online till sends them, so
 * `venta_registrar` records it exactly as an online sale) and the receipt printed now, whose amounts
 * are the ones the server will charge. Pure: `venderSinRed` gives it its key, number and time.
 */
export function armarVenta(
  datos: DatosVenta,
  ids: { clave: string; n: number; dispositivo: TDispositivo; fecha: string; contingencia: boolean; saldoCliente?: number },
): VentaSalida {
  const { pago } = datos;
  // The promotions (ADR 052): each line's saving becomes its discount here, as venta_registrar records it; the request sends the lines without it and the ahorro shown.
  const promos = datos.promociones ? promocionesDelCarrito(datos.lineas, datos.promociones, { conDescuento: (l) => !!(l as LineaCarrito).descuento, cuando: Date.parse(ids.fecha) }) : null;
  const ahorroDe = (i: number) => (promos?.lineas[i] ?? []).reduce((a, x) => a + x.ahorro, 0);
  const lineas = datos.lineas.map((l, i) => (!l.descuento && ahorroDe(i) > 0 ? { ...l, descuento: { tipo: 'valor' as const, valor: ahorroDe(i) } } : l));
  const { descuentoVenta, total } = totalConDescuentoDe(lineas, datos.descuento);
  const fiado = pago.metodoPagoId === METODO.FIADO || !!pago.aCredito;
  const efectivo = pago.metodoPagoId === METODO.EFECTIVO;
  const montoRecibido = pago.metodoPagoId === METODO.FIADO ? 0 : efectivo || pago.aCredito ? pago.montoRecibido : total;
  const montoFiado = fiado ? Math.max(0, total - montoRecibido) : 0;
  const numero = `${ids.dispositivo.prefijo}-${ids.n}`;
  const recibo: ReciboLocal = {
    numero,
    fecha: ids.fecha,
    tienda: datos.tienda,
    cajero: datos.cajero,
    lineas: lineas.map((l, i) => ({
      productoId: l.id,
      nombre: l.nombre,
      cantidad: l.cantidad,
      precio: l.precio,
      subtotal: importeDe(l) - descuentoDeLinea(l.precio, l.cantidad, l.descuento, l.importe),
      ...(l.descuento ? { descuento: descuentoDeLinea(l.precio, l.cantidad, l.descuento, l.importe) } : {}),
      unidad: l.unidad,
      ...(l.unidadVenta ? { presentacion: l.unidadVenta.nombre } : {}),
      // The line a promotion priced names it (ADR 052): its saving is the Ahorro, not a cashier's discount.
      ...(!datos.lineas[i]!.descuento && ahorroDe(i) > 0 ? { promocion: [...new Set(promos!.lineas[i]!.map((a) => a.nombre))].join(' + ') } : {}),
    })),
    total,
    ...(descuentoVenta > 0 ? { descuento: descuentoVenta, motivoDescuento: datos.motivoDescuento } : {}),
    metodo: pago.metodo,
    montoRecibido,
    cambio: efectivo && !pago.aCredito ? Math.max(0, montoRecibido - total) : 0,
    montoFiado,
    ...(pago.referencia ? { referencia: pago.referencia, verificado: !!pago.verificado } : {}),
    cliente: pago.cliente?.nombre ?? null,
    sobregiro: datos.sobregiro,
    ...(ids.contingencia ? { contingencia: true } : {}),
    ...(promos?.aplicadas.length ? { ahorros: promos.aplicadas.map(({ nombre, ahorro }) => ({ nombre, ahorro })) } : {}),
    ...(datos.autorizadoPor ? { autorizadoPor: datos.autorizadoPor } : {}),
  };
  const cuerpo: TCreateVentaRequest = {
    clave: ids.clave,
    lineas: datos.lineas.map((l) => ({
      productoId: l.id,
      cantidad: l.cantidad,
      ...(l.unidadVenta ? { unidadVentaId: l.unidadVenta.id } : {}),
      ...(l.importe != null ? { importe: l.importe } : {}),
      ...(l.descuento ? { descuento: l.descuento } : {}),
      ...(l.formula ? { formula: true } : {}),
    })),
    ...(datos.promociones ? { ahorro: promos?.ahorro ?? 0 } : {}),
    metodoPagoId: pago.metodoPagoId,
    montoRecibido,
    ...(pago.aCredito ? { aCredito: true } : {}),
    ...(pago.referencia ? { referencia: pago.referencia, ...(pago.verificado ? { verificado: true } : {}) } : {}),
    ...(pago.cliente ? { documentoCliente: pago.cliente.documento } : {}),
    ...(datos.descuento ? { descuento: datos.descuento } : {}),
    ...(datos.motivoDescuento ? { motivoDescuento: datos.motivoDescuento } : {}),
    sinRed: {
      dispositivoId: ids.dispositivo.id,
      numero,
      fecha: ids.fecha,
      reloj: ids.fecha,
      ...(fiado && ids.saldoCliente !== undefined ? { saldoCliente: ids.saldoCliente } : {}),
      ...(datos.autorizacion ? { autorizacion: datos.autorizacion } : {}),
    },
  };
  return {
    clave: ids.clave,
    n: ids.n,
    numero,
    creada: Date.now(),
    estado: 'pendiente',
    cuerpo,
    recibo,
    clienteId: fiado ? (pago.cliente?.id ?? null) : null,
    montoFiado,
  };
}

/** A receipt line's key: its product, or its product's pack. */
export const claveReciboLinea = (l: ReciboLocal['lineas'][number], i: number) => `${l.productoId}:${l.presentacion ?? ''}:${i}`;

/**
 * Records a sale on the device: in one IndexedDB transaction the device's counter gives its number
 * (IndexedDB runs read-write transactions over the same store one at a time, across every tab of the
 * device, so two tabs never take the same number) and the sale goes to the outbox with its key. Only
 * then is the receipt shown. Throws when the device has no prefix yet (never synced).
 */
export async function venderSinRed(db: BaseLocal, datos: DatosVenta): Promise<VentaSalida> {
  const fecha = new Date().toISOString();
  const clave = uuid();
  // A fiado sale tells the server the balance the device checked the limit against (ADR 041): the
  // last download's, plus this device's fiado not counted in it.
  const cliente = (datos.pago.metodoPagoId === METODO.FIADO || datos.pago.aCredito) && datos.pago.cliente ? ((await db.clientes.get(datos.pago.cliente.id)) ?? datos.pago.cliente) : null;
  const saldoCliente = cliente ? cliente.saldo + (await fiadoSinContar(db, cliente.id)) : undefined;
  return db.transaction('rw', db.ajustes, db.salida, async () => {
    const dispositivo = await leerAjuste<TDispositivo>(db, 'dispositivo');
    if (!dispositivo) throw new Error('sin-dispositivo');
    const n = ((await leerAjuste<number>(db, 'contador')) ?? 0) + 1;
    await db.ajustes.put({ clave: 'contador', valor: n });
    const venta = armarVenta(datos, { clave, n, dispositivo, fecha, contingencia: !!(await leerAjuste<boolean>(db, 'documentoElectronico')), saldoCliente });
    await db.salida.add(venta);
    return venta;
  });
}
