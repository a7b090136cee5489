import { queryOptions } from '@tanstack/react-query';
import type { TMovimientosPage, TMovimientosQuery } from '#shared/schemas/movimiento';
import { api } from '../../../lib/api-client';

export const getMovimientos = (query: TMovimientosQuery) => api<TMovimientosPage>('/movimientos', { query });

export const movimientosKey = (query: TMovimientosQuery) => ['movimientos', query] as const;

export const movimientosQuery = (query: TMovimientosQuery) => queryOptions({ queryKey: movimientosKey(query), queryFn: () => getMovimientos(query) });
