import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb, migrationsFolder } from '../../server/db/client';
import { huellaFuentes } from '../../server/db/fuentes';

/**
 * Vitest's global setup: the test databases start from a migrated template built once per run
 * instead of each test file creating an empty cluster and running every migration.
 * - PGlite: creating an empty in-memory cluster (initdb) and migrating took 3–9 s per file on the
 *   2-core CI machine; starting from the template's tarball takes about one. The tarball is a
 *   file named by a hash of the migrations, rebuilt when any of them changes.
 * - PostgreSQL (TEST_DATABASE_URL): a template database, also named by that hash; each test file's
 *   database is a copy of it (`create database … template …`).
 * The template is the same migrations a server runs; tests of the migrations themselves open their
 * own databases (server/db tests, crash, backup).
 */
declare module 'vitest' {
  export interface ProvidedContext {
    plantillaPglite: string;
    plantillaPostgres: string;
    /** This run's name for its PostgreSQL test databases (`t_<corrida>_…`, base-reusada.ts), dropped at its end. */
    corrida: string;
  }
}

function huellaMigraciones(): string {
  const folder = migrationsFolder();
  const hash = createHash('sha256');
  const pgliteVersion = (JSON.parse(fs.readFileSync(path.resolve('node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string }).version;
  hash.update(pgliteVersion);
  for (const f of fs.readdirSync(folder).filter((f) => f.endsWith('.sql')).sort()) hash.update(f).update(fs.readFileSync(path.join(folder, f)));
  hash.update(fs.readFileSync(path.join(folder, 'meta', '_journal.json')));
  // The functions and triggers' files are part of what migrate() makes (issue #54 point 1).
  hash.update(huellaFuentes(folder));
  return hash.digest('hex').slice(0, 16);
}

async function plantillaPglite(huella: string): Promise<string> {
  const file = path.join(os.tmpdir(), `adax-plantilla-${huella}.tar`);
  if (fs.existsSync(file)) return file;
  const database = await createDb({});
  try {
    await database.migrate();
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const tar = await client.dumpDataDir('none');
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, Buffer.from(await tar.arrayBuffer()));
    fs.renameSync(tmp, file);
  } finally {
    await database.close();
  }
  return file;
}

async function plantillaPostgres(url: string, huella: string): Promise<string> {
  const name = `t_plantilla_${huella}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return name;
    const tmp = `${name}_${process.pid}`;
    await admin.query(`drop database if exists "${tmp}"`);
    await admin.query(`create database "${tmp}"`);
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${tmp}`;
    const database = await createDb({ databaseUrl: dbUrl.toString(), poolSize: 2 });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    await admin.query(`alter database "${tmp}" rename to "${name}"`);
    // Nobody connects to a template: copies of it fail while anyone does.
    await admin.query(`alter database "${name}" with allow_connections false`);
    return name;
  } finally {
    await admin.end();
  }
}

/** Drops the run's PostgreSQL test databases the workers kept for their next file (base-reusada.ts). */
async function borrarCorrida(url: string, corrida: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [`t\\_${corrida}\\_%`]);
    for (const r of rows) await admin.query(`drop database if exists "${r.datname}" with (force)`);
  } finally {
    await admin.end();
  }
}

export default async function setup(project: TestProject) {
  const corrida = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  project.provide('corrida', corrida);
  // TEST_SIN_PLANTILLA=1: every test database built from nothing, as before (to compare).
  if (process.env.TEST_SIN_PLANTILLA) {
    project.provide('plantillaPglite', '');
    project.provide('plantillaPostgres', '');
    return;
  }
  const huella = huellaMigraciones();
  const url = process.env.TEST_DATABASE_URL;
  project.provide('plantillaPglite', await plantillaPglite(huella));
  project.provide('plantillaPostgres', url ? await plantillaPostgres(url, huella) : '');
  return async () => {
    if (url) await borrarCorrida(url, corrida);
  };
}
