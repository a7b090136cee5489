import { useQuery } from '@tanstack/react-query';
import type { TMetodoPago } from '#shared/schemas/venta';
import { api } from '../../../lib/api-client';
import { claveEnFuente, fuenteSinRed, useEnLinea } from '../../../lib/fuente-venta';

/**
 * The store's methods; offline, those the device downloaded with the catalogue (issue #53: the same
 * methods, references included). `pedir: false` waits: the till asks for them once its cart has a line,
 * so the payment opens with them. Asked for by the payment page itself, they arrived after its quick-cash
 * buttons showed and pushed them down under the cashier's finger (a journey's click landed beside
 * "Pago exacto" in CI).
 */
export const useMetodosPago = (pedir = true) =>
  useQuery({
    queryKey: claveEnFuente(['metodos-pago'] as const, useEnLinea()),
    queryFn: () => fuenteSinRed()?.metodos() ?? api<TMetodoPago[]>('/metodos-pago'),
    staleTime: 60 * 60_000,
    enabled: pedir,
  });
