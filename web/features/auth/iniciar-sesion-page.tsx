import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { type TTipoLogin } from '#shared/schemas/auth';
import { LOGIN_EMAIL_RE } from '#shared/schemas/common';
import { Field } from '../../components/ui/field';
import { paths } from '../../config/paths';
import { alertError, alertFailure, alertWarning } from '../../lib/alerts';
import { NetworkError } from '../../lib/api-client';
import { saveSession } from '../../lib/session';
import { useLogin } from './api/login';
import { AuthCard, TipoToggle } from './components/auth-card';

export default function IniciarSesionPage() {
  const navigate = useNavigate();
  const [tipo, setTipo] = useState<TTipoLogin>('empleado');
  const [email, setEmail] = useState('');
  const [contrasena, setContrasena] = useState('');
  const login = useLogin();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!LOGIN_EMAIL_RE.test(email.trim())) return void alertWarning(M.login.invalidEmailTitle, M.login.invalidEmailText);
    if (!contrasena) return void alertWarning(M.login.emptyPasswordTitle, M.login.emptyPasswordText);
    try {
      const res = await login.mutateAsync({ tipo, email: email.trim(), contrasena });
      saveSession(res.token, res.sesion);
      navigate(paths.inicio, { replace: true });
    } catch (err) {
      if (err instanceof AppError && (err.code === 'BAD_CREDENTIALS' || err.code === 'VALIDATION'))
        return void alertWarning(M.login.badCredentialsTitle, M.login.badCredentialsText);
      if (err instanceof AppError && err.code === 'RATE_LIMITED') return void alertFailure(err);
      if (err instanceof NetworkError || err instanceof AppError) return void alertError(M.generic.errorTitle, M.generic.errorText);
      return void alertFailure(err);
    }
  };

  return (
    <AuthCard title="Iniciar sesión" subtitle="Entra a tu tienda para vender y administrar.">
      <TipoToggle value={tipo} onChange={setTipo} />
      <form onSubmit={onSubmit} noValidate>
        <Field label="Correo electrónico" type="email" name="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} />
        <Field
          label="Contraseña"
          type="password"
          name="contrasena"
          autoComplete="current-password"
          value={contrasena}
          onChange={(e) => setContrasena(e.target.value)}
        />
        <button type="submit" className="btn btn--block" disabled={login.isPending}>
          {login.isPending ? 'Ingresando…' : `Ingresar como ${tipo === 'tienda' ? 'tienda' : 'empleado'}`}
        </button>
      </form>
      <div className="auth__links">
        <Link to={paths.restablecer}>¿Olvidaste tu contraseña?</Link>
        <span>
          ¿No tienes cuenta? <Link to={paths.registro}>Regístrate</Link>
        </span>
      </div>
    </AuthCard>
  );
}
