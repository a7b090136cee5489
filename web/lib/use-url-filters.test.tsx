import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { useEffect, useState, type ReactNode } from 'react';
import { BrowserRouter, MemoryRouter, useLocation, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Field, SelectField } from '../components/ui/field';
import { useDebounced } from './use-debounced';
import { useUrlFilters } from './use-url-filters';

// The hook goes through React Router (useSearchParams), not window.location: any router works. The
// tests use a MemoryRouter and read the address the router holds.
let address = { pathname: '', search: '' };
let entries = '/gestionar_ventas';
const ir = (url: string) => (entries = url);
function Address() {
  const l = useLocation();
  address = { pathname: l.pathname, search: l.search };
  return null;
}
const enLaDireccion = () => Object.fromEntries(new URLSearchParams(address.search));
const wrapper = ({ children }: { children: ReactNode }) => (
  <MemoryRouter initialEntries={[entries]}>
    {children}
    <Address />
  </MemoryRouter>
);

beforeEach(() => ir('/gestionar_ventas'));

describe('useUrlFilters', () => {
  it('lee los filtros de la dirección (una recarga los conserva)', () => {
    ir('/gestionar_ventas?q=arroz&estado=Anulada&page=2');
    const { result } = renderHook(() => useUrlFilters(), { wrapper });
    const [params] = result.current;
    expect(params.get('q')).toBe('arroz');
    expect(params.get('estado')).toBe('Anulada');
    expect(params.get('page')).toBe('2');
  });

  it('cambiar un filtro conserva los demás y vuelve a la primera página', () => {
    ir('/gestionar_ventas?q=arroz&estado=Anulada&page=3');
    const { result } = renderHook(() => useUrlFilters(), { wrapper });
    act(() => result.current[1]({ estado: 'Pagada' }));
    expect(enLaDireccion()).toEqual({ q: 'arroz', estado: 'Pagada' });
    expect(result.current[0].get('estado')).toBe('Pagada');
    expect(result.current[0].get('page')).toBeNull();
    expect(address.pathname).toBe('/gestionar_ventas');
  });

  it('cambiar de página conserva los filtros', () => {
    ir('/movimientos?q=arroz&desde=2026-01-01');
    const { result } = renderHook(() => useUrlFilters(), { wrapper });
    act(() => result.current[1]({ page: '4' }));
    expect(enLaDireccion()).toEqual({ q: 'arroz', desde: '2026-01-01', page: '4' });
    act(() => result.current[1]({ hasta: '2026-01-31' }));
    expect(enLaDireccion()).toEqual({ q: 'arroz', desde: '2026-01-01', hasta: '2026-01-31' });
  });

  it('un filtro vacío sale de la dirección (no queda "q=")', () => {
    ir('/movimientos?q=arroz&desde=2026-01-01&hasta=2026-01-31&productoId=5&page=2');
    const { result } = renderHook(() => useUrlFilters(), { wrapper });
    act(() => result.current[1]({ q: '' }));
    expect(address.search).not.toContain('q=');
    expect(enLaDireccion()).toEqual({ desde: '2026-01-01', hasta: '2026-01-31', productoId: '5' });
    // "Limpiar" on the movements page: every filter at once.
    act(() => result.current[1]({ q: '', desde: '', hasta: '', productoId: '' }));
    expect(address.search).toBe('');
  });

  it('filtrar reemplaza la entrada del historial: Atrás no recorre cada filtro', () => {
    let atras = () => {};
    function Back() {
      const navigate = useNavigate();
      atras = () => navigate(-1);
      return null;
    }
    const { result } = renderHook(() => useUrlFilters(), {
      wrapper: ({ children }) => (
        <MemoryRouter initialEntries={['/inicio', entries]} initialIndex={1}>
          {children}
          <Address />
          <Back />
        </MemoryRouter>
      ),
    });
    act(() => result.current[1]({ q: 'a' }));
    act(() => result.current[1]({ q: 'ar' }));
    act(() => result.current[1]({ estado: 'Anulada' }));
    expect(enLaDireccion()).toEqual({ q: 'ar', estado: 'Anulada' });
    act(() => atras());
    expect(address).toEqual({ pathname: '/inicio', search: '' });
  });

  it('dos cambios con el mismo `update` de un render viejo no se pisan (parte de la dirección actual)', () => {
    const { result } = renderHook(() => useUrlFilters(), { wrapper });
    const update = result.current[1];
    act(() => {
      update({ estado: 'Anulada' });
      update({ q: 'arroz' });
    });
    expect(enLaDireccion()).toEqual({ estado: 'Anulada', q: 'arroz' });
    expect(result.current[0].get('estado')).toBe('Anulada');
    expect(result.current[0].get('q')).toBe('arroz');
  });
});

