import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { ventas } from '#shared/messages/ventas';
import { ROL } from '#shared/roles';
import { IconBack, IconBox, IconCart, IconChart, IconLogout, IconReceipt, IconSettings, IconStore, IconUser } from '../../components/ui/icons';
import { paths } from '../../config/paths';
import { STORAGE_KEYS, useSession } from '../../lib/session';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { ventas };

const TILES = [
  { to: paths.gestionarProductos, title: 'Gestionar Productos', text: 'Productos, precios, stock, proveedores y clientes.', Icon: IconBox },
  { to: paths.analisis, title: 'Analisis', text: 'Qué se vende más y qué se queda en la estantería.', Icon: IconChart },
  { to: paths.ventas, title: 'Ventas', text: 'Registre una venta, cobre y entregue la factura.', Icon: IconCart },
  { to: paths.gestionarVentas, title: 'Gestionar Facturas', text: 'Consulte las ventas y sus facturas.', Icon: IconReceipt },
  { to: paths.caja, title: 'Caja', text: 'Abra y cierre el turno: fondo, entradas y salidas, cierre de caja.', Icon: IconStore },
  { to: paths.cuentasPorCobrar, title: 'Cuentas por cobrar', text: 'Quién le debe fiado, cuánto y desde cuándo; abonos.', Icon: IconUser },
];

/** Home: four big buttons; entering it empties the stored cart (spec §2). */
export default function InicioPage() {
  const session = useSession();
  const navigate = useNavigate();

  useEffect(() => {
    window.localStorage.removeItem(STORAGE_KEYS.carrito);
    window.localStorage.removeItem(STORAGE_KEYS.idVenta);
  }, []);

  return (
    <>
      <header className="page-header">
        <div className="page-header__actions">
          <button type="button" className="btn btn--ghost btn--icon" onClick={() => navigate(-1)} aria-label="Volver">
            <IconBack />
          </button>
        </div>
        <h1>Hola, {session?.usuario}</h1>
        <div className="page-header__actions">
          {session?.tipo === 'empleado' && (session.rol === ROL.ADMIN || session.rol === ROL.ENCARGADO) ? (
            <Link className="btn btn--ghost" to={paths.miPin}>
              <IconUser /> {M.ventas.miPinEnlace}
            </Link>
          ) : null}
          {session?.rol === ROL.ADMIN ? (
            <Link className="btn btn--ghost" to={paths.crud.usuarios}>
              <IconSettings /> CRUD
            </Link>
          ) : null}
          <Link className="btn btn--ghost" to={paths.index} aria-label="Salir">
            <IconLogout /> Salir
          </Link>
        </div>
      </header>
      <nav aria-label="Menú principal" className="tiles">
        {TILES.map(({ to, title, text, Icon }) => (
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
