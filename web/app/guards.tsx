import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { paths } from '../config/paths';
import { useSession } from '../lib/session';

/** Application and back-office screens need a stored session; otherwise, to sign-in. */
export function RequireSession() {
  const session = useSession();
  if (!session) return <Navigate to={paths.iniciarSesion} replace />;
  return <Outlet />;
}

/** Screens only some roles may open; the others go back to /inicio. */
export function RequireRole({ roles, children }: { roles: number[]; children: ReactNode }) {
  const session = useSession();
  if (!session) return <Navigate to={paths.iniciarSesion} replace />;
  if (!roles.includes(session.rol)) return <Navigate to={paths.inicio} replace />;
  return <>{children}</>;
}

/** Sign-in and sign-up screens send a signed-in user straight to /inicio. */
export function RedirectIfSession({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session) return <Navigate to={paths.inicio} replace />;
  return <>{children}</>;
}
