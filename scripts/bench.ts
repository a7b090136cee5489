// npm run bench [-- --duration 10 --connections 32 --quick]
// Starts the real server on loopback against the benchmark store (npm run bench:data) and measures
// it with autocannon: reference route, product search, legacy full list, racing checkouts, analysis,
// invoice list, sign-in, cold start, memory, and the web app's JavaScript in Chromium.
// Prints a table and writes bench/results/<date>.json|.md and bench/results/latest.*.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { chromium } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { createDb } from '../server/db/client';
import { measureColdVsMinimal, measurePhone, measureScan, watchUsable, withSession, type Sesion } from './bench-browser';
import { rssOf } from './bench-scale';

const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(`--${name}`);
const opt = (name: string, fallback: number) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};
const QUICK = flag('quick');
/**
 * `--only checkout,search`: run only the measures whose key is listed (keys: ref, search, legacy, checkout,
 * mixed, analysis, invoices, login, web, phone, scan; and curve, fleet, which run only when asked for,
 * on their own data: scripts/bench-scale.ts).
 */
const ONLY = (() => {
  const i = argv.indexOf('--only');
  return i >= 0 ? new Set(argv[i + 1]!.split(',')) : null;
})();
const wanted = (key: string) => !ONLY || ONLY.has(key);
if (ONLY && (ONLY.has('curve') || ONLY.has('fleet'))) {
  const { runScale } = await import('./bench-scale');
  await runScale(argv, { curve: ONLY.has('curve'), fleet: ONLY.has('fleet') });
  process.exit(0);
}
/** BENCH_DIST=dist-perf: measure that build (server and web app) instead of dist/, which other builds may replace meanwhile. */
const DIST = process.env.BENCH_DIST ?? 'dist';
const DURATION = opt('duration', QUICK ? 3 : 10);
const CONNECTIONS = opt('connections', 32);
const PRODUCTS = opt('products', QUICK ? 2_000 : 100_000);
const LINES = opt('lines', QUICK ? 10_000 : 1_000_000);
const DATA_DIR = path.resolve(process.env.BENCH_DATA_DIR ?? (QUICK ? path.join(os.tmpdir(), 'adax-bench-quick') : 'data/bench'));
const DATABASE_URL = process.env.DATABASE_URL || undefined;
const PORT = opt('port', 4900);
const BASE = `http://127.0.0.1:${PORT}`;
const LEGACY = '/adx/ADAX-Store-Manager/Crud';
const ACCOUNT = { email: 'bench@adax.co', password: 'Bench2024' };
const LEGACY_ACCOUNT = { email: 'bench10k@adax.co', password: 'Bench2024' };

interface Row {
  measure: string;
  rps?: number;
  p50?: number;
  p99?: number;
  errors?: number;
  ratio?: number;
  note?: string;
}
const rows: Row[] = [];
const log = (s: string) => console.log(s);

