import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFacturaDetalle } from '#shared/schemas/factura';
import type { TEstadoVentaResponse } from '#shared/schemas/venta';
import { api } from '../../../lib/api-client';

export const getFactura = (idVenta: number) => api<TFacturaDetalle>(`/facturas/${idVenta}`);

export const facturaKey = (idVenta: number) => ['facturas', 'detalle', idVenta] as const;

export const useFactura = (idVenta: number | null) =>
  useQuery({ queryKey: facturaKey(idVenta ?? 0), queryFn: () => getFactura(idVenta!), enabled: idVenta != null });

/**
 * Completing or annulling a sale left Pendiente, from its detail (issue #16 point 7): the same calls
 * as the receipt's, so the same rules (who may, stock back on annulment). Every list and stock figure
 * is read again afterwards.
 */
export function useCambiarEstadoVenta(idVenta: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (accion: 'completar' | 'anular') => api<TEstadoVentaResponse>(`/ventas/${idVenta}/${accion}`, { method: 'POST' }),
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: ['facturas'] }), qc.invalidateQueries({ queryKey: ['ventas', 'productos'] })]),
  });
}
