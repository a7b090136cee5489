import { z } from 'zod';
import { ZSoporteRecepcion } from './documento-soporte';
import { generic } from '../messages/comun';
import { compras } from '../messages/compras';
import { aMilesimas } from '../cantidad';
import { LIMITES_DINERO } from '../money';
import { BIDI_MENSAJE, sinBidi } from './common';
import { ZLoteRecibido } from './lote';

// Only these areas' texts: a screen that loads this schema does not load the whole catalogue.
const M = { compras, generic };

const MAX_INT4 = 2_147_483_647;
const zId = (message: string) => z.number({ error: message }).int(message).positive(message).max(MAX_INT4, message);

export const ZIdParams = z.object({ id: z.coerce.number().int().positive().max(MAX_INT4) });

// ── Por pedir (point 3) ─────────────────────────────────────────────────────────────────────

/** The target level: a percentage of each product's minimum (200: twice), from 100 to 1000. */
export const ZObjetivoRequest = z.object({
  pedidoObjetivo: z.number({ error: M.compras.objetivoInvalido }).int(M.compras.objetivoInvalido).min(100, M.compras.objetivoInvalido).max(1000, M.compras.objetivoInvalido),
});
export type TObjetivoRequest = z.infer<typeof ZObjetivoRequest>;

export const ZPorPedirProducto = z.object({
  id: z.number().int(),
  nombre: z.string(),
  stock: z.number(),
  stockMin: z.number().int(),
  /** Units still to come on the store's open orders (up to three decimals for a product sold by measure). */
  enCamino: z.number(),
  /** Up to the target level: ceil(min × objetivo / 100) − stock − enCamino, never below 0. */
  sugerido: z.number().int(),
  /** The last unit cost received (null: never received, or costs hidden from this role). */
  ultimoCosto: z.number().int().nullable(),
  /**
   * The pack the shop last received the product in (ADR 036), while it still exists: the suggestion in
   * whole packs (enough to reach the target) and the last cost per pack; null when last received by unit.
   */
  empaque: z
    .object({
      unidadVentaId: z.number().int(),
      nombre: z.string(),
      factor: z.number().int(),
      /** ceil(sugerido ÷ factor): whole packs. */
      sugerido: z.number().int(),
      /** The last cost per pack received (null: not given, or costs hidden from this role). */
      costo: z.number().int().nullable(),
    })
    .nullable(),
});
export type TPorPedirProducto = z.infer<typeof ZPorPedirProducto>;

export const ZPorPedir = z.object({
  pedidoObjetivo: z.number().int(),
  grupos: z.array(
    z.object({
      /** Null: the products without a supplier. */
      proveedor: z.object({ id: z.number().int(), nombre: z.string(), telefono: z.string() }).nullable(),
      productos: z.array(ZPorPedirProducto),
    }),
  ),
});
export type TPorPedir = z.infer<typeof ZPorPedir>;

// ── Orders (point 4) ────────────────────────────────────────────────────────────────────────

export const ESTADOS_ORDEN = ['borrador', 'enviada', 'parcial', 'recibida', 'cancelada'] as const;
export type TEstadoOrden = (typeof ESTADOS_ORDEN)[number];

/**
 * A line's quantity in the line's unit: packs for a line in a pack, else the product's own unit (up to
 * three decimals: kilograms, litres…, ADR 030). Whole packs and whole units for a product sold by unit
 * are the domain's rule (it knows the product).
 */
const zCantidad = z
  .number({ error: M.compras.cantidadInvalida })
  .positive(M.compras.cantidadInvalida)
  .max(LIMITES_DINERO.maxCantidad, M.compras.cantidadInvalida)
  .refine((c) => aMilesimas(c) !== null, M.compras.cantidadInvalida);
/** ADR 036: the line is in this pack of the product (`producto_unidad_venta`); cantidad and costoUnit are then per pack. */
const zUnidadVenta = z
  .union([z.null(), zId(M.compras.presentacionNoExiste)], { error: M.compras.presentacionNoExiste })
  .optional()
  .transform((v) => v ?? null);
const zCosto = z.number({ error: M.compras.costoInvalido }).int(M.compras.costoInvalido).min(0, M.compras.costoInvalido).max(LIMITES_DINERO.maxPrecio, M.compras.costoInvalido);
const zNota = z
  .union([z.null(), z.string({ error: M.compras.notaLarga }).trim().max(500, M.compras.notaLarga).refine(sinBidi, BIDI_MENSAJE)], { error: M.compras.notaLarga })
  .optional()
  .transform((v) => (v ? v : null));

