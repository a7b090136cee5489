import { useQuery } from '@tanstack/react-query';
import type { TImpuestosVenta } from '#shared/schemas/impuestos';
import { api } from './api-client';

/**
 * A receipt's tax part (issue #30): the seller's fiscal data and the sale's base and tax by rate. A
 * failure leaves the receipt as it was (no tax part), never blocks it.
 */
export const useImpuestosVenta = (ventaId: number, enabled = true) =>
  useQuery({
    enabled,
    queryKey: ['impuestos', 'venta', ventaId],
    queryFn: () => api<TImpuestosVenta>(`/impuestos/ventas/${ventaId}`),
    retry: false,
    staleTime: 60_000,
  });
