// npx tsx scripts/bench-sin-red.ts [--productos 100000] [--ventas 1000]
// Issue #34 (ADR 029), the server's side of offline selling on the embedded database (PGlite in
// memory, this thread), through the app's own routes (Fastify inject, no network):
//   - the first catalogue download of N products (every page of GET /api/sin-red/datos),
//   - the incremental download after 100 products changed,
//   - syncing M queued offline sales in order to POST /api/ventas, then replaying them all (answered
//     from their keys, nothing written).
// Not measured here: the browser's side (IndexedDB writes of the download, Confirmar pago → receipt),
// which needs Chromium; the journey tests/e2e/sin-red.spec.ts covers its behaviour, not its time.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { bootstrap } from '../server/bootstrap';
import { createDb } from '../server/db/client';
import { loadEnv } from '../server/env';

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : def;
};
const PRODUCTOS = Number(arg('productos', '100000'));
const VENTAS = Number(arg('ventas', '1000'));

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adax-bench-sin-red-'));
  const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: 'bench-secret-bench-secret-bench-secret-1', LOG_LEVEL: 'silent', RATE_LIMIT_AUTH_MAX: '1000', READ_CACHE: 'off', WEB_DIR: path.join(dataDir, 'no-web') });
  const database = await createDb({ pgliteThread: 'main' });
  const { app } = await bootstrap(env, { database, mailer: { async send() {} }, logger: false });
  await app.ready();
  const db = database.db;
  const pedir = async (method: 'GET' | 'POST', url: string, token?: string, payload?: object) => {
    const r = await app.inject({ method, url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
    if (r.statusCode >= 300) throw new Error(`${method} ${url}: ${r.statusCode} ${r.body}`);
    return r.json();
  };
  try {
    const reg = await pedir('POST', '/api/tiendas/registro', undefined, { nombreTienda: 'Bench sin red', email: 'bench@sinred.co', contrasena: 'Clave1234' });
    const tiendaId = reg.id_Tienda as number;
    const token = (await pedir('POST', '/api/sesion/login', undefined, { tipo: 'tienda', email: 'bench@sinred.co', contrasena: 'Clave1234' })).token as string;
    await pedir('POST', '/api/caja/turnos', token, { fondoInicial: 0 });
    await db.execute(sql`insert into producto (tienda_id, nombre, marca, precio_unit, stock, codigo_barras)
      select ${tiendaId}, 'Producto ' || g, 'Marca ' || (g % 300), 500 + (g * 37) % 20000, 50, '770' || lpad(g::text, 10, '0') from generate_series(1, ${PRODUCTOS}) g`);
    // A catalogue written a day ago (triggers off for this one update, which would stamp it now).
    await db.execute(sql`set session_replication_role = replica`);
    await db.execute(sql`update producto set actualizado_en = now() - interval '1 day' where tienda_id = ${tiendaId}`);
    await db.execute(sql`set session_replication_role = origin`);

    // First download: every page.
    let t0 = performance.now();
    let desde: string | undefined;
    let tras = 0;
    let recibidos = 0;
    let servidor = '';
    for (;;) {
      const q = new URLSearchParams({ ...(desde ? { desde } : {}), ...(tras ? { tras: String(tras) } : {}) });
      const d = await pedir('GET', `/api/sin-red/datos?${q}`, token);
      servidor ||= d.servidor;
      recibidos += d.productos.length;
      if (!d.siguiente) break;
      desde = d.siguiente.desde || undefined;
      tras = d.siguiente.tras;
    }
    const primera = performance.now() - t0;

    // 100 products change; the device asks from 60 s before the last read (as the till does).
    await db.execute(sql`update producto set precio_unit = precio_unit + 100 where tienda_id = ${tiendaId} and id_producto in (select id_producto from producto where tienda_id = ${tiendaId} order by id_producto limit 100)`);
    const cursor = new Date(Date.parse(servidor) - 60_000).toISOString();
    t0 = performance.now();
    const inc = await pedir('GET', `/api/sin-red/datos?desde=${encodeURIComponent(cursor)}`, token);
    const incremental = performance.now() - t0;

    // M queued offline sales, sent in order, then replayed.
    const dispositivo = await pedir('POST', '/api/sin-red/dispositivos', token);
    const ids = ((await db.execute(sql`select id_producto from producto where tienda_id = ${tiendaId} order by id_producto limit 500`)) as unknown as { rows: { id_producto: number }[] }).rows.map((r) => r.id_producto);
    const ahora = new Date().toISOString();
    const cuerpos = Array.from({ length: VENTAS }, (_, i) => ({
      clave: randomUUID(),
      lineas: [{ productoId: ids[i % ids.length]!, cantidad: 1 }, { productoId: ids[(i * 7 + 3) % ids.length]!, cantidad: 2 }],
      metodoPagoId: 5,
      montoRecibido: 100_000,
      sinRed: { dispositivoId: dispositivo.id, numero: `${dispositivo.prefijo}-${i + 1}`, fecha: ahora, reloj: ahora },
    }));
    const tiempos: number[] = [];
    t0 = performance.now();
    for (const c of cuerpos) {
      const t1 = performance.now();
      await pedir('POST', '/api/ventas', token, c);
      tiempos.push(performance.now() - t1);
    }
    const sync = performance.now() - t0;
    t0 = performance.now();
    for (const c of cuerpos) await pedir('POST', '/api/ventas', token, c);
    const replay = performance.now() - t0;
    const [n] = ((await db.execute(sql`select count(*)::int as n from venta where tienda_id = ${tiendaId}`)) as unknown as { rows: { n: number }[] }).rows;
    tiempos.sort((a, b) => a - b);
    const p = (q: number) => tiempos[Math.min(tiempos.length - 1, Math.floor(q * tiempos.length))]!.toFixed(1);

    console.log(`bench sin red (PGlite en memoria, Fastify inject, ${os.cpus().length} núcleos)`);
    console.log(`  primera descarga: ${recibidos} productos en ${primera.toFixed(0)} ms (servidor; sin la escritura en IndexedDB)`);
    console.log(`  descarga incremental tras 100 cambios: ${inc.productos.length} productos en ${incremental.toFixed(0)} ms`);
    console.log(`  sincronizar ${VENTAS} ventas en orden: ${(sync / 1000).toFixed(2)} s (por venta p50 ${p(0.5)} ms, p95 ${p(0.95)} ms)`);
    console.log(`  reenviar las mismas ${VENTAS}: ${(replay / 1000).toFixed(2)} s; ventas en la base: ${n!.n}`);
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
