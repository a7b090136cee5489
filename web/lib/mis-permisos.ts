import { useQuery } from '@tanstack/react-query';
import { ROL } from '#shared/roles';
import { PERMISOS, type TMisPermisos, type TPermisosRol } from '#shared/schemas/permisos';
import { api } from './api-client';
import { useSession } from './session';

/** The query key of the session's own permissions; the Permisos screen invalidates it when it saves. */
export const misPermisosKey = ['tienda', 'mis-permisos'] as const;
const claveDe = (s: { rol: number; documento: string | null; id_Tienda: number | null } | null) => [...misPermisosKey, s?.id_Tienda ?? null, s?.rol ?? null, s?.documento ?? null] as const;

const todos = (v: boolean) => Object.fromEntries(PERMISOS.map((p) => [p, v])) as TPermisosRol;

/**
 * What the session may do in its store (issue #27 point 1), for the screens to hide what the server
 * would refuse anyway. Role 1 may everything without asking; until the answer arrives, another role is
 * shown the cautious view (nothing it may not do).
 */
export function useMisPermisos(): TPermisosRol {
  return useMisPermisosYTope().permisos;
}

/**
 * The session's permissions and the store's cash threshold (`umbralCaja`): above it, a movement of a
 * role without `cajaSobreUmbral` asks for a supervisor's PIN (issue #27). Role 1 never needs one: null.
 */
export function useMisPermisosYTope(): TMisPermisos {
  const session = useSession();
  const admin = session?.rol === ROL.ADMIN;
  const q = useQuery({
    queryKey: claveDe(session),
    queryFn: () => api<TMisPermisos>('/tienda/mis-permisos'),
    enabled: !!session && !admin && session.id_Tienda != null,
    staleTime: 30_000,
  });
  if (admin) return { permisos: todos(true), umbralCaja: null };
  return q.data ?? { permisos: todos(false), umbralCaja: null };
}
