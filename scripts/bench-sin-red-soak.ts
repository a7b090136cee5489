// npm run bench:sin-red-soak [-- --ventas 10000 --en-caja 60 --productos 40 --port 4930 --dist dist]
// Issue #53 point 5, a soak of the offline till: sales queued on one device across page reloads, then
// synced while the page is reloaded, the server is killed (SIGKILL) and started again, the browser is
// killed (SIGKILL) and started again on the same profile, and the network drops — then every sale must
// be on the server once: 0 lost, 0 duplicated, and the device's outbox empty.
//
// How the sales are made: `--en-caja` of them through the till's own screen with the network off (the
// cashier's steps: search, Agregar, Generar pago, Efectivo, Confirmar pago; the time from the click to
// the receipt is the offline sale's figure), the rest written to the same outbox in the till's format
// (copies of those sales with their own key and the device's next numbers, in batches, with a reload
// of the page between batches): making 10 000 sales through the screen would take hours here, and
// what this bench is about is what happens to a full outbox, not the click path, which the first
// figure and the journeys cover.
//
// Everything runs on loopback: the built server (`npm run build` first) on an embedded database in a
// temporary folder, and Debian's Chromium on a temporary profile, started by this script with a
// DevTools port so that it can be killed like a crashed or closed browser.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { ventaSinRedEnCaja } from './bench-browser';

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : def;
};
const VENTAS = Number(arg('ventas', '10000'));
const EN_CAJA = Math.min(VENTAS, Number(arg('en-caja', '60')));
const PRODUCTOS = Number(arg('productos', '40'));
const PORT = Number(arg('port', '4930'));
const CDP_PORT = PORT + 1;
const DIST = arg('dist', 'dist');
const LOTE = 1000;
const BASE = `http://127.0.0.1:${PORT}`;
const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'];

const esperar = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentil = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
const hora = () => new Date().toISOString().slice(11, 19);
const log = (s: string) => console.log(`[${hora()}] ${s}`);

