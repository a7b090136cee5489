import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { comun } from '#shared/messages/comun';
import { inicio } from '#shared/messages/inicio';
import { ventas } from '#shared/messages/ventas';
import { ROL } from '#shared/roles';
import { IconBack, IconBox, IconCart, IconChart, IconLogout, IconPhone, IconReceipt, IconSettings, IconStore, IconUser } from '../../components/ui/icons';
import { paths } from '../../config/paths';
import { useMisPermisos } from '../../lib/mis-permisos';
import { STORAGE_KEYS, useSession } from '../../lib/session';
import { InstalarApp } from './components/instalar-app';
import './inicio.css';
import { ResumenDia } from './components/resumen-dia';
import { AvisosNumeracion } from '../../components/avisos-numeracion';
import { sucursales } from '#shared/messages/sucursales';
import { empresa } from '#shared/messages/empresa';
import { useTiendasDeSesion } from '../../lib/sesion-servidor';
import { AvisoPorVencer } from './components/aviso-por-vencer';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { comun, inicio, ventas, sucursales, empresa };

const TILES = [
  { to: paths.gestionarProductos, ...M.inicio.tiles.productos, Icon: IconBox },
  { to: paths.analisis, ...M.inicio.tiles.analisis, Icon: IconChart },
  { to: paths.ventas, ...M.inicio.tiles.ventas, Icon: IconCart },
  { to: paths.gestionarVentas, ...M.inicio.tiles.facturas, Icon: IconReceipt },
  { to: paths.caja, ...M.inicio.tiles.caja, Icon: IconStore },
  { to: paths.cuentasPorCobrar, ...M.inicio.tiles.cuentasPorCobrar, Icon: IconUser },
  { to: paths.porPedir, ...M.inicio.tiles.porPedir, Icon: IconBox },
  { to: paths.conteos, ...M.inicio.tiles.conteos, Icon: IconBox },
];
/** Reports (issue #35): role 1, and roles 2 and 3 with the store's permission. */
const TILE_REPORTES = { to: paths.reportes, ...M.inicio.tiles.reportes, Icon: IconChart };
/** The store owner's own tiles (issue #27). */
const TILES_ADMIN = [
  { to: paths.registroActividad, ...M.inicio.tiles.actividad, Icon: IconReceipt },
  { to: paths.permisos, ...M.inicio.tiles.permisos, Icon: IconSettings },
  { to: paths.equiposSinRed, ...M.inicio.tiles.equiposSinRed, Icon: IconPhone },
  { to: paths.revisarSinRed, ...M.inicio.tiles.revisarSinRed, Icon: IconReceipt },
  { to: paths.telefonos, ...M.inicio.tiles.telefonos, Icon: IconPhone },
  { to: paths.datosFiscales, ...M.inicio.tiles.datosFiscales, Icon: IconSettings },
  { to: paths.ajustesTienda, ...M.inicio.tiles.ajustesTienda, Icon: IconSettings },
  { to: paths.impuestos, ...M.inicio.tiles.impuestos, Icon: IconReceipt },
  { to: paths.listasPrecios, ...M.inicio.tiles.listasPrecios, Icon: IconReceipt },
  { to: paths.promociones, ...M.inicio.tiles.promociones, Icon: IconReceipt },
  { to: paths.puntos, ...M.inicio.tiles.puntos, Icon: IconUser },
  { to: paths.numeracion, ...M.inicio.tiles.numeracion, Icon: IconStore },
  { to: paths.documentosDian, ...M.inicio.tiles.documentosDian, Icon: IconReceipt },
];

/** The empresa's owner (its store login, issue #56): its stores. */
const TILE_SUCURSALES = { to: paths.sucursales, ...M.sucursales.tile, Icon: IconStore };
/** Every store side by side (issue #56 point 4): the owner of an empresa of two or more stores. */
const TILE_TODAS = { to: paths.todasMisTiendas, ...M.empresa.tile, Icon: IconChart };

/** Home: four big buttons; entering it empties the stored cart (spec §2). */
export default function InicioPage() {
  const session = useSession();
  const navigate = useNavigate();
  const permisos = useMisPermisos();
  const conReportes = session?.rol === ROL.ADMIN || permisos.reportes;
  // The owner's day at a glance: roles 1 and 3 (issue #35 point 1).
  const verResumen = conReportes && (session?.rol === ROL.ADMIN || session?.rol === ROL.ENCARGADO) && session?.id_Tienda != null;
  const dueno = session?.tipo === 'tienda' && session.id_Tienda != null;
  const tiendas = useTiendasDeSesion();
  const variasTiendas = dueno && tiendas.length >= 2;

  useEffect(() => {
    window.localStorage.removeItem(STORAGE_KEYS.carrito);
    window.localStorage.removeItem(STORAGE_KEYS.idVenta);
  }, []);

  return (
    <>
      <header className="page-header">
        <div className="page-header__actions">
          <button type="button" className="btn btn--ghost btn--icon" onClick={() => navigate(-1)} aria-label={M.comun.volver}>
            <IconBack />
          </button>
        </div>
        <h1>{M.inicio.saludo(session?.usuario ?? '')}</h1>
        <div className="page-header__actions">
          {session?.rol === ROL.ADMIN || session?.rol === ROL.ENCARGADO ? (
            <Link className="btn btn--ghost" to={paths.miPin}>
              <IconUser /> {M.ventas.miPinEnlace}
            </Link>
          ) : null}
          {session?.rol === ROL.ADMIN ? (
            <Link className="btn btn--ghost" to={paths.crud.usuarios}>
              <IconSettings /> {M.inicio.crud}
            </Link>
          ) : null}
          <Link className="btn btn--ghost" to={paths.index} aria-label={M.comun.salir}>
            <IconLogout /> {M.comun.salir}
          </Link>
        </div>
      </header>
      <InstalarApp />
      <AvisosNumeracion conEnlace />
      <AvisoPorVencer />
      {verResumen ? <ResumenDia /> : null}
      <nav aria-label={M.inicio.menu} className="tiles">
        {[...TILES, ...(conReportes ? [TILE_REPORTES] : []), ...(session?.rol === ROL.ADMIN ? TILES_ADMIN : []), ...(dueno ? [TILE_SUCURSALES] : []), ...(variasTiendas ? [TILE_TODAS] : [])].map(({ to, title, text, Icon }) => (
          <Link key={to} to={to} className="tile">
            <span className="tile__icon">
              <Icon />
            </span>
            <span className="tile__title">{title}</span>
            <span className="tile__text">{text}</span>
          </Link>
        ))}
      </nav>
    </>
  );
}