const zLineasOrden = z
  .array(z.object({ productoId: zId(M.compras.productoNoExiste), cantidad: zCantidad, costoUnit: zCosto, unidadVentaId: zUnidadVenta }), { error: M.compras.sinLineas })
  .min(1, M.compras.sinLineas)
  .max(LIMITES_DINERO.maxLineas, M.compras.sinLineas)
  .refine((ls) => new Set(ls.map((l) => l.productoId)).size === ls.length, M.compras.lineaRepetida);

export const ZCreateOrdenRequest = z.object({
  proveedorId: zId(M.compras.elegirProveedorVacio),
  lineas: zLineasOrden,
  nota: zNota,
});
export type TCreateOrdenRequest = z.input<typeof ZCreateOrdenRequest>;

export const ZUpdateOrdenRequest = ZCreateOrdenRequest.omit({ proveedorId: true });
export type TUpdateOrdenRequest = z.input<typeof ZUpdateOrdenRequest>;

export const ZOrdenesQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(100).optional().default(20),
  estado: z.union([z.enum(ESTADOS_ORDEN, { error: M.generic.validation }), z.literal('')]).optional(),
});
export type TOrdenesQuery = z.input<typeof ZOrdenesQuery>;

export const ZOrdenResumen = z.object({
  id: z.number().int(),
  numero: z.number().int(),
  proveedorId: z.number().int(),
  proveedor: z.string(),
  estado: z.enum(ESTADOS_ORDEN),
  creadaEn: z.string(),
  lineas: z.number().int(),
  /** Sum of quantity × unit cost, integer pesos (null: costs hidden from this role). */
  total: z.number().int().nullable(),
});
export type TOrdenResumen = z.infer<typeof ZOrdenResumen>;

/** ADR 036: the pack a line was asked or received in, as it was then (name and factor), with the cost per pack. */
export const ZEmpaqueLinea = z.object({
  /** Null once the pack was removed from the product; the line keeps its name and factor. */
  unidadVentaId: z.number().int().nullable(),
  nombre: z.string(),
  factor: z.number().int(),
  /** Packs: cantidad ÷ factor. */
  empaques: z.number().int(),
  /** The cost of one pack (null: costs hidden from this role). */
  costo: z.number().int().nullable(),
});
export type TEmpaqueLinea = z.infer<typeof ZEmpaqueLinea>;

export const ZOrdenLinea = z.object({
  id: z.number().int(),
  productoId: z.number().int().nullable(),
  nombre: z.string(),
  /** The product's DIAN unit ('94' by unit; KGM, GRM, LTR, MLT by measure). */
  unidad: z.string(),
  /** Units of the product asked (a pack line: factor × packs); up to three decimals by measure. */
  cantidad: z.number(),
  /** The cost of one unit of the product (a pack line: cost per pack ÷ factor, half up). */
  costoUnit: z.number().int().nullable(),
  /** The line's money: packs × cost per pack, or importeLinea (null: costs hidden). */
  importe: z.number().int().nullable(),
  /** Asked in a pack: which, as asked; null by the product's own unit. */
  empaque: ZEmpaqueLinea.nullable(),
  /** Units received so far, the sum of the line's deliveries. */
  recibido: z.number(),
});
export type TOrdenLinea = z.infer<typeof ZOrdenLinea>;

export const ZRecepcionResumen = z.object({
  id: z.number().int(),
  numero: z.number().int(),
  fecha: z.string(),
  facturaNumero: z.string().nullable(),
  cufe: z.string().nullable(),
  /** Units received (a pack counts its factor; by measure, up to three decimals). */
  unidades: z.number(),
  total: z.number().int().nullable(),
  persona: z.string(),
  /** From a supplier who does not invoice: its documento soporte and notes (ADR 055); null otherwise. */
  soporte: ZSoporteRecepcion.nullable(),
});
export type TRecepcionResumen = z.infer<typeof ZRecepcionResumen>;

export const ZOrden = ZOrdenResumen.extend({
  proveedorTelefono: z.string(),
  nota: z.string().nullable(),
  enviadaEn: z.string().nullable(),
  items: z.array(ZOrdenLinea),
  recepciones: z.array(ZRecepcionResumen),
});
export type TOrden = z.infer<typeof ZOrden>;

export const ZOrdenMessage = z.object({ message: z.string(), orden: ZOrden });

