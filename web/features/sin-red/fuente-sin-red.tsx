import { lazy } from 'react';
import { AppError } from '#shared/errors';
import { sinRed } from '#shared/messages/sin-red';
import { ventasCobro as ventas } from '#shared/messages/ventas-cobro';
import { desglosarVenta, IMPUESTOS, totalesPorTarifa, type TImpuesto } from '#shared/impuestos';
import { formatPesos } from '#shared/money';
import { METODO, ROL } from '#shared/roles';
import type { TCliente } from '#shared/schemas/cliente';
import type { TImpuestosVenta } from '#shared/schemas/impuestos';
import type { TAjustesTienda } from '#shared/schemas/tienda';
import type { TClienteSinRed, TEquipoPropio } from '#shared/schemas/sin-red';
import type { TClienteVenta, TCreateVentaRequest, TMetodoPago, TRecibo } from '#shared/schemas/venta';
import type { FuenteSinRed } from '../../lib/fuente-venta';
import { enModoApp, esIosSafari } from '../../lib/instalacion';
import { getSession } from '../../lib/session';
import { baseLocal, leerAjuste, plegar, type BaseLocal, type ProductoLocal, type VentaSalida } from './base-local';
import { sincronizar } from './sincronizar';
import { almacenPinDe, comprobarPinSinRed, supervisoresDelEquipo } from './pin-sin-red';
import { promocionesGuardadas } from '../../lib/promociones-caja';
import { buscarPorCodigo, catalogoDe, disponibleFiado, fiadoSinContar, productoVentaDe, totalConDescuentoDe, venderSinRed, type LineaCarrito } from './venta-local';

/**
 * The till's source without the network (issue #53 point 1): the online till asks the device what it
 * asks the server online — products, a code, the grid, methods, customers, the sale — and gets the
 * same shapes back. The rules the device can know answer as the server does (a cashier's discount
 * needs a supervisor, fiado against the last synced balance less this device's unsent fiado); the
 * server checks the sale again when it syncs (ADR 029, ADR 041).
 */

const abierta = (): BaseLocal => {
  const db = baseLocal();
  if (!db) throw new AppError('UNAUTHORIZED', sinRed.sinDispositivo);
  return db;
};

const noEncontrado = (mensaje: string) => new AppError('NOT_FOUND', mensaje);

/** The products whose folded name, brand or code contain the text; an exact barcode (a product's or a pack's) first. */
async function buscar(db: BaseLocal, q: string): Promise<ProductoLocal[]> {
  const texto = plegar(q.trim());
  if (!texto) return db.productos.orderBy('busqueda').toArray();
  const porCodigo = await db.productos.where('codigoBarras').equals(q.trim()).or('codigosPresentacion').equals(q.trim()).toArray();
  if (porCodigo.length) return porCodigo;
  return db.productos.filter((p) => p.busqueda.includes(texto)).toArray();
}

/** A customer of the device's copy as the till's payment reads one: its credit as the device knows it. */
async function clienteVenta(db: BaseLocal, c: TClienteSinRed): Promise<TClienteVenta> {
  const credito = c.fiado ? { cupo: c.cupo, saldo: c.saldo + (await fiadoSinContar(db, c.id)), disponible: disponibleFiado(c, await fiadoSinContar(db, c.id)) } : null;
  return { id: c.id, documento: c.documento, nombre: c.nombre, credito, telefono: null };
}

/** The receipt of a sale in the outbox, shaped as the server's (id 0 until it syncs; its number is the device's). */
export function reciboDeSalida(v: VentaSalida, metodo: TMetodoPago, cliente: TClienteVenta | null): TRecibo {
  const r = v.recibo;
  return {
    id: 0,
    numero: v.n,
    fiscal: null,
    sinRed: { numero: v.numero, fecha: r.fecha, relojDesfasado: false },
    documento: null,
    estado: 'Pendiente',
    fecha: r.fecha,
    tienda: r.tienda,
    cajero: r.cajero,
    lineas: r.lineas.map((l) => ({ productoId: l.productoId, nombre: l.nombre, marca: null, cantidad: l.cantidad, unidad: l.unidad, presentacion: l.presentacion ?? null, precio: l.precio, descuento: l.descuento ?? 0, subtotal: l.subtotal, ...(l.promocion ? { promocion: l.promocion } : {}) })),
    descuento: r.descuento ?? 0,
    motivoDescuento: r.motivoDescuento ?? null,
    autorizadoPor: r.autorizadoPor ?? null,
    total: r.total,
    metodoPago: metodo,
    montoRecibido: r.montoRecibido,
    cambio: r.cambio,
    montoFiado: r.montoFiado ?? v.montoFiado,
    referencia: r.referencia ?? null,
    verificado: r.verificado ?? false,
    cliente,
    ahorros: r.ahorros ?? [],
  };
}

