import { z } from 'zod';
import { ZDocumentoRecibo } from './dian';
import { LIMITES_DINERO } from '../money';
import { ventas } from '../messages/ventas';
import { sinRed } from '../messages/sin-red';
import { METODO } from '../roles';
import { BIDI_MENSAJE, sinBidi, ZPageQuery, zPage } from './common';
import { ZVentaSinRed } from './sin-red';
import { ZAhorroRecibo } from './promociones';
import { ZPuntosEnCaja, ZPuntosRecibo } from './puntos';
import { aMilesimas, MILESIMAS, parseCantidad } from '../cantidad';

// Only these areas' texts: a screen that loads this schema does not load the whole catalogue.
const M = { ventas, sinRed };

const V = M.ventas;

/** Limits of one sale (DESIGN.md §5): the till never sends more, the server never accepts more. */
export const VENTA_LIMITS = { maxLineas: LIMITES_DINERO.maxLineas, maxCantidad: LIMITES_DINERO.maxCantidad, maxMonto: LIMITES_DINERO.maxMonto } as const;

export const ZIdParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** A product offered at the counter (estado 1 only). */
export const ZProductoVenta = z.object({
  id: z.number().int(),
  nombre: z.string(),
  marca: z.string().nullable(),
  precio: z.number().int(),
  /** Units, or up to three decimals for a product sold by measure (ADR 030). */
  stock: z.number(),
  codigoBarras: z.string().nullable(),
  /**
   * A pack's barcode scanned (issue #33 point 5, ADR 033): the sale unit; `precio` is then the pack's
   * price and `stock` the product's units. Absent for the product itself.
   */
  unidadVenta: z.object({ id: z.number().int(), nombre: z.string(), factor: z.number().int() }).optional(),
  /** DIAN's unit of measure (94 unidad, KGM, GRM, LTR, MLT): a measured product asks its quantity at the till. */
  unidad: z.string(),
  /** Sold only on a doctor's prescription (issue #58 point 2): the till asks before adding it, and the line carries `formula`. */
  bajoFormula: z.boolean().optional(),
  /** Tracks lots (ADR 051): the till lets the cashier choose the line's lot (FEFO when none is chosen). */
  manejaLotes: z.boolean().optional(),
});
export type TProductoVenta = z.infer<typeof ZProductoVenta>;

/**
 * The scanner's answer (GET /api/ventas/productos/codigo/:codigo). A scale label of one of the
 * store's layouts (issue #33 point 4, shared/balanza.ts) comes with `etiqueta`: the quantity the
 * label gives (its weight, or the quantity its price buys, cantidadPorValor), added without the dialog.
 */
export const ZProductoPorCodigo = ZProductoVenta.extend({
  etiqueta: z
    .object({
      tipo: z.enum(['peso', 'precio']),
      /** In the product's unit, up to three decimals. */
      cantidad: z.number(),
      /** A price label's pesos: the till adds the line by value, charging exactly these (issue #52 point 4). */
      pesos: z.number().int().optional(),
    })
    .optional(),
});
export type TProductoPorCodigo = z.infer<typeof ZProductoPorCodigo>;

export const ZProductosVentaQuery = ZPageQuery;
/** `masDe`: more matches than `total`, the count's cap (issue #55 point 6: the list says "más de 1 000"). */
export const ZProductosVentaPage = zPage(ZProductoVenta).extend({ masDe: z.boolean().optional() });

/** The till's tap grid: the store's best sellers (or one category's products) and its categories. */
export const ZProductosRapidosQuery = z.object({
  categoria: z.string().trim().max(80, V.categoriaInvalida).optional(),
});
export const ZProductosRapidos = z.object({
  productos: z.array(ZProductoVenta),
  categorias: z.array(z.string()),
  /** Without a category: how many of the first products are in the order the owner fixed (issue #36 point 11). */
  fijos: z.number().int(),
});
export type TProductosRapidos = z.infer<typeof ZProductosRapidos>;

/**
 * The order the store's role 1 fixes for the till's grid (issue #36 point 11): these products first,
 * then the best sellers; an empty list gives the grid back to the best sellers.
 */
export const ZOrdenRejilla = z
  .object({
    productos: z
      .array(z.number({ error: V.ordenRejillaInvalido }).int(V.ordenRejillaInvalido).positive(V.ordenRejillaInvalido).max(2147483647, V.ordenRejillaInvalido), { error: V.ordenRejillaInvalido })
      .max(30, V.ordenRejillaLargo(30))
      .refine((ids) => new Set(ids).size === ids.length, V.ordenRejillaRepetido),
  })
  .strict();
