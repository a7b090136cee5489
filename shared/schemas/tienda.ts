import { z } from 'zod';

/** POST /api/tienda/codigo-invitacion/regenerar: the store's new invitation code. */
export const ZCodigoInvitacionRegenerado = z.object({
  codigo_invitacion: z.string(),
  message: z.string(),
});
export type TCodigoInvitacionRegenerado = z.infer<typeof ZCodigoInvitacionRegenerado>;
