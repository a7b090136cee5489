import { z, type ZodType } from 'zod';
import { es } from 'zod/locales';
import { AppError, type FieldErrors } from '#shared/errors';

// A schema without its own text for a case answers in Spanish, never in zod's English (every form passes here).
z.config(es());

/** Runs a shared zod schema on form values: the parsed data, or one message per field. */
export function validate<T>(schema: ZodType<T>, values: unknown): { data: T; errors: null } | { data: null; errors: FieldErrors } {
  const r = schema.safeParse(values);
  if (r.success) return { data: r.data, errors: null };
  const errors: FieldErrors = {};
  for (const issue of r.error.issues) {
    const key = issue.path.join('.') || '_';
    errors[key] ??= issue.message;
  }
  return { data: null, errors };
}

export const fieldErrorsOf = (err: unknown): FieldErrors => (err instanceof AppError && err.fields ? err.fields : {});
