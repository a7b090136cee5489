import { z } from 'zod';
import { crud } from '../../messages/crud';
import { zCampo, zInt } from './common';

// Only these areas' texts: a screen that loads this schema does not load the whole catalogue.
const M = { crud };

/** Payment methods are a global catalogue with chosen ids (1 to 5 used by the point of sale). */
export const ZCreateMetodoPagoRequest = z.object({
  idMetPago: zInt({ required: M.crud.campo('Id Metodo de Pago'), invalid: M.crud.idInvalido, min: 1 }),
  nombre: zCampo('Nombre del Metodo de Pago', 60),
});
export type TCreateMetodoPagoRequest = z.input<typeof ZCreateMetodoPagoRequest>;

export const ZUpdateMetodoPagoRequest = ZCreateMetodoPagoRequest.omit({ idMetPago: true });
export type TUpdateMetodoPagoRequest = z.input<typeof ZUpdateMetodoPagoRequest>;

export const ZMetodoPagoRow = z.object({ idMetPago: z.number().int(), nombre: z.string() });
export type TMetodoPagoRow = z.infer<typeof ZMetodoPagoRow>;
