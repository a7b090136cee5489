import { z } from 'zod';
import { crud } from '../../messages/crud';
import { zFecha, zInt } from './common';

// Only these areas' texts: a screen that loads this schema does not load the whole catalogue.
const M = { crud };

/** An order delivery received: its quantity enters the product's stock (with a movimiento). */
export const ZCreateEntregaRequest = z.object({
  proveedorId: zInt({ required: M.crud.campo('ID del Proveedor'), invalid: M.crud.idInvalido, min: 1 }),
  productoId: zInt({ required: M.crud.campo('ID del producto'), invalid: M.crud.idInvalido, min: 1 }),
  fechaEntrega: zFecha('Fecha de Entrega'),
  cantidad: zInt({ required: M.crud.cantidadInvalida, min: 1 }),
});
export type TCreateEntregaRequest = z.input<typeof ZCreateEntregaRequest>;

export const ZUpdateEntregaRequest = ZCreateEntregaRequest;
export type TUpdateEntregaRequest = TCreateEntregaRequest;

export const ZEntregaRow = z.object({
  idEntrega: z.number().int(),
  proveedorId: z.number().int(),
  proveedorNombre: z.string(),
  productoId: z.number().int(),
  productoNombre: z.string(),
  fechaEntrega: z.string(),
  /** Units that entered stock: a pack's factor × packs; up to three decimals for a product sold by measure (ADR 036). */
  cantidad: z.number(),
  idTienda: z.number().int(),
});
export type TEntregaRow = z.infer<typeof ZEntregaRow>;
