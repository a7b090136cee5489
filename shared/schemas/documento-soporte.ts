import { z } from 'zod';
import { documentoSoporte as S } from '../messages/documento-soporte';

/**
 * The documento soporte of a reception and its adjustment notes (issue #57 point 3, ADR 055): what
 * the reception's detail shows, and the note's request (concept 1 returns units of the reception's
 * products, 2 annuls the DS, 3 rebaja and 4 ajuste de precio take a value off, integer pesos).
 */
export const ZSoporteRecepcion = z.object({
  documento: z.object({ numero: z.string(), cuds: z.string(), estado: z.string() }).nullable(),
  /** Why it has none yet (no DS range in use, or being issued). */
  aviso: z.string().nullable(),
  notas: z.array(z.object({ numero: z.string(), cuds: z.string(), estado: z.string(), concepto: z.number().int(), total: z.number().int() })),
  /** The reception's products a return (concept 1) may name, each with what was received (in the DS's units). */
  lineas: z.array(z.object({ productoId: z.number().int(), nombre: z.string(), cantidad: z.number(), unidad: z.string() })),
  /** What is left of the DS after its notes, in pesos (0 once annulled): no note takes more. */
  queda: z.number().int(),
});
export type TSoporteRecepcion = z.infer<typeof ZSoporteRecepcion>;

export const ZNotaSoporteRequest = z
  .object({
    concepto: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: S.conceptoInvalido }),
    motivo: z.string({ error: S.motivoVacio }).trim().min(1, S.motivoVacio).max(300, S.motivoVacio),
    lineas: z
      .array(z.object({ productoId: z.number().int().positive().max(2_147_483_647), cantidad: z.number({ error: S.lineasVacias }).positive(S.lineasVacias).max(1_000_000, S.lineasVacias) }), { error: S.lineasVacias })
      .max(500)
      .optional(),
    valor: z.number({ error: S.valorInvalido }).int(S.valorInvalido).positive(S.valorInvalido).max(100_000_000_000, S.valorInvalido).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.concepto === 1 && !v.lineas?.length) ctx.addIssue({ code: 'custom', message: S.lineasVacias, path: ['lineas'] });
    if ((v.concepto === 3 || v.concepto === 4) && v.valor == null) ctx.addIssue({ code: 'custom', message: S.valorInvalido, path: ['valor'] });
  });
export type TNotaSoporteRequest = z.output<typeof ZNotaSoporteRequest>;

export const ZNotaSoporte = z.object({ message: z.string(), nota: z.object({ numero: z.string(), cuds: z.string(), estado: z.string(), concepto: z.number().int(), total: z.number().int() }) });
export type TNotaSoporte = z.infer<typeof ZNotaSoporte>;
