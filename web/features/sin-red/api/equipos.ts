import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TEquipoPropio, TEquipos, TVentasRevisar } from '#shared/schemas/sin-red';
import { api } from '../../../lib/api-client';

/** The store's devices allowed to sell offline, and the offline sales to review (issue #51 point 5), role 1. */
export const equiposKey = ['sin-red', 'equipos'] as const;
export const useEquipos = () => useQuery({ queryKey: equiposKey, queryFn: () => api<TEquipos>('/sin-red/equipos') });

export function useCambiarEquipo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (c: { id: number; accion: 'autorizar' | 'revocar' } | { id: number; nombre: string }) =>
      'nombre' in c
        ? api<TEquipoPropio>(`/sin-red/equipos/${c.id}`, { method: 'PATCH', body: { nombre: c.nombre } })
        : api<TEquipoPropio>(`/sin-red/equipos/${c.id}/${c.accion}`, { method: 'POST' }),
    onSettled: () => qc.invalidateQueries({ queryKey: equiposKey }),
  });
}

export const revisarKey = (todas: boolean) => ['sin-red', 'revisar', todas] as const;
export const useRevisar = (todas: boolean) => useQuery({ queryKey: revisarKey(todas), queryFn: () => api<TVentasRevisar>('/sin-red/revisar', { query: { todas: todas ? '1' : undefined } }) });

export function useMarcarRevisada() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ message: string }>(`/sin-red/revisar/${id}/revisada`, { method: 'POST' }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['sin-red', 'revisar'] }),
  });
}
