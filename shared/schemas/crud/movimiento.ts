import { z } from 'zod';
import { crud } from '../../messages/crud';
import { zCampo, zFecha, zIdTecleado, zInt } from './common';

// Only these areas' texts: a screen that loads this schema does not load the whole catalogue.
const M = { crud };

/** Register movement (spec §5): a typed id above 1; the rest required. Free-text record (spec §4). */
export const ZCreateMovimientoRequest = z.object({
  idMovimiento: zIdTecleado(M.crud.idMovimiento),
  cantidadDespues: zInt({ required: M.crud.campo('Cantidad después'), invalid: M.crud.cantidadInvalida, min: 0 }),
  fechaMovimiento: zFecha('Fecha del movimiento'),
  fechaModificacion: zFecha('Fecha de modificación'),
  estadoDespues: zCampo('Estado después', 60),
  inventarioId: zInt({ required: M.crud.campo('ID del Inventario'), invalid: M.crud.idInvalido, min: 1 }),
});
export type TCreateMovimientoRequest = z.input<typeof ZCreateMovimientoRequest>;

export const ZUpdateMovimientoRequest = ZCreateMovimientoRequest.omit({ idMovimiento: true });
export type TUpdateMovimientoRequest = z.input<typeof ZUpdateMovimientoRequest>;

export const ZMovimientoRow = z.object({
  idMovimiento: z.number().int(),
  cantidadDespues: z.number(),
  /** ISO timestamps; shown as dates in Bogotá time. */
  fechaMovimiento: z.string(),
  fechaModificacion: z.string(),
  estadoDespues: z.string(),
  inventarioId: z.number().int().nullable(),
  productoId: z.number().int().nullable(),
  /** The product's DIAN unit ('94', 'KGM'…), null without a product: the quantity is in it (issue #52 point 3). */
  unidad: z.string().nullable(),
  motivo: z.string(),
  idTienda: z.number().int(),
});
export type TMovimientoRow = z.infer<typeof ZMovimientoRow>;
