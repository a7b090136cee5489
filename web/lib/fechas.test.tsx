import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TRecibo } from '#shared/schemas/venta';
import { fechaRecibo, lineasRecibo } from './impresion/texto-recibo';
import { fechasEn, useFechas, useZonaHoraria } from './fechas';
import { STORAGE_KEYS } from './session';

// Plain spaces: es-CO puts a (narrow) no-break space before "a. m." and in "a. m." itself.
const plano = (s: string) => s.replace(/\u00a0|\u202f/g, ' ');
// 16:00Z on May 1 2024 is 11:00 a. m. of May 1 in Bogotá (UTC−5) and 1:00 a. m. of May 2 in Tokyo (UTC+9).
const INSTANTE = '2024-05-01T16:00:00Z';

describe('fechasEn: los formatos de fecha y hora en la zona de la tienda', () => {
  it('Bogotá por defecto', () => {
    const f = fechasEn();
    expect(f.zona).toBe('America/Bogota');
    expect(plano(f.fecha(INSTANTE))).toBe('01/05/2024');
    expect(plano(f.fechaHora(INSTANTE))).toBe('01/05/2024, 11:00 a. m.');
    expect(plano(f.hora(INSTANTE))).toBe('11:00 a. m.');
    expect(plano(f.fechaLarga(INSTANTE))).toBe('1 de mayo de 2024');
    expect(f.dia(INSTANTE)).toBe('2024-05-01');
  });

  it('otra zona ve su propio día y su propia hora', () => {
    const f = fechasEn('Asia/Tokyo');
    expect(plano(f.fechaHora(INSTANTE))).toBe('02/05/2024, 1:00 a. m.');
    expect(plano(f.fechaLarga(new Date(INSTANTE)))).toBe('2 de mayo de 2024');
    expect(plano(f.fechaMedia(Date.parse(INSTANTE)))).toMatch(/^0?2\D.*2024, 1:00 a\. m\.$/); // ICU: "2/05/2024" or "2 may 2024"
    expect(f.dia(INSTANTE)).toBe('2024-05-02');
    // Mexico City (UTC−6 since 2022, no daylight saving): 10:00 a. m.
    expect(plano(fechasEn('America/Mexico_City').hora(INSTANTE))).toBe('10:00 a. m.');
  });

  it('"hoy" es el día de la zona, y un formato se crea una sola vez por zona', () => {
    vi.useFakeTimers({ now: new Date('2024-05-01T20:00:00Z') });
    try {
      expect(fechasEn('America/Bogota').hoy()).toBe('2024-05-01');
      expect(fechasEn('Asia/Tokyo').hoy()).toBe('2024-05-02');
    } finally {
      vi.useRealTimers();
    }
    expect(fechasEn('Asia/Tokyo')).toBe(fechasEn('Asia/Tokyo'));
  });

  it('una zona desconocida cae en Bogotá y un valor que no es fecha se muestra tal cual', () => {
    const marte = fechasEn('Marte/Olympus_Mons');
    expect(marte.zona).toBe('America/Bogota');
    expect(marte.fechaHora('2024-05-01T20:00:00Z')).toBe(fechasEn('America/Bogota').fechaHora('2024-05-01T20:00:00Z'));
    expect(fechasEn().fecha('no es fecha')).toBe('no es fecha');
  });
});

describe('el recibo impreso usa la zona de la tienda', () => {
  const recibo = {
    id: 7, estado: 'Completada', fecha: INSTANTE, tienda: 'Tienda', cajero: 'Ana', lineas: [], subtotal: 0, descuento: 0, motivoDescuento: null, total: 0,
    metodoPago: { id: 5, nombre: 'Efectivo' }, referencia: null, montoRecibido: 0, montoFiado: 0, cambio: 0, cliente: null,
  } as unknown as TRecibo;

  it('ESC/POS, texto y PDF: la fecha del recibo en la zona de los ajustes (Bogotá sin ajustes)', () => {
    expect(fechaRecibo(INSTANTE)).toBe('01/05/2024, 11:00 a. m.');
    expect(fechaRecibo(INSTANTE, 'Asia/Tokyo')).toBe('02/05/2024, 1:00 a. m.');
    const datos = { nit: null, direccion: null, telefono: null, pieRecibo: null, zonaHoraria: 'Asia/Tokyo' };
    expect(lineasRecibo(recibo, datos, 48).join('\n')).toContain('02/05/2024, 1:00 a. m.');
    expect(lineasRecibo(recibo, null, 48).join('\n')).toContain('01/05/2024, 11:00 a. m.');
  });
});

describe('useZonaHoraria / useFechas', () => {
  afterEach(() => vi.unstubAllGlobals());
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{children}</QueryClientProvider>
  );

  it('lee la zona de los ajustes de la tienda; Bogotá mientras cargan', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 't');
    localStorage.setItem(STORAGE_KEYS.rol, '1');
    localStorage.setItem(STORAGE_KEYS.idTienda, '3');
    const fetch = vi.fn(async (_url: RequestInfo | URL) => new Response(JSON.stringify({ nombreTienda: 'T', nit: null, direccion: null, telefono: null, anchoPapel: '80', pieRecibo: null, zonaHoraria: 'Asia/Tokyo' }), { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    const { result } = renderHook(() => ({ zona: useZonaHoraria(), fechas: useFechas() }), { wrapper });
    expect(result.current.zona).toBe('America/Bogota');
    await waitFor(() => expect(result.current.zona).toBe('Asia/Tokyo'));
    expect(result.current.fechas.dia(INSTANTE)).toBe('2024-05-02');
    expect(String(fetch.mock.calls[0]?.[0])).toContain('/api/tienda/ajustes');
  });

  it('sin tienda (el operador de la plataforma, o sin sesión) no pregunta y usa Bogotá', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { result } = renderHook(() => useZonaHoraria(), { wrapper });
    expect(result.current).toBe('America/Bogota');
    expect(fetch).not.toHaveBeenCalled();
  });
});
