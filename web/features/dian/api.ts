import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCertificadoDianRequest, TConfiguracionDian, TConfiguracionDianRequest, TDocumentosDian, THabilitacionTipoRequest, TTipoHabilitacion } from '#shared/schemas/dian';
import { api } from '../../lib/api-client';

const configuracionKey = ['dian', 'configuracion'] as const;
const documentosKey = ['dian', 'documentos'] as const;

export const useConfiguracionDian = () => useQuery({ queryKey: configuracionKey, queryFn: () => api<TConfiguracionDian>('/dian/configuracion') });

const useCambiarConfiguracion = <B,>(mutationFn: (body: B) => Promise<TConfiguracionDian>) => {
  const qc = useQueryClient();
  return useMutation({ mutationFn, onSuccess: (data) => qc.setQueryData(configuracionKey, data) });
};

export const useGuardarConfiguracionDian = () => useCambiarConfiguracion((body: TConfiguracionDianRequest) => api<TConfiguracionDian>('/dian/configuracion', { method: 'PUT', body }));
export const useGuardarCertificado = () => useCambiarConfiguracion((body: TCertificadoDianRequest) => api<TConfiguracionDian>('/dian/certificado', { method: 'POST', body }));
export const useEnviarSetPruebas = () => useCambiarConfiguracion((_: void) => api<TConfiguracionDian>('/dian/habilitacion', { method: 'POST' }));
export const useGuardarTipo = (tipo: TTipoHabilitacion) =>
  useCambiarConfiguracion((body: THabilitacionTipoRequest) => api<TConfiguracionDian>(`/dian/habilitacion/tipos/${tipo}`, { method: 'PUT', body }));
export const useEnviarSetTipo = (tipo: TTipoHabilitacion) => useCambiarConfiguracion((_: void) => api<TConfiguracionDian>(`/dian/habilitacion/tipos/${tipo}/enviar`, { method: 'POST' }));
export const useConsultarSetTipo = (tipo: TTipoHabilitacion) => useCambiarConfiguracion((_: void) => api<TConfiguracionDian>(`/dian/habilitacion/tipos/${tipo}/consultar`, { method: 'POST' }));
export const useConsultarSetPruebas = () => useCambiarConfiguracion((_: void) => api<TConfiguracionDian>('/dian/habilitacion/consultar', { method: 'POST' }));

export const useDocumentosDian = (page: number, estado: string) =>
  useQuery({
    queryKey: [...documentosKey, page, estado],
    queryFn: () => api<TDocumentosDian>('/dian/documentos', { query: { page, pageSize: 20, ...(estado ? { estado } : {}) } }),
    // The outbox moves on its own (the worker): the panel refreshes itself.
    refetchInterval: 10_000,
  });

export const useEnviarPendientes = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ procesados: number }>('/dian/documentos/enviar', { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: documentosKey }),
  });
};
