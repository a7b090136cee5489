import { isCancelledError, keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import type { TPage } from '#shared/schemas/common';
import type { TProductoPorCodigo, TProductosRapidos, TProductoVenta } from '#shared/schemas/venta';
import { api, lecturaLista } from '../../../lib/api-client';
import { claveEnFuente, fuenteSinRed, useEnLinea } from '../../../lib/fuente-venta';

export const PAGE_SIZE = 10;

/** Offline (issue #53) the same key reads the device's catalogue, kept apart in the cache. */
export const productosVentaKey = (q: string, page: number, enLinea = navigator.onLine) => claveEnFuente(['ventas', 'productos', { q, page }] as const, enLinea);

const consultaProductos = (q: string, page: number) => ({ q, page, pageSize: PAGE_SIZE });

export const fetchProductosVenta = (q: string, page: number, signal?: AbortSignal) =>
  fuenteSinRed()?.productos(q, page, PAGE_SIZE) ?? api<TPage<TProductoVenta>>('/ventas/productos', { query: consultaProductos(q, page), signal });

/**
 * The first page of `q`'s products for the till's Enter, from the cache or the list's own request when
 * one is under way. That request is cancelled when the box empties (Enter empties it; the list then
 * watches another search), and a lookup that had joined it failed with "Se produjo un error" (a
 * journey's flake): it is asked again, on its own.
 */
export async function primeraPaginaDe(qc: QueryClient, q: string): Promise<TPage<TProductoVenta>> {
  const pedir = () => qc.fetchQuery({ queryKey: productosVentaKey(q, 1), queryFn: () => fetchProductosVenta(q, 1), staleTime: 5_000 });
  try {
    return await pedir();
  } catch (err) {
    if (isCancelledError(err)) return pedir();
    throw err;
  }
}

/** The store's products on sale, searched and paged on the server; the previous page stays while the next loads. */
export const useProductosVenta = (q: string, page: number) =>
  useQuery({
    queryKey: productosVentaKey(q, page, useEnLinea()),
    queryFn: ({ signal }) => fetchProductosVenta(q, page, signal),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });

/** The scanner: an exact barcode or product id, or a scale label of the store's layouts (with its quantity, issue #33). */
export const fetchProductoPorCodigo = (codigo: string) => fuenteSinRed()?.porCodigo(codigo) ?? api<TProductoPorCodigo>(`/ventas/productos/codigo/${encodeURIComponent(codigo)}`);

export const productosRapidosKey = (categoria: string, enLinea = navigator.onLine) => claveEnFuente(['ventas', 'productos', 'rapidos', categoria] as const, enLinea);

export const fetchProductosRapidos = (categoria: string, signal?: AbortSignal) =>
  fuenteSinRed()?.rapidos(categoria) ?? api<TProductosRapidos>('/ventas/productos/rapidos', { query: { categoria }, signal });

/** The tap grid: best sellers, or one category's products, and the store's categories. */
export const useProductosRapidos = (categoria: string) =>
  useQuery({
    queryKey: productosRapidosKey(categoria, useEnLinea()),
    queryFn: ({ signal }) => fetchProductosRapidos(categoria, signal),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });

/**
 * The till's first screen (an empty search, page 1, and the whole grid), asked for before the till
 * renders: the router passes it to TurnoRequerido so it travels with the shift's request (issue #20).
 * Same keys and fetchers as the hooks above, so the till finds the answers already cached; index.html's
 * early reads of them, if they have arrived, are the cache at once.
 */
export const prefetchProductosVenta = (qc: QueryClient) =>
  Promise.all([
    qc.prefetchQuery({
      queryKey: productosVentaKey('', 1, true),
      queryFn: () => fetchProductosVenta('', 1),
      staleTime: 5_000,
      ...lecturaLista<TPage<TProductoVenta>>('/ventas/productos', consultaProductos('', 1)),
    }),
    qc.prefetchQuery({
      queryKey: productosRapidosKey('', true),
      queryFn: () => fetchProductosRapidos(''),
      staleTime: 5_000,
      ...lecturaLista<TProductosRapidos>('/ventas/productos/rapidos'),
    }),
  ]);
