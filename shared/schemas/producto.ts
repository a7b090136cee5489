import { z } from 'zod';
import { M } from '../messages';
import { optionalText } from './common';

const MAX_INT4 = 2_147_483_647;
/** A trillion pesos: far above any shelf price, far below what the bigint column holds. */
const MAX_PRECIO = 1_000_000_000_000;

/**
 * A whole number typed by a person (text) or sent by a client (number): no dots, commas, signs
 * or decimals. Empty or missing → `empty`; anything else that is not digits → `invalid`.
 */
export const zEntero = (opts: { empty: string; invalid: string; max?: number }) =>
  z.union([z.number(), z.string()], { error: opts.empty }).transform((v, ctx): number => {
    const s = typeof v === 'number' ? String(v) : v.trim();
    if (s === '') {
      ctx.addIssue({ code: 'custom', message: opts.empty });
      return z.NEVER;
    }
    const n = Number(s);
    if (!/^\d+$/.test(s) || !Number.isSafeInteger(n) || n > (opts.max ?? MAX_INT4)) {
      ctx.addIssue({ code: 'custom', message: opts.invalid });
      return z.NEVER;
    }
    return n;
  });

const requiredName = (message: string) => z.string({ error: message }).trim().min(1, message).max(120, M.registro.tooLong);

/** Estado 1 Disponible / 0 No disponible; a select sends it as text. */
export const zEstadoProducto = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], { error: M.productos.estadoInvalido })
  .transform((v) => (Number(v) === 1 ? 1 : 0) as 0 | 1);

/** A supplier id, or none ('' from a select, null or missing). */
const zIdProveedor = z
  .union([z.null(), z.literal(''), z.coerce.number().int().positive().max(MAX_INT4)], { error: M.productos.proveedorInvalido })
  .optional()
  .transform((v) => (v === '' || v == null ? null : v));

/** A calendar date (YYYY-MM-DD) that exists — 2024-02-30 does not — or none. */
const zFecha = z
  .union([z.null(), z.literal(''), z.iso.date({ error: M.productos.fechaInvalida })], { error: M.productos.fechaInvalida })
  .optional()
  .transform((v) => (v ? v : null));

/** Scanner or shop code; absent means "leave as it is", empty means "no code". */
const zCodigoBarras = z
  .union([z.null(), z.string().trim().max(64, M.registro.tooLong).regex(/^[0-9A-Za-z-]*$/, M.productos.codigoBarrasInvalido)])
  .optional()
  .transform((v) => (v === undefined ? undefined : v ? v : null));

const nullableText = (max: number) =>
  z
    .union([z.null(), z.string().trim().max(max, M.registro.tooLong)])
    .optional()
    .transform((v) => (v ? v : null));

/** Add-product form (spec §5): name, price without dots or commas, quantity; the rest optional. */
export const ZCreateProductoRequest = z.object({
  nombre: requiredName(M.productos.camposVacios),
  precio: zEntero({ empty: M.productos.camposVacios, invalid: M.productos.precioInvalido, max: MAX_PRECIO }),
  cantidad: zEntero({ empty: M.productos.camposVacios, invalid: M.productos.cantidadInvalida }),
  marca: optionalText(80),
  categoria: optionalText(80),
  presentacion: optionalText(80),
  descripcion: optionalText(500),
  stockMin: zEntero({ empty: M.productos.stockMinRequerido, invalid: M.productos.stockMinInvalido }).optional(),
  idProveedor: zIdProveedor,
  codigoBarras: zCodigoBarras,
});
export type TCreateProductoRequest = z.input<typeof ZCreateProductoRequest>;
export type TCreateProductoData = z.output<typeof ZCreateProductoRequest>;

/** Product detail form (spec §3 "Product detail"). */
export const ZUpdateProductoRequest = z.object({
  nombre: requiredName(M.productos.nombreRequerido),
  marca: nullableText(80),
  precio: zEntero({ empty: M.productos.precioRequerido, invalid: M.productos.precioInvalido, max: MAX_PRECIO }),
  descripcion: nullableText(500),
  categoria: nullableText(80),
  presentacion: nullableText(80),
  fechaVencimiento: zFecha,
  stock: zEntero({ empty: M.productos.stockRequerido, invalid: M.productos.stockInvalido }),
  stockMin: zEntero({ empty: M.productos.stockMinRequerido, invalid: M.productos.stockMinInvalido }),
  estado: zEstadoProducto,
  idProveedor: zIdProveedor,
  codigoBarras: zCodigoBarras,
  /**
   * The stock the form showed. When given, the stock is only touched if the person changed it,
   * and a sale made meanwhile is never silently undone (409 instead).
   */
  stockAnterior: z.number().int().min(0).max(MAX_INT4).optional(),
});
export type TUpdateProductoRequest = z.input<typeof ZUpdateProductoRequest>;
export type TUpdateProductoData = z.output<typeof ZUpdateProductoRequest>;

export const ZProductoParams = z.object({ id: z.coerce.number().int().positive().max(MAX_INT4) });

export const ZProductoListItem = z.object({
  id: z.number().int(),
  nombre: z.string(),
  marca: z.string().nullable(),
  categoria: z.string().nullable(),
  precio: z.number().int(),
  stock: z.number().int(),
  stockMin: z.number().int(),
  estado: z.number().int(),
  proveedor: z.string().nullable(),
  /** Stock at or below the minimum: the row stands out. */
  bajoStock: z.boolean(),
});
export type TProductoListItem = z.infer<typeof ZProductoListItem>;

export const ZProductoDetalle = z.object({
  id: z.number().int(),
  nombre: z.string(),
  marca: z.string().nullable(),
  precio: z.number().int(),
  descripcion: z.string().nullable(),
  categoria: z.string().nullable(),
  presentacion: z.string().nullable(),
  fechaVencimiento: z.string().nullable(),
  stock: z.number().int(),
  stockMin: z.number().int(),
  estado: z.number().int(),
  codigoBarras: z.string().nullable(),
  idProveedor: z.number().int().nullable(),
  /** Current supplier's name, read-only (spec §3). */
  nombrepr: z.string().nullable(),
});
export type TProductoDetalle = z.infer<typeof ZProductoDetalle>;

export const ZProductoMessage = z.object({ message: z.string() });
export const ZCreateProductoResponse = z.object({ message: z.string(), producto: ZProductoDetalle });
export const ZUpdateProductoResponse = ZCreateProductoResponse;
