import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateVentaRequest, TRecibo } from '#shared/schemas/venta';
import { api } from '../../../lib/api-client';
import { fuenteSinRed } from '../../../lib/fuente-venta';

/** Online the server records the sale; offline the device's outbox does, and the server re-checks it when it syncs (issue #53). */
export const registrarVenta = (body: TCreateVentaRequest) => fuenteSinRed()?.registrar(body) ?? api<TRecibo>('/ventas', { method: 'POST', body });

/** Checkout; afterwards every stock figure on screen is stale. */
export function useRegistrarVenta() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: registrarVenta,
    onSettled: () => qc.invalidateQueries({ queryKey: ['ventas', 'productos'] }),
  });
}
