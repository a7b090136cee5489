import { LIMITES_DINERO } from '../../money';
import { z } from 'zod';
import { registro } from '../../messages/auth';
import { crud } from '../../messages/crud';
import { TIPOS_DOC } from '../../roles';
import { EMAIL_RE, sinBidi, zStrongPassword } from '../common';

// Only these areas' texts: a screen that loads this schema does not load the whole catalogue.
const M = { crud, registro };

/** The twelve areas of the back-office with forms, by the spec's list route names (spec §2). */
export const CRUD_ENTIDADES = [
  'usuarios',
  'tienda',
  'producto',
  'factura',
  'cliente',
  'proveedor',
  'movimiento',
  'roles',
  'entrega_pedidos',
  'inventario',
  'metodosdepago',
  'ventas',
] as const;
/** Areas the back-office only lists (no register, update or delete): the fiado ledger (issue #17). */
export const CRUD_ENTIDADES_SOLO_LECTURA = ['credito'] as const;
export type TCrudEntidadEditable = (typeof CRUD_ENTIDADES)[number];
export type TCrudEntidad = TCrudEntidadEditable | (typeof CRUD_ENTIDADES_SOLO_LECTURA)[number];

export const MAX_INT4 = 2_147_483_647;
/** A unit price (LIMITES_DINERO in shared/money.ts). */
const MAX_PESOS = LIMITES_DINERO.maxPrecio;

/** Sale states the point of sale understands (kept in step with the server's venta schema). */
export const ESTADOS_VENTA = ['Pendiente', 'Completada', 'Anulada'] as const;

export const tipoDocValues = TIPOS_DOC.map((t) => t.value) as [string, ...string[]];

/** Required text: "Por favor, complete el campo '<label>'." when empty (spec §5). */
export const zCampo = (label: string, max = 100) =>
  z
    .string({ error: M.crud.campo(label) })
    .trim()
    .min(1, M.crud.campo(label))
    .max(max, M.registro.tooLong)
    .refine(sinBidi, M.registro.bidi);

/** Optional text: empty or missing becomes null. */
export const zOptText = (max = 100) =>
  z
    .union([z.null(), z.string().trim().max(max, M.registro.tooLong).refine(sinBidi, M.registro.bidi)])
    .optional()
    .transform((v) => (v ? v : null));

const digits = (v: number | string) => (typeof v === 'number' ? (Number.isFinite(v) ? String(v) : 'x') : v.trim());

/**
 * A whole number typed in a form (text) or sent by a client (number). Empty → `required`;
 * not a whole number, or below `min` → `invalid` (the same text when the spec gives only one).
 */
export const zInt = (opts: { required: string; invalid?: string; min?: number; max?: number }) =>
  z.union([z.number(), z.string()], { error: opts.required }).transform((v, ctx): number => {
    const s = digits(v);
    if (s === '') {
      ctx.addIssue({ code: 'custom', message: opts.required });
      return z.NEVER;
    }
    const n = Number(s);
    if (!/^-?\d+$/.test(s) || !Number.isSafeInteger(n) || n < (opts.min ?? 0) || n > (opts.max ?? MAX_INT4)) {
      ctx.addIssue({ code: 'custom', message: opts.invalid ?? opts.required });
      return z.NEVER;
    }
    return n;
  });

/**
 * Integer pesos above 0 (spec §9: "quantity and price must exceed 0"), typed as the money field
 * shows them ("12.500", "$ 12.500") or as bare digits.
 */
export const zPesos = (message: string) =>
  z
    .union([z.number(), z.string()], { error: message })
    .transform((v) => (typeof v === 'string' && /^\$?\s*\d{1,3}(\.\d{3})+$/.test(v.trim()) ? v.replace(/[$\s.]/g, '') : v))
    .pipe(zInt({ required: message, min: 1, max: MAX_PESOS }));

