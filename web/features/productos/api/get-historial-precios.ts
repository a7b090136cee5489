import { useQuery } from '@tanstack/react-query';
import type { THistorialPrecios } from '#shared/schemas/permisos';
import { api } from '../../../lib/api-client';
import { productosKeys } from './keys';

/** A product's price history (issue #27 point 2); under `productosKeys.all`, so every product change refreshes it. */
export const useHistorialPrecios = (id: number) =>
  useQuery({ queryKey: [...productosKeys.all, 'historial', id] as const, queryFn: ({ signal }) => api<THistorialPrecios>(`/productos/${id}/historial-precios`, { signal }) });
