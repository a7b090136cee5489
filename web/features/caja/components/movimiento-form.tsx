import { useState, type FormEvent } from 'react';
import { AppError } from '#shared/errors';
import { caja } from '#shared/messages/caja';
import { ventas } from '#shared/messages/ventas';
import { formatPesos, parsePesos } from '#shared/money';
import { ZMovimientoCajaRequest, type TMovimientoCaja, type TMovimientoCajaRequest } from '#shared/schemas/caja';
import { Field } from '../../../components/ui/field';
import { MoneyField } from '../../../components/ui/money-field';
import { alertFailure, toastSuccess } from '../../../lib/alerts';
import { useMisPermisosYTope } from '../../../lib/mis-permisos';
import { pedirPinSupervisor, supervisoresParaPin, type IntentoPin } from '../../../lib/pin-supervisor';
import { useRegistrarMovimiento } from '../api/mutations';
import { useFechas } from '../../../lib/fechas';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { caja, ventas };

/** A wrong PIN (or a cashier past their tries): the dialog stays open with it. */
const esErrorDePin = (err: unknown): err is AppError => err instanceof AppError && (err.code === 'RATE_LIMITED' || err.message === M.caja.pinIncorrecto);

/** Cash in or out of the drawer with its reason, and the list of those already recorded. */
export function MovimientoForm(props: { movimientos: TMovimientoCaja[] }) {
  const [tipo, setTipo] = useState<'entrada' | 'salida'>('salida');
  const [monto, setMonto] = useState('');
  const [motivo, setMotivo] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const registrar = useRegistrarMovimiento();
  const fechas = useFechas();
  // Above the owner's threshold, a role without the permission needs a supervisor's PIN (issue #27).
  const { permisos, umbralCaja } = useMisPermisosYTope();
  const tope = permisos.cajaSobreUmbral ? null : umbralCaja;
  const montoActual = parsePesos(monto);
  const pidePin = (valor: number) => tope != null && valor > tope;

  /** Sends the movement through the supervisor's dialog; false when the person closed it. */
  const conPin = async (datos: TMovimientoCajaRequest, umbral: number): Promise<boolean> => {
    const supervisores = await supervisoresParaPin(M.caja.sinSupervisores);
    if (!supervisores) return false;
    const hecho = await pedirPinSupervisor(
      supervisores,
      async (autorizacion): Promise<IntentoPin<{ error?: unknown }>> => {
        try {
          await registrar.mutateAsync({ ...datos, autorizacion });
          return { hecho: {} };
        } catch (err) {
          return esErrorDePin(err) ? { pinError: err.message } : { hecho: { error: err } };
        }
      },
      { texto: M.caja.pinTexto(formatPesos(umbral)), autorizar: M.caja.pinAutorizar },
    );
    if (!hecho) return false;
    if ('error' in hecho) throw hecho.error;
    return true;
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZMovimientoCajaRequest.safeParse({ tipo, monto: parsePesos(monto) ?? Number.NaN, motivo });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      return setErrors(next);
    }
    setErrors({});
    try {
      if (tope != null && pidePin(parsed.data.monto)) {
        if (!(await conPin(parsed.data, tope))) return;
      } else await registrar.mutateAsync(parsed.data);
      setMonto('');
      setMotivo('');
      toastSuccess(M.caja.movimientoRegistrado);
    } catch (err) {
      await alertFailure(err);
    }
  };

  return (
    <section className="card caja-card" aria-labelledby="caja-mov-title">
      <h2 id="caja-mov-title">{M.caja.movimientoTitulo}</h2>
      <p className="caja-muted">{M.caja.movimientoTexto}</p>
      <form onSubmit={onSubmit} noValidate className="caja-mov-form">
        <div className="segmented" role="group" aria-label={M.caja.tipoMovimiento}>
          <button type="button" aria-pressed={tipo === 'salida'} onClick={() => setTipo('salida')}>
            {M.caja.salida}
          </button>
          <button type="button" aria-pressed={tipo === 'entrada'} onClick={() => setTipo('entrada')}>
            {M.caja.entrada}
          </button>
        </div>
        <MoneyField
          label={M.caja.montoLabel}
          value={monto}
          onValue={setMonto}
          error={errors.monto}
          placeholder="0"
          hint={tope != null && montoActual != null && pidePin(montoActual) ? M.caja.sobreTopeAyuda(formatPesos(tope)) : undefined}
        />
        <Field label={M.caja.motivoLabel} value={motivo} onChange={(e) => setMotivo(e.target.value)} error={errors.motivo} placeholder={M.caja.motivoPlaceholder} maxLength={120} />
        <button type="submit" className="btn" disabled={registrar.isPending}>
          {M.caja.registrarMovimiento}
        </button>
      </form>
      <h3 className="caja-subtitle">{M.caja.movimientosTitulo}</h3>
      {props.movimientos.length === 0 ? (
        <p className="caja-muted">{M.caja.sinMovimientos}</p>
      ) : (
        <ul className="caja-list">
          {props.movimientos.map((m) => (
            <li key={m.id}>
              <span className={`badge ${m.tipo === 'entrada' ? 'badge--ok' : 'badge--warn'}`}>{m.tipo === 'entrada' ? M.caja.entrada : M.caja.salida}</span>
              <span className="caja-list__text">
                {m.motivo} <small className="caja-muted">{fechas.hora(m.fecha)}</small>
              </span>
              <strong className="caja-num">{formatPesos(m.tipo === 'entrada' ? m.monto : -m.monto)}</strong>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
