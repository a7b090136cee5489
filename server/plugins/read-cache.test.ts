import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { producto, tienda } from '../db/schema';
import { DEMO, seedDemo } from '../db/demo';
import { abrirCaja, crearEmpleado, login } from '../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ READ_CACHE: 'on' });
  await seedDemo(t.database.db);
  token = await login(t, 'tienda', DEMO.tienda.email, DEMO.tienda.contrasena);
  await abrirCaja(t, token);
});
afterAll(() => t?.close());

const get = (url: string) => t.request({ method: 'GET', url, token });

describe('caché de lecturas (base embebida)', () => {
  it('sirve la búsqueda repetida desde la caché; tras una venta sigue en caché con el stock al día', async () => {
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
    expect(after.headers['x-cache']).toBe('hit');
    expect(after.json()).toEqual({ ...first.json(), items: first.json().items.map((p: { id: number; stock: number }) => (p.id === agua.id ? { ...p, stock: agua.stock - 2 } : p)) });

    // Annulling puts the stock back: still the cached page, with the stock read again.
    const anulada = await t.request({ method: 'POST', url: `/api/ventas/${sale.json().id}/anular`, token });
    expect(anulada.statusCode).toBe(200);
    expect((await get(url)).json().items[0].stock).toBe(agua.stock);

    // With no write since, a hit answers from memory without reading the stock again: a change made
    // behind the app's back (only a test can, on the embedded database) is not seen until the next write.
    await t.database.db.update(producto).set({ stock: 1 }).where(eq(producto.idProducto, agua.id));
    expect((await get(url)).json().items[0].stock).toBe(agua.stock);
    const otra = await t.request({ method: 'POST', url: '/api/ventas', token, payload: { lineas: [{ productoId: agua.id, cantidad: 1 }], metodoPagoId: 5, montoRecibido: 100000 } });
    expect(otra.statusCode).toBe(201);
    expect((await get(url)).json().items[0].stock).toBe(0);
    await t.database.db.update(producto).set({ stock: agua.stock }).where(eq(producto.idProducto, agua.id));
  });

  it('un cambio del catálogo (precio, nombre) o cualquier otra escritura de la tienda sí la descarta', async () => {
    const url = '/api/ventas/productos?q=agua';
    const agua = (await get(url)).json().items[0] as { id: number; precio: number };
    expect((await get(url)).headers['x-cache']).toBe('hit');
    const d = (await t.request({ method: 'GET', url: `/api/productos/${agua.id}`, token })).json();
    const { id: _id, nombrepr: _n, ...form } = d;
    const put = await t.request({ method: 'PUT', url: `/api/productos/${agua.id}`, token, payload: { ...form, precio: agua.precio + 100 } });
    expect(put.statusCode).toBe(200);
    const after = await get(url);
    expect(after.headers['x-cache']).toBeUndefined();
    expect(after.json().items[0].precio).toBe(agua.precio + 100);

    expect((await get(url)).headers['x-cache']).toBe('hit');
    const cliente = await t.request({ method: 'POST', url: '/api/clientes', token, payload: { documento: '5550001234', tipoDocumento: 'CC', nombre: 'Ana', apellido: 'Ríos', correo: 'ana.cache@rios.co' } });
    expect(cliente.statusCode).toBe(201);
    expect((await get(url)).headers['x-cache']).toBeUndefined();
  });

  it('las listas que dependen de las ventas (análisis, facturas) sí se descartan con una venta', async () => {
    const agua = (await get('/api/ventas/productos?q=agua')).json().items[0] as { id: number };
    await get('/api/facturas');
    expect((await get('/api/facturas')).headers['x-cache']).toBe('hit');
    const sale = await t.request({ method: 'POST', url: '/api/ventas', token, payload: { lineas: [{ productoId: agua.id, cantidad: 1 }], metodoPagoId: 5, montoRecibido: 100000 } });
    expect(sale.statusCode).toBe(201);
    const facturas = await get('/api/facturas');
    expect(facturas.headers['x-cache']).toBeUndefined();
    expect(facturas.json().items[0].idVenta).toBe(sale.json().id);
  });

  it('la lista de facturas no pasa de un empleado a otro del mismo rol (cada uno ve solo sus ventas, issue #51 punto 8)', async () => {
    await t.database.db.update(tienda).set({ aprobarEmpleados: false }).where(eq(tienda.codigoInvitacion, DEMO.tienda.codigo));
    const otro = await crearEmpleado(t, DEMO.tienda.codigo);
    const empleado = await login(t, 'empleado', DEMO.empleado.email, DEMO.empleado.contrasena);
    const agua = (await get('/api/ventas/productos?q=agua')).json().items[0] as { id: number };
    const sale = await t.request({ method: 'POST', url: '/api/ventas', token: otro.token, payload: { lineas: [{ productoId: agua.id, cantidad: 1 }], metodoPagoId: 5, montoRecibido: 100000 } });
    expect(sale.statusCode).toBe(201);
    const suyas = await t.request({ method: 'GET', url: '/api/facturas', token: otro.token });
    expect(suyas.json().items.map((i: { idVenta: number }) => i.idVenta)).toEqual([sale.json().id]);
    expect((await t.request({ method: 'GET', url: '/api/facturas', token: otro.token })).headers['x-cache']).toBe('hit');
    const delOtro = await t.request({ method: 'GET', url: '/api/facturas', token: empleado });
    expect(delOtro.headers['x-cache']).toBeUndefined();
    expect(delOtro.json().items.map((i: { idVenta: number }) => i.idVenta)).not.toContain(sale.json().id);
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