function run(cmd: string, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} falló`);
}

// 1. Build and data.
if (!fs.existsSync(`${DIST}/server/main.js`) || !fs.existsSync(`${DIST}/web/index.html`) || flag('build')) run('npm', ['run', 'build', '--silent'], { DIST_DIR: DIST });
const dataEnv: Record<string, string> = DATABASE_URL ? { DATABASE_URL } : { BENCH_DATA_DIR: DATA_DIR };
run('npx', ['tsx', 'scripts/bench-data.ts', '--products', String(PRODUCTS), '--lines', String(LINES)], dataEnv);
run('npx', ['tsx', 'scripts/bench-data.ts', '--products', '10000', '--lines', '0', '--account', LEGACY_ACCOUNT.email, '--code', 'BNCH-10K0'], dataEnv);

// Hot products for the checkout race: 30 products that every connection fights over, with enough stock
// for the whole measure (a sold-out product would turn sales into quick refusals and flatter nobody;
// selling the last units under a race is proven by venta.test.ts).
const HOT_STOCK = 5_000;
async function withDb<T>(fn: (db: Awaited<ReturnType<typeof createDb>>['db']) => Promise<T>): Promise<T> {
  const database = await createDb(DATABASE_URL ? { databaseUrl: DATABASE_URL } : { pgliteDir: path.join(DATA_DIR, 'pglite') });
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}
type Q = { rows: Record<string, unknown>[] };
const hot = await withDb(async (db) => {
  // Through the ledger, like any stock change: a movimiento to HOT_STOCK units, then the stock itself.
  const res = (await db.execute(sql`
    with h as (
      select p.id_producto, p.tienda_id, p.stock from producto p join tienda t on t.id_tienda = p.tienda_id
      where t.correo = ${ACCOUNT.email} order by p.id_producto limit 30
    ), m as (
      insert into movimiento (tienda_id, producto_id, stock_antes, entradas, salidas, cantidad_despues, estado_despues, motivo)
      select tienda_id, id_producto, stock, greatest(${HOT_STOCK} - stock, 0), greatest(stock - ${HOT_STOCK}, 0), ${HOT_STOCK}, 'Ajuste', 'Preparación del benchmark' from h
    )
    update producto set stock = ${HOT_STOCK}, estado = 1 from h where producto.id_producto = h.id_producto
    returning producto.id_producto`)) as unknown as Q;
  return res.rows.map((r) => Number(r.id_producto));
});
// Codes for the scanner measure: 40 products on sale, none of the hot ones (the race may sell those out).
const scanCodes = wanted('scan')
  ? await withDb(async (db) => {
      const res = (await db.execute(sql`
        select p.codigo_barras, p.nombre from producto p join tienda t on t.id_tienda = p.tienda_id
        where t.correo = ${ACCOUNT.email} and p.estado = 1 and p.stock > 0 and p.codigo_barras is not null
          and p.id_producto not in (${sql.join(hot.map((h) => sql`${h}`), sql`, `)})
        order by md5(p.id_producto::text) limit 40`)) as unknown as Q;
      return res.rows.map((r) => ({ codigo: String(r.codigo_barras), nombre: String(r.nombre) }));
    })
  : [];

// 2. Cold start.
let server: ChildProcess | undefined;
let peakRss = 0;
async function startServer(): Promise<number> {
  const t0 = performance.now();
  // The server runs as `npm start` runs it (its V8 flags, ADR 007), in this process's Node.
  // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles it while it is measured.
  const startArgs = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts.start
    .split(' ')
    .slice(1)
    .map((a) => (a === 'dist/server/main.js' ? `${DIST}/server/main.js` : a));
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  server = spawn(process.execPath, [...nodeArgs, ...startArgs], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(PORT),
      DATA_DIR,
      ...(DATABASE_URL ? { DATABASE_URL } : {}),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_AUTH_MAX: '100000000',
      DEMO_DATA: 'false',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    try {
      if ((await fetch(`${BASE}/api/ping`)).ok) return performance.now() - t0;
    } catch {
      // not yet
    }
    if (server.exitCode !== null) throw new Error('el servidor no arrancó');
    await new Promise((r) => setTimeout(r, 20));
  }
}
// Whatever happens below, the server does not outlive the benchmark.
process.on('exit', () => server?.kill('SIGKILL'));
const coldStart = await startServer();
await new Promise((r) => setTimeout(r, 1000));
const rssRest = rssOf(server!.pid!);
let measurePeak = 0;
const sampler = setInterval(() => {
  const rss = rssOf(server!.pid!);
  peakRss = Math.max(peakRss, rss);
  measurePeak = Math.max(measurePeak, rss);
}, 200);

async function login(account: { email: string; password: string }) {
  const res = await fetch(`${BASE}/api/sesion/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tipo: 'tienda', email: account.email, contrasena: account.password }),
  });
  if (!res.ok) throw new Error(`login ${res.status}`);
  return (await res.json()) as Sesion;
}
const session = await login(ACCOUNT);
const token = session.token;
const legacyToken = (await login(LEGACY_ACCOUNT)).token;
const auth = { authorization: `Bearer ${token}` };
// The till sells only in an open cash-register shift (issue #18); one left open by an earlier run is kept.
const caja = await fetch(`${BASE}/api/caja/turnos`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ fondoInicial: 0 }) });
if (caja.status !== 201 && caja.status !== 409) throw new Error(`abrir caja ${caja.status}`);

