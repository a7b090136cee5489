import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPromocion, TPromocionRequest } from '#shared/schemas/promociones';
import { api } from '../../../lib/api-client';

/** Query keys of the promotions (issue #59 point 2, ADR 052); every write invalidates them and the till's. */
export const promocionesKeys = { all: ['promociones'] as const };

export const usePromociones = () => useQuery({ queryKey: promocionesKeys.all, queryFn: ({ signal }) => api<TPromocion[]>('/promociones', { signal }) });

function useInvalidar() {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: promocionesKeys.all }), qc.invalidateQueries({ queryKey: ['promociones-caja'] })]);
}

type Mensaje = { message: string; promocion: TPromocion };

export const useGuardarPromocion = () => {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TPromocionRequest }) => api<Mensaje>(id == null ? '/promociones' : `/promociones/${id}`, { method: id == null ? 'POST' : 'PUT', body }),
    onSuccess: invalidar,
  });
};

export const useEliminarPromocion = () => {
  const invalidar = useInvalidar();
  return useMutation({ mutationFn: (id: number) => api<{ message: string }>(`/promociones/${id}`, { method: 'DELETE' }), onSuccess: invalidar });
};
