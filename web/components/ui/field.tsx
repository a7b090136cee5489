import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Classes for the field's wrapper (e.g. `span-2` in a form grid); `className` goes to the input. */
  wrapperClassName?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * The label, hint and error around a control, and the ids that tie them together for screen
 * readers: one place for every kind of field (input, select, text area).
 */
function Marco(props: {
  label: string;
  error?: string;
  hint?: ReactNode;
  id?: string;
  className?: string;
  control: (a11y: { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined }) => ReactNode;
}) {
  const { label, error, hint, className } = props;
  const auto = useId();
  const id = props.id ?? auto;
  const errorId = `${id}-error`;
  return (
    <div className={`field${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      {props.control({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined })}
      {hint && !error ? <small className="field__hint">{hint}</small> : null}
      {error ? (
        <small id={errorId} className="field__error" role="alert">
          {error}
        </small>
      ) : null}
    </div>
  );
}

/** A labelled input with its error message read out by screen readers. */
export function Field({ label, error, hint, id, wrapperClassName, ...input }: FieldProps) {
  return <Marco label={label} error={error} hint={hint} id={id} className={wrapperClassName} control={(a11y) => <input {...a11y} {...input} />} />;
}

/** A labelled multi-line input, with the same look and error wiring as `Field`. */
export function TextAreaField({ label, error, id, className, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string }) {
  return <Marco label={label} error={error} id={id} className={className} control={(a11y) => <textarea {...a11y} rows={3} {...rest} />} />;
}

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string;
  options: readonly { value: string; label: string }[];
}

export function SelectField({ label, error, options, id, ...select }: SelectFieldProps) {
  return (
    <Marco
      label={label}
      error={error}
      id={id}
      control={(a11y) => (
        <select {...a11y} {...select}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}
