import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TPage } from '#shared/schemas/common';
import type { TProveedor } from '#shared/schemas/proveedor';
import { api } from '../../../lib/api-client';
import { proveedoresKeys, type ProveedoresListParams } from './keys';

export const getProveedores = (params: ProveedoresListParams, signal?: AbortSignal) =>
  api<TPage<TProveedor>>('/proveedores', { query: { ...params }, signal });

export const useProveedores = (params: ProveedoresListParams) =>
  useQuery({
    queryKey: proveedoresKeys.list(params),
    queryFn: ({ signal }) => getProveedores(params, signal),
    placeholderData: keepPreviousData,
  });
