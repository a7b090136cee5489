import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TProductoListItem } from '#shared/schemas/producto';
import { ProductosTable } from './productos-table';

const base: TProductoListItem = { id: 1, nombre: 'Arroz 500 g', marca: null, categoria: null, precio: 2_800, stock: 12, stockMin: 2, estado: 1, proveedor: null, unidadDian: '94', bajoStock: false };
const items: TProductoListItem[] = [
  base,
  { ...base, id: 2, nombre: 'Queso campesino', precio: 12_000, stock: 5.5, unidadDian: 'KGM' },
  { ...base, id: 3, nombre: 'Ñame', precio: 4_800, stock: 12.5, unidadDian: 'KGM' },
];

function renderTabla() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <ProductosTable items={items} busy={false} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const fila = (nombre: string) => screen.getByRole('link', { name: nombre }).closest('tr')!;

describe('ProductosTable (issue #52 punto 3)', () => {
  it('un producto por peso muestra su existencia con decimales y unidad, y su precio por kilo', () => {
    renderTabla();
    const queso = within(fila('Queso campesino'));
    expect(queso.getByText('5,5 kg')).toBeTruthy();
    expect(queso.getByRole('cell', { name: '$ 12.000/kg' })).toBeTruthy();
    expect(within(fila('Ñame')).getByText('12,5 kg')).toBeTruthy();
    expect(within(fila('Ñame')).queryByText('13')).toBeNull();
  });

  it('un producto por unidad sigue en unidades enteras y sin "/kg"', () => {
    renderTabla();
    const arroz = within(fila('Arroz 500 g'));
    expect(arroz.getByText('12')).toBeTruthy();
    expect(arroz.getByRole('cell', { name: '$ 2.800' })).toBeTruthy();
  });
});
