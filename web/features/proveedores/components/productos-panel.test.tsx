import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TProductoDeProveedor, TProveedor } from '#shared/schemas/proveedor';
import { saveSession } from '../../../lib/session';
import { ProductosPanel } from './productos-panel';

const queso: TProductoDeProveedor = { id: 2, nombre: 'Queso campesino', marca: null, precio: 12_000, stock: 5.5, estado: 1, unidad: 'KGM', codigoBarras: null, manejaLotes: false, presentaciones: [] };
const arroz: TProductoDeProveedor = { ...queso, id: 1, nombre: 'Arroz 500 g', precio: 2_800, stock: 12, unidad: '94' };
const proveedor = { id: 9, nombre: 'Lácteos del Valle', telefono: '3104567890', email: 'valle@prov.co', productos: 2 } as unknown as TProveedor;

beforeEach(() => {
  saveSession('token', { tipo: 'tienda', documento: null, usuario: 'Tienda', tienda: 'Tienda', id_Tienda: 3, rol: 1, codigo_invitacion: null });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ items: [arroz, queso], total: 2 }), { status: 200 })),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('los productos de un proveedor (issue #52 punto 3)', () => {
  it('un producto por peso muestra su existencia en kilos y su precio por kilo', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={qc}>
        <MemoryRouter>
          <ProductosPanel proveedor={proveedor} onClose={() => {}} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const fila = (await screen.findByRole('link', { name: 'Queso campesino' })).closest('tr')!;
    expect(within(fila).getByRole('cell', { name: '5,5 kg' })).toBeTruthy();
    expect(within(fila).getByRole('cell', { name: '$ 12.000/kg' })).toBeTruthy();
    const otra = screen.getByRole('link', { name: 'Arroz 500 g' }).closest('tr')!;
    expect(within(otra).getByRole('cell', { name: '12' })).toBeTruthy();
  });
});
