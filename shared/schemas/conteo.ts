import { z } from 'zod';
import { generic } from '../messages/comun';
import { conteos } from '../messages/conteos';
import { aMilesimas } from '../cantidad';
import { BIDI_MENSAJE, ZPageQuery, sinBidi } from './common';

// Only these areas' texts: a screen that loads this schema does not load the whole catalogue.
const M = { conteos, generic };

const MAX_INT4 = 2_147_483_647;
const zId = (message: string) => z.number({ error: message }).int(message).positive(message).max(MAX_INT4, message);

/** The most lines one count holds; the most products a search answers is in ../conteo.ts (the offline count reads it without zod). */
export const MAX_LINEAS_CONTEO = 20_000;
export { MAX_RESULTADOS_CONTEO } from '../conteo';
/** The most a person types for one line: 9 999 (a pack's entry is then × its factor, up to 1 000). */
export const MAX_CANTIDAD_CONTEO = 9_999;

export const ALCANCES = ['tienda', 'categoria', 'proveedor', 'ubicacion'] as const;
export type TAlcanceConteo = (typeof ALCANCES)[number];
export const ESTADOS = ['abierto', 'aprobado', 'cancelado'] as const;
export type TEstadoConteo = (typeof ESTADOS)[number];

export const ZConteoIdParams = z.object({ id: z.coerce.number({ error: M.conteos.noExiste }).int(M.conteos.noExiste).positive(M.conteos.noExiste).max(MAX_INT4, M.conteos.noExiste) });

/** Open a count: the whole store, one category (its name as the products carry it), one supplier or one place ("Pasillo 3", as the products carry it). */
export const ZAbrirConteoRequest = z
  .object({
    alcance: z.enum(ALCANCES, { error: M.conteos.alcance }),
    categoria: z.string({ error: M.conteos.categoriaInvalida }).trim().min(1, M.conteos.elijaCategoria).max(60, M.conteos.categoriaInvalida).refine(sinBidi, BIDI_MENSAJE).optional(),
    proveedorId: zId(M.conteos.elijaProveedor).optional(),
    ubicacion: z.string({ error: M.conteos.ubicacionInvalida }).trim().min(1, M.conteos.elijaUbicacion).max(40, M.conteos.ubicacionInvalida).refine(sinBidi, BIDI_MENSAJE).optional(),
  })
  .refine((v) => v.alcance !== 'categoria' || v.categoria != null, { path: ['categoria'], message: M.conteos.elijaCategoria })
  .refine((v) => v.alcance !== 'ubicacion' || v.ubicacion != null, { path: ['ubicacion'], message: M.conteos.elijaUbicacion })
  .refine((v) => v.alcance !== 'proveedor' || v.proveedorId != null, { path: ['proveedorId'], message: M.conteos.elijaProveedor });
export type TAbrirConteoRequest = z.input<typeof ZAbrirConteoRequest>;

/** A quantity of 0 to 9 999 with at most three decimals; whole for a product sold by unit (the server checks that against the product). */
const zCantidad = z
  .number({ error: M.conteos.cantidadInvalida })
  .min(0, M.conteos.cantidadInvalida)
  .max(MAX_CANTIDAD_CONTEO, M.conteos.cantidadInvalida)
  .refine((v) => aMilesimas(v) !== null, M.conteos.cantidadInvalida);

/**
 * A line counted offline on a phone (ADR 042's addendum): its key on the device (sent again, counted
 * once) and the device's clock when it counted and when it sent. The server places the moment by its
 * age (reloj − contadoEn), so a device clock set wrong does not move it.
 */
export const ZLineaSinRed = z.object({
  clave: z.uuid(M.conteos.claveInvalida),
  contadoEn: z.iso.datetime({ offset: true, error: M.conteos.relojInvalido }),
  reloj: z.iso.datetime({ offset: true, error: M.conteos.relojInvalido }),
});

/**
 * The lot an entry counts (issue #58 point 2), for a product that tracks lots: a code it has, or a new
 * code with its expiry (the lot is made, its units come from the count's surplus).
 */
export const ZLoteContado = z.object({
  codigo: z.string({ error: M.conteos.loteInvalido }).trim().min(1, M.conteos.loteInvalido).max(40, M.conteos.loteInvalido).refine(sinBidi, BIDI_MENSAJE),
  vence: z.iso.date({ error: M.conteos.loteVenceInvalido }).nullish(),
});
export type TLoteContado = z.infer<typeof ZLoteContado>;

/** One counter's entry: a product, or one of its packs (counted as its factor), and how many; per lot when `lote` is given. */
export const ZLineaConteoRequest = z.object({
  productoId: zId(M.conteos.productoNoExiste),
  presentacionId: zId(M.conteos.productoNoExiste).nullish(),
  cantidad: zCantidad,
  sinRed: ZLineaSinRed.optional(),
  lote: ZLoteContado.optional(),
});
export type TLineaConteoRequest = z.input<typeof ZLineaConteoRequest>;

