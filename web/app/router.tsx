import { Suspense } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { Route, Routes } from 'react-router';
import { comun } from '#shared/messages/comun';
import { ROL } from '#shared/roles';
import { paths } from '../config/paths';
import { RedirectIfSession, RequireRole, RequireSession } from './guards';
import { AppLayout } from './layouts/app-layout';
import { TurnoRequerido } from '../features/caja/components/turno-requerido';
import { prefetchProductosVenta } from '../features/ventas/api/productos-venta';
import { useEnLinea } from '../lib/fuente-venta';
import { preloadable } from '../lib/preloadable';
import { ConFuenteSinRed } from './sin-red-diferido';

// The shell's texts only: every screen loads them (issue #20).
const M = { comun };

// Each screen is its own chunk: the landing page loads none of the application's code.
// This table itself loads only for the application's paths: web/main.tsx tells them from the
// landing page's by `paths`, so every route here takes its path from web/config/paths.ts.
const LandingPage = preloadable(() => import('../features/landing/landing-page'));
const IniciarSesionPage = preloadable(() => import('../features/auth/iniciar-sesion-page'));
const RegistroPage = preloadable(() => import('../features/auth/registro-page'));
const RestablecerPage = preloadable(() => import('../features/auth/restablecer-page'));
const InicioPage = preloadable(() => import('../features/inicio/inicio-page'));
const CrudRoutes = preloadable(() => import('../features/crud/crud-routes'));
const VentasPage = preloadable(() => import('../features/ventas/ventas-page'));
/** The till's code and its first products leave together with the shift's request (issue #20). */
const prefetchVentas = (qc: QueryClient) => Promise.all([VentasPage.preload(), prefetchProductosVenta(qc)]);
const GenerarPagoPage = preloadable(() => import('../features/ventas/generar-pago-page'));
const FacturaPage = preloadable(() => import('../features/ventas/factura-page'));
const GestionarProductosPage = preloadable(() => import('../features/productos/gestionar-productos-page'));
const DetalleProductoPage = preloadable(() => import('../features/productos/detalle-producto-page'));
const EtiquetasPage = preloadable(() => import('../features/productos/etiquetas-page'));
const ImportarPage = preloadable(() => import('../features/importacion/importar-page'));
const AjustesTiendaPage = preloadable(() => import('../features/tienda/ajustes-tienda-page'));
const SucursalesPage = preloadable(() => import('../features/tienda/sucursales-page'));
const TodasMisTiendasPage = preloadable(() => import('../features/empresa/todas-mis-tiendas-page'));
const InvitacionPage = preloadable(() => import('../features/tienda/invitacion-page'));
const RedLocalPage = preloadable(() => import('../features/red-local/red-local-page'));
const EquiposSinRedPage = preloadable(() => import('../features/sin-red/equipos-sin-red-page'));
const RevisarSinRedPage = preloadable(() => import('../features/sin-red/revisar-sin-red-page'));
const GestionarProveedoresPage = preloadable(() => import('../features/proveedores/gestionar-proveedores-page'));
const GestionarClientesPage = preloadable(() => import('../features/clientes/gestionar-clientes-page'));
const CuentasPorCobrarPage = preloadable(() => import('../features/fiado/cuentas-por-cobrar-page'));
const EstadoCuentaPage = preloadable(() => import('../features/fiado/estado-cuenta-page'));
const AnalisisPage = preloadable(() => import('../features/analisis/analisis-page'));
const MovimientosPage = preloadable(() => import('../features/movimientos/movimientos-page'));
const GestionarVentasPage = preloadable(() => import('../features/facturas/gestionar-ventas-page'));
const DetalleFacturaPage = preloadable(() => import('../features/facturas/detalle-factura-page'));
const CajaPage = preloadable(() => import('../features/caja/caja-page'));
const TurnosPage = preloadable(() => import('../features/caja/turnos-page'));
const ReporteTurnoPage = preloadable(() => import('../features/caja/reporte-turno-page'));
const MiPinPage = preloadable(() => import('../features/cuenta/mi-pin-page'));
const ActividadPage = preloadable(() => import('../features/actividad/actividad-page'));
const PermisosPage = preloadable(() => import('../features/tienda/permisos-page'));
const PorPedirPage = preloadable(() => import('../features/compras/por-pedir-page'));
const OrdenesPage = preloadable(() => import('../features/compras/ordenes-page'));
const NuevaOrdenPage = preloadable(() => import('../features/compras/nueva-orden-page'));
const OrdenPage = preloadable(() => import('../features/compras/orden-page'));
const ReportesPage = preloadable(() => import('../features/reportes/reportes-page'));
const ReportePage = preloadable(() => import('../features/reportes/reporte-page'));
const DatosFiscalesPage = preloadable(() => import('../features/impuestos/datos-fiscales-page'));
const ImpuestosPage = preloadable(() => import('../features/impuestos/impuestos-page'));
const NumeracionPage = preloadable(() => import('../features/numeracion/numeracion-page'));
const DocumentoElectronicoPage = preloadable(() => import('../features/dian/documento-electronico-page'));
const DocumentosDianPage = preloadable(() => import('../features/dian/documentos-dian-page'));
const ConteosPage = preloadable(() => import('../features/conteos/conteos-page'));
const ConteoPage = preloadable(() => import('../features/conteos/conteo-page'));
const TrasladosPage = preloadable(() => import('../features/traslados/traslados-page'));
const TrasladoPage = preloadable(() => import('../features/traslados/traslado-page'));
const PorVencerPage = preloadable(() => import('../features/lotes/por-vencer-page'));
const ListasPage = preloadable(() => import('../features/precios/listas-page'));
const ListaPage = preloadable(() => import('../features/precios/lista-page'));
const PromocionesPage = preloadable(() => import('../features/precios/promociones-page'));
const PuntosPage = preloadable(() => import('../features/puntos/puntos-page'));

