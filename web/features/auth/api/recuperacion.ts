import { useMutation } from '@tanstack/react-query';
import type { TEnviarCodigoRequest, TRestablecerRequest, TVerificarCodigoRequest } from '#shared/schemas/auth';
import { api } from '../../../lib/api-client';

type Msg = { message: string };

export const useEnviarCodigo = () =>
  useMutation({ mutationFn: (body: TEnviarCodigoRequest) => api<Msg>('/recuperacion/enviar-codigo', { method: 'POST', body }) });
export const useVerificarCodigo = () =>
  useMutation({ mutationFn: (body: TVerificarCodigoRequest) => api<Msg>('/recuperacion/verificar-codigo', { method: 'POST', body }) });
export const useRestablecer = () =>
  useMutation({ mutationFn: (body: TRestablecerRequest) => api<Msg>('/recuperacion/restablecer', { method: 'POST', body }) });
