import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPage } from '#shared/schemas/common';
import type { TProductoDeProveedor, TProveedorOpcion } from '#shared/schemas/proveedor';
import type { TCreateOrdenRequest, TEstadoOrden, TOrden, TOrdenResumen, TPorPedir, TRecepcionRequest, TUpdateOrdenRequest } from '#shared/schemas/compras';
import type { TNotaSoporte, TNotaSoporteRequest, TSoporteRecepcion } from '#shared/schemas/documento-soporte';
import { api } from '../../../lib/api-client';

/** Query keys of purchasing (issue #32); every write invalidates `comprasKeys.all` and the product lists. */
export const comprasKeys = {
  all: ['compras'] as const,
  porPedir: ['compras', 'por-pedir'] as const,
  ordenes: (params: { page: number; pageSize: number; estado: string }) => ['compras', 'ordenes', params] as const,
  orden: (id: number) => ['compras', 'orden', id] as const,
};

export const usePorPedir = () => useQuery({ queryKey: comprasKeys.porPedir, queryFn: ({ signal }) => api<TPorPedir>('/compras/por-pedir', { signal }) });

export const ordenesQuery = ({ page, pageSize, estado }: { q: string; page: number; pageSize: number; estado: string }) =>
  queryOptions({
    queryKey: comprasKeys.ordenes({ page, pageSize, estado }),
    queryFn: ({ signal }) => api<TPage<TOrdenResumen>>('/compras/ordenes', { query: { page, pageSize, ...(estado ? { estado } : {}) }, signal }),
  });

export const useOrden = (id: number | null) =>
  useQuery({ queryKey: comprasKeys.orden(id ?? 0), queryFn: ({ signal }) => api<TOrden>(`/compras/ordenes/${id}`, { signal }), enabled: id != null });

/** After any purchasing write: the lists, the order and the products' stock. */
function useInvalidar() {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: comprasKeys.all }), qc.invalidateQueries({ queryKey: ['productos'] })]);
}

export const useGuardarObjetivo = () => {
  const invalidar = useInvalidar();
  return useMutation({ mutationFn: (pedidoObjetivo: number) => api<{ message: string }>('/compras/objetivo', { method: 'PUT', body: { pedidoObjetivo } }), onSuccess: invalidar });
};

type RespuestaOrden = { message: string; orden: TOrden };

export const useCrearOrden = () => {
  const invalidar = useInvalidar();
  return useMutation({ mutationFn: (body: TCreateOrdenRequest) => api<RespuestaOrden>('/compras/ordenes', { method: 'POST', body }), onSuccess: invalidar });
};

export const useActualizarOrden = (id: number) => {
  const invalidar = useInvalidar();
  return useMutation({ mutationFn: (body: TUpdateOrdenRequest) => api<RespuestaOrden>(`/compras/ordenes/${id}`, { method: 'PUT', body }), onSuccess: invalidar });
};

export const useCambiarOrden = (id: number) => {
  const invalidar = useInvalidar();
  return useMutation({ mutationFn: (accion: 'enviar' | 'cancelar') => api<RespuestaOrden>(`/compras/ordenes/${id}/${accion}`, { method: 'POST' }), onSuccess: invalidar });
};

export const useRecibir = () => {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: (body: TRecepcionRequest) =>
      api<{ message: string; recepcion: { id: number; numero: number; ordenId: number | null; estadoOrden: TEstadoOrden | null }; soporte: TSoporteRecepcion | null }>('/compras/recepciones', { method: 'POST', body }),
    onSuccess: invalidar,
  });
};

/** A reception's documento soporte and its notes (ADR 055), for a reception shown outside its order's screen. */
export const useSoporteRecepcion = (id: number | null) =>
  useQuery({ queryKey: ['compras', 'soporte', id], queryFn: ({ signal }) => api<TSoporteRecepcion | null>(`/compras/recepciones/${id}/soporte`, { signal }), enabled: id != null });

/** The DS's adjustment note (type 95, role 1): the order's receptions and the DS's view read it again. */
export const useNotaSoporte = (recepcionId: number) => {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: (body: TNotaSoporteRequest) => api<TNotaSoporte>(`/compras/recepciones/${recepcionId}/nota-soporte`, { method: 'POST', body }),
    onSuccess: invalidar,
  });
};

/** The store's suppliers for the new order's select. */
export const useProveedoresOpciones = () =>
  useQuery({ queryKey: ['compras', 'proveedores'], queryFn: ({ signal }) => api<TProveedorOpcion[]>('/proveedores/opciones', { signal }) });

/** How many of a supplier's products the purchase screens load (pages of 100, by name). */
const MAX_PRODUCTOS_PROVEEDOR = 5_000;

/** Every product of a supplier (up to 5 000, by name) to order or receive: a barcode scanned past the first page is still the supplier's. */
export const useProductosDeProveedor = (id: number | null) =>
  useQuery({
    queryKey: ['compras', 'proveedor-productos', id],
    queryFn: async ({ signal }): Promise<TPage<TProductoDeProveedor>> => {
      const items: TProductoDeProveedor[] = [];
      for (let page = 1; ; page++) {
        const r = await api<TPage<TProductoDeProveedor>>(`/proveedores/${id}/productos`, { query: { page, pageSize: 100 }, signal });
        items.push(...r.items);
        if (r.items.length < 100 || items.length >= Math.min(r.total, MAX_PRODUCTOS_PROVEEDOR)) return { items, total: r.total };
      }
    },
    enabled: id != null,
  });
