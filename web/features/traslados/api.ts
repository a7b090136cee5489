import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPage } from '#shared/schemas/common';
import type { TPorPedir } from '#shared/schemas/compras';
import type { TProductoListItem } from '#shared/schemas/producto';
import type { TCrearTrasladoRequest, TDespacharRequest, TRecibirRequest, TTraslado, TTraslados } from '#shared/schemas/traslado';
import { api } from '../../lib/api-client';

/** Query keys of the transfers (issue #56 point 3); every leg invalidates `trasladosKeys.all`, the products and the ledger. */
export const trasladosKeys = {
  all: ['traslados'] as const,
  lista: (params: { page: number; pageSize: number; estado: string }) => ['traslados', 'lista', params] as const,
  traslado: (id: number) => ['traslados', 'traslado', id] as const,
};

export const trasladosQuery = ({ page, pageSize, estado }: { q: string; page: number; pageSize: number; estado?: string }) =>
  queryOptions({
    queryKey: trasladosKeys.lista({ page, pageSize, estado: estado ?? '' }),
    queryFn: ({ signal }) => api<TTraslados>('/traslados', { query: { page, pageSize, ...(estado ? { estado } : {}) }, signal }),
  });

export const useTraslado = (id: number) => useQuery({ queryKey: trasladosKeys.traslado(id), queryFn: ({ signal }) => api<TTraslado>(`/traslados/${id}`, { signal }) });

/** The empresa's other stores (the list's answer, first page). */
export const useOtrasTiendas = () => useQuery({ ...trasladosQuery({ q: '', page: 1, pageSize: 1 }), select: (d) => d.tiendas });

export const buscarProductos = (q: string, signal?: AbortSignal) => api<TPage<TProductoListItem>>('/productos', { query: { q, page: 1, pageSize: 8 }, signal });
export const leerPorPedir = () => api<TPorPedir>('/compras/por-pedir');

type Respuesta = { message: string; traslado: TTraslado };

function useInvalidar() {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: trasladosKeys.all }), qc.invalidateQueries({ queryKey: ['productos'] }), qc.invalidateQueries({ queryKey: ['movimientos'] })]);
}

export const useCrearTraslado = () => {
  const invalidar = useInvalidar();
  return useMutation({ mutationFn: (body: TCrearTrasladoRequest) => api<Respuesta>('/traslados', { method: 'POST', body }), onSuccess: invalidar });
};

export const useLegTraslado = (id: number) => {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: (leg: { accion: 'despachar'; body: TDespacharRequest } | { accion: 'recibir'; body: TRecibirRequest } | { accion: 'cancelar'; body: { version: number } }) =>
      api<Respuesta>(`/traslados/${id}/${leg.accion}`, { method: 'POST', body: leg.body }),
    onSuccess: invalidar,
  });
};
