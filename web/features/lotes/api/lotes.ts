import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPorVencer } from '#shared/schemas/lote';
import { api } from '../../../lib/api-client';

/** Query keys of lots and expiry (issue #58 point 2, ADR 051). */
export const lotesKeys = { porVencer: ['lotes', 'por-vencer'] as const };

/** The store's lots expiring within its days, and the expired ones. */
export const usePorVencer = (enabled = true) =>
  useQuery({ queryKey: lotesKeys.porVencer, queryFn: ({ signal }) => api<TPorVencer>('/lotes/por-vencer', { signal }), enabled, staleTime: 60_000 });

/** Role 1 sets how many days ahead *por vencer* looks. */
export const useGuardarDias = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (dias: number) => api<{ message: string }>('/lotes/dias-por-vencer', { method: 'PUT', body: { dias } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: lotesKeys.porVencer }),
  });
};
