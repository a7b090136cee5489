import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
// The store's receipt settings: read by the receipt (ventas) and edited in the store's settings (tienda).
import type { TAjustesTienda, TUpdateAjustesTienda } from '#shared/schemas/tienda';
import { api } from './api-client';

export const ajustesKey = ['tienda', 'ajustes'] as const;
export const fetchAjustes = () => api<TAjustesTienda>('/tienda/ajustes');

/** The store's receipt settings (issue #19): what the receipt's header shows and the paper's width. */
export const useAjustesTienda = () => useQuery({ queryKey: ajustesKey, queryFn: fetchAjustes, staleTime: 5 * 60_000 });

export const useGuardarAjustes = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateAjustesTienda) => api<TAjustesTienda>('/tienda/ajustes', { method: 'PUT', body }),
    onSuccess: (r) => qc.setQueryData(ajustesKey, r),
  });
};
