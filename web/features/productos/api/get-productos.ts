import { queryOptions } from '@tanstack/react-query';
import type { TPage } from '#shared/schemas/common';
import type { TProductoListItem } from '#shared/schemas/producto';
import { api } from '../../../lib/api-client';
import { productosKeys, type ProductosListParams } from './keys';

export const getProductos = (params: ProductosListParams, signal?: AbortSignal) =>
  api<TPage<TProductoListItem>>('/productos', { query: { ...params }, signal });

/** One page of the store's products (the list hook keeps the previous page on screen while the next loads). */
export const productosQuery = ({ q, page, pageSize }: ProductosListParams) =>
  queryOptions({ queryKey: productosKeys.list({ q, page, pageSize }), queryFn: ({ signal }) => getProductos({ q, page, pageSize }, signal) });