async function measure(key: string, name: string, opts: Partial<autocannon.Options> & { requests?: autocannon.Request[] }, note?: string) {
  if (!wanted(key)) return null;
  measurePeak = 0;
  const result = await autocannon({ url: BASE, connections: CONNECTIONS, duration: DURATION, ...opts } as autocannon.Options);
  const non2xx = result.non2xx ?? 0;
  const row: Row = {
    measure: name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + non2xx,
    note,
  };
  rows.push(row);
  log(`  ${name}: ${row.rps} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, errores ${row.errors}, RSS máx. ${measurePeak.toFixed(0)} MB`);
  return { result, row };
}

log(`\nMidiendo (${CONNECTIONS} conexiones, ${DURATION} s cada medida)…`);
const ref = await measure('ref', 'referencia: GET /api/ping', { url: `${BASE}/api/ping` });

const fragments = ['arroz', 'leche', 'café sello', 'jabón', 'pasta d', 'agua', 'queso', 'harina', 'galle', 'cerveza á'];
let fi = 0;
await measure('search', `búsqueda de productos (${PRODUCTS.toLocaleString('es-CO')} productos, 20 por página)`, {
  headers: auth,
  requests: [{ setupRequest: (req) => ({ ...req, path: `/api/ventas/productos?q=${encodeURIComponent(fragments[fi++ % fragments.length]!)}&page=1&pageSize=20` }) }],
});

await measure('legacy', 'lista completa heredada listarProductosAppPrecio (10.000 productos)', {
  url: `${BASE}${LEGACY}/controlador/controlador.producto.php?listarProductosAppPrecio=true`,
  headers: { authorization: `Bearer ${legacyToken}` },
});

/** Autocannon options for 3-line sales of the hot products; `linea(i, k)` picks line k of sale i. */
function ventas(linea: (i: number, k: number) => { productoId: number; cantidad: number }): Partial<autocannon.Options> {
  let seq = 0;
  return {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    requests: [
      {
        path: '/api/ventas',
        setupRequest: (req) => {
          const i = seq++;
          const lineas = [0, 1, 2].map((k) => linea(i, k));
          return { ...req, body: JSON.stringify({ lineas, metodoPagoId: 5, montoRecibido: 10_000_000 }) };
        },
      },
    ],
  };
}

// Racing checkouts: each sale takes 3 of the 30 hot products, 1–2 units each.
const checkout = await measure(
  'checkout',
  'venta de 3 líneas (compitiendo por 30 productos)',
  ventas((i, k) => ({ productoId: hot[(i * 7 + k * 11) % hot.length]!, cantidad: 1 + ((i + k) % 2) })),
);
if (checkout) {
  const sold2xx = checkout.result['2xx'];
  const refused = checkout.result.non2xx;
  checkout.row.rps = Math.round(sold2xx / DURATION);
  checkout.row.errors = checkout.result.errors + checkout.result.timeouts;
  checkout.row.note = `${sold2xx} ventas, ${refused} rechazadas por stock (422); ventas/s = ventas confirmadas`;
  log(`  → ${checkout.row.rps} ventas/s confirmadas`);
}

// The till as it is used: searches while other tills sell. Each sale bumps the store's version, so the
// analysis and invoice caches go; cached searches stay and read their stock again (ADR 010).
if (wanted('mixed')) {
  measurePeak = 0;
  const sellers = Math.max(1, Math.round(CONNECTIONS / 8));
  let mixedFi = 0;
  const [searches, sales] = await Promise.all([
    autocannon({
      url: BASE,
      connections: CONNECTIONS - sellers,
      duration: DURATION,
      headers: auth,
      requests: [{ setupRequest: (req) => ({ ...req, path: `/api/ventas/productos?q=${encodeURIComponent(fragments[mixedFi++ % fragments.length]!)}&page=1&pageSize=20` }) }],
    } as autocannon.Options),
    autocannon({
      url: BASE,
      connections: sellers,
      duration: DURATION,
      ...ventas((i, k) => ({ productoId: hot[(i * 5 + k * 13) % hot.length]!, cantidad: 1 })),
    } as autocannon.Options),
  ]);
  const row: Row = {
    measure: `búsqueda mientras se vende (${CONNECTIONS - sellers} conexiones buscan, ${sellers} venden)`,
    rps: Math.round(searches.requests.average),
    p50: searches.latency.p50,
    p99: searches.latency.p99,
    errors: searches.errors + searches.timeouts + (searches.non2xx ?? 0),
    note: `${Math.round(sales['2xx'] / DURATION)} ventas/s a la vez (p99 ${sales.latency.p99} ms); una venta no descarta las búsquedas guardadas: su stock se vuelve a leer tras cada venta`,
  };
  rows.push(row);
  log(`  ${row.measure}: ${row.rps} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, errores ${row.errors}; ${row.note}; RSS máx. ${measurePeak.toFixed(0)} MB`);
}

