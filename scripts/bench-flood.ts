// npm run bench:flood [-- --seconds 30 --flooders 20 --port 4901 --postgres postgres://postgres@127.0.0.1:5432/test]
// Issue #28 point 3: a flood of made-up sign-ins from many addresses must not block real work. Starts
// the real server (source, embedded database in a temporary folder) on loopback with TRUST_PROXY on,
// then, for --seconds, runs --flooders clients each sending made-up sign-ins as fast as they are
// answered, each from its own address (X-Forwarded-For 127.0.1.N), while one real sign-in (a new
// address each time, as separate people would) and one PIN-authorised discount sale are timed every
// --every ms. The same probes run first without the flood, for a reference. Everything goes to
// 127.0.0.1; every loop stops by itself (time and count bounded). Prints a table and
// writes bench/results/flood-latest.json.
// --postgres URL: the server uses PostgreSQL instead, in a fresh database made on that server for the
// run (adax_flood_<time>, dropped at the end); the database named in URL is only used to make it.
import { arrancarServidor, baseDelBench, borrarRastros } from './bench-servidor';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

const argv = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};
const SECONDS = opt('seconds', 30);
const FLOODERS = opt('flooders', 20);
const EVERY_MS = opt('every', 1000);
const PORT = opt('port', 4901);
const BASE = `http://127.0.0.1:${PORT}`;
/** A hard cap on the flood's requests, whatever the speed: the loops end by count as well as time. */
const MAX_FLOOD_REQUESTS = 200_000;
const PASSWORD = 'Bench2024x';
const PIN = '4827';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adax-flood-'));
const base = await baseDelBench(argv, 'adax_flood');
const postgres = base != null;
const databaseUrl = base?.url ?? '';
// --profile DIR: the server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
const profileDir = (() => {
  const i = argv.indexOf('--profile');
  return i >= 0 ? path.resolve(argv[i + 1] ?? 'bench/results') : null;
})();
const profileFlags = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
const servidor = arrancarServidor({ port: PORT, dataDir, databaseUrl, env: { TRUST_PROXY: 'true' }, nodeFlags: profileFlags });
const waitReady = servidor.listo;

