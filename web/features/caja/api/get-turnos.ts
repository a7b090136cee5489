import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TTurnosPage, TTurnosQuery } from '#shared/schemas/caja';
import { api } from '../../../lib/api-client';
import { cajaKeys } from './keys';

export const getTurnos = (params: TTurnosQuery, signal?: AbortSignal) => api<TTurnosPage>('/caja/turnos', { query: { ...params }, signal });

export const useTurnos = (params: TTurnosQuery) =>
  useQuery({ queryKey: cajaKeys.turnos(params), queryFn: ({ signal }) => getTurnos(params, signal), placeholderData: keepPreviousData });
