import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TEstadoVentaResponse } from '#shared/schemas/venta';
import { api } from '../../../lib/api-client';

export const completarVenta = (id: number) => api<TEstadoVentaResponse>(`/ventas/${id}/completar`, { method: 'POST' });
export const anularVenta = (id: number) => api<TEstadoVentaResponse>(`/ventas/${id}/anular`, { method: 'POST' });

export const useCompletarVenta = () => useMutation({ mutationFn: completarVenta });

/** Annulling puts stock back: the product list must be read again. */
export function useAnularVenta() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: anularVenta,
    onSettled: () => qc.invalidateQueries({ queryKey: ['ventas', 'productos'] }),
  });
}
