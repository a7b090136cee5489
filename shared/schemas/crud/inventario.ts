import { z } from 'zod';
import { crud } from '../../messages/crud';
import { zCampo, zFecha, zIdTecleado, zIdTienda, zInt } from './common';

// Only these areas' texts: a screen that loads this schema does not load the whole catalogue.
const M = { crud };

/** Register inventory (spec §5): a typed id above 1; cantidad, fecha, estado de revisión and store required. */
export const ZCreateInventarioRequest = z.object({
  idInventario: zIdTecleado(M.crud.idInventario),
  cantidadInventario: zInt({ required: M.crud.campo('Cantidad Inventario'), invalid: M.crud.cantidadInvalida, min: 0 }),
  fechaModificacion: zFecha('Fecha de modificación'),
  estadoRevision: zCampo('Estado de revisión', 60),
  idTienda: zIdTienda,
});
export type TCreateInventarioRequest = z.input<typeof ZCreateInventarioRequest>;

export const ZUpdateInventarioRequest = ZCreateInventarioRequest.omit({ idInventario: true, idTienda: true });
export type TUpdateInventarioRequest = z.input<typeof ZUpdateInventarioRequest>;

export const ZInventarioRow = z.object({
  idInventario: z.number().int(),
  cantidadInventario: z.number().int(),
  fechaModificacion: z.string(),
  estadoRevision: z.string(),
  idTienda: z.number().int(),
});
export type TInventarioRow = z.infer<typeof ZInventarioRow>;
