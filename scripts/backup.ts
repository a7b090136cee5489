// npm run backup [-- archivo.json.gz]
// A consistent dump of the configured database, streamed to the file (format 2, server/db/backup.ts).
// With the embedded database and the server running, the server itself writes it (signal SIGUSR2);
// otherwise the database is read directly.
import fs from 'node:fs';
import path from 'node:path';
import { abrirBase } from './open-db';
import { backupFileName, writeBackup } from '../server/db/backup';
import { loadEnv } from '../server/env';
import { writeWithPrivateMode } from '../server/lib/private-files';
import { runningServerPid } from './server-pid';

const env = loadEnv();
const target = process.argv[2] ? path.resolve(process.argv[2]) : backupFileName(path.join(env.DATA_DIR, 'backups'));
const pid = env.DATABASE_URL ? null : runningServerPid(env.DATA_DIR);

if (pid) {
  const dir = path.join(env.DATA_DIR, 'backups');
  const before = new Set(fs.existsSync(dir) ? fs.readdirSync(dir) : []);
  process.kill(pid, 'SIGUSR2');
  // A big shop's backup takes a while: the server renames the file into place only when it is whole.
  const deadline = Date.now() + 30 * 60_000;
  let made: string | undefined;
  while (!made && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    made = (fs.existsSync(dir) ? fs.readdirSync(dir) : []).find((f) => f.endsWith('.json.gz') && !before.has(f));
  }
  if (!made) {
    console.error('El servidor no escribió el respaldo a tiempo; revisa su registro.');
    process.exit(1);
  }
  const file = path.join(dir, made);
  // A backup holds password hashes: the copy is 0600 too.
  if (file !== target) writeWithPrivateMode(target, () => fs.copyFileSync(file, target));
  console.log(`Respaldo escrito por el servidor en ejecución: ${target}`);
} else {
  const database = await abrirBase(env);
  try {
    const { rows, bytes } = await writeBackup(database.db, target);
    const total = Object.values(rows).reduce((a, b) => a + b, 0);
    console.log(`Respaldo escrito: ${target} (${total} filas, ${(bytes / 1_048_576).toFixed(1)} MB)`);
  } catch (err) {
    console.error(`No se pudo escribir el respaldo: ${(err as Error).message}`);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}