export type TOrdenRejilla = z.infer<typeof ZOrdenRejilla>;

export const ZCodigoParam = z.object({ codigo: z.string().trim().min(1, V.productoNoEncontrado).max(64, V.productoNoEncontrado) });

export const ZMetodoPago = z.object({ id: z.number().int(), nombre: z.string() });
export type TMetodoPago = z.infer<typeof ZMetodoPago>;

export const ZDocumentoParam = z.object({
  documento: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z-]{3,20}$/, V.documentoInvalido),
});

/** A customer's credit as the till sees it (fiado, issue #17); null when fiado is not enabled. */
export const ZCreditoCliente = z.object({ cupo: z.number().int(), saldo: z.number().int(), disponible: z.number().int() });
export type TCreditoCliente = z.infer<typeof ZCreditoCliente>;

/** `puntos`: the customer's balance and a point's value, when the store gives points (ADR 054). */
export const ZClienteVenta = z.object({ id: z.number().int(), documento: z.string(), nombre: z.string(), credito: ZCreditoCliente.nullable().optional(), telefono: z.string().nullable().optional(), puntos: ZPuntosEnCaja.nullable().optional() });
export type TClienteVenta = z.infer<typeof ZClienteVenta>;

/**
 * A discount given at the till (issue #16 point 4). On a line: a percentage of the line, pesos off the
 * line, or a lower unit price; on the whole sale: a percentage or pesos. The server computes it from the
 * prices it reads and refuses one that would take a line or the sale below zero.
 */
export const ZDescuentoLinea = z
  .object({
    tipo: z.enum(['porcentaje', 'valor', 'precio'], { error: V.descuentoInvalido }),
    valor: z.number({ error: V.descuentoInvalido }).int(V.descuentoInvalido).min(0, V.descuentoInvalido).max(LIMITES_DINERO.maxMonto, V.descuentoInvalido),
  })
  .refine((d) => d.tipo !== 'porcentaje' || d.valor <= 100, { message: V.descuentoInvalido, path: ['valor'] });
export type TDescuentoLinea = z.infer<typeof ZDescuentoLinea>;
export const ZDescuentoVenta = z
  .object({
    tipo: z.enum(['porcentaje', 'valor'], { error: V.descuentoInvalido }),
    valor: z.number({ error: V.descuentoInvalido }).int(V.descuentoInvalido).min(0, V.descuentoInvalido).max(LIMITES_DINERO.maxMonto, V.descuentoInvalido),
  })
  .refine((d) => d.tipo !== 'porcentaje' || d.valor <= 100, { message: V.descuentoInvalido, path: ['valor'] });
export type TDescuentoVenta = z.infer<typeof ZDescuentoVenta>;

/** A line's quantity: above 0, at most 9 999, at most three decimals. */
export const ZCantidadLinea = z
  .number({ error: V.cantidadLineaInvalida })
  .positive(V.cantidadLineaInvalida)
  .max(VENTA_LIMITS.maxCantidad, V.cantidadLineaInvalida)
  .refine((c) => aMilesimas(c) !== null, V.cantidadLineaInvalida);

/**
 * A line's quantity as a form or an old client writes it ("2", "0,375", "0.375") or as a number:
 * then the same checks as ZCantidadLinea (whole for products by unit: the line's domain).
 */
export const zCantidadEscrita = (mensaje: string) =>
  z
    .union([z.number(), z.string()], { error: mensaje })
    .transform((v, ctx): number => {
      const n = typeof v === 'number' ? v : (() => {
        const m = parseCantidad(v);
        return m === null ? NaN : m / MILESIMAS;
      })();
      if (!ZCantidadLinea.safeParse(n).success) {
        ctx.addIssue({ code: 'custom', message: mensaje });
        return z.NEVER;
      }
      return n;
    });

