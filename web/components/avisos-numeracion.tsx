import { useQuery } from '@tanstack/react-query';
import { numeracion } from '#shared/messages/numeracion';
import { ROL } from '#shared/roles';
import type { TAvisosNumeracion } from '#shared/schemas/numeracion';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { api } from '../lib/api-client';
import { useSession } from '../lib/session';
import './avisos-numeracion.css';

const N = numeracion;

/**
 * Role 1's warnings; `enabled` false for other roles. Under ['numeracion'], so the numbering screen's
 * writes refresh them. Here, not in the numbering feature, because Inicio and the tills' screen show
 * them too (features do not import each other, ADR 080).
 */
const useAvisosNumeracion = (enabled: boolean) => useQuery({ queryKey: ['numeracion', 'avisos'], queryFn: () => api<TAvisosNumeracion>('/numeracion/avisos'), enabled });

/** Role 1's DIAN numbering warnings (issue #30 point 5): 90 % of a range used, 30 days to expiry, or unusable. */
export function AvisosNumeracion({ conEnlace = false }: { conEnlace?: boolean }) {
  const session = useSession();
  const esAdmin = session?.rol === ROL.ADMIN;
  const { data } = useAvisosNumeracion(esAdmin);
  if (!esAdmin || !data?.avisos.length) return null;
  return (
    <section className="card numeracion-avisos" role="status" aria-label={N.avisosTitulo} data-testid="avisos-numeracion">
      <h2>{N.avisosTitulo}</h2>
      <ul>
        {data.avisos.map((a, i) => (
          <li key={i} className={a.nivel === 'bloqueo' ? 'numeracion-avisos__bloqueo' : undefined}>
            {a.mensaje}
          </li>
        ))}
      </ul>
      {conEnlace ? <Link to={paths.numeracion}>{N.titulo}</Link> : null}
    </section>
  );
}
