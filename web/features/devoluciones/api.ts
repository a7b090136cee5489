import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPage } from '#shared/schemas/common';
import type { TCambio, TCambioRequest, TDevolucion, TDevolucionesDeVenta, TDevolucionRequest } from '#shared/schemas/devolucion';
import type { TMetodoPago, TProductoVenta } from '#shared/schemas/venta';
import { api } from '../../lib/api-client';

/** Under 'facturas': whatever refreshes a sale's detail refreshes its returns. */
export const devolucionesKey = (ventaId: number) => ['facturas', 'devoluciones', ventaId] as const;

export const useDevolucionesDeVenta = (ventaId: number, enabled = true) =>
  useQuery({
    queryKey: devolucionesKey(ventaId),
    queryFn: ({ signal }) => api<TDevolucionesDeVenta>(`/ventas/${ventaId}/devoluciones`, { signal }),
    enabled,
  });

export const useMetodosReembolso = () =>
  useQuery({ queryKey: ['facturas', 'metodos-pago'], queryFn: ({ signal }) => api<TMetodoPago[]>('/metodos-pago', { signal }), staleTime: 10 * 60_000 });

/** What a return or an exchange moves — stock, the drawer, the customer's balance —: the lists, the till and the caja read again. */
const LEIDAS_DE_NUEVO = [['facturas'], ['ventas', 'productos'], ['caja'], ['clientes']] as const;

/** A POST to the sale's returns or exchanges, then everything it moved is read again. */
function useEscrituraDeVenta<B, R>(ruta: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => api<R>(ruta, { method: 'POST', body }),
    onSettled: () => Promise.all(LEIDAS_DE_NUEVO.map((queryKey) => qc.invalidateQueries({ queryKey }))),
  });
}

/** A return. */
export const useRegistrarDevolucion = (ventaId: number) => useEscrituraDeVenta<TDevolucionRequest, TDevolucion>(`/ventas/${ventaId}/devoluciones`);

/** The till's product search, for what an exchange's customer takes instead. */
export const useProductosCambio = (q: string) =>
  useQuery({
    queryKey: ['ventas', 'productos', { q, page: 1, cambio: true }],
    queryFn: ({ signal }) => api<TPage<TProductoVenta>>('/ventas/productos', { query: { q, page: 1, pageSize: 6 }, signal }),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });

/** An exchange (issue #32 point 2): a return and a new sale; the same lists read again as after a return. */
export const useRegistrarCambio = (ventaId: number) => useEscrituraDeVenta<TCambioRequest, TCambio>(`/ventas/${ventaId}/cambios`);