export const ZLineaVenta = z.object({
  descuento: ZDescuentoLinea.optional(),
  productoId: z.number({ error: V.productoInvalido }).int(V.productoInvalido).positive(V.productoInvalido).max(2_147_483_647, V.productoInvalido),
  /**
   * Units, or up to three decimals for a product sold by measure (issue #33, ADR 030); the server
   * refuses decimals for a product sold by unit, where it knows the product.
   */
  cantidad: ZCantidadLinea,
  /** Sold as a pack (issue #33 point 5, ADR 033): the product's sale unit; `cantidad` is then whole packs. */
  unidadVentaId: z.number({ error: V.productoInvalido }).int(V.productoInvalido).positive(V.productoInvalido).max(2_147_483_647, V.productoInvalido).nullable().optional(),
  /**
   * Sold by value (issue #52 point 4, ADR 030): the pesos asked ("$ 2.000 de arroz"); `cantidad` is then
   * the thousandths they buy (cantidadPorValor) and the line charges exactly this. The server refuses a
   * value its quantity and price do not give.
   */
  importe: z.number({ error: V.importeLineaInvalido }).int(V.importeLineaInvalido).positive(V.importeLineaInvalido).max(LIMITES_DINERO.maxMonto, V.importeLineaInvalido).nullable().optional(),
  /** The lot the cashier chose (ADR 051); none: the first to expire that is not expired (FEFO). */
  /** The cashier confirmed the customer presented the prescription (a product sold bajo fórmula médica, migration 0074). */
  formula: z.boolean({ error: V.productoInvalido }).optional(),
  loteId: z.number({ error: V.productoInvalido }).int(V.productoInvalido).positive(V.productoInvalido).max(2_147_483_647, V.productoInvalido).nullable().optional(),
});

/**
 * The sale's identity, made by the till before the first try (ADR 011): the same key sent again, by a
 * double click or a retry after a lost answer, gets the sale already recorded, never a second one.
 */
export const ZClaveVenta = z.uuid(V.claveInvalida);

/** A supervisor's PIN (issue #16 point 4): 4 to 8 digits (issue #28), hashed like a password. */
export const ZPin = z.string({ error: V.pinInvalido }).regex(/^[0-9]{4,8}$/, V.pinInvalido);

/**
 * A PIN the first guesses would find (issue #28): all digits equal (0000), a run up or down by one
 * (1234, 4321, 890 does not wrap), or a year 1900–2099 as four digits.
 */
export function esPinTrivial(pin: string): boolean {
  if (/^(\d)\1*$/.test(pin)) return true;
  const d = [...pin].map(Number);
  const paso = d[1]! - d[0]!;
  if ((paso === 1 || paso === -1) && d.every((x, i) => i === 0 || x - d[i - 1]! === paso)) return true;
  return /^(19|20)\d\d$/.test(pin);
}

/** A new PIN: 4 to 8 digits, and not a trivial one. */
export const ZPinNuevo = ZPin.refine((pin) => !esPinTrivial(pin), { error: V.pinTrivial });

/** The supervisor id that names the store account itself (issue #36 point 5): it has no user id. */
export const SUPERVISOR_TIENDA = 0;

/**
 * A role-2 cashier's discount is authorised by a supervisor of the store (role 1 or 3) standing at
 * the till: the supervisor is chosen by id (PINs are short and not unique), the PIN proves it;
 * `SUPERVISOR_TIENDA` (0) is the store account's own PIN.
 */
export const ZAutorizacionPin = z.object({
  supervisorId: z.number({ error: V.supervisorRequerido }).int(V.supervisorRequerido).nonnegative(V.supervisorRequerido).max(2_147_483_647, V.supervisorRequerido),
  pin: ZPin,
});
export type TAutorizacionPin = z.infer<typeof ZAutorizacionPin>;

/** A supervisor the till's PIN dialog offers: the store's roles 1 and 3 who have a PIN. */
export const ZSupervisor = z.object({ id: z.number().int(), nombre: z.string() });
export type TSupervisor = z.infer<typeof ZSupervisor>;

/** A supervisor sets or changes their own PIN, with their current password. */
export const ZEstablecerPinRequest = z.object({
  contrasena: z.string({ error: V.miPinContrasenaIncorrecta }).min(1, V.miPinContrasenaIncorrecta).max(128, V.miPinContrasenaIncorrecta),
  pin: ZPinNuevo,
});
export type TEstablecerPinRequest = z.infer<typeof ZEstablecerPinRequest>;
/**
 * Whether the caller has a PIN, and whether too many wrong ones at the till locked it (issue #28, a
 * rule since replaced); `fallos`: wrong PINs cashiers typed for it since it was set (issue #51 point 6), when any.
 */
export const ZEstadoPin = z.object({ tienePin: z.boolean(), bloqueado: z.boolean(), fallos: z.number().int().optional() });
export type TEstadoPin = z.infer<typeof ZEstadoPin>;

