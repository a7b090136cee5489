import { queryOptions } from '@tanstack/react-query';
import type { TInicioResumen } from '#shared/schemas/reportes';
import { api } from '../../../lib/api-client';

/** The owner's day at a glance (issue #35): today against the same weekday last week. */
export const resumenDiaQuery = () => queryOptions({ queryKey: ['reportes', 'inicio'] as const, queryFn: () => api<TInicioResumen>('/reportes/inicio'), staleTime: 30_000 });
