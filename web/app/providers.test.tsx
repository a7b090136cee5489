import { onlineManager, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TSesion } from '#shared/schemas/auth';
import { clearSession, identidadDeSesion, saveSession, useSession } from '../lib/session';
import { AppProviders, crearQueryClient } from './providers';

/**
 * Issue #28 finding M2: on a shared phone or PC, store B's cashier signing in after store A's owner
 * saw A's name, code, products and customers from the query cache until a reload. Each session's
 * answers are now its own: the cache is emptied when a session ends or another starts, and every
 * query key is hashed with the session's identity.
 */
const sesion = (tienda: string, rol = 1): TSesion => ({ tipo: 'tienda', documento: null, usuario: tienda, tienda, id_Tienda: tienda === 'A' ? 1 : 2, rol, codigo_invitacion: null });

afterEach(() => localStorage.clear());

describe('la caché de consultas en un dispositivo compartido', () => {
  it('una respuesta leída con la sesión de A nunca es la de B, aunque la clave sea la misma', () => {
    const qc = crearQueryClient();
    saveSession('token-de-la-tienda-A-xxxxxxxxxxxxxxxxxx', sesion('A'));
    qc.setQueryData(['productos', 'lista'], ['Leche de A']);
    expect(qc.getQueryData(['productos', 'lista'])).toEqual(['Leche de A']);
    saveSession('token-de-la-tienda-B-yyyyyyyyyyyyyyyyyy', sesion('B', 2));
    expect(qc.getQueryData(['productos', 'lista'])).toBeUndefined();
  });

  it('cerrar sesión e iniciar otra vacía la caché y las copias del dispositivo antes de mostrar nada', async () => {
    saveSession('token-de-la-tienda-A-xxxxxxxxxxxxxxxxxx', sesion('A'));
    localStorage.setItem('lectura:/caja/turno', JSON.stringify({ huella: 'x', data: { tienda: 'A' } }));
    localStorage.setItem('prodCarrito', '[{"nombre":"Leche de A"}]');
    // A screen of the app: shown only while signed in (as AppLayout does); the server answers the
    // name of the store whose token it gets.
    function Nombre() {
      const { data } = useQuery({ queryKey: ['tienda', 'nombre'], queryFn: async () => `Tienda ${localStorage.getItem('tienda')}`, staleTime: Infinity });
      return <p>{data ?? 'cargando'}</p>;
    }
    function Pantalla() {
      return useSession() ? <Nombre /> : null;
    }
    render(
      <AppProviders>
        <Pantalla />
      </AppProviders>,
    );
    expect(await screen.findByText('Tienda A')).toBeTruthy();
    // Signed out, then B signs in on the same page: A's answer is never shown again.
    const vistos: string[] = [];
    const observer = new MutationObserver(() => vistos.push(document.body.textContent ?? ''));
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    act(() => clearSession());
    expect(localStorage.getItem('lectura:/caja/turno')).toBeNull();
    expect(localStorage.getItem('prodCarrito')).toBeNull();
    act(() => saveSession('token-de-la-tienda-B-yyyyyyyyyyyyyyyyyy', sesion('B', 2)));
    expect(await screen.findByText('Tienda B')).toBeTruthy();
    observer.disconnect();
    expect(vistos.length).toBeGreaterThan(0);
    expect(vistos.filter((t) => t.includes('Tienda A'))).toEqual([]);
  });

  it('la identidad es la cuenta del token: la misma persona que vuelve a entrar conserva su carrito', () => {
    const jwt = (sub: string, n: number) => `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ sub, n })).replace(/=+$/, '')}.firma${n}`;
    saveSession(jwt('u:7', 1), sesion('A', 2));
    expect(identidadDeSesion()).toBe('u:7');
    localStorage.setItem('prodCarrito', '[{"nombre":"Leche"}]');
    saveSession(jwt('u:7', 2), sesion('A', 2));
    expect(localStorage.getItem('prodCarrito')).not.toBeNull();
    saveSession(jwt('u:8', 3), sesion('A', 2));
    expect(identidadDeSesion()).toBe('u:8');
    expect(localStorage.getItem('prodCarrito')).toBeNull();
  });

  it('el dueño que cambia de tienda (issue #56) no ve las respuestas ni el carrito de la otra, y al volver tampoco los de esta', () => {
    const jwt = (claims: { sub: string; tiendaActual?: number; n: number }) => `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.firma${claims.n}`;
    const qc = crearQueryClient();
    saveSession(jwt({ sub: 'u:7', n: 1 }), sesion('A'));
    qc.setQueryData(['productos', 'lista'], ['Arroz a $ 3.000 en A']);
    localStorage.setItem('prodCarrito', '[{"nombre":"Arroz de A"}]');
    // POST /api/sesion/tienda answers a token acting for store 2: same person, another store.
    saveSession(jwt({ sub: 'u:7', tiendaActual: 2, n: 2 }), sesion('B'));
    expect(identidadDeSesion()).toBe('u:7@2');
    expect(qc.getQueryData(['productos', 'lista'])).toBeUndefined();
    expect(localStorage.getItem('prodCarrito')).toBeNull();
    qc.setQueryData(['productos', 'lista'], ['Arroz a $ 3.200 en B']);
    saveSession(jwt({ sub: 'u:7', tiendaActual: 1, n: 3 }), sesion('A'));
    expect(qc.getQueryData(['productos', 'lista'])).toBeUndefined();
  });

  it('iniciar sesión como otra persona sin cerrar la anterior también borra lo del dispositivo', () => {
    saveSession('token-de-la-tienda-A-xxxxxxxxxxxxxxxxxx', sesion('A'));
    localStorage.setItem('ventasEnEspera', '[{"cliente":"de A"}]');
    localStorage.setItem('lectura:/ventas/productos/rapidos', '{}');
    saveSession('token-de-la-tienda-A-xxxxxxxxxxxxxxxxxx', sesion('A'));
    expect(localStorage.getItem('ventasEnEspera')).not.toBeNull();
    saveSession('token-de-la-tienda-B-yyyyyyyyyyyyyyyyyy', sesion('B', 2));
    expect(localStorage.getItem('ventasEnEspera')).toBeNull();
    expect(localStorage.getItem('lectura:/ventas/productos/rapidos')).toBeNull();
    expect(localStorage.getItem('tienda')).toBe('B');
  });
});

describe('la red se cae con la caja abierta', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('después del evento offline del navegador, una consulta y un cobro del equipo corren igual (no quedan en espera)', async () => {
    const qc = crearQueryClient();
    // What the page's `offline` event does to TanStack's idea of the network.
    onlineManager.setOnline(false);
    const consulta = qc.fetchQuery({ queryKey: ['metodos-pago', 'sin-red'], queryFn: async () => [{ id: 1, nombre: 'Efectivo' }] });
    await expect(consulta).resolves.toEqual([{ id: 1, nombre: 'Efectivo' }]);
    const cobro = qc.getMutationCache().build(qc, { mutationFn: async (total: number) => ({ recibo: 'D1-1', total }) });
    await expect(cobro.execute(3000)).resolves.toEqual({ recibo: 'D1-1', total: 3000 });
  });
});
