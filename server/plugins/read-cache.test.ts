import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, seedDemo } from '../db/demo';
import { login } from '../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ READ_CACHE: 'on' });
  await seedDemo(t.database.db);
  token = await login(t, 'tienda', DEMO.tienda.email, DEMO.tienda.contrasena);
});
afterAll(() => t?.close());

const get = (url: string) => t.request({ method: 'GET', url, token });

describe('caché de lecturas (base embebida)', () => {
  it('sirve la lista repetida desde la caché y la descarta en cuanto la tienda escribe', async () => {
    const url = '/api/ventas/productos?q=agua';
    const first = await get(url);
    expect(first.headers['x-cache']).toBeUndefined();
    const second = await get(url);
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.json()).toEqual(first.json());
    const agua = first.json().items[0] as { id: number; stock: number };

    const sale = await t.request({ method: 'POST', url: '/api/ventas', token, payload: { lineas: [{ productoId: agua.id, cantidad: 2 }], metodoPagoId: 5, montoRecibido: 100000 } });
    expect(sale.statusCode).toBe(201);
    const after = await get(url);
    expect(after.headers['x-cache']).toBeUndefined();
    expect(after.json().items[0].stock).toBe(agua.stock - 2);
  });

  it('no comparte respuestas entre tiendas ni con otra consulta', async () => {
    const other = await t.request({ method: 'POST', url: '/api/tiendas/registro', payload: { nombreTienda: 'Otra', email: 'otra@cache.co', contrasena: 'Clave1234' } });
    expect(other.statusCode).toBe(201);
    const otherToken = await login(t, 'tienda', 'otra@cache.co', 'Clave1234');
    await get('/api/ventas/productos?q=leche');
    const theirs = await t.request({ method: 'GET', url: '/api/ventas/productos?q=leche', token: otherToken });
    expect(theirs.headers['x-cache']).toBeUndefined();
    expect(theirs.json()).toEqual({ items: [], total: 0 });
  });
});

describe('caché de sesiones (base embebida)', () => {
  it('un cambio de contraseña revoca el token viejo al instante aunque la sesión estuviera en caché', async () => {
    const email = 'cache.sesion@prueba.co';
    await t.request({ method: 'POST', url: '/api/tiendas/registro', payload: { nombreTienda: 'Caché', email, contrasena: 'Clave1234' } });
    const old = await login(t, 'tienda', email, 'Clave1234');
    expect((await t.request({ method: 'GET', url: '/api/sesion', token: old })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/sesion', token: old })).statusCode).toBe(200);
    await t.request({ method: 'POST', url: '/api/recuperacion/enviar-codigo', payload: { correo: email } });
    const code = /(\d{6})/.exec(t.outbox.at(-1)!.text)![1]!;
    const reset = await t.request({ method: 'POST', url: '/api/recuperacion/restablecer', payload: { correo: email, codigo: code, contrasena: 'Nueva12345' } });
    expect(reset.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/sesion', token: old })).statusCode).toBe(401);
  });
});