/** The screen of each path, for the first one's chunk to be in before the router renders it. */
const SCREENS = new Map<string, { preload: () => Promise<unknown> }>(
  Object.entries({
    [paths.iniciarSesion]: IniciarSesionPage,
    [paths.registro]: RegistroPage,
    [paths.restablecer]: RestablecerPage,
    [paths.inicio]: InicioPage,
    [paths.ventas]: VentasPage,
    [paths.generarPago]: GenerarPagoPage,
    [paths.factura]: FacturaPage,
    [paths.gestionarProductos]: GestionarProductosPage,
    [paths.detalleProducto]: DetalleProductoPage,
    [paths.etiquetas]: EtiquetasPage,
    [paths.importarProductos]: ImportarPage,
    [paths.importarClientes]: ImportarPage,
    [paths.importarProveedores]: ImportarPage,
    [paths.ajustesTienda]: AjustesTiendaPage,
    [paths.sucursales]: SucursalesPage,
    [paths.todasMisTiendas]: TodasMisTiendasPage,
    [paths.invitacion]: InvitacionPage,
    [paths.telefonos]: RedLocalPage,
    [paths.equiposSinRed]: EquiposSinRedPage,
    [paths.revisarSinRed]: RevisarSinRedPage,
    [paths.gestionarProveedores]: GestionarProveedoresPage,
    [paths.gestionarClientes]: GestionarClientesPage,
    [paths.cuentasPorCobrar]: CuentasPorCobrarPage,
    [paths.estadoCuenta]: EstadoCuentaPage,
    [paths.analisis]: AnalisisPage,
    [paths.movimientos]: MovimientosPage,
    [paths.gestionarVentas]: GestionarVentasPage,
    [paths.detalleFactura]: DetalleFacturaPage,
    [paths.caja]: CajaPage,
    [paths.turnosCaja]: TurnosPage,
    [paths.miPin]: MiPinPage,
    [paths.registroActividad]: ActividadPage,
    [paths.permisos]: PermisosPage,
    [paths.porPedir]: PorPedirPage,
    [paths.ordenesCompra]: OrdenesPage,
    [paths.nuevaOrdenCompra]: NuevaOrdenPage,
    [paths.reportes]: ReportesPage,
    [paths.datosFiscales]: DatosFiscalesPage,
    [paths.impuestos]: ImpuestosPage,
    [paths.numeracion]: NumeracionPage,
    [paths.documentoElectronico]: DocumentoElectronicoPage,
    [paths.documentosDian]: DocumentosDianPage,
    [paths.conteos]: ConteosPage,
    [paths.traslados]: TrasladosPage,
    [paths.porVencer]: PorVencerPage,
    [paths.listasPrecios]: ListasPage,
    [paths.promociones]: PromocionesPage,
    [paths.puntos]: PuntosPage,
  }).map(([path, screen]) => [path.toLowerCase(), screen]),
);

/**
 * Loads the chunk of the screen at `pathname` (as the router matches it: any letter case, a trailing
 * slash), so that web/main.tsx renders the application once it is in and the screen does not
 * suspend: a Suspense fallback shown on the way costs up to 300 ms more (React's throttle; issue #20).
 * Never fails: a chunk that does not load is asked for again by the screen itself.
 */
export function precargarPantalla(pathname: string): Promise<unknown> {
  const p = pathname.toLowerCase().replace(/\/+$/, '');
  const screen = p === '/crud' || p.startsWith('/crud/') ? CrudRoutes : /^\/caja\/turnos\/\d+$/.test(p)
        ? ReporteTurnoPage
        : /^\/ordenes_compra\/\d+$/.test(p)
          ? OrdenPage
          : /^\/conteos\/\d+$/.test(p)
            ? ConteoPage
            : /^\/traslados\/\d+$/.test(p)
            ? TrasladoPage
            : /^\/listas_precios\/\d+$/.test(p)
            ? ListaPage
            : /^\/reportes\/[a-z-]+$/.test(p)
            ? ReportePage
            : SCREENS.get(p);
  return screen ? screen.preload().catch(() => undefined) : Promise.resolve();
}

