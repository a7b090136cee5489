import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conteos } from '#shared/messages/conteos';
import type { TProductoConteo } from '#shared/schemas/conteo';
import { ContarPanel } from './contar-panel';

const M = { conteos };

const queso: TProductoConteo = { productoId: 7, nombre: 'Queso campesino', codigoBarras: '7701', unidad: 'KGM', presentacionId: null, presentacion: null, factor: 1 };
const paca: TProductoConteo = { productoId: 8, nombre: 'Leche 1 L', codigoBarras: '7766', unidad: '94', presentacionId: 3, presentacion: 'Paca x6', factor: 6 };

afterEach(() => {
  vi.unstubAllGlobals();
});

function montar(respuestas: (url: string, init?: RequestInit) => unknown) {
  const llamadas: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      llamadas.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return new Response(JSON.stringify(respuestas(url, init)), { status: init?.method === 'POST' ? 201 : 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  localStorage.setItem('token', 'tok');
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <ContarPanel conteoId={5} />
    </QueryClientProvider>,
  );
  return llamadas;
}

const linea = (productoId: number, cantidad: number) => ({ message: 'ok', linea: { id: 1, productoId, producto: 'x', unidad: '94', cantidad, factor: 1, contadoPor: 'Ana', creadoEn: '2026-11-29T12:00:00.000Z' } });

describe('Contar en un conteo (issue #58 point 1)', () => {
  it('busca por código, pide la cantidad con decimales para un producto por peso y la registra', async () => {
    const llamadas = montar((url) => (url.includes('/productos') ? [queso] : linea(7, 2.375)));
    expect(screen.getByText(M.conteos.ciego)).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText(M.conteos.buscarPlaceholder), { target: { value: '7701' } });
    fireEvent.click(screen.getByRole('button', { name: M.conteos.buscarBoton }));
    const cantidad = await screen.findByLabelText(M.conteos.cantidadDe('Queso campesino'));
    expect(cantidad.getAttribute('inputmode')).toBe('decimal');
    fireEvent.change(cantidad, { target: { value: '2,375' } });
    fireEvent.click(screen.getByRole('button', { name: M.conteos.registrar }));
    await waitFor(() => expect(llamadas.some((l) => l.url.includes('/conteos/5/lineas'))).toBe(true));
    expect(llamadas.find((l) => l.url.includes('/lineas'))!.body).toEqual({ productoId: 7, presentacionId: null, cantidad: 2.375 });
    // Back to the search box for the next product.
    expect(await screen.findByPlaceholderText(M.conteos.buscarPlaceholder)).toBeTruthy();
  });

  it('una paca se cuenta en pacas enteras; un decimal se rechaza sin enviar nada', async () => {
    const llamadas = montar((url) => (url.includes('/productos') ? [paca] : linea(8, 12)));
    fireEvent.change(screen.getByPlaceholderText(M.conteos.buscarPlaceholder), { target: { value: '7766' } });
    fireEvent.click(screen.getByRole('button', { name: M.conteos.buscarBoton }));
    const cantidad = await screen.findByLabelText(M.conteos.cantidadDe(M.conteos.presentacionDe('Leche 1 L · Paca x6', 6)));
    expect(cantidad.getAttribute('inputmode')).toBe('numeric');
    fireEvent.change(cantidad, { target: { value: '1,5' } });
    fireEvent.click(screen.getByRole('button', { name: M.conteos.registrar }));
    expect((await screen.findByRole('alert')).textContent).toBe(M.conteos.cantidadInvalida);
    expect(llamadas.some((l) => l.url.includes('/lineas'))).toBe(false);
    fireEvent.change(cantidad, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: M.conteos.registrar }));
    await waitFor(() => expect(llamadas.find((l) => l.url.includes('/lineas'))?.body).toEqual({ productoId: 8, presentacionId: 3, cantidad: 2 }));
  });

  it('varios resultados por nombre se eligen de una lista, que no muestra stock', async () => {
    montar(() => [queso, { ...queso, productoId: 9, nombre: 'Queso doble crema', codigoBarras: null }]);
    fireEvent.change(screen.getByPlaceholderText(M.conteos.buscarPlaceholder), { target: { value: 'queso' } });
    fireEvent.click(screen.getByRole('button', { name: M.conteos.buscarBoton }));
    const opcion = await screen.findByRole('button', { name: /Queso doble crema/ });
    expect(screen.getByRole('list').textContent).toBe('Queso campesino7701Queso doble crema');
    fireEvent.click(opcion);
    expect(await screen.findByLabelText(M.conteos.cantidadDe('Queso doble crema'))).toBeTruthy();
  });

  it('un producto con lotes se cuenta por lote: el código y, si es nuevo, su vencimiento van con la línea; sin lote, como siempre (issue #58 point 2)', async () => {
    const jarabe: TProductoConteo = { productoId: 11, nombre: 'Jarabe', codigoBarras: '7711', unidad: '94', presentacionId: null, presentacion: null, factor: 1, manejaLotes: true };
    const llamadas = montar((url) => (url.includes('/productos') ? [jarabe] : linea(11, 3)));
    const buscarYContar = async (cantidad: string, lote?: string, vence?: string) => {
      fireEvent.change(screen.getByPlaceholderText(M.conteos.buscarPlaceholder), { target: { value: '7711' } });
      fireEvent.click(screen.getByRole('button', { name: M.conteos.buscarBoton }));
      fireEvent.change(await screen.findByLabelText(M.conteos.cantidadDe('Jarabe')), { target: { value: cantidad } });
      expect(screen.getByRole('group', { name: M.conteos.porLote })).toBeTruthy();
      if (lote) fireEvent.change(screen.getByLabelText(M.conteos.loteCampo), { target: { value: lote } });
      if (vence) fireEvent.change(screen.getByLabelText(M.conteos.loteVenceCampo), { target: { value: vence } });
      fireEvent.click(screen.getByRole('button', { name: M.conteos.registrar }));
      await screen.findByPlaceholderText(M.conteos.buscarPlaceholder);
    };
    await buscarYContar('3', ' J-1 ');
    await buscarYContar('2', 'J-NUEVO', '31122027');
    await buscarYContar('1');
    await waitFor(() => expect(llamadas.filter((l) => l.url.includes('/lineas'))).toHaveLength(3));
    expect(llamadas.filter((l) => l.url.includes('/lineas')).map((l) => l.body)).toEqual([
      { productoId: 11, presentacionId: null, cantidad: 3, lote: { codigo: 'J-1' } },
      { productoId: 11, presentacionId: null, cantidad: 2, lote: { codigo: 'J-NUEVO', vence: '2027-12-31' } },
      { productoId: 11, presentacionId: null, cantidad: 1 },
    ]);
  });

  it('un producto sin lotes no muestra los campos de lote', async () => {
    montar((url) => (url.includes('/productos') ? [queso] : linea(7, 1)));
    fireEvent.change(screen.getByPlaceholderText(M.conteos.buscarPlaceholder), { target: { value: '7701' } });
    fireEvent.click(screen.getByRole('button', { name: M.conteos.buscarBoton }));
    await screen.findByLabelText(M.conteos.cantidadDe('Queso campesino'));
    expect(screen.queryByRole('group', { name: M.conteos.porLote })).toBeNull();
  });
});
