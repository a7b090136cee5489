import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { comun } from '#shared/messages/comun';
import { ROL, canSeeInvitationCode } from '#shared/roles';
import { IconLogout } from '../../components/ui/icons';
import { paths } from '../../config/paths';
import { cerrarSesionEnServidor } from '../../features/auth/api/cerrar-sesion';
import { clearSession, getToken, identidadDeSesion, saveSession, useSession } from '../../lib/session';
import { useSesionDelServidor } from '../../lib/sesion-servidor';
import { useTrasPintar } from '../../lib/tras-pintar';
import { SinRedEnSegundoPlano } from '../sin-red-diferido';

// The shell's texts only: every screen loads them (issue #20).
const M = { comun };

// Not on a screen's first paint (issue #55 point 4): the invitation code's extras load after it (when
// the browser is idle), and what signing out asks loads when it is asked.
const VencimientoCodigo = lazy(() => import('../../features/tienda/components/vencimiento-codigo').then((m) => ({ default: m.VencimientoCodigo })));
const RegenerarCodigoButton = lazy(() => import('../../features/tienda/components/regenerar-codigo-button').then((m) => ({ default: m.RegenerarCodigoButton })));
// The top bar's store switcher (issue #56): only a session with two or more stores shows it.
const SelectorTienda = lazy(() => import('../../features/tienda/components/selector-tienda').then((m) => ({ default: m.SelectorTienda })));

/** Every application screen: its content, then the footer with user, store, code and 'Cerrar sesión'. */
export function AppLayout() {
  const session = useSession();
  const navigate = useNavigate();

  // Re-read the session from the server: a changed role or a revoked token takes effect at once.
  const { data } = useSesionDelServidor();
  useEffect(() => {
    const token = getToken();
    if (data && token) saveSession(token, data);
  }, [data]);

  // Selling without the network (issue #34): the device's copy kept fresh and its outbox sent, after
  // the first paint (issue #55 point 4: web/app/sin-red-diferido.tsx).
  const cuenta = session ? identidadDeSesion() : '';
  const trasPintar = useTrasPintar();

  if (!session) return null;
  const showCode = canSeeInvitationCode(session.rol) && session.codigo_invitacion;

  // The token is ended on the server too (a stolen copy stops working), best effort: the session
  // ends here at once whether or not the server answers.
  const logout = async () => {
    // Sales made without the network and not yet on the server (issue #34 point 6).
    const { confirmarSalidaSinRed } = await import('../../features/sin-red/salida-sin-red');
    if ((await confirmarSalidaSinRed(session.rol)) === 'quedarse') return;
    // The caja still open (issue #18): go and close it, or sign out anyway.
    const { confirmarSalidaConCaja } = await import('../../features/caja/components/salida-con-caja');
    const eleccion = await confirmarSalidaConCaja();
    if (eleccion === 'cerrar-caja') return void navigate(paths.caja);
    if (eleccion === 'quedarse') return;
    const token = getToken();
    if (token) cerrarSesionEnServidor(token).catch(() => undefined);
    clearSession();
    navigate(paths.iniciarSesion, { replace: true });
  };

  return (
    <div className="app-shell">
      <SinRedEnSegundoPlano activa={session.id_Tienda != null} cuenta={cuenta} />
      {session.id_Tienda != null && (data?.tiendas.length ?? 0) >= 2 ? (
        <Suspense fallback={null}>
          <SelectorTienda />
        </Suspense>
      ) : null}
      <main className="app-main" id="contenido">
        <Outlet />
      </main>
      <footer className="app-footer" aria-label={M.comun.pie.label}>
        <div className="app-footer__inner">
          <span>
            {M.comun.pie.usuario} <strong data-testid="footer-usuario">{session.usuario}</strong>
          </span>
          {session.tienda ? (
            <span>
              {M.comun.pie.tienda} <strong data-testid="footer-tienda">{session.tienda}</strong>
            </span>
          ) : null}
          {showCode ? (
            <span>
              {M.comun.pie.codigo} <span className="code-badge" data-testid="footer-codigo">{session.codigo_invitacion}</span>
              {trasPintar ? (
                <Suspense fallback={null}>
                  {session.id_Tienda != null ? <VencimientoCodigo /> : null}
                  {session.rol === ROL.ADMIN && session.id_Tienda != null ? <> <RegenerarCodigoButton /></> : null}
                </Suspense>
              ) : null}
            </span>
          ) : null}
          <button type="button" className="btn btn--ghost btn--sm" onClick={logout}>
            <IconLogout /> {M.comun.pie.cerrarSesion}
          </button>
        </div>
      </footer>
    </div>
  );
}
