import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCopiaATiendas, TTiendaDeSesion } from '#shared/schemas/sucursal';
import { api } from '../../../lib/api-client';
import { useTiendasDeSesion } from '../../../lib/sesion-servidor';
import { useSession } from '../../../lib/session';

/**
 * The empresa's other stores, for its owner's *Copiar a otras tiendas* (issue #59 point 1): the session's
 * own read (web/lib/sesion-servidor.ts). Anyone but the owner (the empresa's store login): none.
 */
export function useOtrasTiendas(): TTiendaDeSesion[] {
  const s = useSession();
  const tiendas = useTiendasDeSesion();
  const dueno = s?.tipo === 'tienda' && s.id_Tienda != null;
  return dueno ? tiendas.filter((t) => !t.actual) : [];
}

/** Copies a list (`listas-precios`) or a promotion (`promociones`) to other stores of the empresa. */
export const useCopiarATiendas = (recurso: 'listas-precios' | 'promociones') => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, tiendas }: { id: number; tiendas: number[] }) => api<TCopiaATiendas>(`/${recurso}/${id}/copiar`, { method: 'POST', body: { tiendas } }),
    // The origin's own rows do not change; its log does.
    onSuccess: () => qc.invalidateQueries({ queryKey: ['actividad'] }),
  });
};
