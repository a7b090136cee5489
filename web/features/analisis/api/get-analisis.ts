import { queryOptions } from '@tanstack/react-query';
import type { TAnalisisQuery, TAnalisisResponse } from '#shared/schemas/analisis';
import { api } from '../../../lib/api-client';

export const getAnalisis = (query: TAnalisisQuery) => api<TAnalisisResponse>('/analisis', { query });

export const analisisKey = (query: TAnalisisQuery) => ['analisis', query] as const;

export const analisisQuery = (query: TAnalisisQuery) => queryOptions({ queryKey: analisisKey(query), queryFn: () => getAnalisis(query) });