const esImpuesto = (v: string | null | undefined): v is TImpuesto => !!v && (IMPUESTOS as readonly string[]).includes(v);

/**
 * A receipt's taxes (issue #53 point 2), as the server's impuestosDeVenta: the seller's fiscal data
 * and, for a store responsible for IVA, each line's base and tax at its product's rate (shared/impuestos.ts,
 * the sale's discount shared out first). A bag's INC per unit is not on the device: such a line counts
 * at 0 here, and the server's figure after the sync is the one kept. Pure.
 */
export function desgloseLocal(
  fiscal: TImpuestosVenta['fiscal'],
  recibo: Pick<TRecibo, 'lineas' | 'descuento'>,
  impuestoDe: (productoId: number) => string | null | undefined,
): TImpuestosVenta {
  if (!fiscal?.responsableIva) return { fiscal, tarifas: [] };
  const lineas = recibo.lineas.map((l) => {
    const impuesto = impuestoDe(l.productoId);
    return { importe: l.subtotal, cantidad: l.cantidad, impuesto: esImpuesto(impuesto) ? impuesto : null, valorBolsa: null };
  });
  const d = desglosarVenta(lineas, recibo.descuento);
  return { fiscal, tarifas: totalesPorTarifa(lineas.map((l, i) => ({ impuesto: l.impuesto, base: d[i]!.base, valor: d[i]!.impuesto }))) };
}

async function impuestosDeRecibo(db: BaseLocal, recibo: Pick<TRecibo, 'lineas' | 'descuento'>): Promise<TImpuestosVenta> {
  const fiscal = (await leerAjuste<TImpuestosVenta['fiscal']>(db, 'fiscal')) ?? null;
  const productos = await db.productos.bulkGet(recibo.lineas.map((l) => l.productoId));
  const porId = new Map(productos.filter((p) => !!p).map((p) => [p!.id, p!.impuesto]));
  return desgloseLocal(fiscal, recibo, (id) => porId.get(id));
}

/** The sale request's lines as the device sells them: each product (or pack) of its catalogue at its price, with the quantity, value and discount asked. */
export function lineasDelPedido(pedido: Pick<TCreateVentaRequest, 'lineas'>, producto: (id: number) => ProductoLocal | undefined): LineaCarrito[] {
  return pedido.lineas.map((l) => {
    const p = producto(l.productoId);
    if (!p) throw new AppError('BUSINESS_RULE', ventas.productoNoEncontrado);
    const v = productoVentaDe(p, l.unidadVentaId ?? undefined);
    return { ...v, marca: v.marca ?? null, unidad: v.unidad ?? '94', cantidad: l.cantidad, ...(l.importe != null ? { importe: l.importe } : {}), ...(l.descuento ? { descuento: l.descuento } : {}) };
  });
}

/** A discount on the sale or a lower price on a line: a cashier gives one only with a supervisor's PIN. */
const conDescuento = (pedido: Pick<TCreateVentaRequest, 'lineas' | 'descuento'>) => !!pedido.descuento || pedido.lineas.some((l) => !!l.descuento);

/**
 * The rules of a sale the device can know, as the server answers them (issue #53): a cashier's
 * discount needs a supervisor's PIN (checked on the device, ADR 053); fiado needs a
 * customer with fiado, and past what the device knows is available (the last synced balance less its
 * unsent fiado) only with the authorisation of who may give it, and then flagged (sobregiro). Pure.
 */
