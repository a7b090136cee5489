import { queryOptions } from '@tanstack/react-query';
import { AppError } from '#shared/errors';
import { actividad } from '#shared/messages/actividad';
import type { TActividadPage, TActividadPersona, TActividadQuery } from '#shared/schemas/actividad';
import { api, direccion } from '../../../lib/api-client';
import { getToken } from '../../../lib/session';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { actividad };

export const getActividad = (query: TActividadQuery) => api<TActividadPage>('/actividad', { query });

export const actividadQuery = (query: TActividadQuery) => queryOptions({ queryKey: ['actividad', query] as const, queryFn: () => getActividad(query) });

export const personasActividadQuery = () =>
  queryOptions({ queryKey: ['actividad', 'personas'] as const, queryFn: async () => (await api<{ items: TActividadPersona[] }>('/actividad/personas')).items });

/** Downloads the filtered log as the server's CSV (UTF-8 with BOM, `;`), under the server's file name. */
export async function descargarActividadCsv(query: Omit<TActividadQuery, 'page' | 'pageSize'>): Promise<void> {
  const token = getToken();
  const res = await fetch(`/api${direccion('/actividad/csv', query)}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      // not JSON: the generic refusal below
    }
    throw AppError.fromBody(body) ?? new AppError('INTERNAL', M.actividad.exportacionFallida);
  }
  const nombre = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? M.actividad.archivo(new Date().toISOString().slice(0, 10));
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = nombre;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
