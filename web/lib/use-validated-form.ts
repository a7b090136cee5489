import { useRef, useState, type FormEvent } from 'react';
import type { ZodType } from 'zod';
import type { FieldErrors } from '#shared/errors';
import { fieldErrorsOf, focusFirstInvalid, validate } from './form-errors';

/**
 * A form of text fields checked with a shared zod schema: `bind(name)` wires a Field, `onSubmit`
 * validates (errors under each field, focus on the first), then calls `submit`; a refusal from the
 * server puts its field errors back on the form before `onFailure` shows it.
 */
export function useValidatedForm<V extends Record<string, string>, T>(options: {
  schema: ZodType<T>;
  initial: V;
  submit: (values: V, parsed: T) => Promise<void>;
  onFailure: (err: unknown) => Promise<unknown>;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(options.initial);
  const [errors, setErrors] = useState<FieldErrors>({});

  const bind = (name: keyof V & string) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const r = validate(options.schema, values);
    if (r.errors) {
      setErrors(r.errors);
      return focusFirstInvalid(formRef.current);
    }
    setErrors({});
    try {
      await options.submit(values, r.data);
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      focusFirstInvalid(formRef.current);
      await options.onFailure(err);
    }
  };

  return { formRef, bind, onSubmit };
}
