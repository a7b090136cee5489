import { useEffect, useId, useRef, useState, type ChangeEvent, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { comun } from '#shared/messages/comun';
import { conBarras, ddMmAaaaAIso, isoADdMmAaaa } from '#shared/fecha-texto';

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
      <ErrorCampo error={error} id={errorId} />
    </div>
  );
}

/** A field's or a form's error, read out as it appears (role alert); nothing while there is none. */
export function ErrorCampo({ error, id, className = 'field__error', como: Etiqueta = 'small' }: { error?: string | null; id?: string; className?: string; como?: 'small' | 'p' }) {
  return error ? (
    <Etiqueta id={id} className={className} role="alert">
      {error}
    </Etiqueta>
  ) : null;
}

/** What the frame of a field takes from its props; the rest goes to the control. */
interface CamposDelMarco {
  label: string;
  error?: string;
  hint?: ReactNode;
  id?: string;
}

function partirMarco<P extends CamposDelMarco>({ label, error, hint, id, ...control }: P): [CamposDelMarco, Omit<P, keyof CamposDelMarco>] {
  return [{ label, error, hint, id }, control];
}

/** A labelled input with its error message read out by screen readers. */
export function Field({ wrapperClassName, ...props }: FieldProps) {
  const [marco, input] = partirMarco(props);
  return (
    <Marco
      {...marco}
      className={wrapperClassName}
      // A date is typed and shown dd/mm/aaaa whatever the browser's language (issue #36 point 12).
      control={(a11y) => (input.type === 'date' ? <FechaInput {...a11y} {...input} /> : <input {...a11y} {...input} />)}
    />
  );
}

/** A labelled multi-line input, with the same look and error wiring as `Field`. */
export function TextAreaField({ label, error, id, className, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string }) {
  return <Marco label={label} error={error} id={id} className={className} control={(a11y) => <textarea {...a11y} rows={3} {...rest} />} />;
}

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
  options: readonly { value: string; label: string }[];
}

export function SelectField({ options, ...props }: SelectFieldProps) {
  const [marco, select] = partirMarco(props);
  return (
    <Marco
      {...marco}
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

/**
 * A date typed and shown as dd/mm/aaaa whatever the browser's language (issue #36 point 12: the
 * browser's own date field follows its locale, mm/dd/yyyy in an English one). The field's value for
 * the form stays ISO (aaaa-mm-dd): a complete date goes up as ISO, an empty field as '', anything else
 * as typed, so the form's own check refuses it. Typing digits only, the slashes appear.
 */
export function FechaInput({ value, onChange, onBlur, type: _type, min: _min, max: _max, ref, ...input }: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  const iso = typeof value === 'string' ? value : '';
  const [texto, setTexto] = useState(() => isoADdMmAaaa(iso));
  // The last value this field sent up: a new value from outside (a reset, a row loaded) replaces the text.
  const enviado = useRef(iso);
  useEffect(() => {
    if (iso !== enviado.current) {
      enviado.current = iso;
      setTexto(isoADdMmAaaa(iso));
    }
  }, [iso]);
  return (
    <input
      {...input}
      ref={ref}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={comun.fechaPlaceholder}
      maxLength={10}
      value={texto}
      onChange={(e) => {
        const escrito = texto.length < e.target.value.length ? conBarras(e.target.value) : e.target.value;
        setTexto(escrito);
        const leida = ddMmAaaaAIso(escrito);
        const arriba = leida ?? escrito;
        enviado.current = arriba;
        onChange?.({ ...e, target: { ...e.target, value: arriba, name: e.target.name } } as ChangeEvent<HTMLInputElement>);
      }}
      onBlur={(e) => {
        // An ISO date typed (or pasted) reads back as dd/mm/aaaa.
        const leida = ddMmAaaaAIso(texto);
        if (leida) setTexto(isoADdMmAaaa(leida));
        onBlur?.(e);
      }}
    />
  );
}
