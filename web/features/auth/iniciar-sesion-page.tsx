import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { AppError } from '#shared/errors';
import { login } from '#shared/messages/auth';
import { generic } from '#shared/messages/comun';
import { invitacion } from '#shared/messages/invitacion';
import { type TTipoLogin } from '#shared/schemas/auth';
import { LOGIN_EMAIL_RE } from '#shared/schemas/common';
import { Field } from '../../components/ui/field';
import { paths } from '../../config/paths';
import { alertError, alertFailure, alertInfo, alertWarning } from '../../lib/alerts';
import { NetworkError } from '../../lib/api-client';
import { saveSession } from '../../lib/session';
import { useLogin } from './api/login';
import { AuthCard, TipoToggle } from './components/auth-card';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { generic, invitacion, login };

/** The account type chosen at the last successful sign-in on this device (kept across sign-outs). */
const ULTIMO_TIPO = 'ultimoTipoLogin';

export default function IniciarSesionPage() {
  const navigate = useNavigate();
  // Right after registering, the new account's type and email; otherwise the type used last time here.
  const desde = (useLocation().state ?? null) as { tipo?: unknown; email?: unknown } | null;
  const [tipo, setTipo] = useState<TTipoLogin>(() =>
    desde?.tipo === 'tienda' || desde?.tipo === 'empleado' ? desde.tipo : window.localStorage.getItem(ULTIMO_TIPO) === 'tienda' ? 'tienda' : 'empleado',
  );
  const [email, setEmail] = useState(typeof desde?.email === 'string' ? desde.email : '');
  const [fallo, setFallo] = useState(false);
  const [contrasena, setContrasena] = useState('');
  const login = useLogin();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!LOGIN_EMAIL_RE.test(email.trim())) return void alertWarning(M.login.invalidEmailTitle, M.login.invalidEmailText);
    if (!contrasena) return void alertWarning(M.login.emptyPasswordTitle, M.login.emptyPasswordText);
    try {
      const res = await login.mutateAsync({ tipo, email: email.trim(), contrasena });
      saveSession(res.token, res.sesion);
      window.localStorage.setItem(ULTIMO_TIPO, tipo);
      navigate(paths.inicio, { replace: true });
    } catch (err) {
      if (err instanceof AppError && (err.code === 'BAD_CREDENTIALS' || err.code === 'VALIDATION')) {
        setFallo(true);
        return void alertWarning(M.login.badCredentialsTitle, M.login.badCredentialsText);
      }
      if (err instanceof AppError && err.code === 'RATE_LIMITED') return void alertFailure(err);
      // An employee the store's admin has not approved yet (issue #15): told so, after the right password.
      if (err instanceof AppError && err.code === 'FORBIDDEN') return void alertInfo(err.title ?? M.invitacion.cuentaPendienteTitulo, err.message);
      if (err instanceof NetworkError || err instanceof AppError) return void alertError(M.generic.errorTitle, M.generic.errorText);
      return void alertFailure(err);
    }
  };

  return (
    <AuthCard title={M.login.titulo} subtitle={M.login.subtitulo}>
      <TipoToggle
        value={tipo}
        onChange={(t) => {
          setTipo(t);
          setFallo(false);
        }}
      />
      <p className="auth__tipo-ayuda">{tipo === 'tienda' ? M.login.ayudaTienda : M.login.ayudaEmpleado}</p>
      {fallo ? (
        <p className="auth__tipo-ayuda auth__tipo-ayuda--aviso" role="status">
          {tipo === 'tienda' ? M.login.quizasEmpleado : M.login.quizasTienda}
        </p>
      ) : null}
      <form onSubmit={onSubmit} noValidate>
        <Field label={M.login.correo} type="email" name="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} />
        <Field
          label={M.login.contrasena}
          type="password"
          name="contrasena"
          autoComplete="current-password"
          value={contrasena}
          onChange={(e) => setContrasena(e.target.value)}
        />
        <button type="submit" className="btn btn--block" disabled={login.isPending}>
          {login.isPending ? M.login.ingresando : M.login.ingresarComo(tipo)}
        </button>
      </form>
      <div className="auth__links">
        <Link to={paths.restablecer}>{M.login.olvido}</Link>
        <span>
          {M.login.sinCuenta} <Link to={paths.registro}>{M.login.registrese}</Link>
        </span>
      </div>
    </AuthCard>
  );
}
