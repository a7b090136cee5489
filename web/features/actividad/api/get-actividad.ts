import { queryOptions } from '@tanstack/react-query';
import { actividad } from '#shared/messages/actividad';
import type { TActividadPage, TActividadPersona, TActividadQuery } from '#shared/schemas/actividad';
import { api } from '../../../lib/api-client';
import { descargarArchivo } from '../../../lib/descargar';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { actividad };

export const getActividad = (query: TActividadQuery) => api<TActividadPage>('/actividad', { query });

export const actividadQuery = (query: TActividadQuery) => queryOptions({ queryKey: ['actividad', query] as const, queryFn: () => getActividad(query) });

export const personasActividadQuery = () =>
  queryOptions({ queryKey: ['actividad', 'personas'] as const, queryFn: async () => (await api<{ items: TActividadPersona[] }>('/actividad/personas')).items });

/** Downloads the filtered log as the server's CSV (UTF-8 with BOM, `;`), under the server's file name. */
export const descargarActividadCsv = (query: Omit<TActividadQuery, 'page' | 'pageSize'>): Promise<void> =>
  descargarArchivo('/actividad/csv', query, { fallo: M.actividad.exportacionFallida, nombre: M.actividad.archivo(new Date().toISOString().slice(0, 10)) });
