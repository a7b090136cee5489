import { Link } from 'react-router';
import { paths } from '../config/paths';

/** Shown by screens that a later release brings; never a dead end. */
export default function PendingPage() {
  return (
    <section className="card state" aria-labelledby="pending-title">
      <h1 id="pending-title">Esta sección estará disponible pronto</h1>
      <p>Estamos terminando esta parte de la aplicación.</p>
      <Link className="btn" to={paths.inicio}>
        Volver al inicio
      </Link>
    </section>
  );
}
