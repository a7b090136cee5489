import { useMemo, type ReactNode } from 'react';
import { ajustesTienda } from '#shared/messages/tienda';
import { otrasZonas, ZONAS_FRECUENTES } from '../zonas-horarias';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { ajustesTienda };

/**
 * A store's time zone: the frequent zones by name, then every other zone this browser knows (with
 * `inicial`, the zone the store had, among them). Used by the store's settings and by a new branch.
 */
export function ZonaHorariaField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (zona: string) => void;
  /** The zone the form started from, listed even if this browser does not know it. */
  inicial: string;
  error?: string;
  disabled?: boolean;
  hint?: ReactNode;
}) {
  const { id, error, hint } = props;
  const otras = useMemo(() => otrasZonas(props.inicial), [props.inicial]);
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    // minWidth 0: the long names of "Todas las zonas" must not widen the form on a phone.
    <div className={`field${error ? ' field--invalid' : ''}`} style={{ minWidth: 0 }}>
      <label htmlFor={id}>{props.label}</label>
      <select
        id={id}
        style={{ minWidth: 0, width: '100%' }}
        value={props.value}
        disabled={props.disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => props.onChange(e.target.value)}
      >
        <optgroup label={M.ajustesTienda.zonasFrecuentes}>
          {ZONAS_FRECUENTES.map((z) => (
            <option key={z.zona} value={z.zona}>
              {z.nombre}
            </option>
          ))}
        </optgroup>
        {otras.length ? (
          <optgroup label={M.ajustesTienda.zonasTodas}>
            {otras.map((z) => (
              <option key={z} value={z}>
                {z.replaceAll('_', ' ')}
              </option>
            ))}
          </optgroup>
        ) : null}
      </select>
      {error ? (
        <small id={`${id}-error`} className="field__error" role="alert">
          {error}
        </small>
      ) : null}
      {hint ? (
        <small id={`${id}-hint`} className="field__hint">
          {hint}
        </small>
      ) : null}
    </div>
  );
}
