import { useQuery } from '@tanstack/react-query';
import type { TReporteTurno } from '#shared/schemas/caja';
import { api } from '../../../lib/api-client';
import { cajaKeys } from './keys';

export const getReporte = (id: number, signal?: AbortSignal) => api<TReporteTurno>(`/caja/turnos/${id}`, { signal });

/** A shift with everything in it (the Z report). */
export const useReporte = (id: number | null) =>
  useQuery({ queryKey: cajaKeys.reporte(id ?? 0), queryFn: ({ signal }) => getReporte(id!, signal), enabled: id != null && id > 0 });
