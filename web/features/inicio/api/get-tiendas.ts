import { useQuery } from '@tanstack/react-query';
import type { TTiendaDeSesion } from '#shared/schemas/sucursal';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/**
 * The stores the session may act for, for Inicio's *Todas mis tiendas* tile (an empresa of two or more
 * stores, issue #56 point 4): the same key and answer as the top bar's switcher, so it is read once.
 */
export const useTiendasInicio = (enabled: boolean) => {
  const s = useSession();
  return useQuery({
    queryKey: ['sesion', 'tiendas', s?.id_Tienda ?? 0],
    queryFn: async () => (await api<{ items: TTiendaDeSesion[] }>('/sesion/tiendas')).items,
    staleTime: 5 * 60_000,
    enabled: enabled && !!s && s.id_Tienda != null,
  });
};
