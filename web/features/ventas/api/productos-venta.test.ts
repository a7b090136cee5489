import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchProductosVenta, primeraPaginaDe, productosVentaKey } from './productos-venta';

const pagina = { items: [{ id: 7, nombre: 'Crema dental 100 ml', stock: 15 }], total: 1, page: 1, pageSize: 10 };

afterEach(() => vi.unstubAllGlobals());

describe('primeraPaginaDe', () => {
  it('la búsqueda de Enter no falla cuando la lista deja de mirar su misma búsqueda y la cancela', async () => {
    // The server answers each request after a moment, unless its signal aborts it first.
    const pedidos: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        pedidos.push(String(url));
        return new Promise<Response>((resolve, reject) => {
          const t = setTimeout(() => resolve(new Response(JSON.stringify(pagina), { status: 200, headers: { 'content-type': 'application/json' } })), 20);
          init?.signal?.addEventListener('abort', () => (clearTimeout(t), reject(new DOMException('aborted', 'AbortError'))));
        });
      }),
    );
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // The list watches "crema dental" with a request that takes its signal (useProductosVenta).
    const lista = new QueryObserver(qc, { queryKey: productosVentaKey('crema dental', 1), queryFn: ({ signal }) => fetchProductosVenta('crema dental', 1, signal) });
    const dejar = lista.subscribe(() => undefined);
    // Enter asks for the same first page while that request is under way, then the box empties: the list stops watching.
    const enter = primeraPaginaDe(qc, 'crema dental');
    dejar();
    await expect(enter).resolves.toMatchObject({ total: 1, items: [{ nombre: 'Crema dental 100 ml' }] });
    expect(pedidos.length).toBe(2);
  });
});
