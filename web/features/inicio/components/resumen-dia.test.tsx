import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TInicioResumen } from '#shared/schemas/reportes';
import { ResumenDia } from './resumen-dia';

// The chart draws on a canvas jsdom does not have; what it shows is not this test's subject.
vi.mock('react-chartjs-2', () => ({ Bar: () => null }));

const resumen: TInicioResumen = {
  hoy: '2026-11-29',
  comparadoCon: '2026-11-22',
  indicadores: [
    { clave: 'neto', titulo: 'Ventas netas', tipo: 'dinero', valor: 132_290, anterior: 0 },
    { clave: 'margen', titulo: 'Margen bruto', tipo: 'dinero', valor: 41_000, anterior: null, detalle: 'costo conocido en 62 % de las ventas' },
  ],
  porHora: { tipo: 'barras', titulo: 'Ventas por hora', etiquetas: [], series: [], tipoValor: 'dinero' },
  porMedio: [],
  top: [
    { producto: 'Arroz 500 g', cantidad: 30, neto: 84_000, unidad: '94' },
    { producto: 'Queso campesino', cantidad: 0.204, neto: 2_448, unidad: 'KGM' },
  ],
  porPedir: 0,
  turnosAbiertos: 0,
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('Inicio: su día de un vistazo (issue #52)', () => {
  it('muestra las ventas netas y el margen del día con la parte de las ventas cuyo costo se conoce', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(resumen), { status: 200, headers: { 'content-type': 'application/json' } })));
    localStorage.setItem('token', 'tok');
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={qc}>
        <MemoryRouter>
          <ResumenDia />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const margen = await screen.findByTestId('inicio-margen');
    expect(margen.querySelector('strong')!.textContent).toBe('$ 41.000');
    expect(margen.textContent).toContain('costo conocido en 62 % de las ventas');
    expect(margen.getAttribute('href')).toBe('/reportes/productos');
    expect(screen.getByTestId('inicio-neto').querySelector('strong')!.textContent).toBe('$ 132.290');
    // The day's top products in their unit (issue #52 point 3): kilos with their decimals, not rounded.
    const top = screen.getByText('Queso campesino').closest('li')!;
    expect(top.querySelector('strong')!.textContent).toBe('0,204 kg');
    expect(screen.getByText('Arroz 500 g').closest('li')!.querySelector('strong')!.textContent).toBe('30');
  });
});
