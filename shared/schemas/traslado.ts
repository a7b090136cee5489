import { z } from 'zod';
import { generic } from '../messages/comun';
import { traslados } from '../messages/traslados';
import { aMilesimas } from '../cantidad';
import { LIMITES_DINERO } from '../money';
import { sinBidi, BIDI_MENSAJE } from './common';
import { ZIdParams } from './compras';

// Only these areas' texts: a screen that loads this schema does not load the whole catalogue.
const M = { generic, traslados };
const T = M.traslados;
const MAX_INT4 = 2_147_483_647;
const zId = (message: string) => z.number({ error: message }).int(message).positive(message).max(MAX_INT4, message);

export { ZIdParams };
export const ESTADOS_TRASLADO = ['pedido', 'despachado', 'parcial', 'recibido', 'cancelado'] as const;
export type TEstadoTraslado = (typeof ESTADOS_TRASLADO)[number];

/** Units in the product's own unit (whole for a product sold by unit: the domain's rule), up to three decimals (ADR 030). */
const zCantidad = (min: 'positiva' | 'cero') =>
  z
    .number({ error: T.cantidadInvalida })
    .min(0, T.cantidadInvalida)
    .refine((c) => (min === 'cero' ? c >= 0 : c > 0), T.cantidadInvalida)
    .refine((c) => c <= LIMITES_DINERO.maxCantidad, T.cantidadInvalida)
    .refine((c) => aMilesimas(c) !== null, T.cantidadInvalida);
const zTexto = (max: number, message: string) =>
  z
    .union([z.null(), z.string({ error: message }).trim().max(max, message).refine(sinBidi, BIDI_MENSAJE)], { error: message })
    .optional()
    .transform((v) => (v ? v : null));
/** The version of the transfer the person saw: a leg applies only to it (two receipts at once: one applies). */
const zVersion = z.number({ error: T.cambio }).int(T.cambio).positive(T.cambio).max(MAX_INT4, T.cambio);

/**
 * POST /api/traslados: a transfer asked (by hand, or from *Por pedir*). One side is the store the session
 * is in; the lines name that store's products, which the server matches in the other store (ADR 056).
 */
export const ZCrearTrasladoRequest = z.object({
  origenId: zId(T.tiendaInvalida),
  destinoId: zId(T.tiendaInvalida),
  nota: zTexto(500, T.notaLarga),
  lineas: z
    .array(z.object({ productoId: zId(T.productoNoExiste), cantidad: zCantidad('positiva') }), { error: T.sinLineas })
    .min(1, T.sinLineas)
    .max(200, T.demasiadasLineas),
});
export type TCrearTrasladoRequest = z.input<typeof ZCrearTrasladoRequest>;

const zLineasLeg = z.array(z.object({ lineaId: zId(T.lineaNoExiste), cantidad: zCantidad('cero') }), { error: T.lineaNoExiste }).max(200, T.demasiadasLineas);
/** A receipt's line may say what arrived of each of its lots (absent: the first to expire arrive first). */
const zLineasRecibidas = z
  .array(
    z.object({
      lineaId: zId(T.lineaNoExiste),
      cantidad: zCantidad('cero'),
      lotes: z
        .array(z.object({ loteId: zId(T.loteNoViaja), cantidad: zCantidad('cero') }), { error: T.loteNoViaja })
        .max(50, T.loteNoViaja)
        .optional(),
    }),
    { error: T.lineaNoExiste },
  )
  .max(200, T.demasiadasLineas);

/** POST /api/traslados/:id/despachar: what leaves (absent lines: what was asked). */
export const ZDespacharRequest = z.object({ version: zVersion, lineas: zLineasLeg.optional() });
export type TDespacharRequest = z.input<typeof ZDespacharRequest>;

/**
 * POST /api/traslados/:id/recibir: what arrived of each line (a partial receipt leaves the rest in
 * transit); `cerrar` records what is still in transit as a difference, with its reason.
 */
export const ZRecibirRequest = z.object({
  version: zVersion,
  lineas: zLineasRecibidas,
  cerrar: z.boolean({ error: M.generic.validation }).optional().default(false),
  motivo: zTexto(200, T.motivoLargo),
});
export type TRecibirRequest = z.input<typeof ZRecibirRequest>;

export const ZCancelarTrasladoRequest = z.object({ version: zVersion });

export const ZTrasladosQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(100).optional().default(20),
  estado: z.union([z.enum(ESTADOS_TRASLADO, { error: M.generic.validation }), z.literal('')]).optional(),
});
export type TTrasladosQuery = z.input<typeof ZTrasladosQuery>;

const ZTiendaRef = z.object({ idTienda: z.number().int(), nombreTienda: z.string() });

export const ZTrasladoResumen = z.object({
  id: z.number().int(),
  numero: z.number().int(),
  origen: ZTiendaRef,
  destino: ZTiendaRef,
  estado: z.enum(ESTADOS_TRASLADO),
  creadoEn: z.string(),
  lineas: z.number().int(),
  unidades: z.number(),
});
export type TTrasladoResumen = z.infer<typeof ZTrasladoResumen>;

export const ZTraslados = z.object({
  items: z.array(ZTrasladoResumen),
  total: z.number().int(),
  /** The empresa's other stores, for a new transfer. */
  tiendas: z.array(ZTiendaRef),
});
export type TTraslados = z.infer<typeof ZTraslados>;

/** A lot that left with a line (a product that tracks lots): code and expiry (null: of no known lot), its units. */
export const ZTrasladoLote = z.object({
  id: z.number().int(),
  codigo: z.string().nullable(),
  vence: z.string().nullable(),
  despachada: z.number(),
  recibida: z.number(),
  faltante: z.number(),
  enTransito: z.number(),
});
export type TTrasladoLote = z.infer<typeof ZTrasladoLote>;

export const ZTrasladoLinea = z.object({
  id: z.number().int(),
  productoOrigenId: z.number().int().nullable(),
  productoDestinoId: z.number().int().nullable(),
  nombre: z.string(),
  codigoBarras: z.string().nullable(),
  cantidad: z.number(),
  despachada: z.number().nullable(),
  recibida: z.number(),
  faltante: z.number(),
  enTransito: z.number(),
  lotes: z.array(ZTrasladoLote),
});
export type TTrasladoLinea = z.infer<typeof ZTrasladoLinea>;

export const ZTrasladoEvento = z.object({
  tipo: z.enum(['pedido', 'despacho', 'recepcion', 'cancelacion']),
  tienda: z.string(),
  usuario: z.string(),
  cara: z.string(),
  motivo: z.string().nullable(),
  fecha: z.string(),
  lineas: z.array(z.object({ lineaId: z.number().int(), cantidad: z.number(), faltante: z.number().optional() })),
});

export const ZTraslado = ZTrasladoResumen.extend({
  nota: z.string().nullable(),
  version: z.number().int(),
  detalle: z.array(ZTrasladoLinea),
  eventos: z.array(ZTrasladoEvento),
  /** What the session may do now, here (the server checks again). */
  puede: z.object({ despachar: z.boolean(), recibir: z.boolean(), cancelar: z.boolean() }),
});
export type TTraslado = z.infer<typeof ZTraslado>;

export const ZTrasladoMessage = z.object({ traslado: ZTraslado, message: z.string() });
