import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { backupRows, verifyBackupFile } from '../../server/db/backup';
import { runScript, startServer, type ServerProcess } from '../helpers/server-process';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adax-bkcli-'));
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.stop('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function registerStore(url: string, nombreTienda: string, email: string) {
  const res = await fetch(`${url}/api/tiendas/registro`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ nombreTienda, email, contrasena: 'Clave1234' }),
  });
  expect(res.status).toBe(201);
}

describe('npm run backup / npm run restore con la base embebida', () => {
  it('respalda con el servidor en marcha, se niega a restaurar en caliente y restaura con el servidor detenido', { timeout: 180_000 }, async () => {
    const env = { DATA_DIR: dataDir, DEMO_DATA: 'false' };
    server = await startServer(env);
    await registerStore(server.url, 'Antes del respaldo', 'antes@respaldo.co');

    const file = path.join(dataDir, 'mi-respaldo.json.gz');
    const backup = await runScript('scripts/backup.ts', [file], env);
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain('servidor en ejecución');
    expect((await verifyBackupFile(file)).rows.tienda).toBe(1);
    const tiendas: unknown[] = [];
    for await (const { table, row } of backupRows(file)) if (table === 'tienda') tiendas.push(row.nombre_tienda);
    expect(tiendas).toEqual(['Antes del respaldo']);

    await registerStore(server.url, 'Después del respaldo', 'despues@respaldo.co');
    const refused = await runScript('scripts/restore.ts', [file], env);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('detenlo antes de restaurar');

    expect(await server.stop('SIGTERM')).toBe(0);
    const restored = await runScript('scripts/restore.ts', [file], env);
    expect(restored.code, restored.output).toBe(0);

    server = await startServer(env);
    const login = async (email: string) =>
      (
        await fetch(`${server!.url}/api/sesion/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ tipo: 'tienda', email, contrasena: 'Clave1234' }),
        })
      ).status;
    expect(await login('antes@respaldo.co')).toBe(200);
    expect(await login('despues@respaldo.co')).toBe(401);
  });
});
