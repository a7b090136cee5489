import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPage } from '#shared/schemas/common';
import type { TClienteListaRequest, TListaPrecio, TListaPrecioDetalle, TListaPrecioMessage, TListaPrecioRequest, TPrecioListaRequest } from '#shared/schemas/listas-precios';
import type { TProductoListItem } from '#shared/schemas/producto';
import { api } from '../../../lib/api-client';

/** Query keys of the price lists (issue #59 point 1); every write invalidates `listasKeys.all`. */
export const listasKeys = {
  all: ['listas-precios'] as const,
  lista: (id: number) => ['listas-precios', id] as const,
};

export const useListas = () => useQuery({ queryKey: listasKeys.all, queryFn: ({ signal }) => api<TListaPrecio[]>('/listas-precios', { signal }) });

export const useLista = (id: number) => useQuery({ queryKey: listasKeys.lista(id), queryFn: ({ signal }) => api<TListaPrecioDetalle>(`/listas-precios/${id}`, { signal }) });

/** The store's products by name or code, for a list's price (the product list's own search). */
export const buscarProductos = (q: string, signal?: AbortSignal) => api<TPage<TProductoListItem>>('/productos', { query: { q, page: 1, pageSize: 8 }, signal });

function useInvalidar() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: listasKeys.all });
}

export const useCrearLista = () => {
  const invalidar = useInvalidar();
  return useMutation({ mutationFn: (body: TListaPrecioRequest) => api<TListaPrecioMessage>('/listas-precios', { method: 'POST', body }), onSuccess: invalidar });
};

export const useCambiarLista = (id: number) => {
  const invalidar = useInvalidar();
  return useMutation({ mutationFn: (body: TListaPrecioRequest) => api<TListaPrecioMessage>(`/listas-precios/${id}`, { method: 'PUT', body }), onSuccess: invalidar });
};

export const useEliminarLista = (id: number) => {
  const invalidar = useInvalidar();
  return useMutation({ mutationFn: () => api<{ message: string }>(`/listas-precios/${id}`, { method: 'DELETE' }), onSuccess: invalidar });
};

export const useGuardarPrecio = (id: number) => {
  const invalidar = useInvalidar();
  return useMutation({ mutationFn: (body: TPrecioListaRequest) => api<TListaPrecioMessage>(`/listas-precios/${id}/precios`, { method: 'PUT', body }), onSuccess: invalidar });
};

export const useAsignarCliente = (id: number) => {
  const invalidar = useInvalidar();
  return useMutation({ mutationFn: (body: TClienteListaRequest) => api<TListaPrecioMessage>(`/listas-precios/${id}/clientes`, { method: 'PUT', body }), onSuccess: invalidar });
};
