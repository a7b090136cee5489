import { openDatabase } from '../server/bootstrap';
import type { Database } from '../server/db/client';
import type { Env } from '../server/env';
import { runningServerPid } from './server-pid';

/**
 * A script's hold on the configured database. With the embedded one, the data folder must be free
 * (one process per folder, issue #37): when the server or another script holds it, the script says
 * who, in Spanish, and exits 1 without touching anything.
 */
export async function abrirBase(env: Env): Promise<Database> {
  try {
    return await openDatabase(env);
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
}

/**
 * The database for a script that must not run beside the server on the embedded one (restore, verify):
 * with a server running on the data folder it says so, in Spanish, and exits 1.
 */
export async function abrirBaseSinServidor(env: Env, paraQue: string): Promise<Database> {
  if (!env.DATABASE_URL && runningServerPid(env.DATA_DIR)) {
    console.error(`El servidor está en ejecución con esta base de datos: detenlo antes de ${paraQue}.`);
    process.exit(1);
  }
  return abrirBase(env);
}
