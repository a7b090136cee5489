import { z } from 'zod';
import { invitacion } from '../messages/invitacion';

// Only these areas' texts: a screen that loads this schema does not load the whole catalogue.
const M = { invitacion };

const I = M.invitacion;

/**
 * How long a store's invitation code admits sign-ups (issue #15), counted from when it is chosen:
 * never, 24 hours, 7 days or 30 days.
 */
export const VIGENCIAS = ['sin', '24h', '7d', '30d'] as const;
export type TVigencia = (typeof VIGENCIAS)[number];
export const HORAS_VIGENCIA: Record<TVigencia, number | null> = { sin: null, '24h': 24, '7d': 24 * 7, '30d': 24 * 30 };
export const ZVigencia = z.enum(VIGENCIAS, { error: I.vigenciaInvalida });

/** GET /api/tienda/invitacion (roles 1 and 3): the code, when it stops admitting sign-ups, the approval switch. */
export const ZInvitacion = z.object({
  codigo_invitacion: z.string(),
  /** ISO instant; null: the code never expires. */
  codigo_expira: z.string().nullable(),
  vencido: z.boolean(),
  aprobar_empleados: z.boolean(),
  /** How many new employees wait for approval; null for role 3 (only role 1 approves). */
  pendientes: z.number().int().nullable(),
});
export type TInvitacion = z.infer<typeof ZInvitacion>;

/** PUT /api/tienda/invitacion (role 1): a new expiry for the current code, the switch, or both. */
export const ZUpdateInvitacion = z
  .object({ vigencia: ZVigencia.optional(), aprobar_empleados: z.boolean({ error: I.nadaQueCambiar }).optional() })
  .strict()
  .refine((v) => v.vigencia !== undefined || v.aprobar_empleados !== undefined, { error: I.nadaQueCambiar });
export type TUpdateInvitacion = z.input<typeof ZUpdateInvitacion>;

/** POST /api/tienda/codigo-invitacion/regenerar: the new code's expiry (none when left out). */
export const ZRegenerarCodigoRequest = z.object({ vigencia: ZVigencia.optional() }).strict();
export type TRegenerarCodigoRequest = z.input<typeof ZRegenerarCodigoRequest>;

/** A new employee waiting for the store admin's approval (GET /api/tienda/empleados-pendientes). */
export const ZEmpleadoPendiente = z.object({
  idUsuario: z.number().int(),
  nombre: z.string(),
  documento: z.string(),
  tipoDoc: z.string(),
  correo: z.string(),
  creadoEn: z.string(),
});
export type TEmpleadoPendiente = z.infer<typeof ZEmpleadoPendiente>;
export const ZEmpleadosPendientes = z.object({ items: z.array(ZEmpleadoPendiente) });
export type TEmpleadosPendientes = z.infer<typeof ZEmpleadosPendientes>;

export const ZPendienteIdParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** POST /api/usuarios/registro: the message, and whether the account waits for approval. */
export const ZRegistroUsuarioResponse = z.object({ message: z.string(), pendiente: z.boolean() });
export type TRegistroUsuarioResponse = z.infer<typeof ZRegistroUsuarioResponse>;
