import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ajustesKey } from '../../../lib/ajustes-tienda';
import { dian } from '#shared/messages/dian';
import { impuestos } from '#shared/messages/impuestos';
import type { TImpuesto, TUnidadDian } from '#shared/impuestos';
import type { TConteoDocumentosDian } from '#shared/schemas/dian';
import type { TClasificacion, TInformeImpuestos, TPerfilFiscalRespuesta, TUpdatePerfilFiscal } from '#shared/schemas/impuestos';
import { api } from '../../../lib/api-client';
import { descargarArchivo } from '../../../lib/descargar';

const M = { impuestos };

export const perfilFiscalKey = ['tienda', 'perfil-fiscal'] as const;
const clasificacionKey = ['impuestos', 'clasificacion'] as const;

export const usePerfilFiscal = () => useQuery({ queryKey: perfilFiscalKey, queryFn: () => api<TPerfilFiscalRespuesta>('/tienda/perfil-fiscal') });

export const useGuardarPerfilFiscal = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdatePerfilFiscal) => api<TPerfilFiscalRespuesta>('/tienda/perfil-fiscal', { method: 'PUT', body }),
    onSuccess: (data) => {
      qc.setQueryData(perfilFiscalKey, data);
      // The store's settings say whether it is responsible for IVA (the till's buyer offer, issue #30).
      return qc.invalidateQueries({ queryKey: ajustesKey });
    },
  });
};

export const useClasificacion = () => useQuery({ queryKey: clasificacionKey, queryFn: () => api<TClasificacion>('/impuestos/clasificacion') });

export const useAsignarCategoria = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { categoria: string; impuesto: TImpuesto }) => api<{ actualizados: number; sinClasificar: number }>('/impuestos/categorias', { method: 'PUT', body }),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: clasificacionKey }), qc.invalidateQueries({ queryKey: perfilFiscalKey })]),
  });
};

export const useAsignarProductos = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { productoIds: number[]; impuesto: TImpuesto | null; unidadDian?: TUnidadDian }) => api<{ actualizados: number; sinClasificar: number }>('/impuestos/productos', { method: 'PUT', body }),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: clasificacionKey }), qc.invalidateQueries({ queryKey: perfilFiscalKey })]),
  });
};

export const useInformeImpuestos = (mes: string) =>
  useQuery({ queryKey: ['impuestos', 'informe', mes], queryFn: () => api<TInformeImpuestos>('/impuestos/informe', { query: { mes } }), enabled: /^\d{4}-\d{2}$/.test(mes) });

/** Downloads the month's report as CSV or XLSX, named after the month. */
export const descargarInforme = (mes: string, formato: 'csv' | 'xlsx'): Promise<void> =>
  descargarArchivo('/impuestos/informe/archivo', { mes, formato }, { fallo: M.impuestos.informe.descargaFallida, nombre: `${M.impuestos.informe.archivo(mes)}.${formato}`, nombreFijo: true });

/** The month's DIAN documents by type (issue #57 point 6). */
export const useConteoDocumentosDian = (mes: string) =>
  useQuery({ queryKey: ['impuestos', 'documentos-dian', mes], queryFn: () => api<TConteoDocumentosDian>('/dian/contador/conteo', { query: { mes } }), enabled: /^\d{4}-\d{2}$/.test(mes) });

/** The accountant's export: every DIAN document of the month, as CSV or XLSX. */
export const descargarDocumentosDian = (mes: string, formato: 'csv' | 'xlsx'): Promise<void> =>
  descargarArchivo('/dian/contador', { mes, formato }, { fallo: M.impuestos.informe.descargaFallida, nombre: `${dian.contador.archivo(mes)}.${formato}`, nombreFijo: true });
