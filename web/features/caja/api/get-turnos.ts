import { queryOptions } from '@tanstack/react-query';
import type { TTurnosPage, TTurnosQuery } from '#shared/schemas/caja';
import { api } from '../../../lib/api-client';
import { cajaKeys } from './keys';

export const getTurnos = (params: TTurnosQuery, signal?: AbortSignal) => api<TTurnosPage>('/caja/turnos', { query: { ...params }, signal });

export const turnosQuery = (params: TTurnosQuery) => queryOptions({ queryKey: cajaKeys.turnos(params), queryFn: ({ signal }) => getTurnos(params, signal) });