await measure('analysis', `análisis de popularidad (${LINES.toLocaleString('es-CO')} líneas)`, { url: `${BASE}/api/analisis`, headers: auth });
let inv = 0;
await measure('invoices', `lista de facturas (${LINES.toLocaleString('es-CO')} líneas, páginas 1–50)`, {
  headers: auth,
  requests: [{ setupRequest: (req) => ({ ...req, path: `/api/facturas?page=${1 + (inv++ % 50)}&pageSize=20` }) }],
});
await measure('login', 'inicio de sesión (scrypt N=2^15, r=8, p=3)', {
  method: 'POST',
  url: `${BASE}/api/sesion/login`,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ tipo: 'tienda', email: ACCOUNT.email, contrasena: ACCOUNT.password }),
  connections: Math.min(CONNECTIONS, 8),
});
clearInterval(sampler);
for (const r of rows) if (r.rps !== undefined && ref?.row.rps) r.ratio = Number((r.rps / ref.row.rps).toFixed(3));

// 3. Web app in Chromium: JavaScript loaded by the landing page and by /ventas, and /ventas usable time.
if (wanted('web') || wanted('phone') || wanted('scan')) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
  });
  /**
   * The JavaScript a page loads, counted from the page's own resource timing in a fresh profile (no
   * cache, no service worker yet), gzipped at level 9 from the build (issue #55 point 4: every file the
   * signed-in page loads). For /ventas: the files in by the moment the till is usable (first paint),
   * and every file the page has loaded once the network has been idle for 3 s more (what loads after
   * the first paint: the offline machinery, the invitation code's extras).
   */
  async function jsLoadedBy(pathname: string, signedIn: boolean) {
    const context = await browser.newContext();
    if (signedIn) {
      await withSession(context, session);
      await watchUsable(context);
    }
    const page = await context.newPage();
    const scriptsNow = () => page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).filter((n) => new URL(n).origin === location.origin && /\.js$/.test(new URL(n).pathname)).map((n) => new URL(n).pathname));
    await page.goto(`${BASE}${pathname}`, { waitUntil: 'load' });
    let atUsable: string[] | undefined;
    if (signedIn) {
      await page.waitForFunction(() => (window as unknown as { __usable?: number }).__usable !== undefined, null, { timeout: 30_000, polling: 'raf' });
      atUsable = await scriptsNow();
    }
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(3_000);
    await page.waitForLoadState('networkidle');
    const all = await scriptsNow();
    await context.close();
    const sizeOf = (files: string[]) => {
      let gz = 0;
      const sizes: string[] = [];
      for (const s of new Set(files)) {
        const file = path.join(DIST, 'web', s);
        if (!fs.existsSync(file)) continue;
        const n = zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
        gz += n;
        sizes.push(`${path.basename(s)} ${(n / 1024).toFixed(1)}`);
      }
      return { files: new Set(files).size, kb: Number((gz / 1024).toFixed(1)), sizes };
    };
    const total = sizeOf(all);
    const usable = atUsable ? sizeOf(atUsable) : undefined;
    if (flag('verbose')) {
      if (usable) log(`  ${pathname} (utilizable): ${usable.sizes.join(', ')} (KB gzip)`);
      log(`  ${pathname} (todo): ${total.sizes.join(', ')} (KB gzip)`);
    }
    return { files: total.files, kb: total.kb, usable };
  }
  const signIn = async (page: import('@playwright/test').Page) => {
    await page.goto(`${BASE}/iniciar_sesion`);
    await page.evaluate(
      async ([email, pass]) => {
        const r = await fetch('/api/sesion/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ tipo: 'tienda', email, contrasena: pass }) });
        const { token, sesion } = await r.json();
        localStorage.setItem('token', token);
        localStorage.setItem('tipo', 'tienda');
        localStorage.setItem('rol', String(sesion.rol));
        localStorage.setItem('usuario', sesion.usuario);
        localStorage.setItem('tienda', sesion.tienda);
        localStorage.setItem('id_Tienda', String(sesion.id_Tienda));
        localStorage.setItem('codigo_invitacion', sesion.codigo_invitacion ?? '');
      },
      [ACCOUNT.email, ACCOUNT.password],
    );
  };
  if (wanted('web')) {
  const landingJs = await jsLoadedBy('/', false);
  const ventasJs = await jsLoadedBy('/ventas', true);
  log(`  JavaScript: inicio ${landingJs.kb} KB; /ventas ${ventasJs.usable!.kb} KB al ser utilizable, ${ventasJs.kb} KB en total (límite 120 KB)`);
  rows.push({ measure: 'JavaScript de la página de inicio (gzip)', note: `${landingJs.kb} KB en ${landingJs.files} archivos (límite 80 KB)` });
  rows.push({ measure: 'JavaScript de /ventas con sesión (gzip), hasta ser utilizable', note: `${ventasJs.usable!.kb} KB en ${ventasJs.usable!.files} archivos (límite 120 KB)` });
  rows.push({ measure: 'JavaScript de /ventas con sesión (gzip), todo lo que carga la página', note: `${ventasJs.kb} KB en ${ventasJs.files} archivos (límite 120 KB)` });

  const usable: number[] = [];
  {
    const page = await browser.newPage();
    await signIn(page);
    for (let i = 0; i < 5; i++) {
      await page.goto(`${BASE}/inicio`);
      await page.getByRole('link', { name: /^Ventas/ }).waitFor();
      const t0 = Date.now();
      await page.getByRole('link', { name: /^Ventas/ }).click();
      await page.getByRole('button', { name: /^Agregar/ }).first().waitFor({ timeout: 10_000 });
      usable.push(Date.now() - t0);
    }
    await page.close();
  }
  usable.sort((a, b) => a - b);
  rows.push({ measure: `/ventas utilizable tras navegar (${PRODUCTS.toLocaleString('es-CO')} productos, Chromium)`, p50: usable[2], note: `mediana de 5; máx ${usable.at(-1)} ms` });
  }
  // Issue #20: a low-end phone (CPU 4× slower, "Fast 3G"), cold and warm, and the landing page's LCP.
  if (wanted('phone')) {
    const runs = opt('runs', QUICK ? 1 : 3);
    const phone = await measurePhone(browser, BASE, session, runs);
    const s = phone.summary;
    const list = (xs: number[]) => xs.map((x) => Math.round(x)).join(', ');
    log(`  teléfono: /ventas en frío ${list(phone.cold)} ms, en caliente ${list(phone.warm)} ms; LCP inicio ${list(phone.lcp)} ms`);
    rows.push({ measure: `teléfono (CPU 4×, Fast 3G): /ventas utilizable en frío`, p50: s.coldMs, note: `mediana de ${runs} (${list(phone.cold)} ms); ${s.coldKB} KB transferidos` });
    rows.push({ measure: `teléfono (CPU 4×, Fast 3G): /ventas utilizable en caliente (caché del navegador)`, p50: s.warmMs, note: `mediana de ${runs} (${list(phone.warm)} ms); ${s.warmKB} KB transferidos` });
    rows.push({ measure: `teléfono (CPU 4×, Fast 3G): LCP de la página de inicio`, p50: s.lcpMs, note: `mediana de ${runs} (${list(phone.lcp)} ms); ${s.landingKB} KB transferidos` });
    // Issue #55 point 4: cold /ventas ÷ a minimal page of the same shape (HTML, a script, an API read), same run.
    const vs = await measureColdVsMinimal(browser, BASE, session, runs);
    for (const [p, name] of [['fast3g', 'CPU 4×, Fast 3G'], ['cpu', 'CPU 4×, sin límite de red']] as const) {
      const v = vs.summary[p];
      log(`  teléfono (${name}): /ventas en frío ${list(vs[p].till)} ms; página mínima ${list(vs[p].minimal)} ms; ${v.ratio}× (límite 2,5×)`);
      rows.push({ measure: `teléfono (${name}): /ventas en frío ÷ página mínima`, p50: v.till, ratio: v.ratio, note: `medianas de ${runs}: /ventas ${v.till} ms, página mínima (HTML, un script, una lectura) ${v.minimal} ms; objetivo ≤ 2,5×` });
    }
  }
  // Issue #20: a 13-digit code typed at scanner speed + Enter, to the line in the cart.
  if (wanted('scan') && scanCodes.length) {
    const scan = await measureScan(browser, BASE, session, scanCodes, 5);
    log(`  escáner: p50 ${scan.p50} ms, p95 ${scan.p95} ms, máx ${scan.max} ms (${scan.n} códigos); referencia /api/ping desde la página p50 ${scan.pingP50}, p95 ${scan.pingP95} ms`);
    rows.push({ measure: `escáner: código de 13 dígitos (5 ms por tecla) + Enter hasta la línea en el carrito (${PRODUCTS.toLocaleString('es-CO')} productos)`, p50: scan.p50, note: `p95 ${scan.p95} ms, máx ${scan.max} ms, ${scan.n} códigos distintos; referencia (GET /api/ping desde la página) p50 ${scan.pingP50}, p95 ${scan.pingP95} ms` });
  }  await browser.close();
}
rows.push({ measure: 'arranque en frío hasta la primera respuesta', note: `${Math.round(coldStart)} ms` });
rows.push({ measure: 'memoria (RSS)', note: `${rssRest.toFixed(0)} MB en reposo, ${peakRss.toFixed(0)} MB máx. bajo carga` });