export function revisarPedidoSinRed(o: {
  rol: number;
  pedido: Pick<TCreateVentaRequest, 'lineas' | 'descuento' | 'metodoPagoId' | 'montoRecibido' | 'aCredito' | 'autorizarSobreCupo' | 'autorizacion'>;
  lineas: readonly LineaCarrito[];
  cliente: TClienteSinRed | null;
  disponible: number | null;
}): { sobregiro: boolean } {
  const { pedido } = o;
  // The PIN itself is checked after every other rule, as online (comprobarPinSinRed).
  if (conDescuento(pedido) && o.rol === ROL.EMPLEADO && !pedido.autorizacion) throw new AppError('BUSINESS_RULE', sinRed.descuentoSoloSupervisor);
  const aCredito = pedido.metodoPagoId === METODO.FIADO || !!pedido.aCredito;
  if (!aCredito) return { sobregiro: false };
  const c = o.cliente;
  if (!c) throw new AppError('VALIDATION', ventas.fiadoRequiereCliente);
  if (!c.fiado) throw new AppError('BUSINESS_RULE', ventas.clienteSinFiado(c.nombre), { title: ventas.clienteSinFiadoTitle });
  const total = totalConDescuentoDe(o.lineas, pedido.descuento).total;
  const fiado = pedido.metodoPagoId === METODO.FIADO ? total : total - pedido.montoRecibido;
  const disponible = o.disponible ?? 0;
  if (fiado <= disponible) return { sobregiro: false };
  if (!pedido.autorizarSobreCupo) throw new AppError('BUSINESS_RULE', ventas.cupoInsuficiente(formatPesos(Math.max(0, disponible))), { title: ventas.cupoInsuficienteTitle });
  return { sobregiro: true };
}

/**
 * The till's sale request recorded on the device: its lines read from the device's catalogue (prices
 * are never sent, as online), the rules the device can check, then the outbox with the device's number.
 */
export async function registrarSinRed(db: BaseLocal, pedido: TCreateVentaRequest): Promise<TRecibo> {
  const session = getSession();
  if (!session) throw new AppError('UNAUTHORIZED', sinRed.sinDispositivo);
  const productos = await db.productos.bulkGet(pedido.lineas.map((l) => l.productoId));
  const porId = new Map(productos.filter((p) => !!p).map((p) => [p!.id, p!]));
  const lineas = lineasDelPedido(pedido, (id) => porId.get(id));
  const metodos = await db.metodos.toArray();
  const metodo = metodos.find((m) => m.id === pedido.metodoPagoId) ?? { id: pedido.metodoPagoId, nombre: '' };
  // Two customers of one documento once merged (ADR 067): the active one, the survivor.
  const c = pedido.documentoCliente ? await db.clientes.where('documento').equals(pedido.documentoCliente).and((x) => x.activo).first() : undefined;
  if (pedido.documentoCliente && !c) throw new AppError('NOT_FOUND', sinRed.clienteNoEncontrado);
  const cliente = c ? await clienteVenta(db, c) : null;
  const { sobregiro } = revisarPedidoSinRed({ rol: session.rol, pedido, lineas, cliente: c ?? null, disponible: cliente?.credito?.disponible ?? null });
  // A cashier's discount: the supervisor's PIN checked on the device; the outbox keeps who and the PIN's version, never the PIN (ADR 053).
  const pin = pedido.autorizacion && session.rol === ROL.EMPLEADO && conDescuento(pedido) ? await comprobarPinSinRed(almacenPinDe(db), pedido.autorizacion) : null;
  const venta = await venderSinRed(db, {
    lineas,
    pago: { metodoPagoId: pedido.metodoPagoId, metodo: metodo.nombre, montoRecibido: pedido.montoRecibido, cliente: c ?? null, aCredito: !!pedido.aCredito, referencia: pedido.referencia, verificado: pedido.verificado },
    tienda: session.tienda ?? '',
    cajero: session.usuario,
    sobregiro,
    ...(pedido.descuento ? { descuento: pedido.descuento } : {}),
    ...(pedido.motivoDescuento ? { motivoDescuento: pedido.motivoDescuento } : {}),
    // The promotions the till read while online (ADR 052).
    promociones: promocionesGuardadas(),
    ...(pin ? { autorizacion: pin.autorizacion, autorizadoPor: pin.nombre } : {}),
  });
  if (navigator.onLine) void sincronizar();
  return reciboDeSalida(venta, metodo, cliente);
}