/** Checkout (spec §5 "Sale"): prices are never sent, the server reads them. The exchange (issue #32) picks from it. */
export const ZVentaBase = z.object({
  clave: ZClaveVenta.optional(),
  lineas: z
    .array(ZLineaVenta, { error: V.carritoVacio })
    .min(1, V.carritoVacio)
    .max(VENTA_LIMITS.maxLineas, V.demasiadasLineas),
  metodoPagoId: z.number({ error: V.metodoRequerido }).int(V.metodoRequerido).min(1, V.metodoRequerido).max(8, V.metodoRequerido),
  /** What the customer hands over now; 0 only for a sale on credit (fiado). */
  montoRecibido: z
    .number({ error: V.cantidadInvalida })
    .int(V.cantidadInvalida)
    .nonnegative(V.cantidadInvalida)
    .max(VENTA_LIMITS.maxMonto, V.cantidadInvalida),
  /** Fiado (issue #17): what montoRecibido does not cover goes on the customer's account. Method 7 implies it. */
  aCredito: z.boolean().optional(),
  /** Role 1 only: sell on credit past the customer's limit, recorded on the charge. */
  autorizarSobreCupo: z.boolean().optional(),
  /** A transfer's or card voucher's reference (issue #18), and whether the cashier saw it arrive. */
  referencia: z.string().trim().max(40, V.referenciaInvalida).regex(/^[0-9A-Za-z -]*$/, V.referenciaInvalida).optional(),
  verificado: z.boolean().optional(),
  documentoCliente: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z-]{3,20}$/, V.documentoInvalido)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  descuento: ZDescuentoVenta.optional(),
  /** Why: required with any discount, printed on the receipt. */
  motivoDescuento: z.string({ error: V.motivoDescuentoRequerido }).trim().max(120, V.motivoDescuentoRequerido).refine(sinBidi, BIDI_MENSAJE).optional(),
  /** A role-2 cashier's discount: the supervisor who authorises it and their PIN (ignored for roles 1 and 3). */
  autorizacion: ZAutorizacionPin.optional(),
  /**
   * Sell past the recorded stock (issue #36 point 7: the product is in the customer's hand, the count
   * is wrong): with the permission `venderSinStock`, or a supervisor's PIN in `autorizacion`.
   */
  venderSinStock: z.boolean().optional(),
  /** Sell units of an expired lot (ADR 051): roles 1 and 3 by asking, a cashier with a supervisor's PIN in `autorizacion`. */
  venderVencidos: z.boolean().optional(),
  /**
   * A sale made without the network (issue #34, ADR 029), sent from the device's outbox: its device
   * and printed number. Such a sale is recorded even past the stock (the goods already left) or past
   * the customer's limit, both flagged; every other rule is checked as for any sale.
   */
  sinRed: ZVentaSinRed.optional(),
  /** The promotions' saving the till showed (ADR 052): the server re-prices and refuses another figure online (offline: reviewed). */
  ahorro: z.number({ error: V.cantidadInvalida }).int(V.cantidadInvalida).nonnegative(V.cantidadInvalida).max(VENTA_LIMITS.maxMonto, V.cantidadInvalida).optional(),
});
/** The rules across fields of a checkout, for both paths below. */
function reglasVenta(v: z.infer<typeof ZVentaBase>, ctx: z.RefinementCtx) {
  const aCredito = v.aCredito || v.metodoPagoId === METODO.FIADO;
  if (!aCredito && v.montoRecibido <= 0) ctx.addIssue({ code: 'custom', message: V.cantidadInvalida, path: ['montoRecibido'] });
  if (aCredito && !v.documentoCliente) ctx.addIssue({ code: 'custom', message: V.fiadoRequiereCliente, path: ['documentoCliente'] });
  const conDescuento = !!v.descuento || v.lineas.some((l) => !!l.descuento);
  if (conDescuento && (!v.motivoDescuento || v.motivoDescuento.length < 3))
    ctx.addIssue({ code: 'custom', message: V.motivoDescuentoRequerido, path: ['motivoDescuento'] });
}
/** An online sale (`POST /api/ventas`): an offline sale's data is refused here (issue #51 point 5), it only comes by the sync. */
export const ZCreateVentaRequest = ZVentaBase.superRefine((v, ctx) => {
  reglasVenta(v, ctx);
  if (v.sinRed) ctx.addIssue({ code: 'custom', message: M.sinRed.soloSincronizacion, path: ['sinRed'] });
});
/** A sale made offline, from a registered device's outbox (`POST /api/sin-red/ventas`, issue #51 point 5). */
export const ZVentaSinRedRequest = ZVentaBase.extend({ sinRed: ZVentaSinRed }).superRefine(reglasVenta);
export type TVentaSinRedRequest = z.input<typeof ZVentaSinRedRequest>;
export type TCreateVentaRequest = z.input<typeof ZCreateVentaRequest>;

export const ESTADOS_VENTA = ['Pendiente', 'Completada', 'Anulada'] as const;
export type TEstadoVenta = (typeof ESTADOS_VENTA)[number];

