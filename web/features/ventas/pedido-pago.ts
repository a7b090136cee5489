/**
 * The payment's arithmetic and its request, without React (issue #29 point 4): what the cart costs
 * with its discounts, whether the sale may be charged as the cashier set it, and the request sent.
 * Pure, so it is unit-tested beside the page (pedido-pago.test.ts).
 */
import { totalConDescuentos } from '#shared/descuento';
import { ventas } from '#shared/messages/ventas';
import { parsePesos } from '#shared/money';
import { METODO } from '#shared/roles';
import type { TClienteVenta, TDescuentoVenta } from '#shared/schemas/venta';
import { claveLinea, type LineaCarrito } from './carrito';

const V = ventas;

/** The cart's lines as the sale asks for them, and its totals with the discounts given. */
/** `precios`: a lower price per cart line, by its key (claveLinea): a pack's line and its product's loose line are priced apart. */
/** `ahorros`: each line's promotions' saving (ADR 052; null before the till read the promotions): a line with a lower price typed takes none. */
export function calcularPago(lineas: LineaCarrito[], precios: Record<string, number>, descVenta: TDescuentoVenta | undefined, ahorros: readonly number[] | null = null) {
  const lineasPedidas = lineas.map((l) => {
    const precio = precios[claveLinea(l)];
    return {
      productoId: l.id,
      ...(l.unidadVenta ? { unidadVentaId: l.unidadVenta.id } : {}),
      cantidad: l.cantidad,
      ...(l.importe != null ? { importe: l.importe } : {}),
      ...(l.formula ? { formula: true } : {}),
      ...(l.lote ? { loteId: l.lote.id } : {}),
      ...(precio != null ? { descuento: { tipo: 'precio' as const, valor: precio } } : {}),
    };
  });
  const calculo = totalConDescuentos(
    lineas.map((l, i) => ({ precio: l.precio, cantidad: l.cantidad, importe: l.importe, descuento: lineasPedidas[i]!.descuento ?? (ahorros?.[i] ? { tipo: 'valor' as const, valor: ahorros[i]! } : undefined) })),
    descVenta,
  );
  // The promotions' saving the till shows: sent with the sale, the server charges it or refuses another figure.
  const ahorro = ahorros ? lineas.reduce((a, _, i) => a + (lineasPedidas[i]!.descuento ? 0 : (ahorros[i] ?? 0)), 0) : null;
  return { lineasPedidas, calculo, total: calculo.total, conDescuento: !!descVenta || Object.keys(precios).length > 0, ahorro };
}

/** A price typed for a line: null (clear it), a lower price, or a refusal. */
export function precioTecleado(texto: string, precio: number): number | null | 'invalido' {
  if (!texto) return null;
  const nuevo = parsePesos(texto);
  return nuevo == null || nuevo > precio ? 'invalido' : nuevo;
}

/** A sale discount typed as "10 %" or as pesos: undefined (clear it), the discount, or a refusal. */
export function descuentoTecleado(texto: string): TDescuentoVenta | undefined | 'invalido' {
  if (!texto) return undefined;
  const pct = /^(\d{1,3})\s*%$/.exec(texto);
  const valor = pct ? Number(pct[1]) : parsePesos(texto);
  if (valor == null || (pct && valor > 100)) return 'invalido';
  return { tipo: pct ? 'porcentaje' : 'valor', valor };
}

/** What the cashier set on the payment form. */
export interface Cobro {
  metodo: number;
  /** The amount field's text as it is now. */
  textoMonto: string;
  dejarResto: boolean;
  motivoDesc: string;
  referencia: string;
  verificado: boolean;
}

/** A refusal before anything is sent: the dialog's title and text. */
export interface Aviso {
  titulo: string;
  texto: string;
}

/**
 * The checks that need no server, in the order the cashier meets them. `aCredito`: what is not
 * paid now goes on the customer's account (the whole sale with Fiado, or the rest when asked).
 */
export function revisarCobro(c: Cobro, pago: ReturnType<typeof calcularPago>): Aviso | { recibido: number | null; aCredito: boolean } {
  const esFiado = c.metodo === METODO.FIADO;
  // Puntos pays the whole sale (ADR 054): its amount is the total, whatever the field held before.
  const recibido = c.metodo === METODO.PUNTOS ? pago.total : c.textoMonto.trim() ? parsePesos(c.textoMonto) : null;
  if (!c.metodo) return { titulo: V.metodoRequeridoTitle, texto: V.metodoRequerido };
  if (!esFiado && (recibido == null || recibido <= 0)) return { titulo: V.montoInvalidoTitle, texto: V.cantidadInvalida };
  if (!pago.calculo.valido) return { titulo: V.descuentoInvalidoTitle, texto: V.descuentoInvalido };
  if (pago.conDescuento && c.motivoDesc.trim().length < 3) return { titulo: V.motivoDescuentoTitle, texto: V.motivoDescuentoRequerido };
  const aCredito = esFiado || (c.dejarResto && recibido != null && recibido < pago.total);
  if (!aCredito && recibido! < pago.total) return { titulo: V.montoInsuficienteTitle, texto: V.montoInsuficiente };
  return { recibido, aCredito };
}

/** The customer check once the customer is known (null: none given). */
export function revisarCliente(aCredito: boolean, cliente: TClienteVenta | null): Aviso | null {
  if (aCredito && !cliente) return { titulo: V.fiadoSinClienteTitle, texto: V.fiadoRequiereCliente };
  if (aCredito && !cliente!.credito) return { titulo: V.clienteSinFiadoTitle, texto: V.clienteSinFiado(cliente!.nombre) };
  return null;
}

/** The sale's request (POST /api/ventas) from what was checked. */
export function construirPedido(o: {
  clave: string;
  pago: ReturnType<typeof calcularPago>;
  descVenta: TDescuentoVenta | undefined;
  cobro: Cobro;
  recibido: number | null;
  aCredito: boolean;
  cliente: TClienteVenta | null;
}) {
  const { cobro } = o;
  const conReferencia = cobro.metodo !== METODO.EFECTIVO && cobro.metodo !== METODO.FIADO && cobro.metodo !== METODO.PUNTOS;
  return {
    clave: o.clave,
    lineas: o.pago.lineasPedidas,
    ...(o.descVenta ? { descuento: o.descVenta } : {}),
    ...(o.pago.conDescuento ? { motivoDescuento: cobro.motivoDesc.trim() } : {}),
    metodoPagoId: cobro.metodo,
    montoRecibido: cobro.metodo === METODO.FIADO ? 0 : o.recibido!,
    documentoCliente: o.cliente?.documento,
    ...(o.aCredito ? { aCredito: true } : {}),
    ...(conReferencia && cobro.referencia.trim() ? { referencia: cobro.referencia.trim() } : {}),
    ...(conReferencia && cobro.verificado ? { verificado: true } : {}),
    ...(o.pago.ahorro != null ? { ahorro: o.pago.ahorro } : {}),
  };
}
export type TPedido = ReturnType<typeof construirPedido>;

/** What a customer is likely to hand over for this total: the next 1 000, 2 000, 5 000 and the bills that cover it. */
export function sugerencias(total: number): number[] {
  const steps = [1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000];
  const values = new Set(steps.map((s) => Math.ceil(total / s) * s).filter((v) => v > total));
  return [...values].sort((a, b) => a - b);
}
