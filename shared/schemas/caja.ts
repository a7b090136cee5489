import { z } from 'zod';
import { LIMITES_DINERO } from '../money';
import { M } from '../messages';

const C = M.caja;

/** Open a shift with the cash in the drawer (issue #18). */
export const ZAbrirTurnoRequest = z.object({
  fondoInicial: z.number({ error: C.fondoInvalido }).int(C.fondoInvalido).nonnegative(C.fondoInvalido).max(LIMITES_DINERO.maxMonto, C.fondoInvalido),
});
export type TAbrirTurnoRequest = z.infer<typeof ZAbrirTurnoRequest>;

/** A shift as the till sees it. */
export const ZTurno = z.object({
  id: z.number().int(),
  abiertoEn: z.string(),
  cerradoEn: z.string().nullable(),
  fondoInicial: z.number().int(),
  cajero: z.string(),
});
export type TTurno = z.infer<typeof ZTurno>;

/** The session's open shift, or null. */
export const ZTurnoActual = z.object({ turno: ZTurno.nullable() });
export type TTurnoActual = z.infer<typeof ZTurnoActual>;
