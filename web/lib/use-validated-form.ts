import { useRef, useState, type FormEvent, type RefObject } from 'react';
import type { ZodType } from 'zod';
import type { FieldErrors } from '#shared/errors';
import { fieldErrorsOf, validate } from './form-errors';
import { useTrasRender } from './use-tras-render';

/**
 * Moves focus to the form's first invalid field, so keyboard users land where the problem is: call the
 * returned function with (or after) the state that marks the fields; focus moves in the commit that
 * shows them (`useTrasRender`).
 */
export function useFocusFirstInvalid(formRef: RefObject<HTMLFormElement | null>): () => void {
  const tras = useTrasRender();
  return () => tras(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

/** The keys of a form's values that hold text (a checkbox's boolean is set with `set`). */
type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/**
 * The one hook of every form (issue #14): `bind(name)` wires a Field; `onSubmit` runs the form's
 * steps in order — `before` (a refusal by role), the required fields (each marked with the spec's
 * 'Campos vacíos' words, then `onRequired`), the shared zod schema on `toBody(values)` (errors
 * under each field, then `onInvalid`), then `submit`; a refusal from the server puts its field
 * errors back on the form while `onFailure` shows it. Focus then goes to the first invalid field.
 */
export function useValidatedForm<V extends Record<string, unknown>, T>(options: {
  schema: ZodType<T>;
  initial: V | (() => V);
  /** What the schema checks and `submit` receives as `parsed`; default: the values themselves. */
  toBody?: (values: V) => unknown;
  /** Runs first; false stops the submit (the person was told why). */
  before?: () => boolean;
  required?: { fields: readonly TextKey<V>[]; message: string; onRequired?: () => Promise<unknown> };
  onInvalid?: (errors: FieldErrors) => Promise<unknown>;
  submit: (values: V, parsed: T) => Promise<void>;
  onFailure: (err: unknown) => Promise<unknown> | void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<V>(options.initial);
  const [errors, setErrors] = useState<FieldErrors>({});

  const set = <K extends keyof V>(name: K, value: V[K]) => setValues((v) => ({ ...v, [name]: value }));
  const bind = (name: TextKey<V>) => ({
    name,
    value: values[name] as string,
    error: errors[name],
    onChange: (e: { target: { value: string } }) => set(name, e.target.value as V[typeof name]),
  });

  const focusFirstInvalid = useFocusFirstInvalid(formRef);

  /** Errors under their fields, the message told (a dialog), then focus on the first invalid field. */
  const showErrors = async (next: FieldErrors, tell?: () => Promise<unknown> | void) => {
    setErrors(next);
    await tell?.();
    focusFirstInvalid();
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (options.before && !options.before()) return;
    const empty = options.required?.fields.filter((k) => !(values[k] as string).trim()) ?? [];
    if (empty.length) {
      return showErrors(Object.fromEntries(empty.map((k) => [k, options.required!.message])), options.required!.onRequired);
    }
    const r = validate(options.schema, options.toBody ? options.toBody(values) : values);
    if (r.errors) {
      return showErrors(r.errors, options.onInvalid && (() => options.onInvalid!(r.errors)));
    }
    setErrors({});
    try {
      await options.submit(values, r.data);
    } catch (err) {
      await showErrors(fieldErrorsOf(err), () => options.onFailure(err));
    }
  };

  return { formRef, values, setValues, set, errors, setErrors, bind, onSubmit };
}
