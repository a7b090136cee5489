import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { inject } from 'vitest';
import { createDb } from '../../server/db/client';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code (or signal) once the process is gone. */
  exited: Promise<number | string | null>;
  stop(signal?: NodeJS.Signals): Promise<number | string | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/**
 * How the process tests start the server (issue #54 point 7): the production bundle, as `npm start`
 * runs it, built once per version of the server's sources by scripts/build-server.mjs into
 * dist-test/servidor-<hash> (shared by the run's files and by later runs). Through tsx every start
 * compiled the whole server again (about a second of CPU each on the 2-core CI machine, several when
 * it was busy). TEST_SERVIDOR_TSX=1 starts the source through tsx, as before (to compare).
 */
let servidorCompilado: string | undefined;
export function serverCommand(): string[] {
  if (process.env.TEST_SERVIDOR_TSX) return ['--import', 'tsx', 'server/main.ts'];
  servidorCompilado ??= compilarServidor();
  // Marked as in use: bundles of older sources go after an hour unused (below).
  const ahora = new Date();
  fs.utimesSync(path.dirname(path.dirname(servidorCompilado)), ahora, ahora);
  return [servidorCompilado];
}

/** Every file the bundle is made of (sources, SQL, worker scripts), tests left out. */
function fuentesDelServidor(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const f = path.join(dir, e.name);
    if (e.isDirectory()) fuentesDelServidor(f, out);
    else if (!/\.test\.tsx?$/.test(e.name)) out.push(f);
  }
  return out;
}

function compilarServidor(): string {
  const hash = createHash('sha256');
  for (const f of [...fuentesDelServidor('server'), ...fuentesDelServidor('shared'), 'scripts/build-server.mjs', 'package.json', 'tsconfig.json'])
    hash.update(f).update(fs.readFileSync(f));
  const nombre = `servidor-${hash.digest('hex').slice(0, 16)}`;
  const destino = path.resolve('dist-test', nombre);
  const main = path.join(destino, 'server', 'main.js');
  if (fs.existsSync(main)) return main;
  // Built beside and renamed into place: two files (or two runs) building at once both end with one whole bundle.
  const tmp = `${destino}.${process.pid}.tmp`;
  const r = spawnSync(process.execPath, ['scripts/build-server.mjs'], { env: { ...process.env, DIST_DIR: tmp }, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`no se pudo compilar el servidor para las pruebas:\n${r.stdout}${r.stderr}`);
  try {
    fs.renameSync(tmp, destino);
  } catch (err) {
    fs.rmSync(tmp, { recursive: true, force: true });
    if (!fs.existsSync(main)) throw err;
  }
  // Bundles of older sources (12 MB each) unused for an hour: no run still starts them.
  for (const viejo of fs.readdirSync('dist-test')) {
    const f = path.join('dist-test', viejo);
    if (viejo.startsWith('servidor-') && viejo !== nombre && Date.now() - fs.statSync(f).mtimeMs > 3_600_000) fs.rmSync(f, { recursive: true, force: true });
  }
  return main;
}

/**
 * A new data folder starts from a copy of an embedded database made by the same migrations
 * (createDb + migrate(), as a server's first start does), made once per version of the migrations
 * beside the run's template (tests/helpers/plantilla.ts) instead of by every start: creating and
 * migrating an empty cluster took several seconds per start. Only folders with no database yet; the
 * journeys' server (tests/e2e/support/serve.mjs) and the server/db tests still build one from nothing.
 * TEST_CARPETA_NUEVA=1 lets every start build its own, as before (to compare).
 */
let carpetaPlantilla: Promise<string | undefined> | undefined;
async function plantillaDeCarpeta(): Promise<string | undefined> {
  const tar = inject('plantillaPglite');
  if (!tar) return undefined;
  const destino = tar.replace(/\.tar$/, '-carpeta');
  // Folders of older migrations (40 MB each) unused for an hour go; this one is marked as in use.
  for (const viejo of fs.readdirSync(path.dirname(destino))) {
    const f = path.join(path.dirname(destino), viejo);
    if (/^adax-plantilla-\w+-carpeta$/.test(viejo) && f !== destino && Date.now() - fs.statSync(f).mtimeMs > 3_600_000) fs.rmSync(f, { recursive: true, force: true });
  }
  if (fs.existsSync(path.join(destino, 'pglite'))) {
    const ahora = new Date();
    fs.utimesSync(destino, ahora, ahora);
    return path.join(destino, 'pglite');
  }
  const tmp = `${destino}.${process.pid}.tmp`;
  fs.rmSync(tmp, { recursive: true, force: true });
  const database = await createDb({ pgliteDir: path.join(tmp, 'pglite') });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  try {
    fs.renameSync(tmp, destino);
  } catch (err) {
    fs.rmSync(tmp, { recursive: true, force: true });
    if (!fs.existsSync(path.join(destino, 'pglite'))) throw err;
  }
  return path.join(destino, 'pglite');
}

/** Gives an embedded data folder with no database yet its copy of the migrated template. */
export async function prepararCarpeta(env: Record<string, string>): Promise<void> {
  if (!env.DATA_DIR || env.DATABASE_URL || process.env.TEST_SIN_PLANTILLA || process.env.TEST_CARPETA_NUEVA) return;
  const pglite = path.join(env.DATA_DIR, 'pglite');
  if (fs.existsSync(pglite)) return;
  carpetaPlantilla ??= plantillaDeCarpeta();
  const plantilla = await carpetaPlantilla;
  if (plantilla) fs.cpSync(plantilla, pglite, { recursive: true });
}

/** Starts the real server (the production bundle, serverCommand) as its own process and waits for /api/health. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  await prepararCarpeta(env);
  const port = await freePort();
  const child = spawn(process.execPath, serverCommand(), {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'proc-secret-proc-secret-proc-secret-0123',
      ...(process.env.TEST_PGLITE_THREAD ? { PGLITE_THREAD: process.env.TEST_PGLITE_THREAD } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | string | null>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)));
  const url = `http://127.0.0.1:${port}`;
  // Generous: on a loaded 2-core machine a cold start (tsx compiling, migrations) took over a minute.
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`el servidor terminó al arrancar:\n${out}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`el servidor no respondió a tiempo:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    child,
    output: () => out,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Runs a project script (tsx) to completion. */
export function runScript(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** A JSON request to a started server (the process tests' client); a body that is not JSON reads as {}. */
export async function api<T>(base: string, method: string, url: string, token?: string, body?: unknown): Promise<{ status: number; json: T }> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json().catch(() => ({}))) as T };
}
