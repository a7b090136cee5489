import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lecturasAnticipadas } from '../config/lecturas-anticipadas';
import { getTurnoActual } from '../features/caja/api/get-turno-actual';
import { prefetchProductosVenta } from '../features/ventas/api/productos-venta';
import { api, lecturaLista } from './api-client';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe("index.html's early reads (issue #20)", () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    localStorage.setItem('token', 'tok-1');
    fetchMock = vi.fn(async () => json({ desde: 'servidor' }));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    delete window.__lecturas;
  });

  it('are exactly the addresses the till asks for first', async () => {
    await Promise.all([getTurnoActual(), prefetchProductosVenta(new QueryClient())]);
    const asked = fetchMock.mock.calls.map(([url]) => String(url).replace(/^\/api/, ''));
    expect(asked.sort()).toEqual([...lecturasAnticipadas['/ventas']!].sort());
  });

  it('answer the first request of their address once, without asking the server again', async () => {
    window.__lecturas = { '/caja/turno': { token: 'tok-1', at: Date.now(), res: Promise.resolve(json({ desde: 'arranque' })) } };
    await expect(api('/caja/turno')).resolves.toEqual({ desde: 'arranque' });
    expect(fetchMock).not.toHaveBeenCalled();
    // The next read of the same address is the server's.
    await expect(api('/caja/turno')).resolves.toEqual({ desde: 'servidor' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("are not used for another session's token, when stale, or for another address", async () => {
    window.__lecturas = {
      '/caja/turno': { token: 'otro', at: Date.now(), res: Promise.resolve(json({ desde: 'arranque' })) },
      '/ventas/productos/rapidos': { token: 'tok-1', at: Date.now() - 60_000, res: Promise.resolve(json({ desde: 'arranque' })) },
      '/ventas/productos?page=1&pageSize=10': { token: 'tok-1', at: Date.now(), res: Promise.resolve(json({ desde: 'arranque' })) },
    };
    await expect(api('/caja/turno')).resolves.toEqual({ desde: 'servidor' });
    await expect(api('/ventas/productos/rapidos')).resolves.toEqual({ desde: 'servidor' });
    await expect(api('/ventas/productos', { query: { page: 2, pageSize: 10 } })).resolves.toEqual({ desde: 'servidor' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('are dropped by a write: a read after it is the server\'s, not the answer from before the write', async () => {
    window.__lecturas = { '/ventas/productos/rapidos': { token: 'tok-1', at: Date.now(), res: Promise.resolve(json({ desde: 'arranque' })) } };
    await api('/ventas/productos/rapidos/orden', { method: 'PUT', body: { productos: [] } });
    await expect(api('/ventas/productos/rapidos')).resolves.toEqual({ desde: 'servidor' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('ask the server again when the early read failed', async () => {
    window.__lecturas = { '/caja/turno': { token: 'tok-1', at: Date.now(), res: Promise.reject(new TypeError('Failed to fetch')) } };
    await expect(api('/caja/turno')).resolves.toEqual({ desde: 'servidor' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("keep the error shape: a 401 of an early read ends the session as the server's would", async () => {
    const body = { error: { code: 'UNAUTHORIZED', message: 'Sesión expirada' } };
    window.__lecturas = { '/caja/turno': { token: 'tok-1', at: Date.now(), res: Promise.resolve(new Response(JSON.stringify(body), { status: 401 })) } };
    await expect(api('/caja/turno')).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('lecturaLista (issue #20)', () => {
  afterEach(() => {
    localStorage.clear();
    delete window.__lecturas;
  });

  it("gives an arrived early read as a query's initial data, once, dated when it was asked for", () => {
    localStorage.setItem('token', 'tok-1');
    const at = Date.now() - 1_000;
    window.__lecturas = { '/ventas/productos?page=1&pageSize=10': { token: 'tok-1', at, res: Promise.resolve(json({})), data: { items: [], total: 0 } } };
    expect(lecturaLista('/ventas/productos', { q: '', page: 1, pageSize: 10 })).toEqual({ initialData: { items: [], total: 0 }, initialDataUpdatedAt: at });
    // A refetch later is the server's: the answer is not given twice.
    expect(lecturaLista('/ventas/productos', { q: '', page: 1, pageSize: 10 })).toBeUndefined();
  });

  it('gives nothing before the answer has arrived, for another token, or once stale', () => {
    localStorage.setItem('token', 'tok-1');
    window.__lecturas = {
      '/caja/turno': { token: 'tok-1', at: Date.now(), res: new Promise<Response>(() => {}) },
      '/ventas/productos/rapidos': { token: 'otro', at: Date.now(), res: Promise.resolve(json({})), data: {} },
      '/ventas/productos?page=1&pageSize=10': { token: 'tok-1', at: Date.now() - 60_000, res: Promise.resolve(json({})), data: {} },
    };
    expect(lecturaLista('/caja/turno')).toBeUndefined();
    expect(lecturaLista('/ventas/productos/rapidos')).toBeUndefined();
    expect(lecturaLista('/ventas/productos', { page: 1, pageSize: 10 })).toBeUndefined();
  });
});

describe("the device's copy of the till's first reads (issue #20)", () => {
  beforeEach(() => localStorage.setItem('token', 'header.payload.firma-del-token-1234'));
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    delete window.__lecturas;
  });

  it('shows the last answer at once, dated then, and the read on its way answers the refetch', async () => {
    const token = localStorage.getItem('token')!;
    let llegar!: (r: Response) => void;
    const ayer = Date.now() - 86_400_000;
    window.__lecturas = { '/caja/turno': { token, at: Date.now(), res: new Promise<Response>((r) => (llegar = r)), data: { turno: { id: 1 } }, dataAt: ayer, guardada: true } };
    const fetchMock = vi.fn(async () => json({ turno: null }));
    vi.stubGlobal('fetch', fetchMock);
    // The copy is there for every render until the read arrives (the query is stale: it asks again)…
    expect(lecturaLista('/caja/turno')).toEqual({ initialData: { turno: { id: 1 } }, initialDataUpdatedAt: ayer });
    expect(lecturaLista('/caja/turno')).toEqual({ initialData: { turno: { id: 1 } }, initialDataUpdatedAt: ayer });
    // …and that asking takes the boot script's read, not a new request.
    const pedido = api('/caja/turno');
    llegar(json({ turno: { id: 2 } }));
    await expect(pedido).resolves.toEqual({ turno: { id: 2 } });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("keeps the copy up to date with the application's later reads, and makes none of its own", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ turno: null })));
    localStorage.setItem('lectura:/caja/turno', JSON.stringify({ huella: 'x', at: 1, data: { turno: { id: 1 } } }));
    await api('/caja/turno');
    expect(JSON.parse(localStorage.getItem('lectura:/caja/turno')!)).toMatchObject({ huella: 'firma-del-token-1234'.slice(-16), data: { turno: null } });
    await api('/ventas/productos/rapidos');
    expect(localStorage.getItem('lectura:/ventas/productos/rapidos')).toBeNull();
  });

  it('goes with the session when signing out', async () => {
    const { clearSession } = await import('./session');
    localStorage.setItem('lectura:/caja/turno', '{}');
    localStorage.setItem('otra-cosa', '1');
    clearSession();
    expect(localStorage.getItem('lectura:/caja/turno')).toBeNull();
    expect(localStorage.getItem('otra-cosa')).toBe('1');
  });
});

describe('a write carries its Idempotency-Key (issue #50 point 1)', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    localStorage.setItem('token', 'tok-1');
    fetchMock = vi.fn(async () => json({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });
  const clave = (i: number) => (fetchMock.mock.calls[i]![1] as RequestInit & { headers: Record<string, string> }).headers['idempotency-key'];

  it('every write its own key, the caller\'s when given; a read none', async () => {
    await api('/caja/movimientos', { method: 'POST', body: { monto: 1 } });
    await api('/caja/movimientos', { method: 'POST', body: { monto: 1 } });
    await api('/clientes/1/abonos', { method: 'POST', body: { monto: 1 }, clave: 'abono-del-formulario-1' });
    await api('/caja/turno');
    expect(clave(0)).toMatch(/^[0-9a-f-]{36}$/);
    expect(clave(1)).toMatch(/^[0-9a-f-]{36}$/);
    expect(clave(0)).not.toBe(clave(1));
    expect(clave(2)).toBe('abono-del-formulario-1');
    expect(clave(3)).toBeUndefined();
  });
});
