import { Link } from 'react-router';
import { comun } from '#shared/messages/comun';
import { paths } from '../config/paths';

// The shell's texts only (every screen loads them).
const N = comun.nav;

/**
 * The catalogue's three management screens (spec §2: /gestionar_productos, /gestionar_proveedores,
 * /gestionar_clientes): each one's header links to the other two, with the texts each screen shows.
 */
const OTRAS = {
  productos: [
    { to: paths.gestionarProveedores, texto: N.gestionarProveedores },
    { to: paths.gestionarClientes, texto: N.gestionarClientes },
  ],
  proveedores: [
    { to: paths.gestionarProductos, texto: N.productos },
    { to: paths.gestionarClientes, texto: N.clientes },
  ],
  clientes: [
    { to: paths.gestionarProductos, texto: N.productos },
    { to: paths.gestionarProveedores, texto: N.proveedores },
  ],
} as const;

/** The links from the management screen `desde` to the other two (inside its PageHeader). */
export function EnlacesGestion({ desde }: { desde: keyof typeof OTRAS }) {
  return OTRAS[desde].map((e) => (
    <Link key={e.to} className="btn btn--ghost" to={e.to}>
      {e.texto}
    </Link>
  ));
}
