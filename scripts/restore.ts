// npm run restore -- archivo.json.gz
// Checks the whole backup first (format, schema version, tables, counts, checksum), then replaces every
// row of the configured database with the backup's in one transaction: a refusal or a failure leaves
// the current data as it was.
import path from 'node:path';
import { abrirBaseSinServidor } from './open-db';
import { restoreBackupFile } from '../server/db/backup';
import { seedCatalogos } from '../server/db/setup';
import { loadEnv } from '../server/env';

const file = process.argv[2];
if (!file) {
  console.error('Uso: npm run restore -- ruta/al/respaldo.json.gz');
  process.exit(2);
}
const env = loadEnv();
const database = await abrirBaseSinServidor(env, 'restaurar');
try {
  await database.migrate();
  await seedCatalogos(database.db);
  const counts = await restoreBackupFile(database.db, path.resolve(file));
  console.log('Restauración completa:', Object.entries(counts).map(([t, n]) => `${t} ${n}`).join(', '));
} catch (err) {
  console.error(`No se pudo restaurar: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
