import { z } from 'zod';
import { crud } from '../../messages/crud';
import { zCampo, zInt, zPesos } from './common';
import { zCantidadEscrita } from '../venta';

// Only these areas' texts: a screen that loads this schema does not load the whole catalogue.
const M = { crud };

/** Register invoice line (spec §5): Venta ID, Producto ID, Cantidad > 0, Precio > 0, Estado. */
export const ZCreateFacturaRequest = z.object({
  ventaId: zInt({ required: M.crud.campo('Venta ID'), min: 1 }),
  productoId: zInt({ required: M.crud.campo('Producto ID'), min: 1 }),
  // Whole for a product sold by unit, up to three decimals for one sold by weight (the line's domain checks which).
  cantidad: zCantidadEscrita(M.crud.cantidadInvalida),
  precio: zPesos(M.crud.precioInvalido),
  estado: zCampo('Estado', 30),
  /** Sell past the recorded stock when the product is short (issue #36 point 7); role 1 always may. */
  venderSinStock: z
    .union([z.boolean(), z.enum(['true', ''], { error: M.crud.campo('Vender aunque el sistema no tenga stock') }).transform((v) => v === 'true')], {
      error: M.crud.campo('Vender aunque el sistema no tenga stock'),
    })
    .optional(),
  /** A product sold bajo fórmula médica (migration 0074): the customer presented the prescription. */
  formula: z
    .union([z.boolean(), z.enum(['true', ''], { error: M.crud.campo('Fórmula médica presentada') }).transform((v) => v === 'true')], { error: M.crud.campo('Fórmula médica presentada') })
    .optional(),
});
export type TCreateFacturaRequest = z.input<typeof ZCreateFacturaRequest>;

export const ZUpdateFacturaRequest = ZCreateFacturaRequest;
export type TUpdateFacturaRequest = TCreateFacturaRequest;

export const ZFacturaRow = z.object({
  idFactura: z.number().int(),
  ventaId: z.number().int(),
  /** The sale's number in its store, the one its receipt printed (issue #52): what the list shows; ventaId is the key. */
  ventaNumero: z.number().int(),
  productoId: z.number().int(),
  productoNombre: z.string(),
  cantidad: z.number(),
  /** DIAN's unit of measure the line was sold in ('94', 'KGM'…; null on lines older than migration 0048). */
  unidad: z.string().nullable(),
  precio: z.number().int(),
  estado: z.string(),
  idTienda: z.number().int(),
});
export type TFacturaRow = z.infer<typeof ZFacturaRow>;
