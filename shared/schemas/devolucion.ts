import { z } from 'zod';
import { aMilesimas } from '../cantidad';
import { devoluciones } from '../messages/devoluciones';
import { LIMITES_DINERO } from '../money';
import { zTextoVisible } from './common';
import { ZTotalTarifa } from './impuestos';
import { ZAutorizacionPin, ZRecibo, ZVentaBase } from './venta';

// Only these areas' texts: a screen that loads this schema does not load the whole catalogue.
const M = { devoluciones };
const D = M.devoluciones;

export const DESTINOS = ['inventario', 'merma'] as const;
export type TDestino = (typeof DESTINOS)[number];

const zId = (mensaje: string) => z.number({ error: mensaje }).int(mensaje).positive(mensaje).max(2_147_483_647, mensaje);

/** POST /api/ventas/:id/devoluciones: units of some lines back, where they go, how the money goes back. */
export const ZDevolucionRequest = z.object({
  lineas: z
    .array(
      z.object({
        facturaId: zId(D.lineaAjena),
        /** Units, or up to three decimals of a product sold by measure (issue #33, ADR 030); the server refuses a fraction of a unit product. */
        cantidad: z
          .number({ error: D.cantidadInvalida })
          .positive(D.cantidadInvalida)
          .max(LIMITES_DINERO.maxCantidad, D.cantidadInvalida)
          .refine((c) => aMilesimas(c) !== null, D.cantidadInvalida),
        destino: z.enum(DESTINOS, { error: D.sinLineas }),
      }),
      { error: D.sinLineas },
    )
    .min(1, D.sinLineas)
    .max(LIMITES_DINERO.maxLineas, D.sinLineas)
    .refine((ls) => new Set(ls.map((l) => l.facturaId)).size === ls.length, D.lineaRepetida),
  /**
   * How the screen said the money goes back (ADR 039): optional, the server decides by the sale's
   * payments; one the refund does not go back by (cash for a fiado sale) is refused.
   */
  metodoPagoId: zId(D.metodoInvalido).max(99, D.metodoInvalido).optional(),
  motivo: zTextoVisible({ min: 3, max: 200, requerido: D.motivoRequerido, largo: D.motivoLargo }),
  /** The till's key for this return (a UUID): sent again, it answers the return already made. */
  clave: z.uuid({ error: D.sinLineas }).optional(),
  /** The transfer's or card refund's reference, required when part of the money goes back that way. */
  referencia: z.string({ error: D.referenciaInvalida }).trim().max(40, D.referenciaInvalida).regex(/^[0-9A-Za-z -]*$/, D.referenciaInvalida).optional(),
  /** A supervisor's PIN, for a role without the `devolver` permission (issue #51 point 3). */
  autorizacion: ZAutorizacionPin.optional(),
});
export type TDevolucionRequest = z.input<typeof ZDevolucionRequest>;

export const ZDevolucion = z.object({
  idDevolucion: z.number().int(),
  numero: z.number().int(),
  ventaId: z.number().int(),
  /** The sale's number as people see it (issue #36 point 8); the id stays internal. */
  ventaNumero: z.number().int(),
  /** ISO 8601 instant. */
  fecha: z.string(),
  usuario: z.string(),
  metodoPagoId: z.number().int(),
  metodo: z.string(),
  total: z.number().int(),
  /** How the money went back, by method (ADR 039): the part credited to fiado first. */
  reembolso: z.array(z.object({ metodoPagoId: z.number().int(), metodo: z.string(), monto: z.number().int() })),
  referencia: z.string().nullable(),
  motivo: z.string(),
  /** `unidad`: DIAN's unit, for the document to write a weighed quantity ("0,125 kg"). */
  lineas: z.array(z.object({ productoId: z.number().int(), producto: z.string(), cantidad: z.number(), unidad: z.string(), valor: z.number().int(), destino: z.enum(DESTINOS) })),
  /** Base and tax given back by rate (centavos), for a store responsible for IVA; empty otherwise. */
  tarifas: z.array(ZTotalTarifa),
  tienda: z.object({ nombre: z.string(), direccion: z.string().nullable(), telefono: z.string().nullable() }),
  cliente: z.object({ nombre: z.string(), documento: z.string(), telefono: z.string().nullable() }).nullable(),
  /** An exchange (issue #32 point 2): the new sale this return's value went into; null for a plain return. */
  ventaCambio: z.object({ id: z.number().int(), numero: z.number().int() }).nullable(),
});
export type TDevolucion = z.infer<typeof ZDevolucion>;

/** GET /api/ventas/:id/devoluciones: what may still come back of each line, and the returns made. */
export const ZDevolucionesDeVenta = z.object({
  ventaId: z.number().int(),
  estado: z.string(),
  /** The sale's customer and what it owes on fiado (a refund to fiado lowers it, never below zero). */
  cliente: z.object({ idCliente: z.number().int(), nombre: z.string(), saldo: z.number().int() }).nullable(),
  lineas: z.array(
    z.object({
      facturaId: z.number().int(),
      productoId: z.number().int(),
      producto: z.string(),
      /** DIAN's unit: a product sold by measure comes back in thousandths (issue #33). */
      unidad: z.string(),
      vendidas: z.number(),
      devueltas: z.number(),
      /** Pesos the line paid after every discount: what all its units give back. */
      pagado: z.number().int(),
    }),
  ),
  devoluciones: z.array(ZDevolucion),
  /** What the sale was paid with by method, and what its returns gave back by each (ADR 039). */
  pagos: z.array(z.object({ metodoPagoId: z.number().int(), metodo: z.string(), pagado: z.number().int(), devuelto: z.number().int() })),
});
export type TDevolucionesDeVenta = z.infer<typeof ZDevolucionesDeVenta>;

export const ZDevolucionParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/**
 * POST /api/ventas/:id/cambios (issue #32 point 2): units of the sale's lines come back (`devolver`,
 * as a return's) and other products are sold (`lineas`, as at the till) in one step. One method moves
 * the difference either way: what the customer hands over for it (`montoRecibido`, 0 when the new
 * sale costs no more than what comes back), or how the rest goes back to them (fiado included).
 * The new sale's customer is the original sale's.
 */
export const ZCambioRequest = ZVentaBase.pick({
  lineas: true,
  metodoPagoId: true,
  montoRecibido: true,
  autorizarSobreCupo: true,
  referencia: true,
  verificado: true,
  descuento: true,
  motivoDescuento: true,
  autorizacion: true,
  venderSinStock: true,
}).extend({
  devolver: ZDevolucionRequest.shape.lineas,
  motivo: ZDevolucionRequest.shape.motivo,
  /** The till's key for the exchange (a UUID): sent again, it answers the exchange already made. */
  clave: z.uuid({ error: D.sinLineas }).optional(),
});
export type TCambioRequest = z.input<typeof ZCambioRequest>;

/** The exchange's two documents. */
export const ZCambio = z.object({ devolucion: ZDevolucion, venta: ZRecibo });
export type TCambio = z.infer<typeof ZCambio>;
