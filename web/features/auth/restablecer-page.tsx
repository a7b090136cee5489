import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { AppError } from '#shared/errors';
import { login, recuperacion, registro } from '#shared/messages/auth';
import { comun, generic } from '#shared/messages/comun';
import { ZEnviarCodigoRequest, ZRestablecerRequest, ZVerificarCodigoRequest } from '#shared/schemas/auth';
import { Field } from '../../components/ui/field';
import { paths } from '../../config/paths';
import { alertError, alertWarning, toastSuccess } from '../../lib/alerts';
import { validate } from '../../lib/form-errors';
import { useEnviarCodigo, useRestablecer, useVerificarCodigo } from './api/recuperacion';
import { AuthCard } from './components/auth-card';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { comun, generic, login, recuperacion, registro };

const R = M.recuperacion;

type Step = 'correo' | 'codigo' | 'contrasena';

/** Password recovery in three steps on one route: email, code, new password; then sign-in. */
export default function RestablecerPage() {
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('correo');
  const [correo, setCorreo] = useState('');
  const [codigo, setCodigo] = useState('');
  const [contrasena, setContrasena] = useState('');
  const [error, setError] = useState<string | undefined>();
  const enviar = useEnviarCodigo();
  const verificar = useVerificarCodigo();
  const restablecer = useRestablecer();

  const onEnviar = async (e: FormEvent) => {
    e.preventDefault();
    const r = validate(ZEnviarCodigoRequest, { correo });
    if (r.errors) return setError(r.errors.correo ?? M.recuperacion.email);
    setError(undefined);
    try {
      const res = await enviar.mutateAsync(r.data);
      toastSuccess(R.enviado, res.message);
      setStep('codigo');
    } catch (err) {
      if (err instanceof AppError && err.status < 500 && err.code !== 'UPSTREAM') return void alertWarning(M.recuperacion.sendFailed, err.message);
      if (err instanceof AppError && err.code === 'UPSTREAM') return void alertError(M.generic.errorTitle, M.recuperacion.sendFailed);
      return void alertError(M.generic.errorTitle, M.recuperacion.sendProblem);
    }
  };

  const onVerificar = async (e: FormEvent) => {
    e.preventDefault();
    const r = validate(ZVerificarCodigoRequest, { correo, codigo });
    if (r.errors) return setError(r.errors.codigo ?? M.recuperacion.codeRequired);
    setError(undefined);
    try {
      await verificar.mutateAsync(r.data);
      setStep('contrasena');
    } catch (err) {
      if (err instanceof AppError && err.status < 500) {
        setError(err.message);
        return void alertWarning(R.codigoNoValido, err.message);
      }
      return void alertError(M.generic.errorTitle, M.recuperacion.verifyProblem);
    }
  };

  const onRestablecer = async (e: FormEvent) => {
    e.preventDefault();
    const r = validate(ZRestablecerRequest, { correo, codigo, contrasena });
    if (r.errors) return setError(r.errors.contrasena ?? Object.values(r.errors)[0]);
    setError(undefined);
    try {
      await restablecer.mutateAsync(r.data);
      toastSuccess(R.cambiada, M.recuperacion.changed);
      navigate(paths.iniciarSesion);
    } catch (err) {
      if (err instanceof AppError && err.status < 500) return void alertWarning(M.recuperacion.changeFailed, err.message);
      return void alertError(M.generic.errorTitle, M.recuperacion.changeFailed);
    }
  };

  const stepIndex = { correo: 0, codigo: 1, contrasena: 2 }[step];
  return (
    <AuthCard title={R.titulo} subtitle={R.paso(stepIndex + 1)} back>
      <ol className="steps" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <li key={i} data-done={i <= stepIndex} />
        ))}
      </ol>
      {step === 'correo' ? (
        <form onSubmit={onEnviar} noValidate>
          <p>{R.pasoCorreo}</p>
          <Field label={M.login.correo} type="email" name="correo" autoComplete="email" value={correo} error={error} onChange={(e) => setCorreo(e.target.value)} />
          <button type="submit" className="btn btn--block" disabled={enviar.isPending}>
            {enviar.isPending ? R.enviando : R.enviar}
          </button>
        </form>
      ) : null}
      {step === 'codigo' ? (
        <form onSubmit={onVerificar} noValidate>
          <p>
            {R.pasoCodigo} <strong>{correo}</strong>
            {R.pasoCodigoVence}
          </p>
          <Field
            label={R.codigo}
            name="codigo"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={codigo}
            error={error}
            onChange={(e) => setCodigo(e.target.value.replace(/\D/g, ''))}
          />
          <button type="submit" className="btn btn--block" disabled={verificar.isPending}>
            {verificar.isPending ? R.verificando : R.verificar}
          </button>
          <button type="button" className="btn btn--ghost btn--block" style={{ marginTop: '0.5rem' }} onClick={() => setStep('correo')}>
            {R.otroCorreo}
          </button>
        </form>
      ) : null}
      {step === 'contrasena' ? (
        <form onSubmit={onRestablecer} noValidate>
          <Field
            label={R.nuevaContrasena}
            type="password"
            name="contrasena"
            autoComplete="new-password"
            hint={M.registro.campos.contrasenaHint}
            value={contrasena}
            error={error}
            onChange={(e) => setContrasena(e.target.value)}
          />
          <button type="submit" className="btn btn--block" disabled={restablecer.isPending}>
            {restablecer.isPending ? M.comun.guardando : R.cambiar}
          </button>
        </form>
      ) : null}
    </AuthCard>
  );
}
