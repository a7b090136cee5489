import { useQuery } from '@tanstack/react-query';
import type { TLotesProducto } from '#shared/schemas/lote';
import { api } from '../../../lib/api-client';

/** A product's lots with units, first to expire first (GET /api/lotes/producto/:id): the till's choice of lot (issue #58 point 2). */
export const lotesProductoKey = (productoId: number) => ['lotes', 'producto', productoId] as const;

export const useLotesProducto = (productoId: number) =>
  useQuery({ queryKey: lotesProductoKey(productoId), queryFn: ({ signal }) => api<TLotesProducto>(`/lotes/producto/${productoId}`, { signal }), staleTime: 0 });
