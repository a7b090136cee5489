import { Link } from 'react-router';
import { lotes } from '#shared/messages/lotes';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { usePorVencerInicio } from '../api/get-por-vencer';

const L = lotes;

/** Inicio's notice of lots about to expire or expired (issue #58 point 2): nothing when there are none. */
export function AvisoPorVencer() {
  const session = useSession();
  // A store's session only (the platform's operator has no store).
  const { data } = usePorVencerInicio(session?.id_Tienda != null);
  if (!data || data.lotes.length === 0) return null;
  return (
    <section className="card lotes-aviso" role="status" aria-label={L.porVencer} data-testid="aviso-por-vencer">
      <h2>{L.porVencer}</h2>
      <p>
        {data.vencidos > 0 ? <strong className="lotes-aviso__vencidos">{L.vencidosInicio(data.vencidos)}</strong> : null}
        {data.vencidos > 0 && data.porVencer > 0 ? ' · ' : null}
        {data.porVencer > 0 ? <span>{L.porVencerInicio(data.porVencer)}</span> : null}
      </p>
      <Link to={paths.porVencer}>{L.verPorVencer}</Link>
    </section>
  );
}
