import { useRef, useState, type FormEvent } from 'react';
import { AppError, type FieldErrors } from '#shared/errors';
import { comun, generic } from '#shared/messages/comun';
import { puntos } from '#shared/messages/puntos';
import { formatNumber, parsePesos } from '#shared/money';
import { ZPuntosConfiguracion, type TPuntosConfiguracion } from '#shared/schemas/puntos';
import { PageHeader } from '../../components/page-header';
import { MoneyField } from '../../components/ui/money-field';
import { alertFailure, toastSuccess } from '../../lib/alerts';
import { validate } from '../../lib/form-errors';
import { useFocusFirstInvalid } from '../../lib/use-validated-form';
import { useGuardarPuntos, usePuntosConfiguracion } from './api/configuracion';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { comun, generic, puntos };
const P = M.puntos;

/**
 * /puntos (issue #59 point 3, ADR 054): the store's loyalty points, role 1 (the route and the server
 * check it): on/off, pesos of purchase per point earned, a point's value when it pays. The server logs
 * each field before → after in the activity log.
 */
export default function PuntosPage() {
  const conf = usePuntosConfiguracion();
  return (
    <>
      <PageHeader title={P.titulo} />
      <p className="puntos-subtitulo" style={{ margin: '0 0 1rem' }}>
        {P.subtitulo}
      </p>
      {conf.data ? (
        <PuntosForm inicial={conf.data} />
      ) : (
        <p className="state" role={conf.isError ? 'alert' : 'status'}>
          {conf.isError ? M.generic.errorText : P.cargando}
        </p>
      )}
    </>
  );
}

type Valores = { activo: boolean; pesosPorPunto: string; valorPunto: string };

/** The form's text fields as the API's numbers; a field that is not a whole number stays as text, for the schema to refuse it in Spanish. */
function comoDatos(v: Valores): Record<keyof TPuntosConfiguracion, unknown> {
  const n = (t: string) => parsePesos(t) ?? t;
  return { activo: v.activo, pesosPorPunto: n(v.pesosPorPunto), valorPunto: n(v.valorPunto) };
}

export function PuntosForm({ inicial }: { inicial: TPuntosConfiguracion }) {
  const guardar = useGuardarPuntos();
  const [v, setV] = useState<Valores>({ activo: inicial.activo, pesosPorPunto: formatNumber(inicial.pesosPorPunto), valorPunto: formatNumber(inicial.valorPunto) });
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  const campo = (name: 'pesosPorPunto' | 'valorPunto') => ({
    name,
    value: v[name],
    error: errors[name],
    onValue: (valor: string) => {
      setV((x) => ({ ...x, [name]: valor }));
      // A corrected field loses its message.
      if (errors[name]) setErrors((x) => Object.fromEntries(Object.entries(x).filter(([k]) => k !== name)));
    },
  });
  const datos = validate(ZPuntosConfiguracion, comoDatos(v)).data;

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const r = validate(ZPuntosConfiguracion, comoDatos(v));
    if (r.errors) {
      setErrors(r.errors);
      return focusFirstInvalid();
    }
    setErrors({});
    try {
      await guardar.mutateAsync(r.data);
      toastSuccess(P.guardado);
    } catch (err) {
      if (err instanceof AppError && err.fields) {
        setErrors(err.fields);
        return focusFirstInvalid();
      }
      await alertFailure(err);
    }
  };

  return (
    <form ref={formRef} className="card" onSubmit={onSubmit} noValidate aria-label={P.titulo} style={{ maxWidth: '36rem', display: 'grid', gap: '0.75rem' }}>
      <div className="field">
        <label className="check">
          <input type="checkbox" name="activo" checked={v.activo} aria-describedby="puntos-activo-ayuda" onChange={(e) => setV((x) => ({ ...x, activo: e.target.checked }))} />
          <span>{P.activo}</span>
        </label>
        <small id="puntos-activo-ayuda" className="field__hint">
          {P.activoAyuda}
        </small>
      </div>
      <MoneyField label={P.pesosPorPunto} hint={P.pesosAyuda} maxLength={9} {...campo('pesosPorPunto')} />
      <MoneyField label={P.valorPunto} hint={P.valorAyuda} maxLength={6} {...campo('valorPunto')} />
      {datos ? (
        <p aria-live="polite" data-testid="puntos-ejemplo" style={{ margin: 0 }}>
          {P.ejemplo(datos.pesosPorPunto, datos.valorPunto)}
        </p>
      ) : null}
      <button type="submit" className="btn" disabled={guardar.isPending}>
        {guardar.isPending ? P.guardando : P.guardar}
      </button>
    </form>
  );
}
