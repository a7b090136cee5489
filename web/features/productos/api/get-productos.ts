import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TPage } from '#shared/schemas/common';
import type { TProductoListItem } from '#shared/schemas/producto';
import { api } from '../../../lib/api-client';
import { productosKeys, type ProductosListParams } from './keys';

export const getProductos = (params: ProductosListParams, signal?: AbortSignal) =>
  api<TPage<TProductoListItem>>('/productos', { query: { ...params }, signal });

/** One page of the store's products; the previous page stays on screen while the next loads. */
export const useProductos = (params: ProductosListParams) =>
  useQuery({
    queryKey: productosKeys.list(params),
    queryFn: ({ signal }) => getProductos(params, signal),
    placeholderData: keepPreviousData,
  });
