import { afterAll, describe, expect, it, vi } from 'vitest';
import { M } from '#shared/messages';
import { producto } from '../db/schema';
import { crearTienda } from '../../tests/helpers/factories';
import { freePort } from '../../tests/helpers/server-process';
import { tcpProxy } from '../../tests/helpers/tcp-proxy';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';

/** Health, readiness, metrics and draining (issue #37 points 1–3); Redis as a helper, not a gate (0c). */
const TOKEN = 'metricas-de-prueba-0123456789';
/**
 * Each test starts one or two whole apps of its own (a database from the template, the server's
 * plugins): on a 2-core machine under load that took longer than the default 30 s for two of them.
 */
const CON_APPS = { timeout: 120_000 };
const apps: TestApp[] = [];
afterAll(async () => {
  for (const a of apps) await a.close();
});

async function app(env: Record<string, string> = {}) {
  const t = await createTestApp(env);
  apps.push(t);
  return t;
}

async function venderUno(t: TestApp) {
  const s = await crearTienda(t);
  const [p] = await t.database.db.insert(producto).values({ tiendaId: s.id, nombre: 'Panela', precioUnit: 3000, stock: 10, estado: 1, marca: 'M' }).returning();
  const res = await t.request({ method: 'POST', url: '/api/ventas', token: s.token, payload: { lineas: [{ productoId: p!.idProducto, cantidad: 1 }], metodoPagoId: 5, montoRecibido: 3000 } });
  expect(res.statusCode, res.body).toBe(201);
  return s;
}

/** The value of a metric line `name{labels} value` (0 when absent). */
function metric(text: string, name: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  return line ? Number(line.split(' ').pop()) : 0;
}

