import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFormatosBalanza } from '#shared/schemas/tienda';
import { api } from '../../../lib/api-client';

const balanzasKey = ['tienda', 'balanzas'] as const;

/** The layouts of the store's label scales (issue #33 point 4). */
export const useFormatosBalanza = () => useQuery({ queryKey: balanzasKey, queryFn: () => api<TFormatosBalanza>('/tienda/balanzas') });

export const useGuardarFormatosBalanza = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TFormatosBalanza) => api<TFormatosBalanza>('/tienda/balanzas', { method: 'PUT', body }),
    onSuccess: (data) => qc.setQueryData(balanzasKey, data),
  });
};