/** An optional whole number: empty, null or missing → null. */
export const zOptInt = (opts: { invalid: string; min?: number }) =>
  z
    .union([z.null(), z.number(), z.string()], { error: opts.invalid })
    .optional()
    .transform((v, ctx): number | null => {
      if (v == null) return null;
      const s = digits(v);
      if (s === '') return null;
      const n = Number(s);
      if (!/^-?\d+$/.test(s) || !Number.isSafeInteger(n) || n < (opts.min ?? 1) || n > MAX_INT4) {
        ctx.addIssue({ code: 'custom', message: opts.invalid });
        return z.NEVER;
      }
      return n;
    });

/**
 * An id the person may type (supplier, movement, inventory): optional — the database assigns one —
 * but when typed it must be a whole number above 1 (spec §5 and §9), with the spec's message.
 */
export const zIdTecleado = (message: string) => zOptInt({ invalid: message, min: 2 });

/** A calendar date (YYYY-MM-DD) that exists. */
export const zFecha = (label: string) =>
  z
    .string({ error: M.crud.campo(label) })
    .trim()
    .min(1, M.crud.campo(label))
    .pipe(z.iso.date({ error: M.crud.fechaInvalida }));

export const zOptFecha = z
  .union([z.null(), z.literal(''), z.iso.date({ error: M.crud.fechaInvalida })], { error: M.crud.fechaInvalida })
  .optional()
  .transform((v) => (v ? v : null));

/** A time of day (HH:MM, 24 h). */
export const zHora = (label: string) =>
  z
    .string({ error: M.crud.campo(label) })
    .trim()
    .min(1, M.crud.campo(label))
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, M.crud.horaInvalida);

export const zCorreo = (label: string) =>
  z
    .string({ error: M.crud.campo(label) })
    .trim()
    .min(1, M.crud.campo(label))
    .max(254, M.registro.email)
    .regex(EMAIL_RE, M.registro.email)
    .transform((v) => v.toLowerCase());

export const zOptCorreo = z
  .union([z.null(), z.string().trim().max(254, M.registro.email)])
  .optional()
  .transform((v, ctx) => {
    if (!v) return null;
    if (!EMAIL_RE.test(v)) {
      ctx.addIssue({ code: 'custom', message: M.registro.email });
      return z.NEVER;
    }
    return v.toLowerCase();
  });

/** A required password with the product's rule (spec §5). */
export const zContrasena = (label = 'Contraseña') =>
  z.string({ error: M.crud.campo(label) }).min(1, M.crud.campo(label)).pipe(zStrongPassword);

/** On update forms the password is optional: empty keeps the current one. */
export const zContrasenaOpcional = z
  .union([z.null(), z.string()])
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(zStrongPassword.optional());

export const zTelefono = (label: string) => zCampo(label, 20).pipe(z.string().regex(/^\d{7,15}$/, M.registro.telefono));

export const zOptTelefono = z
  .union([z.null(), z.string().trim()])
  .optional()
  .transform((v) => (v ? v : null))
  .pipe(z.string().regex(/^\d{7,15}$/, M.registro.telefono).nullable());

export const zTipoDoc = z.enum(tipoDocValues, { error: M.crud.tipoDocInvalido });

/** Store the operator must name; a store admin's rows always go to its own store. */
export const zIdTiendaOpcional = zOptInt({ invalid: M.crud.tiendaRequerida, min: 1 });
export const zIdTienda = zInt({ required: M.crud.tiendaRequerida, min: 1 });

/** Path parameter of every row route. */
export const ZCrudIdParams = z.object({ id: z.coerce.number().int().min(0).max(MAX_INT4) });

export const ZCrudCreated = z.object({ message: z.string(), id: z.number().int() });
export const ZCrudMessage = z.object({ message: z.string() });
export type TCrudCreated = z.infer<typeof ZCrudCreated>;
export type TCrudMessage = z.infer<typeof ZCrudMessage>;
