import { isFechaDia } from '#shared/schemas/movimiento';
import { comun } from '#shared/messages/comun';
import { Field } from './field';

// The shell's texts only: every screen loads them (issue #20).
const M = { comun };
const ISO_RE = /^\d{4}-\d{2}-\d{2}$/;

/** A list's date range as the filters give it: each date's error, and whether the server can be asked. */
export function validarRango(desde: string, hasta: string, m: { fechaInvalida: string; rangoInvalido?: string }) {
  const invalida = (v: string) => (v && !isFechaDia(v) ? m.fechaInvalida : undefined);
  const desdeError = invalida(desde);
  const hastaError = invalida(hasta) ?? (m.rangoInvalido && desde && hasta && desde > hasta ? m.rangoInvalido : undefined);
  return { desdeError, hastaError, valido: !desdeError && !hastaError };
}

/** The two date fields of a list's filters ("Desde", "Hasta"), each bounded by the other. */
export function RangoFechas(props: {
  desde: string;
  hasta: string;
  onChange: (changes: { desde?: string; hasta?: string }) => void;
  errores?: { desdeError?: string; hastaError?: string };
  labels?: { desde: string; hasta: string };
}) {
  const labels = props.labels ?? M.comun.rango;
  const campos = [
    { name: 'desde', value: props.desde, max: props.hasta || undefined, error: props.errores?.desdeError },
    { name: 'hasta', value: props.hasta, min: props.desde || undefined, error: props.errores?.hastaError },
  ] as const;
  return (
    <>
      {campos.map(({ name, ...campo }) => (
        <Field
          key={name}
          label={labels[name]}
          type="date"
          name={name}
          {...campo}
          // A date being typed (15/0…) filters nothing yet: only a whole date or an empty field.
          onChange={(e) => (e.target.value === '' || ISO_RE.test(e.target.value) ? props.onChange({ [name]: e.target.value }) : undefined)}
        />
      ))}
    </>
  );
}
