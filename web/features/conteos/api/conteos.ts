import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPage } from '#shared/schemas/common';
import type { TProveedorOpcion } from '#shared/schemas/proveedor';
import type { TAbrirConteoRequest, TConteoDetalle, TConteoResumen, TInformeConteo, TLineaConteo, TLineaConteoRequest, TProductoConteo } from '#shared/schemas/conteo';
import { api } from '../../../lib/api-client';

/** Query keys of the physical counts (issue #58 point 1); every write invalidates `conteosKeys.all`. */
export const conteosKeys = {
  all: ['conteos'] as const,
  lista: (params: { page: number; pageSize: number }) => ['conteos', 'lista', params] as const,
  conteo: (id: number) => ['conteos', 'conteo', id] as const,
  informe: (id: number) => ['conteos', 'informe', id] as const,
  buscar: (id: number, q: string) => ['conteos', 'buscar', id, q] as const,
};

export const conteosQuery = ({ page, pageSize }: { q: string; page: number; pageSize: number }) =>
  queryOptions({
    queryKey: conteosKeys.lista({ page, pageSize }),
    queryFn: ({ signal }) => api<TPage<TConteoResumen>>('/conteos', { query: { page, pageSize }, signal }),
  });

export const useConteo = (id: number) => useQuery({ queryKey: conteosKeys.conteo(id), queryFn: ({ signal }) => api<TConteoDetalle>(`/conteos/${id}`, { signal }) });

export const useInforme = (id: number, enabled: boolean) =>
  useQuery({ queryKey: conteosKeys.informe(id), queryFn: ({ signal }) => api<TInformeConteo>(`/conteos/${id}/informe`, { signal }), enabled });

/** The count's products by barcode or name (blind: no stock). */
export const buscarEnConteo = (id: number, q: string, signal?: AbortSignal) => api<TProductoConteo[]>(`/conteos/${id}/productos`, { query: { q }, signal });

function useInvalidar() {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: conteosKeys.all }), qc.invalidateQueries({ queryKey: ['productos'] }), qc.invalidateQueries({ queryKey: ['movimientos'] })]);
}

type RespuestaConteo = { message: string; conteo: TConteoResumen };

export const useAbrirConteo = () => {
  const invalidar = useInvalidar();
  return useMutation({ mutationFn: (body: TAbrirConteoRequest) => api<RespuestaConteo>('/conteos', { method: 'POST', body }), onSuccess: invalidar });
};

export const useRegistrarLinea = (id: number) => {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: ({ reconteo, ...body }: TLineaConteoRequest & { reconteo?: boolean }) =>
      api<{ message: string; linea: TLineaConteo }>(`/conteos/${id}/${reconteo ? 'reconteo' : 'lineas'}`, { method: 'POST', body }),
    onSuccess: invalidar,
  });
};

export const useCerrarConteo = (id: number) => {
  const invalidar = useInvalidar();
  return useMutation({ mutationFn: (accion: 'aprobar' | 'cancelar') => api<RespuestaConteo>(`/conteos/${id}/${accion}`, { method: 'POST' }), onSuccess: invalidar });
};

/** The store's suppliers, for a count of one supplier's products. */
export const useProveedorOpciones = () =>
  useQuery({ queryKey: ['conteos', 'proveedores'], queryFn: ({ signal }) => api<TProveedorOpcion[]>('/proveedores/opciones', { signal }), staleTime: 60_000 });