describe('useUrlFilters en el navegador (BrowserRouter)', () => {
  it('una búsqueda que se asienta cuando un enlace ya salió de la página no trae de vuelta a la lista', () => {
    window.history.replaceState(null, '', '/gestionar_clientes');
    const { result } = renderHook(() => useUrlFilters(), { wrapper: ({ children }) => <BrowserRouter>{children}</BrowserRouter> });
    act(() => result.current[1]({ q: 'ros' }));
    expect(window.location.pathname + window.location.search).toBe('/gestionar_clientes?q=ros');
    // A link pushed the next page; the router shows it once its code has loaded (a transition).
    window.history.pushState(null, '', '/estado_de_cuenta?cliente=7');
    act(() => result.current[1]({ q: 'rosa' }));
    expect(window.location.pathname + window.location.search).toBe('/estado_de_cuenta?cliente=7');
  });
});

/** The invoice list's filters as gestionar-ventas-page.tsx wires them: a debounced search box and a status select. */
function FiltrosFacturas() {
  const [params, update] = useUrlFilters();
  const [texto, setTexto] = useState(params.get('q') ?? '');
  const q = useDebounced(texto.trim(), 250);
  const urlQ = params.get('q') ?? '';
  useEffect(() => {
    if (q !== urlQ) update({ q });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q]);
  const estado = params.get('estado') ?? '';
  return (
    <form>
      <Field label="Buscar" type="search" value={texto} onChange={(e) => setTexto(e.target.value)} />
      <SelectField
        label="Estado"
        value={estado}
        onChange={(e) => update({ estado: e.target.value })}
        options={[
          { value: '', label: 'Todos' },
          { value: 'Pagada', label: 'Pagada' },
          { value: 'Anulada', label: 'Anulada' },
        ]}
      />
    </form>
  );
}

describe('lista de facturas: búsqueda con espera y filtro de estado', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('una búsqueda que se asienta en el mismo instante en que cambia el estado no borra el estado', () => {
    render(<FiltrosFacturas />, { wrapper });
    fireEvent.change(screen.getByLabelText('Buscar'), { target: { value: 'arroz' } });
    act(() => vi.advanceTimersByTime(200));
    expect(enLaDireccion()).toEqual({});

    // The select changes and, in the same instant, the 250 ms of the search run out.
    act(() => {
      fireEvent.change(screen.getByLabelText('Estado'), { target: { value: 'Anulada' } });
      vi.advanceTimersByTime(50);
    });
    act(() => vi.runAllTimers());

    expect(enLaDireccion()).toEqual({ q: 'arroz', estado: 'Anulada' });
    expect(screen.getByLabelText('Estado')).toHaveProperty('value', 'Anulada');
    expect(screen.getByLabelText('Buscar')).toHaveProperty('value', 'arroz');
  });

  it('la búsqueda llega a la dirección solo cuando se deja de escribir, y conserva el estado elegido antes', () => {
    ir('/gestionar_ventas?estado=Pagada&page=2');
    render(<FiltrosFacturas />, { wrapper });
    expect(screen.getByLabelText('Estado')).toHaveProperty('value', 'Pagada');
    const buscar = screen.getByLabelText('Buscar');
    for (const texto of ['a', 'ar', 'arr']) {
      fireEvent.change(buscar, { target: { value: texto } });
      act(() => vi.advanceTimersByTime(100));
    }
    expect(enLaDireccion()).toEqual({ estado: 'Pagada', page: '2' });
    act(() => vi.advanceTimersByTime(250));
    expect(enLaDireccion()).toEqual({ estado: 'Pagada', q: 'arr' });
  });
});
