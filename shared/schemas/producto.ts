import { z } from 'zod';
import { LIMITES_DINERO } from '../money';
import { registro } from '../messages/auth';
import { crud } from '../messages/crud';
import { productos } from '../messages/productos';
import { sinBidi } from './common';

// Only these areas' texts: a screen that loads this schema does not load the whole catalogue.
const M = { crud, productos, registro };

const MAX_INT4 = 2_147_483_647;

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

/**
 * A unit price typed by a person or sent by a client: digits, or es-CO with thousand dots ("12.500",
 * "$ 12.500"), as the payment field takes them. Capped at LIMITES_DINERO.maxPrecio with its own message.
 */
export const zPrecio = (opts: { empty: string; invalid: string }) =>
  z.union([z.number(), z.string()], { error: opts.empty }).transform((v, ctx): number => {
    const s = typeof v === 'number' ? String(v) : v.trim().replace(/^\$\s*/, '');
    if (s === '') {
      ctx.addIssue({ code: 'custom', message: opts.empty });
      return z.NEVER;
    }
    const digits = /^\d{1,3}(\.\d{3})+$/.test(s) ? s.replace(/\./g, '') : s;
    const n = Number(digits);
    if (!/^\d+$/.test(digits) || !Number.isSafeInteger(n)) {
      ctx.addIssue({ code: 'custom', message: opts.invalid });
      return z.NEVER;
    }
    if (n > LIMITES_DINERO.maxPrecio) {
      ctx.addIssue({ code: 'custom', message: M.productos.precioMaximo });
      return z.NEVER;
    }
    return n;
  });

const requiredName = (message: string) => z.string({ error: message }).trim().min(1, message).max(120, M.registro.tooLong).refine(sinBidi, M.registro.bidi);

/** Estado 1 Disponible / 0 No disponible; a select sends it as text. */
export const zEstadoProducto = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], { error: M.productos.estadoInvalido })
  .transform((v) => (Number(v) === 1 ? 1 : 0) as 0 | 1);

/** The id of a row a product points to (supplier, inventory), or none ('' from a select, null or missing). */
const zReferencia = (message: string) =>
  z
    .union([z.null(), z.literal(''), z.coerce.number().int().positive().max(MAX_INT4)], { error: message })
    .optional()
    .transform((v) => (v === '' || v == null ? null : v));
const zIdProveedor = zReferencia(M.productos.proveedorInvalido);

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
    .union([z.null(), z.string().trim().max(max, M.registro.tooLong).refine(sinBidi, M.registro.bidi)])
    .optional()
    .transform((v) => (v ? v : null));

/**
 * The stock a form showed when it was loaded (store detail form, back-office form, legacy
 * `stock_anterior`). When given, the stock is only touched if the person changed it, and a sale
 * made meanwhile is never silently undone (409 instead). Empty or missing: not sent.
 */
const zStockAnterior = z
  .union([z.null(), z.number(), z.string()], { error: M.productos.stockInvalido })
  .optional()
  .transform((v, ctx): number | undefined => {
    const s = v == null ? '' : String(v).trim();
    if (s === '') return undefined;
    const n = Number(s);
    if (!/^\d+$/.test(s) || !Number.isSafeInteger(n) || n > MAX_INT4) {
      ctx.addIssue({ code: 'custom', message: M.productos.stockInvalido });
      return z.NEVER;
    }
    return n;
  });

/**
 * The product's fields under the names of its domain module (server/modules/producto/producto.domain.ts),
 * in the back-office's order, with the store's messages. Every face's request schema derives from
 * it: the store's and the legacy API's rename fields (`precio` is `precioUnit`); the back-office's
 * keep the names and put the spec's back-office messages over the store's (shared/schemas/crud/producto.ts).
 */
export const ZProductoBase = z.object({
  nombre: requiredName(M.productos.nombreRequerido),
  precioUnit: zPrecio({ empty: M.productos.precioRequerido, invalid: M.productos.precioInvalido }),
  descripcion: nullableText(500),
  marca: nullableText(80),
  categoria: nullableText(80),
  presentacion: nullableText(80),
  fechaVencimiento: zFecha,
  stock: zEntero({ empty: M.productos.stockRequerido, invalid: M.productos.stockInvalido }),
  stockMin: zEntero({ empty: M.productos.stockMinRequerido, invalid: M.productos.stockMinInvalido }),
  estado: zEstadoProducto,
  codigoBarras: zCodigoBarras,
  inventarioId: zReferencia(M.crud.idInvalido),
  proveedorId: zIdProveedor,
  stockAnterior: zStockAnterior,
});
type BaseShape = typeof ZProductoBase.shape;

/**
 * A face's request schema: fields of the base under the face's own names, in the face's order
 * (`{ faceName: baseName }`); `.extend()` then puts a face's own message over a field.
 */
