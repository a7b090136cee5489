import { Link } from 'react-router';
import { comun } from '#shared/messages/comun';
import { paths } from '../config/paths';

// The shell's texts only: every screen loads them (issue #20).
const M = { comun };

/** Shown by screens that a later release brings; never a dead end. */
export default function PendingPage() {
  return (
    <section className="card state" aria-labelledby="pending-title">
      <h1 id="pending-title">{M.comun.pendiente.titulo}</h1>
      <p>{M.comun.pendiente.texto}</p>
      <Link className="btn" to={paths.inicio}>
        {M.comun.volverInicio}
      </Link>
    </section>
  );
}
