import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { reportes } from '#shared/messages/reportes';
import type { TInforme, TReporte, TReporteOpciones, TReporteQuery } from '#shared/schemas/reportes';
import { api } from '../../../lib/api-client';
import { descargarArchivo } from '../../../lib/descargar';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { reportes };

export const getReporte = (informe: TInforme, query: TReporteQuery) => api<TReporte>(`/reportes/${informe}`, { query });

export const reporteQuery = (informe: TInforme, query: TReporteQuery) =>
  queryOptions({ queryKey: ['reportes', informe, query] as const, queryFn: () => getReporte(informe, query), placeholderData: keepPreviousData });

export const opcionesReporteQuery = () => queryOptions({ queryKey: ['reportes', 'opciones'] as const, queryFn: () => api<TReporteOpciones>('/reportes/opciones'), staleTime: 60_000 });

/** Downloads the report as the server writes it (CSV for Excel in Spanish, or XLSX), under the server's file name. */
export const descargarReporte = (informe: TInforme, query: TReporteQuery, formato: 'csv' | 'xlsx'): Promise<void> =>
  descargarArchivo(`/reportes/${informe}/exportar`, { ...query, formato }, { fallo: M.reportes.exportar.fallo, nombre: `reporte-${informe}.${formato}` });
