import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, prepararCarpeta, runScript, serverCommand, startServer, type ServerProcess } from '../helpers/server-process';

/**
 * One process per embedded data folder (issue #37 point 0): a second server, or a script that would
 * write, on a folder the server holds refuses with a Spanish message naming the holder and its address,
 * and every write the first server acknowledged is there after a restart. A database that does not
 * open names the latest backup and the restore command.
 */
const dirs: string[] = [];
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop('SIGKILL');
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function tempDir(name: string) {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), `adax-lock-${name}-`));
  dirs.push(d);
  return d;
}

/** Starts the server and waits for it to exit (it must not stay up). */
async function startExpectingExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  await prepararCarpeta(env);
  const port = await freePort();
  const child = spawn(process.execPath, serverCommand(), {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', JWT_SECRET: 'proc-secret-proc-secret-proc-secret-0123', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
  const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  clearTimeout(timer);
  return { code, output };
}

async function registerStore(url: string, n: number) {
  const res = await fetch(`${url}/api/tiendas/registro`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ nombreTienda: `Tienda ${n}`, email: `tienda${n}@bloqueo.co`, contrasena: 'Clave1234' }),
  });
  return res.status;
}

async function storeNames(url: string, count: number) {
  const found: string[] = [];
  for (let n = 1; n <= count; n++) {
    const res = await fetch(`${url}/api/sesion/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tipo: 'tienda', email: `tienda${n}@bloqueo.co`, contrasena: 'Clave1234' }),
    });
    if (res.status === 200) found.push(`Tienda ${n}`);
  }
  return found;
}

describe('una carpeta de datos, un proceso (base embebida)', () => {
  it('un segundo servidor y un script se niegan, nombrando al primero; lo confirmado sigue tras reiniciar', { timeout: 240_000 }, async () => {
    const dataDir = tempDir('dos');
    const env = { DATA_DIR: dataDir, DEMO_DATA: 'false', RATE_LIMIT_AUTH_MAX: '1000' };
    const first = await startServer(env);
    servers.push(first);
    expect(await registerStore(first.url, 1)).toBe(201);

    const second = await startExpectingExit(env);
    expect(second.code).not.toBe(0);
    expect(second.output).toContain(`La carpeta de datos ${dataDir} ya está abierta por otro proceso (el servidor, pid ${first.child.pid}`);
    expect(second.output).toContain(first.url.replace('127.0.0.1', 'localhost'));

    // The first one kept serving while the second tried, and writes go on.
    expect(await registerStore(first.url, 2)).toBe(201);
    const seed = await runScript('scripts/db-seed.ts', [], env);
    expect(seed.code).toBe(1);
    expect(seed.output).toContain(`ya está abierta por otro proceso (el servidor, pid ${first.child.pid}`);
    expect(await registerStore(first.url, 3)).toBe(201);

    expect(await first.stop('SIGTERM')).toBe(0);
    const again = await startServer(env);
    servers.push(again);
    expect(await storeNames(again.url, 3)).toEqual(['Tienda 1', 'Tienda 2', 'Tienda 3']);
    expect(await again.stop('SIGTERM')).toBe(0);
  });

  it('tras un SIGKILL el bloqueo del proceso muerto se retoma al arrancar', { timeout: 180_000 }, async () => {
    const dataDir = tempDir('muerto');
    const env = { DATA_DIR: dataDir, DEMO_DATA: 'false', RATE_LIMIT_AUTH_MAX: '1000' };
    const first = await startServer(env);
    servers.push(first);
    expect(await registerStore(first.url, 1)).toBe(201);
    await first.stop('SIGKILL');
    expect(fs.existsSync(path.join(dataDir, 'datos.lock'))).toBe(true);

    const again = await startServer(env);
    servers.push(again);
    expect(await storeNames(again.url, 1)).toEqual(['Tienda 1']);
    expect(await again.stop('SIGTERM')).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'datos.lock'))).toBe(false);
  });

  it('una base que no abre: mensaje en español con el último respaldo y el comando para restaurar', { timeout: 180_000 }, async () => {
    const dataDir = tempDir('rota');
    const env = { DATA_DIR: dataDir, DEMO_DATA: 'false' };
    const first = await startServer(env);
    servers.push(first);
    expect(await registerStore(first.url, 1)).toBe(201);
    expect(await first.stop('SIGTERM')).toBe(0);
    const backup = await runScript('scripts/backup.ts', [], env);
    expect(backup.code, backup.output).toBe(0);
    const latest = fs.readdirSync(path.join(dataDir, 'backups')).find((f) => f.endsWith('.json.gz'))!;

    // The migrations' record is gone: the server cannot tell what its database holds.
    const catalog = path.join(dataDir, 'pglite', 'global');
    for (const f of fs.readdirSync(catalog)) if (/^\d+$/.test(f)) fs.writeFileSync(path.join(catalog, f), Buffer.alloc(8192, 0x7f));

    const broken = await startExpectingExit(env);
    expect(broken.code).not.toBe(0);
    expect(broken.output).toContain(`No se pudo abrir la base de datos embebida en ${path.join(dataDir, 'pglite')}`);
    expect(broken.output).toContain(`npm run restore -- "${path.join(dataDir, 'backups', latest)}"`);
  });
});