describe('salud y disponibilidad', CON_APPS, () => {
  it('health responde sin sesión; ready dice que la base responde, las migraciones están al día y no está cerrando', async () => {
    const t = await app();
    expect((await t.request({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    const ready = await t.request({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ok', baseDeDatos: 'ok', migraciones: 'al día', cerrando: false, contadores: 'en memoria', disco: 'ok' });
    expect(ready.json().discoLibreMb).toBeGreaterThan(0);
  });

  it('ready dice que el disco está lleno cuando la carpeta de datos tiene menos espacio libre que DISCO_MINIMO_MB', async () => {
    // More than any disk here has free: the data folder's file system is "full" for this instance.
    const t = await app({ DISCO_MINIMO_MB: '1000000' });
    const ready = await t.request({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'no listo', baseDeDatos: 'ok', disco: 'lleno' });
  });

  it('una escritura rechazada por disco lleno (53100) responde en español y ready lo dice aunque la carpeta tenga espacio', async () => {
    const t = await app();
    const s = await venderUno(t);
    expect((await t.request({ method: 'GET', url: '/api/ready' })).json()).toMatchObject({ disco: 'ok' });
    // PostgreSQL's disk is on its own machine: the only sign here is the error of the write it refused.
    const lleno = Object.assign(new Error('could not extend file "base/16384/2619": No space left on device'), { code: '53100' });
    // A sale paid in full is one statement (execute); anything else is a transaction.
    const espias = [vi.spyOn(t.app.db, 'transaction').mockRejectedValue(lleno), vi.spyOn(t.app.db, 'execute').mockRejectedValue(lleno)];
    try {
      const [p] = await t.database.db.select().from(producto).limit(1);
      const res = await t.request({
        method: 'POST',
        url: '/api/ventas',
        token: s.token,
        payload: { lineas: [{ productoId: p!.idProducto, cantidad: 1 }], metodoPagoId: 5, montoRecibido: 3000 },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: { code: 'UNAVAILABLE', message: M.operacion.discoLleno } });
    } finally {
      for (const e of espias) e.mockRestore();
    }
    const ready = await t.request({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'no listo', baseDeDatos: 'ok', disco: 'lleno' });
  });

  it('al cerrar (SIGTERM) ready responde 503 y lo que llega se rechaza entero con el mensaje de siempre', async () => {
    const t = await app();
    const s = await crearTienda(t);
    t.app.draining = true;
    try {
      const ready = await t.request({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'no listo', cerrando: true });
      const sale = await t.request({ method: 'POST', url: '/api/ventas', token: s.token, payload: { lineas: [], metodoPagoId: 5 } });
      expect(sale.statusCode).toBe(503);
      expect(sale.json()).toEqual({ error: { code: 'UNAVAILABLE', message: M.operacion.cerrando } });
      expect(sale.headers['retry-after']).toBe('2');
    } finally {
      t.app.draining = false;
    }
  });
});

describe('métricas (Prometheus)', CON_APPS, () => {
  it('sin METRICS_TOKEN no existen; con él piden el token', async () => {
    const off = await app();
    expect((await off.request({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(404);
    const on = await app({ METRICS_TOKEN: TOKEN });
    expect((await on.request({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(401);
    expect((await on.request({ method: 'GET', url: '/api/metrics', headers: { authorization: 'Bearer otra-cosa-0123456789012' } })).statusCode).toBe(401);
  });

  it('una venta mueve el contador de ventas y el tiempo de cobro; las peticiones se cuentan por ruta', async () => {
    const t = await app({ METRICS_TOKEN: TOKEN });
    const scrape = async () => {
      const res = await t.request({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      return res.body;
    };
    const before = await scrape();
    await venderUno(t);
    const after = await scrape();
    expect(metric(after, 'adax_ventas_total') - metric(before, 'adax_ventas_total')).toBe(1);
    expect(metric(after, 'adax_cobro_duracion_segundos_count') - metric(before, 'adax_cobro_duracion_segundos_count')).toBe(1);
    expect(after).toContain('adax_http_peticiones_total{method="POST",route="/api/ventas",status="201"} 1');
    expect(after).toMatch(/adax_http_duracion_segundos_bucket\{le="[\d.]+",method="POST",route="\/api\/tiendas\/registro"\}/);
    for (const name of ['adax_nodejs_eventloop_lag_seconds', 'adax_process_resident_memory_bytes', 'adax_hash_cola'])
      expect(after, name).toContain(`${name} `);
  });
});

describe('Redis es una ayuda, no una puerta', CON_APPS, () => {
  it('con Redis inalcanzable los inicios de sesión responden y los límites se cuentan en la instancia', { timeout: 60_000 }, async () => {
    const nobody = await freePort();
    const t = await app({ REDIS_URL: `redis://127.0.0.1:${nobody}`, RATE_LIMIT_AUTH_MAX: '4', RATE_LIMIT_AUTH_ADDRESS_MAX: '1000' });
    const s = await crearTienda(t);
    const login = (contrasena: string) => t.request({ method: 'POST', url: '/api/sesion/login', payload: { tipo: 'tienda', email: s.email, contrasena } });
    // crearTienda registered and signed in (two tries): two more fit in the bucket of four, the next is refused.
    expect((await login('Clave1234')).statusCode).toBe(200);
    expect((await login('Mala12345')).statusCode).toBe(401);
    expect((await login('Mala12345')).statusCode).toBe(429);
    expect((await t.request({ method: 'GET', url: '/api/ready' })).json()).toMatchObject({ status: 'ok', contadores: 'locales (Redis no responde)' });
  });

  const REDIS = process.env.TEST_REDIS_URL;
  it.skipIf(!REDIS)('cuando Redis vuelve, los contadores vuelven a ser compartidos', { timeout: 60_000 }, async () => {
    const real = new URL(REDIS!);
    const proxy = await tcpProxy({ host: real.hostname, port: Number(real.port || 6379) });
    try {
      const t = await app({ REDIS_URL: proxy.url(REDIS!), RATE_LIMIT_AUTH_ADDRESS_MAX: '100000' });
      const ready = async () => (await t.request({ method: 'GET', url: '/api/ready' })).json().contadores as string;
      expect(await ready()).toBe('compartidos');
      await proxy.cut();
      const fail = () => t.request({ method: 'POST', url: '/api/sesion/login', payload: { tipo: 'tienda', email: `nadie-${Date.now()}@x.co`, contrasena: 'Mala12345' } });
      expect((await fail()).statusCode).toBe(401);
      expect(await ready()).toBe('locales (Redis no responde)');
      await proxy.restore();
      let estado = await ready();
      for (let i = 0; i < 100 && estado !== 'compartidos'; i++) {
        await new Promise((r) => setTimeout(r, 200));
        estado = await ready();
      }
      expect(estado).toBe('compartidos');
      expect((await fail()).statusCode).toBe(401);
    } finally {
      await proxy.close();
    }
  });
});
