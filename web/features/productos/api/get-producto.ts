import { useQuery } from '@tanstack/react-query';
import type { TProductoDetalle } from '#shared/schemas/producto';
import { api } from '../../../lib/api-client';
import { productosKeys } from './keys';

export const getProducto = (id: number, signal?: AbortSignal) => api<TProductoDetalle>(`/productos/${id}`, { signal });

export const useProducto = (id: number) =>
  useQuery({ queryKey: productosKeys.detail(id), queryFn: ({ signal }) => getProducto(id, signal) });
