import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAvisosNumeracion, TNumeracion, TPuntoVentaRequest, TRangoRequest } from '#shared/schemas/numeracion';
import { api } from '../../lib/api-client';

const numeracionKey = ['numeracion'] as const;
export const avisosKey = ['numeracion', 'avisos'] as const;

export const useNumeracion = () => useQuery({ queryKey: numeracionKey, queryFn: () => api<TNumeracion>('/numeracion') });
/** Role 1's warnings (Inicio and the tills' screen); `enabled` false for other roles. */
export const useAvisosNumeracion = (enabled: boolean) => useQuery({ queryKey: avisosKey, queryFn: () => api<TAvisosNumeracion>('/numeracion/avisos'), enabled });

const useGuardar = <B,>(mutationFn: (body: B) => Promise<{ id: number; message: string }>) => {
  const qc = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => qc.invalidateQueries({ queryKey: numeracionKey }) });
};

export const useCrearCaja = () => useGuardar((body: TPuntoVentaRequest) => api<{ id: number; message: string }>('/numeracion/cajas', { method: 'POST', body }));
export const useEditarCaja = () =>
  useGuardar(({ id, ...body }: TPuntoVentaRequest & { id: number }) => api<{ id: number; message: string }>(`/numeracion/cajas/${id}`, { method: 'PUT', body }));
export const useRegistrarRango = () =>
  useGuardar(({ puntoVentaId, ...body }: TRangoRequest & { puntoVentaId: number }) => api<{ id: number; message: string }>(`/numeracion/cajas/${puntoVentaId}/rangos`, { method: 'POST', body }));
