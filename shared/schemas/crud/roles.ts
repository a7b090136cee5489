import { z } from 'zod';
import { crud } from '../../messages/crud';
import { zCampo, zInt } from './common';

// Only these areas' texts: a screen that loads this schema does not load the whole catalogue.
const M = { crud };

/** Register role (spec §5): Id del Rol above 1, Nombre del Rol and Descripción required. */
export const ZCreateRolRequest = z.object({
  idRol: zInt({ required: M.crud.idRol, min: 2 }),
  nombreRol: zCampo('Nombre del Rol', 60),
  descripcion: zCampo('Descripción', 300),
});
export type TCreateRolRequest = z.input<typeof ZCreateRolRequest>;

/** Update role ('Actualizar'): all three required; role 1 keeps its id, so 1 is valid here. */
export const ZUpdateRolRequest = ZCreateRolRequest.extend({ idRol: zInt({ required: M.crud.idRol, min: 1 }) });
export type TUpdateRolRequest = z.input<typeof ZUpdateRolRequest>;

export const ZRolRow = z.object({ idRol: z.number().int(), nombreRol: z.string(), descripcion: z.string() });
export type TRolRow = z.infer<typeof ZRolRow>;
