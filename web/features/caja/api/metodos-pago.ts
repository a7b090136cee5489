import { useQuery } from '@tanstack/react-query';
import type { TMetodoPago } from '#shared/schemas/venta';
import { api } from '../../../lib/api-client';

/** The payment methods, for the close's "other methods" fields. */
export const useMetodosPago = () =>
  useQuery({ queryKey: ['caja', 'metodos-pago'], queryFn: ({ signal }) => api<TMetodoPago[]>('/metodos-pago', { signal }), staleTime: 10 * 60_000 });
