import { useQuery } from '@tanstack/react-query';
import type { TTurnoActual } from '#shared/schemas/caja';
import { api, lecturaLista } from '../../../lib/api-client';
import { cajaKeys } from './keys';

export const getTurnoActual = (signal?: AbortSignal) => api<TTurnoActual>('/caja/turno', { signal });

/** The session's open shift (null: none); index.html's early read of it if it has arrived (issue #20). */
export const useTurnoActual = () =>
  useQuery({ queryKey: cajaKeys.actual, queryFn: ({ signal }) => getTurnoActual(signal), ...lecturaLista<TTurnoActual>('/caja/turno') });