/** The device's source, registered by the app for the till (web/lib/fuente-venta.ts). */
export const fuenteDelEquipo: FuenteSinRed = {
  async impedimento() {
    // Safari on iOS deletes a site's stored data after 7 days without use unless the app is installed (issue #34 point 2).
    if (esIosSafari() && !enModoApp()) return 'instalar';
    const db = baseLocal();
    if (!db) return sinRed.sinDispositivo;
    if ((await db.productos.count()) === 0) return sinRed.sinCatalogo;
    if (!(await leerAjuste(db, 'dispositivo'))) return sinRed.sinDispositivo;
    // Only a device the owner authorised sells offline (issue #51 point 5).
    const equipo = await leerAjuste<TEquipoPropio>(db, 'equipo');
    return equipo?.estado === 'autorizado' ? null : sinRed.equipoNoAutorizado;
  },
  async productos(q, page, pageSize) {
    const todos = await buscar(abierta(), q);
    return { items: todos.slice((page - 1) * pageSize, page * pageSize).map((p) => productoVentaDe(p)), total: todos.length };
  },
  async porCodigo(codigo) {
    const db = abierta();
    const p = await buscarPorCodigo(catalogoDe(db), codigo);
    if (!p) throw noEncontrado(ventas.productoNoEncontrado);
    return p;
  },
  async rapidos(categoria) {
    const todos = await abierta().productos.toArray();
    const categorias = [...new Set(todos.map((p) => p.categoria).filter((c): c is string => !!c))].sort((a, b) => a.localeCompare(b, 'es'));
    const productos = todos.filter((p) => !categoria || p.categoria === categoria).sort((a, b) => a.nombre.localeCompare(b.nombre, 'es')).slice(0, 30).map((p) => productoVentaDe(p));
    return { productos, categorias, fijos: 0 };
  },
  async metodos() {
    return (await abierta().metodos.toArray()).sort((a, b) => a.id - b.id);
  },
  async buscarCliente(documento) {
    const db = abierta();
    // Two customers of one documento once merged (ADR 067): the active one, the survivor.
    const c = await db.clientes.where('documento').equals(documento).and((x) => x.activo).first();
    if (!c) throw noEncontrado(ventas.clienteNoEncontrado);
    return clienteVenta(db, c);
  },
  async sugerirClientes(q) {
    const db = abierta();
    const texto = plegar(q.trim());
    const encontrados = await db.clientes.filter((c) => c.activo && (plegar(c.nombre).includes(texto) || c.documento.includes(q.trim()))).limit(6).toArray();
    const items = await Promise.all(
      encontrados.map(async (c): Promise<TCliente> => {
        const v = await clienteVenta(db, c);
        return { id: c.id, documento: c.documento, nombre: c.nombre, apellido: '', fiado: c.fiado, credito: v.credito, telefono: null } as unknown as TCliente;
      }),
    );
    return { items, total: items.length };
  },
  registrar: (pedido) => registrarSinRed(abierta(), pedido),
  supervisores: () => supervisoresDelEquipo(almacenPinDe(abierta())),
  async ajustes() {
    const db = baseLocal();
    return db ? ((await leerAjuste<TAjustesTienda>(db, 'tienda')) ?? null) : null;
  },
  async contingencia() {
    const db = baseLocal();
    return db ? !!(await leerAjuste<boolean>(db, 'documentoElectronico')) : false;
  },
  async sobregiro(numero) {
    const db = baseLocal();
    return db ? !!(await db.salida.where('numero').equals(numero).first())?.recibo.sobregiro : false;
  },
  async impuestosDe(recibo) {
    const db = baseLocal();
    return db ? impuestosDeRecibo(db, recibo) : null;
  },
  // Loaded when the till first draws it offline.
  Extra: lazy(() =>
    import('./ventas-equipo').then(({ VentasEquipo }) => ({
      default: function VentasDeEsteEquipo() {
        const db = baseLocal();
        return db ? <VentasEquipo db={db} /> : null;
      },
    })),
  ),
};
