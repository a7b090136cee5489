import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase } from '../../tests/helpers/test-app';
import type { Database } from './client';
import { seedDemo } from './demo';
import { seedCatalogos } from './setup';

/**
 * A test file's database with the demo shop: migrated, with the catalogues and the demo's data before
 * the file's tests, closed after them; with `carpeta`, a temporary folder named from it, removed with it.
 */
export function baseDemo(carpeta?: string): { readonly database: Database; readonly dir: string } {
  let database: Database | undefined;
  const dir = carpeta ? fs.mkdtempSync(path.join(os.tmpdir(), carpeta)) : '';
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.migrate();
    await seedCatalogos(database.db);
    await seedDemo(database.db);
  }, 300_000);
  afterAll(async () => {
    await database?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });
  return {
    get database() {
      if (!database) throw new Error('la base de la demo se abre en beforeAll');
      return database;
    },
    dir,
  };
}
