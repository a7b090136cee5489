import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { ROL } from '#shared/roles';
import { paths } from '../config/paths';
import { RedirectIfSession, RequireRole, RequireSession } from './guards';
import { AppLayout } from './layouts/app-layout';

// Each screen is its own chunk: the landing page loads none of the application's code.
const LandingPage = lazy(() => import('../features/landing/landing-page'));
const IniciarSesionPage = lazy(() => import('../features/auth/iniciar-sesion-page'));
const RegistroPage = lazy(() => import('../features/auth/registro-page'));
const RestablecerPage = lazy(() => import('../features/auth/restablecer-page'));
const InicioPage = lazy(() => import('../features/inicio/inicio-page'));
const PendingPage = lazy(() => import('../features/inicio/pending-page'));

function Loading() {
  return (
    <div className="state" role="status">
      Cargando…
    </div>
  );
}

export function AppRouter() {
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route path={paths.landing} element={<LandingPage />} />
        <Route
          path={paths.iniciarSesion}
          element={
            <RedirectIfSession>
              <IniciarSesionPage />
            </RedirectIfSession>
          }
        />
        <Route
          path={paths.registro}
          element={
            <RedirectIfSession>
              <RegistroPage />
            </RedirectIfSession>
          }
        />
        <Route path={paths.restablecer} element={<RestablecerPage />} />

        <Route element={<RequireSession />}>
          <Route element={<AppLayout />}>
            <Route path={paths.inicio} element={<InicioPage />} />
            <Route path={paths.ventas} element={<PendingPage />} />
            <Route path={paths.generarPago} element={<PendingPage />} />
            <Route path={paths.factura} element={<PendingPage />} />
            <Route path={paths.gestionarProductos} element={<PendingPage />} />
            <Route path={paths.detalleProducto} element={<PendingPage />} />
            <Route path={paths.gestionarProveedores} element={<PendingPage />} />
            <Route path={paths.gestionarClientes} element={<PendingPage />} />
            <Route path={paths.analisis} element={<PendingPage />} />
            <Route path={paths.movimientos} element={<PendingPage />} />
            <Route path={paths.gestionarVentas} element={<PendingPage />} />
            <Route path={paths.detalleFactura} element={<PendingPage />} />
          </Route>
          <Route
            path="/crud/*"
            element={
              <RequireRole roles={[ROL.ADMIN]}>
                <PendingPage />
              </RequireRole>
            }
          />
        </Route>

        <Route path="*" element={<LandingPage />} />
      </Routes>
    </Suspense>
  );
}
