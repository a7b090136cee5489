import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import { afterAll, describe, expect, it } from 'vitest';
import { up, type Topology } from '../../scripts/deploy-local';
import { serverCommand } from '../helpers/server-process';

/**
 * The deployment recipe of docs/deploy.md, brought up by its own script on loopback addresses: two
 * instances on one PostgreSQL (and Redis when there is one) behind Debian's nginx with TLS. A cashier
 * keeps selling through the proxy while each instance in turn is restarted as systemd would (SIGTERM,
 * then started again): no sale sees an error, and the proxy's request id is in the instance's log.
 */
const PG = process.env.TEST_DATABASE_URL;
const NGINX = '/usr/sbin/nginx';
let topology: Topology | undefined;
afterAll(async () => {
  await topology?.down();
});

function request(t: Topology, method: string, url: string, token?: string, body?: unknown) {
  return new Promise<{ status: number; json: Record<string, unknown>; headers: Record<string, unknown> }>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = https.request(
      `${t.url}${url}`,
      {
        method,
        ca: t.cert,
        headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => {
          let json: Record<string, unknown>;
          try {
            json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
          } catch {
            json = { texto: text.slice(0, 200) };
          }
          resolve({ status: res.statusCode!, json, headers: res.headers });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe.skipIf(!PG || !fs.existsSync(NGINX))('despliegue: dos instancias detrás de nginx', () => {
  it('las ventas por el proxy no ven ningún error mientras cada instancia se reinicia', { timeout: 300_000 }, async () => {
    // The run's compiled server (server-process.ts), as the process tests start it: through tsx each of the
    // four starts compiled the whole server again.
    topology = await up({ postgresUrl: PG!, redisUrl: process.env.TEST_REDIS_URL, instances: 2, comando: ['--max-old-space-size=256', ...serverCommand()] });
    const t = topology;

    // Plain HTTP is sent to HTTPS.
    const plain = await fetch(`${t.httpUrl}/api/health`, { redirect: 'manual' });
    expect(plain.status).toBe(301);
    expect(plain.headers.get('location')).toBe(`${t.url}/api/health`);

    const login = await request(t, 'POST', '/api/sesion/login', undefined, { tipo: 'tienda', email: 'tienda@demo.adax.co', contrasena: 'Demo2024' });
    expect(login.status).toBe(200);
    const token = login.json.token as string;
    await request(t, 'POST', '/api/caja/turnos', token, { fondoInicial: 0 });
    // Products with stock for the whole run (the demo's would sell out while an instance restarts).
    const products: number[] = [];
    for (const nombre of ['Panela de la prueba', 'Arepa de la prueba', 'Gaseosa de la prueba']) {
      const r = await request(t, 'POST', '/api/productos', token, { nombre, precio: 1000, cantidad: 100_000 });
      expect(r.status, JSON.stringify(r.json)).toBe(201);
      products.push((r.json.producto as { id: number }).id);
    }

    const statuses: number[] = [];
    const ids: string[] = [];
    let selling = true;
    const cashier = async (w: number) => {
      for (let i = 0; selling && i < 2_000; i++) {
        const r = await request(t, 'POST', '/api/ventas', token, {
          lineas: [{ productoId: products[(w + i) % products.length]!, cantidad: 1 }],
          metodoPagoId: 5,
          montoRecibido: 1_000_000,
          // As the till does: a sale the proxy sends twice (an instance that went away) is recorded once.
          clave: randomUUID(),
        });
        statuses.push(r.status);
        if (r.status !== 201) console.error('venta rechazada', r.status, JSON.stringify(r.json));
        ids.push(String(r.headers['x-request-id'] ?? ''));
        await new Promise((res) => setTimeout(res, 20));
      }
    };
    const cashiers = [cashier(0), cashier(1)];
    await new Promise((r) => setTimeout(r, 1_000));
    await t.restart(0, { downMs: 500 });
    // A rolling restart: the next instance stops once the proxy takes the first back (fail_timeout, 3 s).
    await new Promise((r) => setTimeout(r, 4_000));
    await t.restart(1, { downMs: 500 });
    await new Promise((r) => setTimeout(r, 1_000));
    selling = false;
    await Promise.all(cashiers);

    expect(statuses.length).toBeGreaterThan(20);
    expect(statuses.filter((s) => s !== 201)).toEqual([]);
    // The proxy's request id reaches the instance's log.
    const last = ids.at(-1)!;
    expect(last).toMatch(/^[0-9a-f]{32}$/);
    expect(t.instances.map((i) => i.output()).join('\n')).toContain(`"reqId":"${last}"`);
  });
});
