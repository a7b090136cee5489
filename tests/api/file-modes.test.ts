import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bootstrap } from '../../server/bootstrap';
import { backupFileName, writeBackup } from '../../server/db/backup';
import { loadEnv } from '../../server/env';
import { createTestDatabase } from '../helpers/test-app';

/**
 * Issue #15 (LOW): with umask 022 the outbox (live recovery codes), backups (password hashes),
 * secrets and the embedded database were readable by any local user. The server starts here with
 * that umask, on its own embedded database, writes each kind of file, and every folder of DATA_DIR
 * must be 0700 and every file 0600.
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'adax-modes-'));
const previousUmask = process.umask();
afterAll(() => {
  process.umask(previousUmask);
  fs.rmSync(root, { recursive: true, force: true });
});

function walk(dir: string, out: { path: string; dir: boolean; mode: number }[] = []) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    out.push({ path: path.relative(root, p), dir: e.isDirectory(), mode: fs.lstatSync(p).mode & 0o777 });
    if (e.isDirectory()) walk(p, out);
  }
  return out;
}

describe('permisos de los archivos de datos', () => {
  it('con umask 022, carpetas 0700 y archivos 0600: base embebida, bandeja de salida, secretos y respaldos', { timeout: 120_000 }, async () => {
    process.umask(0o022);
    const dataDir = path.join(root, 'data');
    const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', READ_CACHE: 'off', WEB_DIR: path.join(root, 'no-web') });
    const { app, database } = await bootstrap(env, { logger: false });
    try {
      await app.ready();
      const reg = await app.inject({ method: 'POST', url: '/api/tiendas/registro', payload: { nombreTienda: 'Permisos', email: 'permisos@prueba.co', contrasena: 'Clave1234' } });
      expect(reg.statusCode).toBe(201);
      const sent = await app.inject({ method: 'POST', url: '/api/recuperacion/enviar-codigo', payload: { correo: 'permisos@prueba.co' } });
      expect(sent.statusCode).toBe(200);
      // The recovery mail is sent without making the answer wait (constant-time recovery): wait for it
      // to reach the outbox before looking at its mode.
      const outbox = path.join(dataDir, 'outbox');
      for (let i = 0; i < 200 && !(fs.existsSync(outbox) && fs.readdirSync(outbox).some((f) => f.endsWith('.eml'))); i++)
        await new Promise((r) => setTimeout(r, 50));
      await writeBackup(database.db, backupFileName(path.join(dataDir, 'backups')));
    } finally {
      await app.close();
      await database.close();
    }

    const entries = walk(root).filter((e) => e.path === 'data' || e.path.startsWith(`data${path.sep}`));
    const names = entries.map((e) => e.path);
    expect(names).toContain(path.join('data', 'secrets', 'jwt.key'));
    expect(names).toContain(path.join('data', 'pglite', 'PG_VERSION'));
    expect(names.some((n) => n.startsWith(path.join('data', 'outbox')) && n.endsWith('.eml'))).toBe(true);
    expect(names.some((n) => n.startsWith(path.join('data', 'backups')) && n.endsWith('.json.gz'))).toBe(true);
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    const open = entries.filter((e) => e.mode !== (e.dir ? 0o700 : 0o600)).map((e) => `${e.path} ${e.mode.toString(8)}`);
    expect(open).toEqual([]);
  });

  it('una carpeta de datos de una versión anterior: su bandeja, secretos y respaldos pasan a ser privados al arrancar', { timeout: 60_000 }, async () => {
    process.umask(0o022);
    const dataDir = path.join(root, 'anterior');
    for (const sub of ['outbox', 'secrets', 'backups']) fs.mkdirSync(path.join(dataDir, sub), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'outbox', 'anterior.eml'), 'Tu código es: 123456');
    fs.writeFileSync(path.join(dataDir, 'secrets', 'jwt.key'), 'x'.repeat(64));
    fs.writeFileSync(path.join(dataDir, 'backups', 'viejo.json.gz'), 'hashes');
    expect(fs.statSync(path.join(dataDir, 'outbox', 'anterior.eml')).mode & 0o777).toBe(0o644);
    const database = await createTestDatabase();
    const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', READ_CACHE: 'off', WEB_DIR: path.join(root, 'no-web') });
    const { app } = await bootstrap(env, { database, logger: false });
    await app.close();
    await database.close();
    const open = walk(dataDir)
      .filter((e) => e.mode !== (e.dir ? 0o700 : 0o600))
      .map((e) => `${e.path} ${e.mode.toString(8)}`);
    expect(open).toEqual([]);
  });
});
