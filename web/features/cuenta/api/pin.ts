import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TEstablecerPinRequest, TEstadoPin } from '#shared/schemas/venta';
import { api } from '../../../lib/api-client';

const pinKey = ['cuenta', 'pin'] as const;

/** Whether the signed-in supervisor already has a PIN (issue #16 point 4). */
export const useEstadoPin = () => useQuery({ queryKey: pinKey, queryFn: () => api<TEstadoPin>('/cuenta/pin') });

export const useEstablecerPin = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TEstablecerPinRequest) => api<{ message: string }>('/cuenta/pin', { method: 'PUT', body }),
    onSuccess: () => qc.setQueryData<TEstadoPin>(pinKey, { tienePin: true, bloqueado: false }),
  });
};
