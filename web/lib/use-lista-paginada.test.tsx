import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { useListaPaginada, type ListaParams } from './use-lista-paginada';

// The list's state lives in the router's address (a MemoryRouter here, BrowserRouter in the app).
let search = '';
function Address() {
  search = useLocation().search;
  return null;
}
const enLaDireccion = () => Object.fromEntries(new URLSearchParams(search));

type Filtros = { estado: string };
type Pagina = { items: string[]; total: number };
let asked: ListaParams<Filtros>[] = [];
let total = 45;
const query = (p: ListaParams<Filtros>) =>
  queryOptions({
    queryKey: ['prueba', p],
    queryFn: async (): Promise<Pagina> => {
      asked.push(p);
      return { items: Array.from({ length: Math.max(0, Math.min(p.pageSize, total - (p.page - 1) * p.pageSize)) }, (_, i) => `fila ${i}`), total };
    },
  });

function montar(url: string, options: { enMemoria?: boolean } = {}) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[url]}>
        {children}
        <Address />
      </MemoryRouter>
    </QueryClientProvider>
  );
  return renderHook(() => useListaPaginada({ query, pageSize: 20, filters: { estado: '' }, debounceMs: 40, ...options }), { wrapper });
}

beforeEach(() => {
  asked = [];
  total = 45;
});

describe('useListaPaginada', () => {
  it('lee búsqueda, filtros y página de la dirección y pide esa página al servidor', async () => {
    const { result } = montar('/gestionar_ventas?q=arroz&estado=Anulada&page=2');
    expect(result.current.texto).toBe('arroz');
    expect(result.current.filtros).toEqual({ estado: 'Anulada' });
    expect(result.current.page).toBe(2);
    await waitFor(() => expect(result.current.query.data?.items).toHaveLength(20));
    expect(asked[0]).toEqual({ q: 'arroz', estado: 'Anulada', page: 2, pageSize: 20 });
    expect(result.current.pager).toEqual({ page: 2, pageSize: 20, total: 45, onPage: expect.any(Function) });
    expect(result.current.filtrado).toBe(true);
  });

  it('la búsqueda espera a que se deje de escribir y vuelve a la primera página, sin tocar los filtros', async () => {
    const { result } = montar('/gestionar_ventas?estado=Pagada&page=3');
    await waitFor(() => expect(result.current.query.data).toBeDefined());
    for (const t of ['q', 'qu', 'queso ']) act(() => result.current.setTexto(t));
    // Still typing: the address and the query have not moved.
    expect(enLaDireccion()).toEqual({ estado: 'Pagada', page: '3' });
    await waitFor(() => expect(enLaDireccion()).toEqual({ estado: 'Pagada', q: 'queso' }));
    expect(result.current.page).toBe(1);
    await waitFor(() => expect(asked.at(-1)).toEqual({ q: 'queso', estado: 'Pagada', page: 1, pageSize: 20 }));
    // Only the settled search was asked: no request for 'q' or 'qu'.
    expect(asked.map((p) => p.q)).toEqual(['', 'queso']);
    expect(result.current.texto).toBe('queso ');
  });

  it('un filtro nuevo vuelve a la página 1; cambiar de página conserva búsqueda y filtros', async () => {
    const { result } = montar('/movimientos?q=arroz');
    act(() => result.current.setPage(2));
    expect(enLaDireccion()).toEqual({ q: 'arroz', page: '2' });
    act(() => result.current.setFiltros({ estado: 'Anulada' }));
    expect(enLaDireccion()).toEqual({ q: 'arroz', estado: 'Anulada' });
    act(() => result.current.setPage(1));
    expect(enLaDireccion()).toEqual({ q: 'arroz', estado: 'Anulada' });
  });

  it('Quitar filtros deja la dirección y la caja de búsqueda vacías', async () => {
    const { result } = montar('/movimientos?q=arroz&estado=Anulada&page=2');
    act(() => result.current.limpiar());
    expect(search).toBe('');
    expect(result.current.texto).toBe('');
    expect(result.current.filtrado).toBe(false);
  });

  it('si la última fila de la última página desaparece, muestra la página anterior', async () => {
    total = 41;
    const { result } = montar('/x?page=3');
    await waitFor(() => expect(result.current.query.data?.items).toHaveLength(1));
    total = 40;
    await act(() => result.current.query.refetch());
    await waitFor(() => expect(result.current.page).toBe(2));
    expect(enLaDireccion()).toEqual({ page: '2' });
  });

  it('en memoria (una lista dentro de otra) no toca la dirección', async () => {
    const { result } = montar('/gestionar_proveedores?q=lacteos', { enMemoria: true });
    expect(result.current.texto).toBe('');
    act(() => result.current.setPage(2));
    expect(result.current.page).toBe(2);
    expect(enLaDireccion()).toEqual({ q: 'lacteos' });
  });

  it('la caja de búsqueda sigue a la dirección cuando esta cambia por fuera (Atrás)', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { result } = renderHook(() => ({ lista: useListaPaginada({ query, pageSize: 20, filters: { estado: '' } }), navigate: useNavigate() }), {
      wrapper: ({ children }) => (
        <QueryClientProvider client={qc}>
          <MemoryRouter initialEntries={['/x?q=arroz', '/x?q=queso']} initialIndex={1}>
            {children}
          </MemoryRouter>
        </QueryClientProvider>
      ),
    });
    expect(result.current.lista.texto).toBe('queso');
    act(() => void result.current.navigate(-1));
    expect(result.current.lista.q).toBe('arroz');
    expect(result.current.lista.texto).toBe('arroz');
  });
});
