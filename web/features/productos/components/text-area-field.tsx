import { useId, type TextareaHTMLAttributes } from 'react';

/** A labelled multi-line input, with the same look and error wiring as `Field`. */
export function TextAreaField({ label, error, id, className, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string }) {
  const auto = useId();
  const inputId = id ?? auto;
  const errorId = `${inputId}-error`;
  return (
    <div className={`field${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={inputId}>{label}</label>
      <textarea id={inputId} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} rows={3} {...rest} />
      {error ? (
        <small id={errorId} className="field__error" role="alert">
          {error}
        </small>
      ) : null}
    </div>
  );
}
