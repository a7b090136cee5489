import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TNumeracion, TPuntoVentaRequest, TRangoRequest } from '#shared/schemas/numeracion';
import { api } from '../../lib/api-client';

const numeracionKey = ['numeracion'] as const;

export const useNumeracion = () => useQuery({ queryKey: numeracionKey, queryFn: () => api<TNumeracion>('/numeracion') });

const useGuardar = <B,>(mutationFn: (body: B) => Promise<{ id: number; message: string }>) => {
  const qc = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => qc.invalidateQueries({ queryKey: numeracionKey }) });
};

export const useCrearCaja = () => useGuardar((body: TPuntoVentaRequest) => api<{ id: number; message: string }>('/numeracion/cajas', { method: 'POST', body }));
export const useEditarCaja = () =>
  useGuardar(({ id, ...body }: TPuntoVentaRequest & { id: number }) => api<{ id: number; message: string }>(`/numeracion/cajas/${id}`, { method: 'PUT', body }));
export const useRegistrarRango = () =>
  useGuardar(({ puntoVentaId, ...body }: TRangoRequest & { puntoVentaId: number }) => api<{ id: number; message: string }>(`/numeracion/cajas/${puntoVentaId}/rangos`, { method: 'POST', body }));
