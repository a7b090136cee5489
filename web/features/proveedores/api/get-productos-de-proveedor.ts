import { queryOptions } from '@tanstack/react-query';
import type { TPage } from '#shared/schemas/common';
import type { TProductoDeProveedor } from '#shared/schemas/proveedor';
import { api } from '../../../lib/api-client';
import { proveedoresKeys } from './keys';

export const PRODUCTOS_PAGE_SIZE = 10;

export const getProductosDeProveedor = (id: number, page: number, signal?: AbortSignal) =>
  api<TPage<TProductoDeProveedor>>(`/proveedores/${id}/productos`, { query: { page, pageSize: PRODUCTOS_PAGE_SIZE }, signal });

export const productosDeProveedorQuery = (id: number, page: number) =>
  queryOptions({ queryKey: proveedoresKeys.productos(id, page), queryFn: ({ signal }) => getProductosDeProveedor(id, page, signal) });
