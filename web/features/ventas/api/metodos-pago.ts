import { useQuery } from '@tanstack/react-query';
import type { TMetodoPago } from '#shared/schemas/venta';
import { api } from '../../../lib/api-client';
import { claveEnFuente, fuenteSinRed, useEnLinea } from '../../../lib/fuente-venta';

/** The store's methods; offline, those the device downloaded with the catalogue (issue #53: the same methods, references included). */
export const useMetodosPago = () =>
  useQuery({ queryKey: claveEnFuente(['metodos-pago'] as const, useEnLinea()), queryFn: () => fuenteSinRed()?.metodos() ?? api<TMetodoPago[]>('/metodos-pago'), staleTime: 60 * 60_000 });
