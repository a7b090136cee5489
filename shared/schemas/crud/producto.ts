import { z } from 'zod';
import { M } from '../../messages';
import { zCampo, zIdTiendaOpcional, zInt, zOptFecha, zOptInt, zOptText, zPesos } from './common';

const zEstado = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], { error: M.crud.estadoProducto })
  .transform((v) => (Number(v) === 1 ? 1 : 0));

export const ZCreateProductoRequest = z.object({
  nombre: zCampo('Nombre', 120),
  precioUnit: zPesos(M.crud.precioInvalido),
  descripcion: zOptText(500),
  marca: zOptText(80),
  categoria: zOptText(80),
  presentacion: zOptText(80),
  fechaVencimiento: zOptFecha,
  stock: zInt({ required: M.crud.campo('Stock'), invalid: M.crud.cantidadInvalida, min: 0 }),
  stockMin: zInt({ required: M.crud.campo('Stock mínimo'), invalid: M.crud.cantidadInvalida, min: 0 }),
  estado: zEstado.default(1),
  inventarioId: zOptInt({ invalid: M.crud.idInvalido }),
  proveedorId: zOptInt({ invalid: M.crud.idInvalido }),
  idTienda: zIdTiendaOpcional,
});
export type TCreateProductoRequest = z.input<typeof ZCreateProductoRequest>;

/** The store of a product never changes; a new stock is recorded in the ledger as an adjustment. */
export const ZUpdateProductoRequest = ZCreateProductoRequest.omit({ idTienda: true });
export type TUpdateProductoRequest = z.input<typeof ZUpdateProductoRequest>;

export const ZProductoRow = z.object({
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
  inventarioId: z.number().int().nullable(),
  proveedorId: z.number().int().nullable(),
  idTienda: z.number().int(),
});
export type TProductoRow = z.infer<typeof ZProductoRow>;
