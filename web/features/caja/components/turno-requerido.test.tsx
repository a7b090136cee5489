import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { caja } from '#shared/messages/caja';
import { TurnoRequerido } from './turno-requerido';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { caja };

const turno = { id: 7, abiertoEn: '2026-11-23T13:00:00.000Z', cerradoEn: null, fondoInicial: 50_000, cajero: 'Ana Pérez' };

function renderGate(prefetch?: (qc: QueryClient) => unknown) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <TurnoRequerido prefetch={prefetch}>
          <p>La caja registradora</p>
        </TurnoRequerido>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  delete window.__lecturas;
});

describe('TurnoRequerido', () => {
  it("con la lectura anticipada de index.html ya llegada, muestra la caja en el primer render (issue #20)", () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ turno: null }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    localStorage.setItem('token', 'tok-1');
    window.__lecturas = { '/caja/turno': { token: 'tok-1', at: Date.now(), res: Promise.resolve(new Response('{}')), data: { turno } } };
    renderGate();
    // Synchronously: no "Cargando la caja…" render first.
    expect(screen.getByText('La caja registradora')).toBeTruthy();
    expect(screen.queryByText(M.caja.cargando)).toBeNull();
  });

  it('sin caja abierta muestra "Abrir caja" con el fondo; al abrirla, muestra la caja registradora', { timeout: 30_000 }, async () => {
    let abierto = false;
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          sent.push(JSON.parse(String(init.body)));
          abierto = true;
          return new Response(JSON.stringify(turno), { status: 201 });
        }
        expect(url).toBe('/api/caja/turno');
        return new Response(JSON.stringify({ turno: abierto ? turno : null }), { status: 200 });
      }),
    );
    renderGate();
    expect(await screen.findByRole('heading', { name: M.caja.abrirTitulo })).toBeTruthy();
    expect(screen.queryByText('La caja registradora')).toBeNull();

    const user = userEvent.setup();
    // The form loads on demand (issue #20): wait for it — its chunk's import took over a second with the
    // machine busy (testing-library's default wait), so up to ten.
    await user.click(await screen.findByRole('button', { name: M.caja.abrirBoton }, { timeout: 10_000 }));
    expect(await screen.findByText(M.caja.fondoInvalido)).toBeTruthy();
    expect(sent).toEqual([]);

    await user.type(screen.getByLabelText(M.caja.fondoLabel), '50000');
    expect((screen.getByLabelText(M.caja.fondoLabel) as HTMLInputElement).value).toBe('50.000');
    await user.click(screen.getByRole('button', { name: M.caja.abrirBoton }));
    expect(await screen.findByText('La caja registradora')).toBeTruthy();
    expect(sent).toEqual([{ fondoInicial: 50_000 }]);
  });

  it('con la caja abierta muestra la caja registradora de una vez', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ turno }), { status: 200 })));
    renderGate();
    expect(await screen.findByText('La caja registradora')).toBeTruthy();
  });

  it('pide las consultas de la pantalla junto con el turno, sin esperar su respuesta (issue #20)', async () => {
    const asked: string[] = [];
    let answerTurno: (r: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        asked.push(url);
        if (url === '/api/caja/turno') return new Promise<Response>((resolve) => (answerTurno = resolve));
        return Promise.resolve(new Response(JSON.stringify({ items: [] }), { status: 200 }));
      }),
    );
    const prefetch = vi.fn((qc: QueryClient) => qc.prefetchQuery({ queryKey: ['pantalla'], queryFn: () => fetch('/api/pantalla').then((r) => r.json()) }));
    renderGate(prefetch);
    await vi.waitFor(() => expect(asked).toEqual(expect.arrayContaining(['/api/pantalla', '/api/caja/turno'])));
    expect(screen.queryByText('La caja registradora')).toBeNull();
    answerTurno(new Response(JSON.stringify({ turno }), { status: 200 }));
    expect(await screen.findByText('La caja registradora')).toBeTruthy();
    expect(prefetch).toHaveBeenCalledTimes(1);
  });
});
