import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conteos } from '#shared/messages/conteos';
import type { TProductoConteo } from '#shared/schemas/conteo';
import { registrarFuenteConteo, type FuenteConteoSinRed, type LineaConteoEnEquipo } from '../../lib/fuente-conteo';
import { ContarPanel } from './contar-panel';

/**
 * Issue #58 point 1, ADR 042's addendum: the counting screen offline finds products in the device's
 * catalogue and keeps each line on the device (nothing goes to the server), with the band of what
 * waits; a scale label's code is counted at once with its quantity, online and offline.
 */
const M = { conteos };
const ETIQUETA = '2001234007509';
const queso: TProductoConteo = { productoId: 7, nombre: 'Queso campesino', codigoBarras: ETIQUETA, unidad: 'KGM', presentacionId: null, presentacion: null, factor: 1, cantidad: 0.75 };
const arroz: TProductoConteo = { productoId: 8, nombre: 'Arroz', codigoBarras: '7701', unidad: '94', presentacionId: null, presentacion: null, factor: 1 };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function pantalla() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <ContarPanel conteoId={5} />
    </QueryClientProvider>,
  );
}

function buscar(texto: string) {
  fireEvent.change(screen.getByPlaceholderText(M.conteos.buscarPlaceholder), { target: { value: texto } });
  fireEvent.click(screen.getByRole('button', { name: M.conteos.buscarBoton }));
}

describe('contar sin conexión', () => {
  it('busca en el equipo y guarda cada línea en él; la etiqueta se cuenta con sus kilos; la banda dice cuántas esperan', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const guardadas: [number, TProductoConteo, number][] = [];
    let avisar: (l: LineaConteoEnEquipo[]) => void = () => undefined;
    const fuente: FuenteConteoSinRed = {
      buscar: async (q) => (q === ETIQUETA ? [queso] : [arroz]),
      guardar: async (conteoId, p, cantidad) => {
        guardadas.push([conteoId, p, cantidad]);
        avisar(guardadas.map(([, g, c], i) => ({ clave: String(i), nombre: g.nombre, cantidad: String(c), estado: 'pendiente' })));
      },
      observar: (_id, dar) => {
        avisar = dar;
        dar([]);
        return () => undefined;
      },
      entendido: async () => undefined,
    };
    registrarFuenteConteo(fuente);
    pantalla();
    expect(await screen.findByText(M.conteos.sinConexion(0))).toBeTruthy();

    buscar(ETIQUETA);
    await waitFor(() => expect(guardadas).toEqual([[5, queso, 0.75]]));
    expect(await screen.findByText(M.conteos.sinConexion(1))).toBeTruthy();

    buscar('7701');
    const cantidad = await screen.findByLabelText(M.conteos.cantidadDe('Arroz'));
    fireEvent.change(cantidad, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: M.conteos.registrar }));
    await waitFor(() => expect(guardadas.map(([, p, c]) => [p.productoId, c])).toEqual([[7, 0.75], [8, 3]]));
    expect(await screen.findByText(M.conteos.sinConexion(2))).toBeTruthy();
    expect(screen.getByRole('list', { name: M.conteos.porEnviar }).textContent).toBe('Queso campesino 0.75Arroz 3');
    // Nothing went to the server.
    expect(fetch).not.toHaveBeenCalled();
  });

  it('un producto que controla lotes pide su lote también sin conexión, y la línea se guarda con él', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const jarabe: TProductoConteo = { productoId: 9, nombre: 'Jarabe', codigoBarras: '779', unidad: '94', presentacionId: null, presentacion: null, factor: 1, manejaLotes: true };
    const guardadas: unknown[][] = [];
    registrarFuenteConteo({
      buscar: async () => [jarabe],
      guardar: async (conteoId, p, cantidad, lote) => void guardadas.push([conteoId, p.productoId, cantidad, lote]),
      observar: (_id, dar) => (dar([]), () => undefined),
      entendido: async () => undefined,
    });
    pantalla();
    buscar('779');
    fireEvent.change(await screen.findByLabelText(M.conteos.cantidadDe('Jarabe')), { target: { value: '4' } });
    expect(screen.getByText(M.conteos.porLoteSinConexion, { exact: false })).toBeTruthy();
    fireEvent.change(screen.getByLabelText(M.conteos.loteCampo), { target: { value: 'J-NUEVO' } });
    fireEvent.change(screen.getByLabelText(M.conteos.loteVenceCampo), { target: { value: '2027-06-30' } });
    fireEvent.click(screen.getByRole('button', { name: M.conteos.registrar }));
    await waitFor(() => expect(guardadas).toEqual([[5, 9, 4, { codigo: 'J-NUEVO', vence: '2027-06-30' }]]));
  });
});

describe('etiqueta de balanza en línea', () => {
  it('la etiqueta se registra al leerla, con la cantidad que trae', async () => {
    const llamadas: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        llamadas.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        const cuerpo = url.includes('/productos') ? [queso] : { message: 'ok', linea: { id: 1, productoId: 7, producto: 'Queso campesino', unidad: 'KGM', cantidad: 0.75, factor: 1, contadoPor: 'Ana', creadoEn: '2026-11-30T12:00:00.000Z' } };
        return new Response(JSON.stringify(cuerpo), { status: init?.method === 'POST' ? 201 : 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    localStorage.setItem('token', 'tok');
    pantalla();
    buscar(ETIQUETA);
    await waitFor(() => expect(llamadas.find((l) => l.url.includes('/conteos/5/lineas'))?.body).toEqual({ productoId: 7, presentacionId: null, cantidad: 0.75 }));
    expect(screen.queryByLabelText(M.conteos.cantidadDe('Queso campesino'))).toBeNull();
  });
});
