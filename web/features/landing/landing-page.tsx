import { Link } from 'react-router';
import { PRODUCT_NAME } from '#shared/messages';
import { paths } from '../../config/paths';

/** Public landing page (a fuller version comes with its own issue). */
export default function LandingPage() {
  return (
    <main className="auth">
      <section className="auth__card" aria-labelledby="landing-title">
        <h1 id="landing-title" className="auth__title">{PRODUCT_NAME}</h1>
        <p className="auth__subtitle">Ventas, inventario, proveedores, clientes y facturas de tu tienda en un solo lugar.</p>
        <Link className="btn btn--block" to={paths.iniciarSesion}>
          Inicia Aquí
        </Link>
      </section>
    </main>
  );
}
