import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runScript, startServer, type ServerProcess } from '../helpers/server-process';

/**
 * Backups on a schedule (issue #37 point 4): the running server writes one every BACKUP_EVERY into
 * $DATA_DIR/backups, removes those older than BACKUP_KEEP_DAYS, and `npm run restore` brings the
 * latest one back.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adax-prog-'));
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.stop('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function register(url: string, n: number) {
  const res = await fetch(`${url}/api/tiendas/registro`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ nombreTienda: `Tienda ${n}`, email: `t${n}@programado.co`, contrasena: 'Clave1234' }),
  });
  expect(res.status).toBe(201);
}

const backups = () => fs.readdirSync(path.join(dataDir, 'backups')).filter((f) => f.endsWith('.json.gz')).sort();

describe('respaldos programados (base embebida)', () => {
  it('escribe uno cada intervalo, borra los vencidos, y npm run restore recupera el último', { timeout: 180_000 }, async () => {
    // A backup from ten days ago, past the two days kept.
    const dir = path.join(dataDir, 'backups');
    fs.mkdirSync(dir, { recursive: true });
    const old = path.join(dir, 'adax-2026-01-01T00-00-00-000Z.json.gz');
    fs.writeFileSync(old, 'viejo');
    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000);
    fs.utimesSync(old, tenDaysAgo, tenDaysAgo);
    const mine = path.join(dir, 'mi-copia.json.gz');
    fs.writeFileSync(mine, 'de la persona');
    fs.utimesSync(mine, tenDaysAgo, tenDaysAgo);

    const env = { DATA_DIR: dataDir, DEMO_DATA: 'false', BACKUP_EVERY: '3s', BACKUP_KEEP_DAYS: '2', RATE_LIMIT_AUTH_MAX: '1000' };
    server = await startServer(env);
    await register(server.url, 1);
    // The schedule's backups (bounded wait): the first after one interval, each after the store exists.
    let made: string[] = [];
    for (let i = 0; i < 150 && made.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 200));
      made = backups().filter((f) => f.startsWith('adax-2') && !f.startsWith('adax-2026-01-01'));
    }
    expect(made.length).toBeGreaterThanOrEqual(2);
    expect(fs.existsSync(old)).toBe(false);
    // Only the product's own backups are pruned: a file the person put there stays.
    expect(fs.existsSync(mine)).toBe(true);

    expect(await server.stop('SIGTERM')).toBe(0);
    server = undefined;
    const latest = path.join(dir, backups().filter((f) => f.startsWith('adax-')).pop()!);
    // A store registered after the latest backup is gone once it is restored.
    server = await startServer({ ...env, BACKUP_EVERY: 'off' });
    await register(server.url, 2);
    expect(await server.stop('SIGTERM')).toBe(0);
    server = undefined;
    const restored = await runScript('scripts/restore.ts', [latest], env);
    expect(restored.code, restored.output).toBe(0);
    server = await startServer({ ...env, BACKUP_EVERY: 'off' });
    const login = async (n: number) =>
      (
        await fetch(`${server!.url}/api/sesion/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ tipo: 'tienda', email: `t${n}@programado.co`, contrasena: 'Clave1234' }),
        })
      ).status;
    expect(await login(1)).toBe(200);
    expect(await login(2)).toBe(401);
  });
});
