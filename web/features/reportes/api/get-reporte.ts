import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { AppError } from '#shared/errors';
import { reportes } from '#shared/messages/reportes';
import type { TInforme, TReporte, TReporteOpciones, TReporteQuery } from '#shared/schemas/reportes';
import { api, direccion } from '../../../lib/api-client';
import { getToken } from '../../../lib/session';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { reportes };

export const getReporte = (informe: TInforme, query: TReporteQuery) => api<TReporte>(`/reportes/${informe}`, { query });

export const reporteQuery = (informe: TInforme, query: TReporteQuery) =>
  queryOptions({ queryKey: ['reportes', informe, query] as const, queryFn: () => getReporte(informe, query), placeholderData: keepPreviousData });

export const opcionesReporteQuery = () => queryOptions({ queryKey: ['reportes', 'opciones'] as const, queryFn: () => api<TReporteOpciones>('/reportes/opciones'), staleTime: 60_000 });

/** Downloads the report as the server writes it (CSV for Excel in Spanish, or XLSX), under the server's file name. */
export async function descargarReporte(informe: TInforme, query: TReporteQuery, formato: 'csv' | 'xlsx'): Promise<void> {
  const token = getToken();
  const res = await fetch(`/api${direccion(`/reportes/${informe}/exportar`, { ...query, formato })}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      // not JSON: the generic refusal below
    }
    throw AppError.fromBody(body) ?? new AppError('INTERNAL', M.reportes.exportar.fallo);
  }
  const nombre = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `reporte-${informe}.${formato}`;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = nombre;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
