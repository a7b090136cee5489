import { queryOptions } from '@tanstack/react-query';
import type { TPage } from '#shared/schemas/common';
import type { TProveedor } from '#shared/schemas/proveedor';
import { api } from '../../../lib/api-client';
import { proveedoresKeys, type ProveedoresListParams } from './keys';

export const getProveedores = (params: ProveedoresListParams, signal?: AbortSignal) =>
  api<TPage<TProveedor>>('/proveedores', { query: { ...params }, signal });

export const proveedoresQuery = ({ q, page, pageSize }: ProveedoresListParams) =>
  queryOptions({ queryKey: proveedoresKeys.list({ q, page, pageSize }), queryFn: ({ signal }) => getProveedores({ q, page, pageSize }, signal) });
