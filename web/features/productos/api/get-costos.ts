import { useQuery } from '@tanstack/react-query';
import type { TCostoProducto } from '#shared/schemas/compras';
import { api } from '../../../lib/api-client';

/** The costs and margins of some products (issue #32 point 6), for those who may see them (`reportes`). */
export const useCostos = (ids: number[], enabled: boolean) =>
  useQuery({
    queryKey: ['productos', 'costos', ids],
    queryFn: ({ signal }) => api<TCostoProducto[]>('/compras/costos', { query: { ids: ids.join(',') }, signal }),
    enabled: enabled && ids.length > 0,
    select: (rows) => new Map(rows.map((r) => [r.productoId, r])),
  });
