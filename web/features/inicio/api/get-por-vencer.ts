import { useQuery } from '@tanstack/react-query';
import type { TPorVencer } from '#shared/schemas/lote';
import { api } from '../../../lib/api-client';

/** The store's lots about to expire and expired (issue #58 point 2), for Inicio's notice; the same key as the list's screen. */
export const usePorVencerInicio = (enabled: boolean) =>
  useQuery({ queryKey: ['lotes', 'por-vencer'], queryFn: ({ signal }) => api<TPorVencer>('/lotes/por-vencer', { signal }), staleTime: 60_000, enabled });
