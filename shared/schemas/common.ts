import { z } from 'zod';
import { registro } from '../messages/auth';

// Only these areas' texts: a screen that loads this schema does not load the whole catalogue.
const M = { registro };

/** Loose rule of the login screen: an @ followed later by a dot (spec §5). */
export const LOGIN_EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The rule of an e-mail that is kept (issue #28): the HTML standard's valid e-mail address, with a
 * dot in the domain. No spaces, commas, quotes or angle brackets (`x,y<a@evil.co>` is refused).
 */
export const EMAIL_RE =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/**
 * Bidirectional control characters (issue #28): embeddings and overrides U+202A–U+202E, isolates
 * U+2066–U+2069. In a product or customer name they make the screen, the receipt and the label show
 * other text than the one kept ("‮oiraM" reads "Mario"). Refused in every name and free text.
 */
export const BIDI_RE = /[\u202A-\u202E\u2066-\u2069]/;
export const sinBidi = (v: string | null | undefined) => v == null || !BIDI_RE.test(v);
export const BIDI_MENSAJE = M.registro.bidi;

/**
 * What a person does not see in a text (issue #27): control and format characters (zero-width
 * spaces and joiners, bidi marks, the BOM), line and paragraph separators, and white space.
 */
const INVISIBLES = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Zs}\s]/gu;

/** How many characters of a text a person sees (code points, invisible ones not counted). */
export const caracteresVisibles = (texto: string) => [...texto.replace(INVISIBLES, '')].length;

/**
 * A reason or note that must say something: trimmed, at least `min` visible characters (zero-width
 * and control characters do not count), at most `max`. The one rule for cash movements' reasons.
 */
export const zTextoVisible = (options: { min: number; max: number; requerido: string; largo: string }) =>
  z
    .string({ error: options.requerido })
    .trim()
    .refine((v) => caracteresVisibles(v) >= options.min, options.requerido)
    .refine((v) => v.length <= options.max, options.largo);

export const requiredText = (label: string, max = 100) =>
  z
    .string({ error: M.registro.required(label) })
    .trim()
    .min(1, M.registro.required(label))
    .max(max, M.registro.tooLong)
    .refine(sinBidi, M.registro.bidi);

export const optionalText = (max = 100) =>
  z
    .string({ error: M.registro.tooLong })
    .trim()
    .max(max, M.registro.tooLong)
    .refine(sinBidi, M.registro.bidi)
    .optional()
    .transform((v) => (v ? v : undefined));

export const zEmail = (requiredMessage: string, invalidMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(254, invalidMessage)
    .regex(EMAIL_RE, invalidMessage)
    .transform((v) => v.toLowerCase());

/** At least 8 characters with an uppercase letter and a digit (spec §5). */
export const zStrongPassword = z
  .string({ error: M.registro.password })
  .min(8, M.registro.password)
  .max(128, M.registro.password)
  .regex(/[A-ZÁÉÍÓÚÑ]/, M.registro.password)
  .regex(/\d/, M.registro.password);

/** Every list pages on the server: `?q=&page=&pageSize=` → `{ items, total }` (DESIGN.md §6). */
export const ZPageQuery = z.object({
  q: z.string().trim().max(100, M.registro.tooLong).optional().default(''),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(100).optional().default(20),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

export const zPage = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int() });
export interface TPage<T> {
  items: T[];
  total: number;
  /** The count is a cap and more match (the till's search, issue #55 point 6: "más de 1 000"). */
  masDe?: boolean;
}