/**
 * The till needs an open shift (issue #18), read from the server; without the network (issue #34, ADR
 * 028) the till sells from the device's data and the server checks the shift when the sales arrive.
 */
function VentasConTurno() {
  return useEnLinea() ? (
    <TurnoRequerido prefetch={prefetchVentas}>
      <VentasPage />
    </TurnoRequerido>
  ) : (
    <ConFuenteSinRed>
      <VentasPage />
    </ConFuenteSinRed>
  );
}

/** The payment, as the till: offline it is the same screen, recording on the device (issue #53). */
function PagoConTurno() {
  return useEnLinea() ? (
    <TurnoRequerido>
      <GenerarPagoPage />
    </TurnoRequerido>
  ) : (
    <ConFuenteSinRed>
      <GenerarPagoPage />
    </ConFuenteSinRed>
  );
}

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
              element={<VentasConTurno />}
            />
            <Route
              path={paths.generarPago}
              element={<PagoConTurno />}
            />
            <Route path={paths.factura} element={<FacturaPage />} />
            <Route path={paths.gestionarProductos} element={<GestionarProductosPage />} />
            <Route path={paths.detalleProducto} element={<DetalleProductoPage />} />
            <Route path={paths.etiquetas} element={<EtiquetasPage />} />
            <Route path={paths.importarProductos} element={<ImportarPage entidad="productos" />} />
            <Route path={paths.importarClientes} element={<ImportarPage entidad="clientes" />} />
            <Route path={paths.importarProveedores} element={<ImportarPage entidad="proveedores" />} />
            <Route path={paths.ajustesTienda} element={<AjustesTiendaPage />} />
            <Route path={paths.sucursales} element={<SucursalesPage />} />
            <Route path={paths.todasMisTiendas} element={<TodasMisTiendasPage />} />
            <Route
              path={paths.invitacion}
              element={
                <RequireRole roles={[ROL.ADMIN]}>
                  <InvitacionPage />
                </RequireRole>
              }
            />
            <Route
              path={paths.equiposSinRed}
              element={
                <RequireRole roles={[ROL.ADMIN]}>
                  <EquiposSinRedPage />
                </RequireRole>
              }
            />
            <Route
              path={paths.revisarSinRed}
              element={
                <RequireRole roles={[ROL.ADMIN]}>
                  <RevisarSinRedPage />
                </RequireRole>
              }
            />
            <Route
              path={paths.telefonos}
              element={
                <RequireRole roles={[ROL.ADMIN]}>
                  <RedLocalPage />
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
            <Route
              path={paths.registroActividad}
              element={
                <RequireRole roles={[ROL.ADMIN]}>
                  <ActividadPage />
                </RequireRole>
              }
            />
            <Route path={paths.reportes} element={<ReportesPage />} />
            <Route path={paths.reporte} element={<ReportePage />} />
            <Route
              path={paths.permisos}
              element={
                <RequireRole roles={[ROL.ADMIN]}>
                  <PermisosPage />
                </RequireRole>
              }
            />
            <Route path={paths.porPedir} element={<PorPedirPage />} />
            <Route path={paths.conteos} element={<ConteosPage />} />
            <Route path={paths.porVencer} element={<PorVencerPage />} />
            <Route path={paths.conteo} element={<ConteoPage />} />
            <Route path={paths.traslados} element={<TrasladosPage />} />
            <Route path={paths.traslado} element={<TrasladoPage />} />
            <Route path={paths.listasPrecios} element={<ListasPage />} />
            <Route path={paths.listaPrecios} element={<ListaPage />} />
            <Route path={paths.promociones} element={<PromocionesPage />} />
            <Route
              path={paths.puntos}
              element={
                <RequireRole roles={[ROL.ADMIN]}>
                  <PuntosPage />
                </RequireRole>
              }
            />
            <Route path={paths.ordenesCompra} element={<OrdenesPage />} />
            <Route path={paths.nuevaOrdenCompra} element={<NuevaOrdenPage />} />
            <Route path={paths.ordenCompra} element={<OrdenPage />} />
            <Route
              path={paths.datosFiscales}
              element={
                <RequireRole roles={[ROL.ADMIN]}>
                  <DatosFiscalesPage />
                </RequireRole>
              }
            />
            <Route
              path={paths.impuestos}
              element={
                <RequireRole roles={[ROL.ADMIN]}>
                  <ImpuestosPage />
                </RequireRole>
              }
            />
            <Route
              path={paths.numeracion}
              element={
                <RequireRole roles={[ROL.ADMIN]}>
                  <NumeracionPage />
                </RequireRole>
              }
            />
            <Route
              path={paths.documentoElectronico}
              element={
                <RequireRole roles={[ROL.ADMIN]}>
                  <DocumentoElectronicoPage />
                </RequireRole>
              }
            />
            <Route
              path={paths.documentosDian}
              element={
                <RequireRole roles={[ROL.ADMIN]}>
                  <DocumentosDianPage />
                </RequireRole>
              }
            />
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
