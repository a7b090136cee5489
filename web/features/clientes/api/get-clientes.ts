import { queryOptions } from '@tanstack/react-query';
import type { TCliente } from '#shared/schemas/cliente';
import type { TPage } from '#shared/schemas/common';
import { api } from '../../../lib/api-client';
import { clientesKeys, type ClientesListParams } from './keys';

export const getClientes = (params: ClientesListParams, signal?: AbortSignal) =>
  api<TPage<TCliente>>('/clientes', { query: { ...params }, signal });

export const clientesQuery = ({ q, page, pageSize }: ClientesListParams) =>
  queryOptions({ queryKey: clientesKeys.list({ q, page, pageSize }), queryFn: ({ signal }) => getClientes({ q, page, pageSize }, signal) });
