import { useQuery } from '@tanstack/react-query';
import type { TMetodoPago } from '#shared/schemas/venta';
import { api } from '../../../lib/api-client';

export const useMetodosPago = () =>
  useQuery({ queryKey: ['metodos-pago'], queryFn: () => api<TMetodoPago[]>('/metodos-pago'), staleTime: 60 * 60_000 });
