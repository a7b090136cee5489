import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPresentacion, TPresentacionRequest, TPresentaciones } from '#shared/schemas/presentacion';
import { api } from '../../../lib/api-client';
import { productosKeys } from './keys';

/** A product's sale units (issue #33 point 5, ADR 033); under `productosKeys.all`. */
const presentacionesKey = (id: number) => [...productosKeys.all, 'presentaciones', id] as const;

export const usePresentaciones = (id: number) =>
  useQuery({ queryKey: presentacionesKey(id), queryFn: ({ signal }) => api<TPresentaciones>(`/productos/${id}/presentaciones`, { signal }) });

type Respuesta = { message: string; presentacion: TPresentacion };

/** Adds (no `presentacionId`) or changes a sale unit, then reloads the product's list. */
export const useGuardarPresentacion = (productoId: number) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ presentacionId, body }: { presentacionId?: number; body: TPresentacionRequest }) =>
      presentacionId
        ? api<Respuesta>(`/productos/${productoId}/presentaciones/${presentacionId}`, { method: 'PUT', body })
        : api<Respuesta>(`/productos/${productoId}/presentaciones`, { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: presentacionesKey(productoId) }),
  });
};

export const useEliminarPresentacion = (productoId: number) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (presentacionId: number) => api<{ message: string }>(`/productos/${productoId}/presentaciones/${presentacionId}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: presentacionesKey(productoId) }),
  });
};