async function api<T = Record<string, unknown>>(method: string, url: string, token?: string, body?: unknown): Promise<T> {
  const r = await fetch(`${BASE}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  if (r.status >= 300) throw new Error(`${method} ${url}: ${r.status} ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

// ── The server: started on one data folder, killed without warning, started again on the same folder ──
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adax-soak-datos-'));
let server: ChildProcess | null = null;

async function iniciarServidor() {
  server = spawn(process.execPath, [path.join(DIST, 'server', 'main.js')], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_AUTH_MAX: '1000', JWT_SECRET: 'soak-secret-soak-secret-soak-secret-soak-7' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; ; i++) {
    if (await fetch(`${BASE}/api/health`).then((r) => r.ok, () => false)) return;
    if (i > 900) throw new Error('el servidor no respondió');
    await esperar(200);
  }
}

async function matarServidor() {
  const s = server!;
  const fin = new Promise((r) => s.once('exit', r));
  s.kill('SIGKILL');
  await fin;
  server = null;
}

// ── The browser: Debian's Chromium on a profile kept on disk (IndexedDB survives a kill), driven over CDP ──
const perfil = fs.mkdtempSync(path.join(os.tmpdir(), 'adax-soak-perfil-'));
let navegador: { proceso: ChildProcess; browser: Browser; context: BrowserContext; page: Page } | null = null;

async function iniciarNavegador(): Promise<Page> {
  const proceso = spawn(
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    ['--headless=new', `--remote-debugging-port=${CDP_PORT}`, '--remote-debugging-address=127.0.0.1', `--user-data-dir=${perfil}`, '--window-size=1280,800', ...CHROMIUM_FLAGS, 'about:blank'],
    { stdio: 'ignore', detached: true },
  );
  let browser: Browser | null = null;
  for (let i = 0; !browser; i++) {
    browser = await chromium.connectOverCDP(`http://127.0.0.1:${CDP_PORT}`).catch(() => null);
    if (!browser) {
      if (i > 150) throw new Error('Chromium no abrió su puerto de depuración');
      await esperar(200);
    }
  }
  const context = browser.contexts()[0]!;
  const page = context.pages()[0] ?? (await context.newPage());
  navegador = { proceso, browser, context, page };
  return page;
}

/** The browser dies (its whole process group, as a crash or a pulled plug): nothing is closed in order. */
async function matarNavegador() {
  const n = navegador!;
  const fin = new Promise((r) => n.proceso.once('exit', r));
  process.kill(-n.proceso.pid!, 'SIGKILL');
  await fin;
  navegador = null;
  // The profile's lock is left behind by a killed browser; Chromium takes it over on the next start.
}

async function sinRed(offline: boolean) {
  await navegador!.context.setOffline(offline);
}

// ── The device's outbox, read and written in the page (as text: tsx's helpers must not reach the page) ──
const ABRIR = `async () => {
  const d = (await indexedDB.databases()).find((x) => x.name && x.name.startsWith('adax-sin-red:'));
  if (!d) return null;
  return await new Promise((ok, mal) => { const r = indexedDB.open(d.name); r.onsuccess = () => ok(r.result); r.onerror = () => mal(r.error); });
}`;
const PEDIR = `(r) => new Promise((ok, mal) => { r.onsuccess = () => ok(r.result); r.onerror = () => mal(r.error); })`;

interface Estado {
  listo: boolean;
  pendientes: number;
  enviadas: number;
  rechazadas: number;
  errores: string[];
}
async function estadoEquipo(page: Page): Promise<Estado> {
  return (await page.evaluate(`(async () => {
    const pedir = ${PEDIR};
    const db = await (${ABRIR})();
    if (!db || !db.objectStoreNames.contains('salida')) return { listo: false, pendientes: 0, enviadas: 0, rechazadas: 0, errores: [] };
    const tx = db.transaction(['salida', 'ajustes']);
    const ventas = await pedir(tx.objectStore('salida').getAll());
    const dispositivo = await pedir(tx.objectStore('ajustes').get('dispositivo'));
    const catalogo = await pedir(tx.objectStore('ajustes').get('catalogoCompleto'));
    const equipo = await pedir(tx.objectStore('ajustes').get('equipo'));
    db.close();
    const cuenta = (e) => ventas.filter((v) => v.estado === e).length;
    const errores = [...new Set(ventas.filter((v) => v.error).map((v) => v.error))].slice(0, 3);
    return { listo: !!(dispositivo && dispositivo.valor && catalogo && catalogo.valor && equipo), pendientes: cuenta('pendiente'), enviadas: cuenta('enviada'), rechazadas: cuenta('rechazada'), errores };
  })()`)) as Estado;
}

/**
 * Queues `cuantos` more sales in the outbox in the till's format: each a copy of one of the sales
 * made on the screen, with its own key (a new UUID) and the device's next number, taken from the
 * device's counter in the same transaction as the till takes it (venta-local.ts).
 */
async function encolarCopias(page: Page, cuantos: number): Promise<number> {
  return (await page.evaluate(`(async () => {
    const pedir = ${PEDIR};
    const db = await (${ABRIR})();
    const tx = db.transaction(['salida', 'ajustes'], 'readwrite');
    const salida = tx.objectStore('salida');
    const ajustes = tx.objectStore('ajustes');
    const modelos = (await pedir(salida.getAll())).slice(0, ${EN_CAJA});
    let n = (await pedir(ajustes.get('contador'))).valor;
    for (let i = 0; i < ${cuantos}; i++) {
      n++;
      const m = modelos[i % modelos.length];
      const clave = crypto.randomUUID();
      const numero = m.numero.replace(/-\\d+$/, '-' + n);
      const fecha = new Date().toISOString();
      salida.add({
        ...m, clave, n, numero, creada: Date.now(), estado: 'pendiente', enviadaEn: undefined, ventaId: undefined, error: undefined,
        cuerpo: { ...m.cuerpo, clave, sinRed: { ...m.cuerpo.sinRed, numero, fecha, reloj: fecha } },
        recibo: { ...m.recibo, numero, fecha },
      });
    }
    ajustes.put({ clave: 'contador', valor: n });
    await new Promise((ok, mal) => { tx.oncomplete = ok; tx.onerror = () => mal(tx.error); });
    db.close();
    return n;
  })()`)) as number;
}

/** Marks `cuantas` sent sales as waiting again: the device sends them a second time (a lost answer, a restored backup of the device). */
async function reenviar(page: Page, cuantas: number): Promise<number> {
  return (await page.evaluate(`(async () => {
    const pedir = ${PEDIR};
    const db = await (${ABRIR})();
    const tx = db.transaction('salida', 'readwrite');
    const s = tx.objectStore('salida');
    const enviadas = (await pedir(s.getAll())).filter((v) => v.estado === 'enviada').slice(0, ${cuantas});
    for (const v of enviadas) s.put({ ...v, estado: 'pendiente' });
    await new Promise((ok) => { tx.oncomplete = ok; });
    db.close();
    return enviadas.length;
  })()`)) as number;
}

/** The server's count of this store's sales made offline, and of distinct device numbers among them. */
async function enServidor(token: string): Promise<{ ventas: number; numeros: number }> {
  const numeros = new Set<string>();
  let ventas = 0;
  for (let page = 1; ; page++) {
    const r = await api<{ items: { numeroDispositivo: string | null }[]; total: number }>('GET', `/api/facturas?pageSize=100&page=${page}`, token);
    for (const f of r.items) {
      if (f.numeroDispositivo == null) continue;
      ventas++;
      numeros.add(f.numeroDispositivo);
    }
    if (r.items.length < 100) break;
  }
  return { ventas, numeros: numeros.size };
}
async function totalServidor(token: string): Promise<number> {
  return (await api<{ total: number }>('GET', '/api/facturas?pageSize=1', token)).total;
}

async function main() {
  if (!fs.existsSync(path.join(DIST, 'server', 'main.js'))) throw new Error(`Falta ${DIST}/: ejecute npm run build`);
  const t0 = Date.now();
  await iniciarServidor();
  const email = 'soak@sin-red.co';
  await api('POST', '/api/tiendas/registro', undefined, { nombreTienda: 'Soak sin red', email, contrasena: 'Clave1234' });
  const login = await api<{ token: string; sesion: Record<string, unknown> }>('POST', '/api/sesion/login', undefined, { tipo: 'tienda', email, contrasena: 'Clave1234' });
  const token = login.token;
  await api('POST', '/api/caja/turnos', token, { fondoInicial: 0 });
  const nombres: string[] = [];
  for (let i = 1; i <= PRODUCTOS; i++) {
    const nombre = `Producto soak ${String(i).padStart(3, '0')}`;
    await api('POST', '/api/productos', token, { nombre, precio: 500 + ((i * 37) % 20000), cantidad: VENTAS * 2 });
    nombres.push(nombre);
  }

  // Signed in on the device as the web app keeps the session, then the till online until the device
  // has its prefix, its authorisation (the owner's own device) and the catalogue.
  let page = await iniciarNavegador();
  const s = login.sesion;
  await page.goto(`${BASE}/api/health`);
  await page.evaluate(
    `(() => { const s = ${JSON.stringify({ token, rol: s.rol, usuario: s.usuario, tienda: s.tienda, id_Tienda: s.id_Tienda, codigo: s.codigo_invitacion ?? '' })};
      localStorage.setItem('token', s.token); localStorage.setItem('tipo', 'tienda'); localStorage.setItem('rol', String(s.rol));
      localStorage.setItem('usuario', s.usuario); localStorage.setItem('tienda', s.tienda); localStorage.setItem('id_Tienda', String(s.id_Tienda));
      localStorage.setItem('codigo_invitacion', s.codigo); })()`,
  );
  await page.goto(`${BASE}/ventas`);
  await page.getByLabel('Buscar producto').waitFor({ timeout: 60_000 });
  for (let i = 0; !(await estadoEquipo(page)).listo; i++) {
    if (i > 120) throw new Error('el equipo no quedó listo para vender sin red');
    await esperar(1000);
  }
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 60_000 });

  // Offline: sales on the screen, then the rest queued in batches, the page reloaded between batches.
  await sinRed(true);
  await page.reload();
  await page.getByTestId('banner-sin-red').waitFor({ timeout: 30_000 });
  const ms: number[] = [];
  for (let i = 0; i < EN_CAJA; i++) ms.push(await ventaSinRedEnCaja(page, nombres[i % nombres.length]!));
  const enCola = ms.slice(Math.min(2, ms.length - 1));
  log(`${EN_CAJA} ventas en la caja sin red: Confirmar pago → recibo p50 ${percentil(enCola, 50).toFixed(1)} ms, p95 ${percentil(enCola, 95).toFixed(1)} ms, máx ${Math.max(...enCola).toFixed(1)} ms (sin las dos primeras)`);
  let recargas = 0;
  for (let hechas = EN_CAJA; hechas < VENTAS; ) {
    const lote = Math.min(LOTE, VENTAS - hechas);
    await encolarCopias(page, lote);
    hechas += lote;
    await page.reload();
    await page.getByTestId('banner-sin-red').waitFor({ timeout: 30_000 });
    recargas++;
  }
  const cola = await estadoEquipo(page);
  log(`en la cola del equipo: ${cola.pendientes} ventas por enviar (${recargas} recargas de la página); servidor: ${await totalServidor(token)} ventas`);
  if (cola.pendientes !== VENTAS) throw new Error(`la cola tiene ${cola.pendientes} ventas, no ${VENTAS}`);

  // Back online; while the outbox drains: a reload, the server killed and started again, the browser
  // killed and started again, the network dropped for a while. Each when a share of the sales arrived.
  await matarNavegador();
  page = await iniciarNavegador();
  const inicio = Date.now();
  await page.goto(`${BASE}/ventas`);
  const golpes: { en: number; que: string; hacer: () => Promise<void> }[] = [
    { en: 0.1, que: 'recarga de la página', hacer: async () => void (await page.reload()) },
    { en: 0.3, que: 'servidor matado (SIGKILL) y arrancado de nuevo', hacer: async () => (await matarServidor(), await iniciarServidor()) },
    {
      en: 0.5,
      que: 'navegador matado (SIGKILL) y abierto de nuevo',
      hacer: async () => {
        await matarNavegador();
        page = await iniciarNavegador();
        await page.goto(`${BASE}/ventas`);
      },
    },
    {
      en: 0.7,
      que: 'red caída 10 s',
      hacer: async () => {
        await sinRed(true);
        await esperar(10_000);
        await sinRed(false);
      },
    },
  ];
  const tramos: { desde: number; hasta: number; ms: number }[] = [];
  let marca = { n: 0, t: Date.now() };
  for (let vuelta = 0; ; vuelta++) {
    const n = await totalServidor(token).catch(() => -1);
    if (n >= VENTAS) {
      tramos.push({ desde: marca.n, hasta: n, ms: Date.now() - marca.t });
      break;
    }
    const g = golpes[0];
    if (g && n >= g.en * VENTAS) {
      golpes.shift();
      tramos.push({ desde: marca.n, hasta: n, ms: Date.now() - marca.t });
      log(`${n} de ${VENTAS} en el servidor: ${g.que}`);
      await g.hacer();
      marca = { n: await totalServidor(token), t: Date.now() };
    }
    if (vuelta > 3600) throw new Error(`la cola no terminó: ${n} de ${VENTAS} en el servidor`);
    await esperar(500);
  }
  const drenado = Date.now() - inicio;
  // The device learns of the last answers on its next round.
  for (let i = 0; (await estadoEquipo(page)).pendientes > 0; i++) {
    if (i > 120) break;
    await esperar(1000);
  }

  // Sent twice: 500 sales the server already has go again (lost answers); nothing new may be recorded.
  const repetidas = await reenviar(page, 500);
  await page.reload();
  for (let i = 0; (await estadoEquipo(page)).pendientes > 0; i++) {
    if (i > 120) throw new Error('las ventas reenviadas no terminaron');
    await esperar(1000);
  }

  const final = await estadoEquipo(page);
  const servidor = await enServidor(token);
  const perdidas = VENTAS - servidor.numeros;
  const duplicadas = servidor.ventas - servidor.numeros;
  const limpios = tramos.filter((t) => t.hasta > t.desde);
  const porSegundo = limpios.map((t) => ((t.hasta - t.desde) * 1000) / t.ms);
  console.log('');
  console.log(`Soak sin red (issue #53 punto 5), ${VENTAS} ventas de un equipo, ${PRODUCTOS} productos, carga ${os.loadavg()[0]!.toFixed(1)} en ${os.cpus().length} núcleos`);
  console.log(`  venta sin red en la caja (${enCola.length}): p50 ${percentil(enCola, 50).toFixed(1)} ms, p95 ${percentil(enCola, 95).toFixed(1)} ms`);
  console.log(`  cola vaciada en ${(drenado / 1000).toFixed(1)} s con 4 golpes; tramos sin golpe: ${porSegundo.map((x) => x.toFixed(0)).join(' / ')} ventas/s`);
  console.log(`  reenviadas ya registradas: ${repetidas}`);
  console.log(`  servidor: ${servidor.ventas} ventas sin red, ${servidor.numeros} números distintos; equipo: ${final.enviadas} enviadas, ${final.pendientes} pendientes, ${final.rechazadas} rechazadas${final.errores.length ? ` (${final.errores.join(' | ')})` : ''}`);
  console.log(`  perdidas ${perdidas}, duplicadas ${duplicadas}   (objetivo: 0 y 0)   · total ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  if (perdidas !== 0 || duplicadas !== 0 || final.rechazadas !== 0) process.exitCode = 1;
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(async () => {
    if (navegador) await matarNavegador().catch(() => {});
    if (server) await matarServidor().catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(perfil, { recursive: true, force: true });
  });
