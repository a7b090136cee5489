// npm run verificar [-- --tienda N]
// The consistency checks of the fault suite (server/db/consistencia.ts) on the configured database:
// stock = its ledger, no completed sale without lines, and the summaries
// equal what the sales compute. Changes nothing. Exits 1 and lists what disagrees, 0 when all agrees.
// On the embedded database, stop the server first (one process per data folder).
import { abrirBaseSinServidor } from './open-db';
import { comprobarConsistencia } from '../server/db/consistencia';
import { loadEnv } from '../server/env';

const i = process.argv.indexOf('--tienda');
const tiendaId = i > 0 ? Number(process.argv[i + 1]) : undefined;
if (tiendaId !== undefined && !(Number.isInteger(tiendaId) && tiendaId > 0)) {
  console.error('Uso: npm run verificar [-- --tienda N], con N el número de la tienda');
  process.exit(2);
}
const env = loadEnv();
const database = await abrirBaseSinServidor(env, 'verificarla');
try {
  const fallas = await comprobarConsistencia(database.db, { tiendaId });
  if (fallas.length === 0) console.log('Todo cuadra: stock y su libro, ventas y sus líneas, resúmenes y ventas.');
  else {
    console.error(`${fallas.length} diferencias:`);
    for (const f of fallas) console.error(`  tienda ${f.tiendaId} · ${f.regla}: ${f.detalle}`);
    process.exitCode = 1;
  }
} catch (err) {
  console.error(`No se pudo verificar: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
