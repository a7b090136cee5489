import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { login } from '#shared/messages/auth';
import { comun } from '#shared/messages/comun';
import { PRODUCT_NAME } from '#shared/product';
import { IconBack, IconClose } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { comun, login };

/** The frame of the session screens: brand, optional back button, exit button. */
export function AuthCard(props: { title: string; subtitle?: string; back?: boolean; wide?: boolean; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <main className="auth">
      <section className={`auth__card${props.wide ? ' auth__card--wide' : ''}`} aria-labelledby="auth-title">
        <div className="auth__top">
          {props.back ? (
            <button type="button" className="btn btn--ghost btn--icon" onClick={() => navigate(paths.iniciarSesion)} aria-label={M.comun.volver}>
              <IconBack />
            </button>
          ) : (
            <Link to={paths.landing} className="auth__brand">
              <img src="/logo.svg" alt="" />
              <span>{PRODUCT_NAME}</span>
            </Link>
          )}
          <Link to={paths.landing} className="btn btn--ghost btn--icon" aria-label={M.comun.salir}>
            <IconClose />
          </Link>
        </div>
        <h1 id="auth-title" className="auth__title">
          {props.title}
        </h1>
        {props.subtitle ? <p className="auth__subtitle">{props.subtitle}</p> : null}
        {props.children}
      </section>
    </main>
  );
}

export function TipoToggle(props: { value: 'empleado' | 'tienda'; onChange: (v: 'empleado' | 'tienda') => void }) {
  return (
    <div className="segmented" role="group" aria-label={M.login.tipoCuenta}>
      <button type="button" aria-pressed={props.value === 'empleado'} onClick={() => props.onChange('empleado')}>
        {M.login.tipos.empleado}
      </button>
      <button type="button" aria-pressed={props.value === 'tienda'} onClick={() => props.onChange('tienda')}>
        {M.login.tipos.tienda}
      </button>
    </div>
  );
}
