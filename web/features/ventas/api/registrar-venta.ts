import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateVentaRequest, TRecibo } from '#shared/schemas/venta';
import { api } from '../../../lib/api-client';

export const registrarVenta = (body: TCreateVentaRequest) => api<TRecibo>('/ventas', { method: 'POST', body });

/** Checkout; afterwards every stock figure on screen is stale. */
export function useRegistrarVenta() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: registrarVenta,
    onSettled: () => qc.invalidateQueries({ queryKey: ['ventas', 'productos'] }),
  });
}