server!.kill('SIGTERM');
await new Promise((r) => server!.on('exit', r));

// 4. Proof that the race sold nothing twice: stock never below zero, ledger and invoices agree.
const proof = await withDb(async (db) => {
  const res = (await db.execute(sql`
    select p.id_producto, p.stock,
      coalesce((select sum(entradas) - sum(salidas) from movimiento m where m.producto_id = p.id_producto), 0) as ledger,
      coalesce((select sum(f.cantidad) from factura f join venta v on v.id_venta = f.venta_id where f.producto_id = p.id_producto and v.estado <> 'Anulada'), 0) as vendido
    from producto p where p.id_producto in (${sql.join(hot.map((h) => sql`${h}`), sql`, `)})`)) as unknown as Q;
  const negatives = res.rows.filter((r) => Number(r.stock) < 0).length;
  const mismatched = res.rows.filter((r) => Number(r.stock) !== Number(r.ledger)).length;
  return { negatives, mismatched, products: res.rows.length };
});
rows.push({ measure: 'sobreventa tras la carrera', note: `${proof.negatives} productos bajo cero, ${proof.mismatched} con stock distinto del libro de movimientos (de ${proof.products})` });

// 5. Report.
const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${DATABASE_URL ? 'PostgreSQL' : 'PGlite (embebida)'}`;
const fmt = (n: number | undefined) => (n === undefined ? '' : String(n));
const md = [
  `### ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — ${machine}`,
  '',
  `${CONNECTIONS} conexiones, ${DURATION} s por medida, loopback.`,
  '',
  '| medida | req/s | p50 ms | p99 ms | errores | vs. referencia | nota |',
  '|---|---:|---:|---:|---:|---:|---|',
  ...rows.map((r) => `| ${r.measure} | ${fmt(r.rps)} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt(r.errors)} | ${fmt(r.ratio)} | ${r.note ?? ''} |`),
  '',
].join('\n');
console.log(`\n${md}`);
fs.mkdirSync('bench/results', { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const json = JSON.stringify({ machine, connections: CONNECTIONS, duration: DURATION, products: PRODUCTS, lines: LINES, rows }, null, 2);
if (!QUICK && !ONLY) {
  fs.writeFileSync(`bench/results/${stamp}.json`, json);
  fs.writeFileSync(`bench/results/${stamp}.md`, md);
}
if (!ONLY) {
  fs.writeFileSync(`bench/results/latest${QUICK ? '-quick' : ''}.json`, json);
  fs.writeFileSync(`bench/results/latest${QUICK ? '-quick' : ''}.md`, md);
}
if (proof.negatives > 0 || proof.mismatched > 0) {
  console.error('¡La carrera dejó stock inconsistente!');
  process.exit(1);
}
