import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TPuntosCliente } from '#shared/schemas/puntos';
import { PuntosCliente } from './puntos-cliente';

const respuesta = vi.hoisted(() => ({ valor: null as unknown }));
vi.mock('../../../lib/api-client', () => ({ api: vi.fn(async () => respuesta.valor) }));

function pintar(p: TPuntosCliente, enCache = false) {
  respuesta.valor = p;
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (enCache) qc.setQueryData(['clientes', 'puntos', 3], p);
  return render(
    <QueryClientProvider client={qc}>
      <PuntosCliente clienteId={3} />
    </QueryClientProvider>,
  );
}

/** ADR 054: the customer's page shows the balance and the latest movements. */
describe('PuntosCliente', () => {
  it('muestra el saldo con su valor en pesos y los movimientos', async () => {
    pintar({
      activo: true,
      valorPunto: 10,
      saldo: 25,
      movimientos: [
        { id: 2, fecha: '2026-03-15T15:00:00.000Z', tipo: 'redimido', puntos: -5, ventaId: 12, ventaNumero: 12 },
        { id: 1, fecha: '2026-03-14T15:00:00.000Z', tipo: 'ganado', puntos: 30, ventaId: 11, ventaNumero: 11 },
      ],
    });
    expect(await screen.findByText(/25 puntos \(\$\s?250\)/)).toBeTruthy();
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items[0]).toMatch(/Usados #12 · -5$/);
    expect(items[1]).toMatch(/Ganados #11 · \+30$/);
  });

  it('sin movimientos lo dice', async () => {
    pintar({ activo: true, valorPunto: 10, saldo: 0, movimientos: [] });
    expect(await screen.findByText('Todavía no tiene movimientos de puntos.')).toBeTruthy();
  });

  it('una tienda sin puntos no muestra nada', async () => {
    // The answer already read: the component has it at its first render.
    const { container } = pintar({ activo: false, valorPunto: 1, saldo: 0, movimientos: [] }, true);
    expect(container.textContent).toBe('');
  });
});
