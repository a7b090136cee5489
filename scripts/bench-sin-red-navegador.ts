// npm run bench:sin-red-navegador [-- --ventas 100 --productos 300 --port 4920 --lento --dist dist]
// Issue #34, the browser's side of offline selling: from *Confirmar pago* to the receipt on screen,
// with the network off, in the system's Chromium against the built server (`npm run build` first).
// The sale is written to the device's outbox (IndexedDB, one transaction with its number) before the
// receipt shows, so this is the time a cashier waits. Measured in the page (performance.now() from the
// click to the receipt's number in the DOM). `--lento` also measures with the CPU throttled 4× (a
// low-end phone, as `npm run bench` emulates it).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CPU_SLOWDOWN, ventaSinRedEnCaja, withSession, type Sesion } from './bench-browser';

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : def;
};
const VENTAS = Number(arg('ventas', '100'));
const PRODUCTOS = Number(arg('productos', '300'));
const PORT = Number(arg('port', '4920'));
const BASE = `http://127.0.0.1:${PORT}`;
const LENTO = process.argv.includes('--lento');
const DIST = arg('dist', 'dist');

const percentil = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

async function api(method: string, url: string, token?: string, body?: unknown) {
  const r = await fetch(`${BASE}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  if (r.status >= 300 && r.status !== 409) throw new Error(`${method} ${url}: ${r.status} ${text}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

async function main() {
  if (!fs.existsSync(path.join(DIST, 'server', 'main.js'))) throw new Error(`Falta ${DIST}/: ejecute npm run build`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adax-bench-sin-red-nav-'));
  const server = spawn(process.execPath, [path.join(DIST, 'server', 'main.js')], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_AUTH_MAX: '1000', JWT_SECRET: 'bench-secret-bench-secret-bench-secret-9' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
  });
  try {
    for (let i = 0; ; i++) {
      if (await fetch(`${BASE}/api/health`).then((r) => r.ok, () => false)) break;
      if (i > 600) throw new Error('el servidor no respondió');
      await new Promise((r) => setTimeout(r, 200));
    }
    const email = 'bench@navegador.co';
    await api('POST', '/api/tiendas/registro', undefined, { nombreTienda: 'Bench navegador', email, contrasena: 'Clave1234' });
    const login = (await api('POST', '/api/sesion/login', undefined, { tipo: 'tienda', email, contrasena: 'Clave1234' })) as unknown as Sesion;
    await api('POST', '/api/caja/turnos', login.token, { fondoInicial: 0 });
    const nombres: string[] = [];
    for (let i = 1; i <= PRODUCTOS; i++) {
      const nombre = `Producto banco ${String(i).padStart(5, '0')}`;
      await api('POST', '/api/productos', login.token, { nombre, precio: 500 + ((i * 37) % 20000), cantidad: 1000 });
      nombres.push(nombre);
    }

    const context = await browser.newContext({ baseURL: BASE, serviceWorkers: 'allow', viewport: { width: 1280, height: 800 }, locale: 'es-CO' });
    await withSession(context, login);
    const page = await context.newPage();
    await page.goto('/ventas');
    await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 60_000 });
    // The catalogue and the device's prefix on the device (read from its IndexedDB), then offline.
    for (let i = 0; ; i++) {
      const listo = await page.evaluate(`(async () => {
        const d = (await indexedDB.databases()).find((x) => x.name && x.name.startsWith('adax-sin-red:'));
        if (!d) return false;
        const db = await new Promise((ok, mal) => { const r = indexedDB.open(d.name); r.onsuccess = () => ok(r.result); r.onerror = () => mal(r.error); });
        if (!db.objectStoreNames.contains('ajustes')) return (db.close(), false);
        const leer = (k) => new Promise((ok) => { const r = db.transaction('ajustes').objectStore('ajustes').get(k); r.onsuccess = () => ok(r.result); });
        const ok = !!((await leer('catalogoCompleto')) && (await leer('dispositivo')));
        db.close();
        return ok;
      })()`);
      if (listo) break;
      if (i > 60) throw new Error('el catálogo no llegó al equipo');
      await page.waitForTimeout(1000);
    }
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('banner-sin-red').waitFor();

    const medir = async (etiqueta: string) => {
      const ms: number[] = [];
      // Two warm-up sales, not counted.
      for (let i = 0; i < VENTAS + 2; i++) {
        const t = await ventaSinRedEnCaja(page, nombres[i % nombres.length]!);
        if (i >= 2) ms.push(t);
      }
      console.log(
        `${etiqueta}: ${ms.length} ventas sin red, Confirmar pago → recibo p50 ${percentil(ms, 50).toFixed(1)} ms, p95 ${percentil(ms, 95).toFixed(1)} ms, máx ${Math.max(...ms).toFixed(1)} ms`,
      );
    };
    console.log(`Chromium, ${PRODUCTOS} productos en el equipo, carga del equipo ${os.loadavg()[0]!.toFixed(1)}`);
    await medir('escritorio');
    if (LENTO) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await medir(`CPU ${CPU_SLOWDOWN}× más lenta`);
    }
    await context.close();
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
