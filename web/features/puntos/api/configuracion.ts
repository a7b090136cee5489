import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPuntosConfiguracion } from '#shared/schemas/puntos';
import { api } from '../../../lib/api-client';

/** Query key of the store's points settings (ADR 054). */
export const puntosKeys = { configuracion: ['puntos', 'configuracion'] as const };

export const usePuntosConfiguracion = () =>
  useQuery({ queryKey: puntosKeys.configuracion, queryFn: ({ signal }) => api<TPuntosConfiguracion>('/puntos/configuracion', { signal }) });

/** Saves the settings (role 1; the server checks it): the customers' panels read them again. */
export const useGuardarPuntos = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TPuntosConfiguracion) => api<TPuntosConfiguracion>('/puntos/configuracion', { method: 'PUT', body }),
    onSuccess: (datos) => {
      qc.setQueryData(puntosKeys.configuracion, datos);
      // A customer's points panel (clientes feature) shows nothing while points are off.
      return qc.invalidateQueries({ queryKey: ['clientes'] });
    },
  });
};
