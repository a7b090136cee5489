import { z } from 'zod';
import { precios } from '../messages/precios';
import { productos } from '../messages/productos';
import { generic } from '../messages/comun';
import { BIDI_MENSAJE, sinBidi } from './common';
import { ZClienteVenta, zCantidadEscrita } from './venta';
import { zPrecio } from './producto';

// Only these areas' texts: a screen that loads this schema does not load the whole catalogue.
const M = { precios, productos, generic };

const MAX_INT4 = 2_147_483_647;
const zId = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(MAX_INT4, message);

/** Price lists (issue #59 point 1, ADR 047). */
export const ZListaIdParams = z.object({ id: zId(M.precios.noExiste) });

/** A list's name and its % off the base price for products without a price of their own. */
export const ZListaPrecioRequest = z.object({
  nombre: z.string({ error: M.precios.nombreInvalido }).trim().min(1, M.precios.nombreInvalido).max(60, M.precios.nombreInvalido).refine(sinBidi, BIDI_MENSAJE),
  porcentaje: z.coerce.number({ error: M.precios.porcentajeInvalido }).int(M.precios.porcentajeInvalido).min(0, M.precios.porcentajeInvalido).max(90, M.precios.porcentajeInvalido).default(0),
});
export type TListaPrecioRequest = z.input<typeof ZListaPrecioRequest>;

/** A product's price in the list from `desde` (default 1); `precio` null takes that price out of the list. */
export const ZPrecioListaRequest = z.object({
  productoId: zId(M.precios.productoNoExiste),
  desde: zCantidadEscrita(M.precios.desdeInvalido).default(1),
  precio: zPrecio({ empty: M.precios.precioInvalido, invalid: M.precios.precioInvalido })
    .refine((n) => n > 0, M.precios.precioInvalido)
    .nullable(),
});
export type TPrecioListaRequest = z.input<typeof ZPrecioListaRequest>;

/** A customer (by the document the owner types) given the list, or taken off it. */
export const ZClienteListaRequest = z.object({
  documento: z.string({ error: M.precios.documentoInvalido }).trim().min(1, M.precios.documentoInvalido).max(20, M.precios.documentoInvalido),
  asignado: z.boolean({ error: M.generic.validation }),
});
export type TClienteListaRequest = z.input<typeof ZClienteListaRequest>;

export const ZListaPrecio = z.object({
  id: z.number().int(),
  nombre: z.string(),
  porcentaje: z.number().int(),
  productos: z.number().int(),
  clientes: z.number().int(),
});
export type TListaPrecio = z.infer<typeof ZListaPrecio>;

export const ZPrecioLista = z.object({
  productoId: z.number().int(),
  producto: z.string(),
  unidad: z.string(),
  base: z.number().int(),
  desde: z.number(),
  precio: z.number().int(),
});
export type TPrecioLista = z.infer<typeof ZPrecioLista>;

export const ZClienteDeLista = z.object({ id: z.number().int(), nombre: z.string(), documento: z.string() });
export type TClienteDeLista = z.infer<typeof ZClienteDeLista>;

export const ZListaPrecioDetalle = ZListaPrecio.extend({ precios: z.array(ZPrecioLista), clientes: z.array(ZClienteDeLista) });
export type TListaPrecioDetalle = z.infer<typeof ZListaPrecioDetalle>;

export const ZListaPrecioMessage = z.object({ message: z.string(), lista: ZListaPrecioDetalle });
export type TListaPrecioMessage = z.infer<typeof ZListaPrecioMessage>;

/** The list a customer buys at, as the till reads it with the customer (ADR 047): to show the list's prices; the server charges them regardless. */
export const ZListaDeCliente = z.object({
  id: z.number().int(),
  nombre: z.string(),
  porcentaje: z.number().int(),
  precios: z.array(z.object({ productoId: z.number().int(), desde: z.number(), precio: z.number().int() })),
});
export type TListaDeCliente = z.infer<typeof ZListaDeCliente>;

/** The till's customer lookup: the customer, and its price list (null: the normal price). */
export const ZClienteVentaConLista = ZClienteVenta.extend({ lista: ZListaDeCliente.nullable() });
export type TClienteVentaConLista = z.infer<typeof ZClienteVentaConLista>;
