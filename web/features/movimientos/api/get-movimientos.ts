import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TMovimientosPage, TMovimientosQuery } from '#shared/schemas/movimiento';
import { api } from '../../../lib/api-client';

export const getMovimientos = (query: TMovimientosQuery) => api<TMovimientosPage>('/movimientos', { query });

export const movimientosKey = (query: TMovimientosQuery) => ['movimientos', query] as const;

export const useMovimientos = (query: TMovimientosQuery, enabled = true) =>
  useQuery({ queryKey: movimientosKey(query), queryFn: () => getMovimientos(query), placeholderData: keepPreviousData, enabled });