export const ZConteosQuery = ZPageQuery;
export const ZBuscarConteoQuery = z.object({ q: z.string({ error: M.generic.validation }).trim().max(100, M.generic.validation).optional().default('') });

const ZQuien = z.string();

export const ZConteoResumen = z.object({
  id: z.number().int(),
  alcance: z.enum(ALCANCES),
  categoria: z.string().nullable(),
  proveedor: z.string().nullable(),
  ubicacion: z.string().nullable(),
  estado: z.enum(ESTADOS),
  abiertoPor: ZQuien,
  abiertoEn: z.string(),
  cerradoPor: ZQuien.nullable(),
  cerradoEn: z.string().nullable(),
  /** Products counted so far. */
  productos: z.number().int(),
});
export type TConteoResumen = z.infer<typeof ZConteoResumen>;

/** A counter's entry as every counter sees it: no system stock (the count is blind). */
export const ZLineaConteo = z.object({
  id: z.number().int(),
  productoId: z.number().int(),
  producto: z.string(),
  unidad: z.string(),
  cantidad: z.number(),
  factor: z.number().int(),
  contadoPor: ZQuien,
  creadoEn: z.string(),
  /** The lot counted (its code), for an entry per lot; absent otherwise. */
  lote: z.string().optional(),
});
export type TLineaConteo = z.infer<typeof ZLineaConteo>;

/** The count as the counting screen reads it: its header and its newest entries (no system stock). */
export const ZConteoDetalle = ZConteoResumen.extend({ lineas: z.array(ZLineaConteo) });
export type TConteoDetalle = z.infer<typeof ZConteoDetalle>;

/** A product of the count's scope found by code or name (a pack's code names the pack). No stock. */
export const ZProductoConteo = z.object({
  productoId: z.number().int(),
  nombre: z.string(),
  codigoBarras: z.string().nullable(),
  unidad: z.string(),
  presentacionId: z.number().int().nullable(),
  presentacion: z.string().nullable(),
  factor: z.number().int(),
  /** A scale label's quantity in the product's unit (kg with decimals), as the till reads it: the line is this much. */
  cantidad: z.number().optional(),
  /** Tracks lots (ADR 051): the entry may name its lot. Absent: it does not. */
  manejaLotes: z.literal(true).optional(),
});
export type TProductoConteo = z.infer<typeof ZProductoConteo>;

/**
 * One lot of a product counted per lot, in the variance report (issue #58 point 2): its units when first
 * counted, what was counted in it, the difference and its value at the product's cost. The row with no
 * code (`loteId` null) is the rest: lots nobody counted and units of no known lot, less what was counted
 * without naming a lot. The rows add up to the product's.
 */
export const ZLoteInforme = z.object({
  loteId: z.number().int().nullable(),
  codigo: z.string().nullable(),
  /** YYYY-MM-DD. */
  vence: z.string().nullable(),
  sistema: z.number(),
  contado: z.number(),
  diferencia: z.number(),
  valor: z.number().int(),
});
export type TLoteInforme = z.infer<typeof ZLoteInforme>;

/** One product of the variance report. Quantities in the product's unit; money in integer pesos. */
export const ZDiferencia = z.object({
  productoId: z.number().int(),
  producto: z.string(),
  unidad: z.string(),
  sistema: z.number(),
  contado: z.number(),
  diferencia: z.number(),
  /** The unit cost it is valued at (average cost, else last cost); null: none recorded. */
  costo: z.number().int().nullable(),
  valor: z.number().int(),
  contaron: z.string(),
  /** Counted per lot: its lots (first to expire first) and the rest. Absent when no lot was named. */
  lotes: z.array(ZLoteInforme).optional(),
});
export type TDiferencia = z.infer<typeof ZDiferencia>;

export const ZTotalesConteo = z.object({
  faltante: z.number().int(),
  sobrante: z.number().int(),
  neto: z.number().int(),
  valorSistema: z.number().int(),
  /** Shrinkage: faltante / valorSistema × 100, two decimals; null when nothing counted had a value. */
  merma: z.number().nullable(),
  conDiferencia: z.number().int(),
});
export type TTotalesConteo = z.infer<typeof ZTotalesConteo>;

export const ZInformeConteo = z.object({
  conteo: ZConteoResumen,
  lineas: z.array(ZDiferencia),
  totales: ZTotalesConteo,
  /** Products of the scope nobody counted: their stock does not change. */
  sinContar: z.number().int(),
});
export type TInformeConteo = z.infer<typeof ZInformeConteo>;

export const ZConteoMessage = z.object({ message: z.string(), conteo: ZConteoResumen });
export const ZLineaMessage = z.object({ message: z.string(), linea: ZLineaConteo });