export const caraDeProducto = <N extends Record<string, keyof BaseShape>>(nombres: N) =>
  z.object(Object.fromEntries(Object.entries(nombres).map(([cara, base]) => [cara, ZProductoBase.shape[base]])) as { [K in keyof N]: BaseShape[N[K]] });

/** Add-product form of the store (spec §5): name, price without dots or commas, quantity; the rest optional. */
export const ZCreateProductoRequest = caraDeProducto({
  nombre: 'nombre',
  precio: 'precioUnit',
  cantidad: 'stock',
  marca: 'marca',
  categoria: 'categoria',
  presentacion: 'presentacion',
  descripcion: 'descripcion',
  stockMin: 'stockMin',
  idProveedor: 'proveedorId',
  codigoBarras: 'codigoBarras',
}).extend({
  // Spec §5: any of the three missing is 'Campos vacios'.
  nombre: requiredName(M.productos.camposVacios),
  precio: zPrecio({ empty: M.productos.camposVacios, invalid: M.productos.precioInvalido }),
  cantidad: zEntero({ empty: M.productos.camposVacios, invalid: M.productos.cantidadInvalida }),
  stockMin: ZProductoBase.shape.stockMin.optional(),
});
export type TCreateProductoRequest = z.input<typeof ZCreateProductoRequest>;
export type TCreateProductoData = z.output<typeof ZCreateProductoRequest>;

/** Product detail form of the store (spec §3 "Product detail"). */
export const ZUpdateProductoRequest = caraDeProducto({
  nombre: 'nombre',
  marca: 'marca',
  precio: 'precioUnit',
  descripcion: 'descripcion',
  categoria: 'categoria',
  presentacion: 'presentacion',
  fechaVencimiento: 'fechaVencimiento',
  stock: 'stock',
  stockMin: 'stockMin',
  estado: 'estado',
  idProveedor: 'proveedorId',
  codigoBarras: 'codigoBarras',
  stockAnterior: 'stockAnterior',
});
export type TUpdateProductoRequest = z.input<typeof ZUpdateProductoRequest>;
export type TUpdateProductoData = z.output<typeof ZUpdateProductoRequest>;

/**
 * Legacy API `registrarProductoUnico` (controlador.producto.php): the spec's name, price and
 * quantity, plus the extra `codigo_barras`. The controller renames the legacy keys to these.
 */
export const ZLegacyRegistrarProductoRequest = ZCreateProductoRequest.pick({ nombre: true, precio: true, cantidad: true, codigoBarras: true });
export type TLegacyRegistrarProductoData = z.output<typeof ZLegacyRegistrarProductoRequest>;

/**
 * Legacy API `modificarProducto`: the store's detail form under the old keys (`stock_min`…),
 * plus the extras `codigo_barras` and `stock_anterior`.
 */
export const ZLegacyModificarProductoRequest = ZUpdateProductoRequest;
export type TLegacyModificarProductoData = z.output<typeof ZLegacyModificarProductoRequest>;

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
  /** Only when the product has one. */
  codigoBarras: z.string().optional(),
  /** Stock at or below the minimum: the row stands out. */
  bajoStock: z.boolean(),
});
export type TProductoListItem = z.infer<typeof ZProductoListItem>;

/**
 * A product as its domain module reads it (`columnasProducto` in producto.domain.ts), under the
 * domain's names: the response base every face's product shape derives from.
 */
export const ZProductoLeido = z.object({
  idProducto: z.number().int(),
  nombre: z.string(),
  precioUnit: z.number().int(),
  descripcion: z.string().nullable(),
  marca: z.string().nullable(),
  categoria: z.string().nullable(),
  presentacion: z.string().nullable(),
  fechaVencimiento: z.string().nullable(),
  stock: z.number().int(),
  stockMin: z.number().int(),
  estado: z.number().int(),
  codigoBarras: z.string().nullable(),
  inventarioId: z.number().int().nullable(),
  proveedorId: z.number().int().nullable(),
  idTienda: z.number().int(),
});

/** The store's product detail: the read base under the detail form's names, with the supplier's name. */
export const ZProductoDetalle = ZProductoLeido.pick({
  nombre: true,
  marca: true,
  descripcion: true,
  categoria: true,
  presentacion: true,
  fechaVencimiento: true,
  stock: true,
  stockMin: true,
  estado: true,
  codigoBarras: true,
}).extend({
  id: ZProductoLeido.shape.idProducto,
  precio: ZProductoLeido.shape.precioUnit,
  idProveedor: ZProductoLeido.shape.proveedorId,
  /** Current supplier's name, read-only (spec §3). */
  nombrepr: z.string().nullable(),
});
export type TProductoDetalle = z.infer<typeof ZProductoDetalle>;

export const ZProductoMessage = z.object({ message: z.string() });
export const ZCreateProductoResponse = z.object({ message: z.string(), producto: ZProductoDetalle });
export const ZUpdateProductoResponse = ZCreateProductoResponse;
