import { openDatabase } from '../server/bootstrap';
import type { Database } from '../server/db/client';
import type { Env } from '../server/env';

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