// ── Receiving (point 5) ─────────────────────────────────────────────────────────────────────

/** A CUFE: 96 hexadecimal characters (SHA-384), kept in lower case. */
export const CUFE_RE = /^[0-9a-f]{96}$/;

/** The CUFE a DIAN invoice's QR carries: the `documentkey` parameter of its URL, or null. */
export function cufeDeQr(texto: string): string | null {
  const m = /[?&]documentkey=([0-9a-fA-F]{96})\b/.exec(texto) ?? /\bCUFE:\s*([0-9a-fA-F]{96})\b/.exec(texto);
  if (m) return m[1]!.toLowerCase();
  const solo = texto.trim();
  return CUFE_RE.test(solo.toLowerCase()) ? solo.toLowerCase() : null;
}

const zTextoOpcional = (max: number, message: string) =>
  z
    .union([z.null(), z.string({ error: message }).trim().max(max, message).refine(sinBidi, BIDI_MENSAJE)], { error: message })
    .optional()
    .transform((v) => (v ? v : null));

export const ZRecepcionRequest = z.object({
  /** The order received (all or part of it); none: goods received without an order. */
  ordenId: zId(M.compras.ordenNoExiste).nullable().optional(),
  /** Required without an order; with one it must be the order's supplier. */
  proveedorId: zId(M.compras.elegirProveedorVacio).nullable().optional(),
  facturaNumero: zTextoOpcional(40, M.compras.facturaLarga),
  cufe: z
    .union([z.null(), z.string({ error: M.compras.cufeInvalido }).trim()], { error: M.compras.cufeInvalido })
    .optional()
    .transform((v) => (v ? v.toLowerCase() : null))
    .refine((v) => v == null || CUFE_RE.test(v), M.compras.cufeInvalido),
  lineas: z
    .array(
      z.object({
        productoId: zId(M.compras.productoNoExiste),
        /** In packs with unidadVentaId (and costoUnit per pack); else in the product's own unit. */
        cantidad: zCantidad,
        costoUnit: zCosto,
        unidadVentaId: zUnidadVenta,
        vence: z
          .union([z.null(), z.literal(''), z.iso.date({ error: M.compras.venceInvalido })], { error: M.compras.venceInvalido })
          .optional()
          .transform((v) => (v ? v : null)),
        lote: zTextoOpcional(40, M.compras.loteLargo),
        /** A product that tracks lots (ADR 051): its lots, units in the product's own unit adding up to the line's. */
        lotes: z.array(ZLoteRecibido).max(20).optional(),
      }),
      { error: M.compras.nadaQueRecibir },
    )
    .min(1, M.compras.nadaQueRecibir)
    .max(LIMITES_DINERO.maxLineas, M.compras.nadaQueRecibir)
    .refine((ls) => new Set(ls.map((l) => l.productoId)).size === ls.length, M.compras.lineaRepetida),
});
export type TRecepcionRequest = z.input<typeof ZRecepcionRequest>;

export const ZRecepcionResponse = z.object({
  message: z.string(),
  recepcion: z.object({ id: z.number().int(), numero: z.number().int(), ordenId: z.number().int().nullable(), estadoOrden: z.enum(ESTADOS_ORDEN).nullable() }),
  /** The reception's documento soporte when its supplier does not invoice (ADR 055). */
  soporte: ZSoporteRecepcion.nullable(),
});

// ── Cost and margin (point 6) ───────────────────────────────────────────────────────────────

/** `?ids=1,2,3`: the products whose costs a list shows (at most 100). */
export const ZCostosQuery = z.object({
  ids: z
    .string({ error: M.generic.validation })
    .trim()
    .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, M.generic.validation)
    .transform((v) => [...new Set(v.split(',').map(Number))])
    .refine((ids) => ids.every((n) => n > 0 && n <= MAX_INT4), M.generic.validation),
});

export const ZCostoProducto = z.object({
  productoId: z.number().int(),
  precio: z.number().int(),
  /** The last unit cost received (net of deductible IVA for a store responsible for it); null: never received. */
  costo: z.number().int().nullable(),
  /** The weighted average cost of the units in stock. */
  costoPromedio: z.number().int().nullable(),
  /** Price (net of IVA where deductible) less the average cost, per unit; null without a cost. */
  margen: z.number().int().nullable(),
  /** The margin as a percentage of that price, one decimal. */
  margenPorcentaje: z.number().nullable(),
});
export type TCostoProducto = z.infer<typeof ZCostoProducto>;
