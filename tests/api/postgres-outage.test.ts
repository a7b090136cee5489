import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { api, startServer, type ServerProcess } from '../helpers/server-process';
import { tcpProxy, type TcpProxy } from '../helpers/tcp-proxy';

/**
 * Surviving the database going away (issue #37 point 0b), on real PostgreSQL: the server's backends
 * are ended (what a restart, a failover or a managed database's maintenance does) during a burst of
 * sales and while idle, and PostgreSQL is taken away altogether for a while. The process stays up,
 * answers 503 in Spanish while the database is gone (never a 500), every sale it acknowledged is
 * there, and requests succeed again without a restart.
 */
const URL_BASE = process.env.TEST_DATABASE_URL;
const name = `outage_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
let server: ServerProcess | undefined;
let proxy: TcpProxy | undefined;

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: URL_BASE });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

afterAll(async () => {
  await server?.stop('SIGKILL');
  await proxy?.close();
  if (URL_BASE) await admin((c) => c.query(`drop database if exists "${name}" with (force)`));
});

const terminate = () =>
  admin((c) => c.query('select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]));

describe.skipIf(!URL_BASE)('PostgreSQL se va y vuelve', () => {
  it('el servidor sigue en pie, no pierde ventas confirmadas y vuelve a atender sin reiniciarse', { timeout: 300_000 }, async () => {
    await admin((c) => c.query(`create database "${name}"`));
    const real = new URL(URL_BASE!);
    proxy = await tcpProxy({ host: real.hostname, port: Number(real.port || 5432) });
    const dbUrl = new URL(proxy.url(URL_BASE!));
    dbUrl.pathname = `/${name}`;
    server = await startServer({ DATABASE_URL: dbUrl.toString(), DEMO_DATA: 'true', RATE_LIMIT_AUTH_MAX: '100000', DB_POOL_SIZE: '4' });
    const base = server.url;

    const login = await api<{ token: string }>(base, 'POST', '/api/sesion/login', undefined, { tipo: 'tienda', email: 'tienda@demo.adax.co', contrasena: 'Demo2024' });
    expect(login.status).toBe(200);
    const token = login.json.token;
    await api(base, 'POST', '/api/caja/turnos', token, { fondoInicial: 0 });
    const list = await api<{ items: { id: number; stock: number }[] }>(base, 'GET', '/api/ventas/productos?pageSize=50', token);
    const products = list.json.items.filter((p) => p.stock >= 10).map((p) => p.id);
    expect(products.length).toBeGreaterThan(5);

    // A burst of sales; the backends are ended in its middle.
    const confirmed: number[] = [];
    const statuses = new Map<number, number>();
    let stop = false;
    const worker = async (w: number) => {
      for (let i = 0; !stop && i < 300; i++) {
        const lineas = [{ productoId: products[(w * 7 + i) % products.length]!, cantidad: 1 }];
        const r = await api<{ id: number }>(base, 'POST', '/api/ventas', token, { lineas, metodoPagoId: 5, montoRecibido: 1_000_000 });
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        if (r.status === 201) confirmed.push(r.json.id);
      }
    };
    const workers = [0, 1, 2].map(worker);
    while (confirmed.length < 10) await new Promise((r) => setTimeout(r, 20));
    const ended = await terminate();
    expect(ended.rows[0]!.n).toBeGreaterThan(0);
    const mark = confirmed.length;
    while (confirmed.length < mark + 10) await new Promise((r) => setTimeout(r, 20));
    stop = true;
    await Promise.all(workers);
    expect(server.child.exitCode).toBeNull();
    // Only sales and refusals of a database that was gone: never a 500.
    expect([...statuses.keys()].filter((s) => s !== 201 && s !== 503)).toEqual([]);

    // While idle: the pool's idle clients lose their backends (the crash of issue #37).
    await new Promise((r) => setTimeout(r, 500));
    await terminate();
    await new Promise((r) => setTimeout(r, 500));
    expect(server.child.exitCode).toBeNull();
    expect((await api(base, 'GET', '/api/ready')).status).toBe(200);

    // PostgreSQL gone altogether: 503 in Spanish, ready 503, the process up.
    await proxy.cut();
    const gone = await api<{ error: { code: string; message: string } }>(base, 'POST', '/api/ventas', token, {
      lineas: [{ productoId: products[0]!, cantidad: 1 }],
      metodoPagoId: 5,
      montoRecibido: 1_000_000,
    });
    expect(gone.status).toBe(503);
    expect(gone.json.error).toEqual({ code: 'UNAVAILABLE', message: M.operacion.baseNoDisponible });
    const notReady = await api<{ baseDeDatos: string }>(base, 'GET', '/api/ready');
    expect(notReady.status).toBe(503);
    expect(notReady.json.baseDeDatos).toBe('no responde');
    expect((await api(base, 'GET', '/api/health')).status).toBe(200);

    // Back: requests succeed again, with no restart (bounded wait for the pool to reconnect).
    await proxy.restore();
    let again = 0;
    for (let i = 0; i < 50 && again !== 201; i++) {
      const r = await api<{ id: number }>(base, 'POST', '/api/ventas', token, { lineas: [{ productoId: products[1]!, cantidad: 1 }], metodoPagoId: 5, montoRecibido: 1_000_000 });
      again = r.status;
      if (r.status === 201) confirmed.push(r.json.id);
      else await new Promise((res) => setTimeout(res, 200));
    }
    expect(again).toBe(201);
    expect(server.child.exitCode).toBeNull();

    // Every acknowledged sale is there, whole.
    const found = await admin(async (c) => {
      await c.query(`select 1`);
      const db = new pg.Client({ connectionString: new URL(`/${name}`, URL_BASE!).toString() });
      await db.connect();
      try {
        const res = await db.query<{ n: number }>(
          'select count(*)::int as n from venta v where v.id_venta = any($1::int[]) and exists (select 1 from factura f where f.venta_id = v.id_venta)',
          [confirmed],
        );
        const half = await db.query<{ n: number }>(
          `select count(*)::int as n from venta v where not exists (select 1 from factura f where f.venta_id = v.id_venta)
             or v.total <> (select coalesce(sum(f.cantidad * f.precio), 0) from factura f where f.venta_id = v.id_venta)`,
        );
        return { whole: res.rows[0]!.n, halfWritten: half.rows[0]!.n };
      } finally {
        await db.end();
      }
    });
    expect(found).toEqual({ whole: confirmed.length, halfWritten: 0 });
    expect(await server.stop('SIGTERM')).toBe(0);
    server = undefined;
  });
});