type Json = Record<string, unknown>;
async function call(method: string, url: string, body?: unknown, opts: { token?: string; from?: string } = {}) {
  const res = await fetch(`${BASE}/api${url}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.from ? { 'x-forwarded-for': opts.from } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : {}) as Json };
}
const must = async (p: ReturnType<typeof call>, status: number, what: string) => {
  const r = await p;
  if (r.status !== status) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json;
};

let setupAddress = 0;
const setupFrom = () => `127.0.3.${(setupAddress++ % 250) + 1}`;

async function setup() {
  const email = 'flood-tienda@bench.co';
  const reg = await must(call('POST', '/tiendas/registro', { nombreTienda: 'Tienda Flood', email, contrasena: PASSWORD }, { from: setupFrom() }), 201, 'registro de tienda');
  const codigo = reg.codigo_invitacion as string;
  const tienda = (await must(call('POST', '/sesion/login', { tipo: 'tienda', email, contrasena: PASSWORD }, { from: setupFrom() }), 200, 'login tienda')).token as string;
  await must(call('PUT', '/tienda/invitacion', { aprobar_empleados: false }, { token: tienda }), 200, 'aprobación apagada');
  const empleado = async (n: number) => {
    const correo = `flood-${n}@bench.co`;
    await must(
      call('POST', '/usuarios/registro', { nombre: 'Ana', apellido: `Flood${n}`, documento: String(1_200_000_000 + n), tipoDoc: 'CC', email: correo, contrasena: PASSWORD, codigo_invitacion: codigo }, { from: setupFrom() }),
      201,
      'registro de empleado',
    );
    return correo;
  };
  const supCorreo = await empleado(1);
  const cajeroCorreo = await empleado(2);
  const usuarios = (await must(call('GET', `/crud/usuarios?q=${encodeURIComponent(supCorreo)}`, undefined, { token: tienda }), 200, 'buscar supervisor')).items as Json[];
  const supId = usuarios[0]!.idUsuario as number;
  await must(
    call('PUT', `/crud/usuarios/${supId}`, { documento: '1200000001', tipoDoc: 'CC', nombre: 'Ana', apellido: 'Flood1', email: supCorreo, idRol: 3, codigo_invitacion: codigo }, { token: tienda }),
    200,
    'rol de encargado',
  );
  const sup = (await must(call('POST', '/sesion/login', { tipo: 'empleado', email: supCorreo, contrasena: PASSWORD }, { from: setupFrom() }), 200, 'login supervisor')).token as string;
  await must(call('PUT', '/cuenta/pin', { contrasena: PASSWORD, pin: PIN }, { token: sup, from: setupFrom() }), 200, 'PIN');
  const cajero = (await must(call('POST', '/sesion/login', { tipo: 'empleado', email: cajeroCorreo, contrasena: PASSWORD }, { from: setupFrom() }), 200, 'login cajero')).token as string;
  await must(call('POST', '/caja/turnos', { fondoInicial: 0 }, { token: cajero }), 201, 'abrir caja');
  const producto = (await must(call('POST', '/productos', { nombre: 'Leche', precio: 4000, cantidad: 100_000 }, { token: tienda }), 201, 'producto')).producto as Json;
  return { cajeroCorreo, cajero, supId, productoId: producto.id as number };
}

const pct = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

interface Probe {
  ms: number[];
  failed: Record<string, number>;
}

/** Times one real sign-in and one PIN sale every EVERY_MS for `seconds`. */
async function probes(ctx: Awaited<ReturnType<typeof setup>>, seconds: number, red: number) {
  const login: Probe = { ms: [], failed: {} };
  const venta: Probe = { ms: [], failed: {} };
  const end = Date.now() + seconds * 1000;
  let n = 0;
  const time = async (probe: Probe, run: () => ReturnType<typeof call>, ok: number) => {
    const t0 = performance.now();
    const r = await run();
    const ms = performance.now() - t0;
    if (r.status === ok) probe.ms.push(ms);
    else {
      const why = `${r.status} ${String((r.json.error as Json | undefined)?.message ?? '')}`.trim();
      probe.failed[why] = (probe.failed[why] ?? 0) + 1;
    }
  };
  while (Date.now() < end && n < 10_000) {
    n++;
    const next = Date.now() + EVERY_MS;
    // A real person signing in: a new address each time (each is someone else's phone).
    const from = `127.0.${red}.${(n % 250) + 1}`;
    await Promise.all([
      time(login, () => call('POST', '/sesion/login', { tipo: 'empleado', email: ctx.cajeroCorreo, contrasena: PASSWORD }, { from }), 200),
      time(
        venta,
        () =>
          call(
            'POST',
            '/ventas',
            {
              lineas: [{ productoId: ctx.productoId, cantidad: 1, descuento: { tipo: 'valor', valor: 100 } }],
              motivoDescuento: 'Cliente frecuente',
              metodoPagoId: 5,
              montoRecibido: 10_000,
              autorizacion: { supervisorId: ctx.supId, pin: PIN },
            },
            { token: ctx.cajero },
          ),
        201,
      ),
    ]);
    const wait = next - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  return { login, venta };
}

/**
 * FLOODERS clients, each from its own address, sending made-up sign-ins as fast as they are answered,
 * on a worker thread of their own: the probes' timings are not slowed by the flood's own client work.
 */
function flood(seconds: number): Promise<{ sent: number; statuses: Record<string, number> }> {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    const { base, flooders, seconds, max } = workerData;
    const end = Date.now() + seconds * 1000;
    const statuses = {};
    let sent = 0;
    async function one(i) {
      const from = '127.0.1.' + (i + 1);
      let k = 0;
      while (Date.now() < end && sent < max) {
        sent++;
        try {
          const r = await fetch(base + '/api/sesion/login', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
            body: JSON.stringify({ tipo: 'empleado', email: 'nadie-' + i + '-' + k++ + '@inventado.co', contrasena: 'Inventada123' }),
          });
          await r.arrayBuffer();
          statuses[r.status] = (statuses[r.status] || 0) + 1;
        } catch {
          statuses.error = (statuses.error || 0) + 1;
        }
      }
    }
    Promise.all(Array.from({ length: flooders }, (_, i) => one(i))).then(() => parentPort.postMessage({ sent, statuses }));
  `;
  return new Promise((resolve, reject) => {
    const w = new Worker(code, { eval: true, workerData: { base: BASE, flooders: FLOODERS, seconds, max: MAX_FLOOD_REQUESTS } });
    w.once('message', (m) => {
      resolve(m as { sent: number; statuses: Record<string, number> });
      void w.terminate();
    });
    w.once('error', reject);
  });
}

const summary = (p: Probe) => ({ n: p.ms.length, p50: Math.round(pct(p.ms, 50)), p95: Math.round(pct(p.ms, 95)), max: Math.round(Math.max(...p.ms)), failed: p.failed });

try {
  await waitReady();
  const ctx = await setup();
  const sinFlood = await probes(ctx, Math.min(10, SECONDS), 4);
  const [conFlood, inundacion] = await Promise.all([
    // The probes start a second after the flood, so they meet it running.
    new Promise<Awaited<ReturnType<typeof probes>>>((resolve) => setTimeout(() => resolve(probes(ctx, SECONDS - 2, 2)), 1000)),
    flood(SECONDS),
  ]);
  const result = {
    fecha: new Date().toISOString(),
    maquina: `${os.cpus().length} núcleos, ${os.cpus()[0]?.model ?? ''}`.trim(),
    carga: os.loadavg().map((x) => Math.round(x * 10) / 10),
    base: postgres ? 'PostgreSQL' : 'PGlite (embebida)',
    segundos: SECONDS,
    inundadores: FLOODERS,
    sinFlood: { login: summary(sinFlood.login), ventaConPin: summary(sinFlood.venta) },
    conFlood: { login: summary(conFlood.login), ventaConPin: summary(conFlood.venta), flood: { ...inundacion, porSegundo: Math.round(inundacion.sent / SECONDS) } },
  };
  console.log(JSON.stringify(result, null, 2));
  fs.mkdirSync('bench/results', { recursive: true });
  fs.writeFileSync('bench/results/flood-latest.json', JSON.stringify(result, null, 2) + '\n');
} finally {
  // The server writes its profile as it exits: pararYEsperar waits for that, at most 20 s.
  await servidor.pararYEsperar();
  if (profileDir) console.log(`Perfil de CPU del servidor en ${profileDir}`);
  await borrarRastros(dataDir, base);
}
