import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import type { TProductosRapidos } from '#shared/schemas/venta';
import { STORAGE_KEYS } from '../../../lib/session';
import { RejillaProductos } from './rejilla-productos';

const RAPIDOS: TProductosRapidos = {
  productos: [
    { id: 1, nombre: 'Arroz Diana 500 g', marca: 'Diana', precio: 2_800, stock: 40, codigoBarras: null, unidad: '94' },
    { id: 2, nombre: 'Leche Alquería 1 L', marca: 'Alquería', precio: 4_200, stock: 12, codigoBarras: null, unidad: '94' },
  ],
  categorias: [],
  fijos: 0,
};

// The grid's data is not what is under test: the same answer online and offline.
vi.mock('../api/productos-venta', () => ({
  useProductosRapidos: () => ({ data: RAPIDOS, isPending: false, isError: false, refetch: () => undefined }),
}));

let enLinea = true;
function red(valor: boolean) {
  enLinea = valor;
  act(() => {
    window.dispatchEvent(new Event(valor ? 'online' : 'offline'));
  });
}

function rejilla() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RejillaProductos onAdd={() => undefined} enCarrito={new Map()} />
    </QueryClientProvider>,
  );
}

const ordenar = () => screen.queryByRole('button', { name: M.ventas.ordenarRejilla });

/** Issue #53: the owner's "Ordenar" stayed on the till offline, where saving the order would fail. */
describe('ordenar la rejilla de la caja sin conexión', () => {
  beforeEach(() => {
    enLinea = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => enLinea);
    localStorage.setItem(STORAGE_KEYS.token, 'token-de-prueba');
    localStorage.setItem(STORAGE_KEYS.rol, String(ROL.ADMIN));
  });
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('con red el dueño ve Ordenar; sin red no se ofrece, y vuelve con la red', () => {
    rejilla();
    expect(ordenar()).not.toBeNull();
    red(false);
    expect(ordenar()).toBeNull();
    // The grid itself stays: the device's copy sells as before.
    expect(screen.getByRole('button', { name: M.ventas.agregarProducto('Arroz Diana 500 g') })).not.toBeNull();
    red(true);
    expect(ordenar()).not.toBeNull();
  });

  it('si la red se cae mientras ordena, vuelve a la rejilla sin Guardar', async () => {
    rejilla();
    fireEvent.click(ordenar()!);
    expect(await screen.findByRole('button', { name: M.ventas.guardarOrden })).not.toBeNull();
    red(false);
    expect(screen.queryByRole('button', { name: M.ventas.guardarOrden })).toBeNull();
    expect(screen.getByRole('button', { name: M.ventas.agregarProducto('Leche Alquería 1 L') })).not.toBeNull();
  });

  it('un cajero no ve Ordenar, con o sin red', () => {
    localStorage.setItem(STORAGE_KEYS.rol, String(ROL.EMPLEADO));
    rejilla();
    expect(ordenar()).toBeNull();
  });
});
