import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TCliente } from '#shared/schemas/cliente';
import type { TPage } from '#shared/schemas/common';
import { api } from '../../../lib/api-client';
import { clientesKeys, type ClientesListParams } from './keys';

export const getClientes = (params: ClientesListParams, signal?: AbortSignal) =>
  api<TPage<TCliente>>('/clientes', { query: { ...params }, signal });

export const useClientes = (params: ClientesListParams) =>
  useQuery({
    queryKey: clientesKeys.list(params),
    queryFn: ({ signal }) => getClientes(params, signal),
    placeholderData: keepPreviousData,
  });
