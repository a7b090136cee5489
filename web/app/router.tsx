import { lazy, Suspense } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { Route, Routes } from 'react-router';
import { comun } from '#shared/messages/comun';
import { ROL } from '#shared/roles';
import { paths } from '../config/paths';
import { RedirectIfSession, RequireRole, RequireSession } from './guards';
import { AppLayout } from './layouts/app-layout';
import { TurnoRequerido } from '../features/caja/components/turno-requerido';
import { prefetchProductosVenta } from '../features/ventas/api/productos-venta';

// The shell's texts only: every screen loads them (issue #20).
const M = { comun };

// Each screen is its own chunk: the landing page loads none of the application's code.
// This table itself loads only for the application's paths: web/main.tsx tells them from the
// landing page's by `paths`, so every route here takes its path from web/config/paths.ts.
const LandingPage = lazy(() => import('../features/landing/landing-page'));
const IniciarSesionPage = lazy(() => import('../features/auth/iniciar-sesion-page'));
const RegistroPage = lazy(() => import('../features/auth/registro-page'));
const RestablecerPage = lazy(() => import('../features/auth/restablecer-page'));
const InicioPage = lazy(() => import('../features/inicio/inicio-page'));
const CrudRoutes = lazy(() => import('../features/crud/crud-routes'));
const cargarVentasPage = () => import('../features/ventas/ventas-page');
const VentasPage = lazy(cargarVentasPage);
/** The till's code and its first products leave together with the shift's request (issue #20). */
const prefetchVentas = (qc: QueryClient) => Promise.all([cargarVentasPage(), prefetchProductosVenta(qc)]);
const GenerarPagoPage = lazy(() => import('../features/ventas/generar-pago-page'));
const FacturaPage = lazy(() => import('../features/ventas/factura-page'));
const GestionarProductosPage = lazy(() => import('../features/productos/gestionar-productos-page'));
const DetalleProductoPage = lazy(() => import('../features/productos/detalle-producto-page'));
const EtiquetasPage = lazy(() => import('../features/productos/etiquetas-page'));
const AjustesTiendaPage = lazy(() => import('../features/tienda/ajustes-tienda-page'));
const InvitacionPage = lazy(() => import('../features/tienda/invitacion-page'));
const GestionarProveedoresPage = lazy(() => import('../features/proveedores/gestionar-proveedores-page'));
const GestionarClientesPage = lazy(() => import('../features/clientes/gestionar-clientes-page'));
const CuentasPorCobrarPage = lazy(() => import('../features/fiado/cuentas-por-cobrar-page'));
const EstadoCuentaPage = lazy(() => import('../features/fiado/estado-cuenta-page'));
const AnalisisPage = lazy(() => import('../features/analisis/analisis-page'));
const MovimientosPage = lazy(() => import('../features/movimientos/movimientos-page'));
const GestionarVentasPage = lazy(() => import('../features/facturas/gestionar-ventas-page'));
const DetalleFacturaPage = lazy(() => import('../features/facturas/detalle-factura-page'));
const CajaPage = lazy(() => import('../features/caja/caja-page'));
const TurnosPage = lazy(() => import('../features/caja/turnos-page'));
const ReporteTurnoPage = lazy(() => import('../features/caja/reporte-turno-page'));
const MiPinPage = lazy(() => import('../features/cuenta/mi-pin-page'));

function Loading() {
  return (
    <div className="state" role="status">
      {M.comun.cargando}
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
            <Route
              path={paths.ventas}
              element={
                <TurnoRequerido prefetch={prefetchVentas}>
                  <VentasPage />
                </TurnoRequerido>
              }
            />
            <Route
              path={paths.generarPago}
              element={
                <TurnoRequerido>
                  <GenerarPagoPage />
                </TurnoRequerido>
              }
            />
            <Route path={paths.factura} element={<FacturaPage />} />
            <Route path={paths.gestionarProductos} element={<GestionarProductosPage />} />
            <Route path={paths.detalleProducto} element={<DetalleProductoPage />} />
            <Route path={paths.etiquetas} element={<EtiquetasPage />} />
            <Route path={paths.ajustesTienda} element={<AjustesTiendaPage />} />
            <Route
              path={paths.invitacion}
              element={
                <RequireRole roles={[ROL.ADMIN]}>
                  <InvitacionPage />
                </RequireRole>
              }
            />
            <Route path={paths.gestionarProveedores} element={<GestionarProveedoresPage />} />
            <Route path={paths.gestionarClientes} element={<GestionarClientesPage />} />
            <Route path={paths.cuentasPorCobrar} element={<CuentasPorCobrarPage />} />
            <Route path={paths.estadoCuenta} element={<EstadoCuentaPage />} />
            <Route path={paths.analisis} element={<AnalisisPage />} />
            <Route path={paths.movimientos} element={<MovimientosPage />} />
            <Route path={paths.gestionarVentas} element={<GestionarVentasPage />} />
            <Route path={paths.detalleFactura} element={<DetalleFacturaPage />} />
            <Route path={paths.caja} element={<CajaPage />} />
            <Route path={paths.turnosCaja} element={<TurnosPage />} />
            <Route path={paths.reporteTurno} element={<ReporteTurnoPage />} />
            <Route path={paths.miPin} element={<MiPinPage />} />
          </Route>
          <Route
            path="/crud/*"
            element={
              <RequireRole roles={[ROL.ADMIN]}>
                <CrudRoutes />
              </RequireRole>
            }
          />
        </Route>

        <Route path="*" element={<LandingPage />} />
      </Routes>
    </Suspense>
  );
}
