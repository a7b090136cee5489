import { z } from 'zod';
import { aMilesimas, deMilesimas, parseCantidad } from '../../cantidad';
import { crud } from '../../messages/crud';
import { zFecha, zInt } from './common';

// Only these areas' texts: a screen that loads this schema does not load the whole catalogue.
const M = { crud };

/**
 * A delivery's units as the back-office form types them ("25,5", "25.5", 24) or a client sends them:
 * above 0, at most three decimals (a product sold by measure, ADR 030/036); whole units for a product
 * sold by unit is the domain's rule (it knows the product).
 */
const zCantidadEntrega = z.union([z.number(), z.string()], { error: M.crud.cantidadInvalida }).transform((v, ctx): number => {
  const m = typeof v === 'number' ? aMilesimas(v) : parseCantidad(v);
  if (m === null || m <= 0 || m > 999_999_999) {
    ctx.addIssue({ code: 'custom', message: M.crud.cantidadInvalida });
    return z.NEVER;
  }
  return deMilesimas(m);
});

/** An order delivery received: its quantity enters the product's stock (with a movimiento). */
export const ZCreateEntregaRequest = z.object({
  proveedorId: zInt({ required: M.crud.campo('ID del Proveedor'), invalid: M.crud.idInvalido, min: 1 }),
  productoId: zInt({ required: M.crud.campo('ID del producto'), invalid: M.crud.idInvalido, min: 1 }),
  fechaEntrega: zFecha('Fecha de Entrega'),
  cantidad: zCantidadEntrega,
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