/** A sale made by an exchange (issue #32 point 2): the return it came from and the credit (pesos) it applied. */
export const ZCambioDe = z.object({ devolucionId: z.number().int(), devolucionNumero: z.number().int(), ventaId: z.number().int(), ventaNumero: z.number().int(), credito: z.number().int() });

/** The receipt (spec §2 /factura): everything the printed ticket shows. */
/** The DIAN number a till's range gave the sale (issue #30 points 5 and 6), with what the receipt must print. */
export const ZFiscalRecibo = z.object({
  caja: z.string(),
  prefijo: z.string(),
  numero: z.number().int(),
  resolucion: z.string(),
  desde: z.number().int(),
  hasta: z.number().int(),
  fechaDesde: z.string(),
  fechaHasta: z.string(),
});
export type TFiscalRecibo = z.infer<typeof ZFiscalRecibo>;

export const ZRecibo = z.object({
  id: z.number().int(),
  /** The sale's number in its store, the one people see (issue #36 point 8); `id` stays internal. */
  numero: z.number().int(),
  /** Its till's DIAN number, for a store that configured a range; null or absent otherwise. */
  fiscal: ZFiscalRecibo.nullable().optional(),
  /** Sold without the network (ADR 029): the device's printed number and whether its clock was off by more than 5 minutes. */
  sinRed: z.object({ numero: z.string(), fecha: z.string().nullable(), relojDesfasado: z.boolean() }).nullable().optional(),
  /** The electronic POS document (issue #31): its CUDE and QR; null or absent when the sale has none. */
  documento: ZDocumentoRecibo.nullable().optional(),
  estado: z.string(),
  fecha: z.string(),
  tienda: z.string(),
  cajero: z.string(),
  lineas: z.array(
    z.object({
      productoId: z.number().int(),
      nombre: z.string(),
      marca: z.string().nullable(),
      /** Units, or up to three decimals for a product sold by measure (ADR 030). */
      cantidad: z.number(),
      /** DIAN's unit of measure (94 unidad, KGM, GRM, LTR, MLT): how the receipt shows the quantity. */
      unidad: z.string().optional(),
      /** Sold as a pack (ADR 033): its name ("Paca x12") and units per pack; `cantidad` and `precio` are packs. */
      presentacion: z.string().nullable().optional(),
      factor: z.number().int().optional(),
      precio: z.number().int(),
      /** Pesos taken off the line; the subtotal is the line's gross (brutoLinea: the value asked when sold by value, else precio × cantidad rounded half-up, ADR 030) − descuento. */
      descuento: z.number().int(),
      /**
       * The promotions that gave the line's descuento (ADR 052), by name: the receipt names them on the line and
       * shows their saving once, as the *Ahorro*. Absent: the descuento, if any, is a cashier's.
       */
      promocion: z.string().optional(),
      subtotal: z.number().int(),
    }),
  ),
  /** Pesos taken off the whole sale, after the lines' own. */
  descuento: z.number().int(),
  motivoDescuento: z.string().nullable(),
  /** The supervisor whose PIN authorised a cashier's discount (issue #16 point 4); null otherwise. */
  autorizadoPor: z.string().nullable(),
  total: z.number().int(),
  metodoPago: ZMetodoPago,
  montoRecibido: z.number().int(),
  cambio: z.number().int(),
  /** Pesos left on the customer's credit (fiado); 0 for a sale paid in full. */
  montoFiado: z.number().int(),
  /** When that credit is due (yyyy-mm-dd; issue #30 point 6: payment form *crédito*); null or absent when paid in full. */
  fiadoVence: z.string().nullable().optional(),
  referencia: z.string().nullable(),
  verificado: z.boolean(),
  cliente: ZClienteVenta.nullable(),
  /**
   * A sale made by an exchange (issue #32 point 2): the return whose value paid part of it (`credito`,
   * pesos) and the sale it came from. Absent or null for any other sale. `montoRecibido` is then what
   * the customer handed over besides the credit (on fiado the credit lowered the account instead).
   */
  cambioDe: ZCambioDe.nullable().optional(),
  /** What the promotions saved (ADR 052), each by name: the receipt's *Ahorro*. Absent or empty: none. */
  ahorros: ZAhorroRecibo.optional(),
  /** Loyalty points (ADR 054): earned and spent by the sale, the customer's balance after it; absent or null: none. */
  puntos: ZPuntosRecibo.nullable().optional(),
});
export type TRecibo = z.infer<typeof ZRecibo>;

export const ZEstadoVentaResponse = z.object({ id: z.number().int(), estado: z.string() });
export type TEstadoVentaResponse = z.infer<typeof ZEstadoVentaResponse>;
