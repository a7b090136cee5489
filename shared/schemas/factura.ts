import { z } from 'zod';
import { facturas } from '../messages/facturas';
import { ZPageQuery, zPage } from './common';
import { ZCambioDe } from './venta';
import { MEDIDAS, type TMedida } from '../unidades';

// Only these areas' texts: a screen that loads this schema does not load the whole catalogue.
const M = { facturas };

/**
 * Each measure's total, never added into another (issue #52 point 3; ADR 030's rule, issue #58 point 3):
 * units (a pack's line counts factor × packs), kilos (grams as kilos), litres, metres (cm as metres),
 * square metres, gallons.
 */
const ZMedidas = z.object(Object.fromEntries(MEDIDAS.map((m) => [m, z.number()])) as Record<TMedida, z.ZodNumber>);

/** Sale status (spec §4): Pendiente on creation, then Completada or Anulada. */
export const ESTADOS_VENTA = ['Pendiente', 'Completada', 'Anulada'] as const;
export const ZEstadoVenta = z.enum(ESTADOS_VENTA, { error: M.facturas.estadoInvalido });
export type TEstadoVenta = z.infer<typeof ZEstadoVenta>;

export const ZFacturasQuery = ZPageQuery.extend({
  estado: z
    .union([z.literal(''), ZEstadoVenta], { error: M.facturas.estadoInvalido })
    .optional(),
});
/** What a client sends (every field optional). */
export type TFacturasQuery = Partial<z.output<typeof ZFacturasQuery>>;
export type TFacturasFiltros = z.output<typeof ZFacturasQuery>;

/** A sale in the invoice list (spec §3 "Invoice list row": id, product count, price, status). */
export const ZFacturaResumen = z.object({
  idVenta: z.number().int(),
  /** The number people see (issue #36 point 8); `idVenta` addresses the sale. */
  numero: z.number().int(),
  /** The number the offline till printed (D3-17, issue #34) for a sale made without network; null otherwise. */
  numeroDispositivo: z.string().nullable(),
  /** ISO 8601 instant. */
  fecha: z.string(),
  estado: z.string(),
  /** Number of invoice lines (distinct products). */
  lineas: z.number().int(),
  ...ZMedidas.shape,
  /** Integer pesos: the sum of its lines. */
  total: z.number().int(),
  metodoPago: z.string().nullable(),
  /** The customer, or for a sale invoiced to a buyer (issue #57) the invoice's buyer. */
  cliente: z.string().nullable(),
  cajero: z.string(),
  /** A sale invoiced to a buyer (issue #57, ADR 044): the invoice's number with its prefix (FE2); null for any other sale. */
  numeroFactura: z.string().nullable(),
});
export type TFacturaResumen = z.infer<typeof ZFacturaResumen>;

export const ZFacturasPage = zPage(ZFacturaResumen);
export type TFacturasPage = z.infer<typeof ZFacturasPage>;

export const ZFacturaParams = z.object({
  idVenta: z.coerce.number({ error: M.facturas.noEncontrada }).int().positive().max(2_147_483_647),
});

export const ZFacturaLinea = z.object({
  productoId: z.number().int(),
  producto: z.string(),
  /** In the line's sale unit: packs for a pack's line, kilos (up to three decimals) for a weighed one. */
  cantidad: z.number(),
  /** The product's unit (DIAN code: 94 unidad, KGM…), for showing "0,375 kg". */
  unidad: z.string(),
  /** Sold as a pack: its name and units per pack; null and 1 for a plain line. */
  presentacion: z.string().nullable(),
  factor: z.number().int(),
  precio: z.number().int(),
  /** Pesos taken off the line at the till (issue #16): the subtotal is precio × cantidad − descuento. */
  descuento: z.number().int(),
  subtotal: z.number().int(),
  estado: z.string(),
});
export type TFacturaLinea = z.infer<typeof ZFacturaLinea>;

/**
 * A sale invoiced to a buyer (issue #57, ADR 044): the factura electrónica de venta's number with its
 * range's prefix (FE2), its CUFE (null until the document is built, right after the sale) and the
 * buyer as the invoice names them (NIT with its check digit, CC…).
 */
export const ZFacturaElectronicaDetalle = z.object({
  numero: z.string(),
  cufe: z.string().nullable(),
  adquirente: z.object({ nombre: z.string(), documento: z.string() }),
});
export type TFacturaElectronicaDetalle = z.infer<typeof ZFacturaElectronicaDetalle>;

/** One invoice: the sale's header, its lines and totals. */
export const ZFacturaDetalle = z.object({
  idVenta: z.number().int(),
  /** The number people see (issue #36 point 8); `idVenta` addresses the sale. */
  numero: z.number().int(),
  /** The number the offline till printed (D3-17, issue #34) for a sale made without network; null otherwise. */
  numeroDispositivo: z.string().nullable(),
  fecha: z.string(),
  estado: z.string(),
  tienda: z.object({ nombre: z.string(), direccion: z.string().nullable(), telefono: z.string().nullable() }),
  cajero: z.string(),
  cliente: z.object({ nombre: z.string(), documento: z.string(), tipoDocumento: z.string() }).nullable(),
  metodoPago: z.string().nullable(),
  lineas: z.array(ZFacturaLinea),
  /** Each measure apart, as the list's. */
  ...ZMedidas.shape,
  /** Pesos taken off the whole sale, and why (any discount of the sale or its lines). */
  descuento: z.number().int(),
  motivoDescuento: z.string().nullable(),
  /** The supervisor whose PIN authorised a cashier's discount (issue #16 point 4); null otherwise. */
  autorizadoPor: z.string().nullable(),
  total: z.number().int(),
  /** The payment as its parts (issue #36): the method's part and the part left on fiado. */
  pagos: z.array(z.object({ metodoPagoId: z.number().int(), metodo: z.string(), monto: z.number().int() })),
  /** Cash received, and the change given on it; null for a sale paid otherwise (no change off cash). */
  montoRecibido: z.number().int().nullable(),
  cambio: z.number().int().nullable(),
  /** When its fiado part is due (yyyy-mm-dd; issue #30 point 6: payment form *crédito*); null when paid in full. */
  fiadoVence: z.string().nullable(),
  /** A sale made by an exchange (issue #32 point 2): the return it came from and the credit it applied. */
  cambioDe: ZCambioDe.nullable(),
  /** Invoiced to a buyer: the invoice's number, CUFE and buyer; null for a POS or store-numbered sale. */
  facturaElectronica: ZFacturaElectronicaDetalle.nullable(),
});
export type TFacturaDetalle = z.infer<typeof ZFacturaDetalle>;
