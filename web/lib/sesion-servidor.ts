import { useQuery } from '@tanstack/react-query';
import type { TSesionActual, TTiendaDeSesion } from '#shared/schemas/sucursal';
import { api } from './api-client';
import { useSession } from './session';

/** Every query of the session's own reads starts with this; creating a branch invalidates it. */
export const sesionKey = ['sesion'] as const;

/**
 * GET /api/sesion, read by the layout on every screen (a changed role or a revoked token takes effect at
 * once), keyed by the store acted for so that a switch reads it again. Its answer carries the stores the
 * session may act for, so the switcher, Inicio's *Todas mis tiendas* and *Copiar a otras tiendas* read
 * nothing of their own (issue #56).
 */
export function useSesionDelServidor() {
  const s = useSession();
  return useQuery({
    queryKey: [...sesionKey, s?.id_Tienda ?? 0],
    queryFn: () => api<TSesionActual>('/sesion'),
    staleTime: 60_000,
    enabled: !!s,
  });
}

/** The stores the session may act for (one item, or none, for a one-store shop). */
export function useTiendasDeSesion(): TTiendaDeSesion[] {
  return useSesionDelServidor().data?.tiendas ?? [];
}
