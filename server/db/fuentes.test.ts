/**
 * The drift test (issue #54 point 1, ADR 040): a migrated database's functions and triggers are the
 * source files' (server/db/functions/, server/db/triggers/), names and definitions as the database
 * itself prints them, on PGlite and on PostgreSQL; a start with unchanged files runs none of them; and a
 * data folder made before the files existed (migrations up to 0051, the code of that day) upgrades
 * to the same functions and triggers as a new database, each trigger once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/helpers/test-app';
import { createDb, migrationsFolder, type Database } from './client';
import { aplicarFuentes, leerFuentes, type Ejecutor } from './fuentes';

const carpeta = migrationsFolder();
const fuentes = leerFuentes(carpeta);
/** The last migration of the code before the files (main at 028234c): its data folders must upgrade. */
const ULTIMA_ANTES = '0051_clave_idempotencia';

interface Estado {
  funciones: { nombre: string; def: string }[];
  disparadores: { tabla: string; nombre: string; def: string }[];
}

async function estado(ej: Ejecutor): Promise<Estado> {
  const funciones = await ej.query<{ nombre: string; def: string }>(`
    select p.proname as nombre, pg_get_functiondef(p.oid) as def
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public' and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
    order by 1, 2`);
  const disparadores = await ej.query<{ tabla: string; nombre: string; def: string }>(`
    select c.relname as tabla, t.tgname as nombre, pg_get_triggerdef(t.oid) as def
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and not t.tgisinternal
    order by 1, 2`);
  return { funciones, disparadores };
}

/** The triggers the files make, as `table.name`. */
const disparadoresDeArchivos = fuentes
  .filter((f) => f.tipo === 'disparadores')
  .flatMap((f) => [...f.texto.replace(/--[^\n]*/g, '').matchAll(/CREATE\s+TRIGGER\s+(\w+)\s[\s\S]*?\sON\s+(\w+)\s/gi)].map((m) => `${m[2]}.${m[1]}`))
  .sort();
const funcionesDeArchivos = fuentes.filter((f) => f.tipo === 'funcion').map((f) => path.basename(f.archivo, '.sql'));

class Deshacer extends Error {}

/** Runs `fn` in a transaction on one connection of the database, rolled back at the end. */
async function enTransaccion<T>(database: Database, fn: (ej: Ejecutor) => Promise<T>): Promise<T> {
  let resultado: T | undefined;
  if (database.kind === 'postgres') {
    const client = await database.pool!.connect();
    try {
      await client.query('begin');
      resultado = await fn({ exec: (s) => client.query(s), query: async <R,>(s: string) => (await client.query(s)).rows as R[] });
    } finally {
      await client.query('rollback');
      client.release();
    }
    return resultado;
  }
  const client = (database.db as unknown as { $client: PGlite }).$client;
  await client
    .transaction(async (tx) => {
      resultado = await fn({ exec: (s) => tx.exec(s), query: async <R,>(s: string) => (await tx.query<R>(s)).rows });
      throw new Deshacer();
    })
    .catch((err: unknown) => {
      if (!(err instanceof Deshacer)) throw err;
    });
  return resultado as T;
}

let database: Database;
let nueva: Estado;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.migrate();
  nueva = await enTransaccion(database, estado);
});
afterAll(() => database?.close());

describe('a migrated database runs the source files', () => {
  it('has a function for every file and a file for every function', () => {
    expect(nueva.funciones.map((f) => f.nombre)).toEqual(funcionesDeArchivos);
  });

  it('has the triggers of the files, each once, and no other', () => {
    expect(nueva.disparadores.map((d) => `${d.tabla}.${d.nombre}`)).toEqual(disparadoresDeArchivos);
  });

  it('has every function and trigger exactly as its file makes it', async () => {
    const despues = await enTransaccion(database, async (ej) => {
      for (const d of nueva.disparadores) await ej.exec(`drop trigger ${d.nombre} on ${d.tabla}`);
      for (const f of fuentes) await ej.exec(f.texto);
      return estado(ej);
    });
    expect(despues).toEqual(nueva);
  });

  it('the checkout runs its statements, its triggers included, with generic plans (issue #55 point 3)', async () => {
    const [f] = await enTransaccion(database, (ej) => ej.query<{ config: string[] | string | null }>(`select proconfig as config from pg_proc where proname = 'venta_registrar'`));
    expect(String(f?.config ?? '')).toContain('plan_cache_mode=force_generic_plan');
  });

  it('a start with unchanged files runs none of them; a changed file runs alone', async () => {
    const ninguno = await enTransaccion(database, (ej) => aplicarFuentes(ej, fuentes, { todas: false }));
    expect(ninguno).toEqual([]);
    const cambiada = fuentes.map((f) => (f.archivo === 'triggers/tienda.sql' ? { ...f, huella: 'otra' } : f));
    const una = await enTransaccion(database, (ej) => aplicarFuentes(ej, cambiada, { todas: false }));
    expect(una).toEqual(['triggers/tienda.sql']);
  });
});

/** A copy of the migrations folder as it was before the files: entries up to ULTIMA_ANTES. */
function migracionesDeAntes(dir: string): string {
  const journal = JSON.parse(fs.readFileSync(path.join(carpeta, 'meta/_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] };
  const hasta = journal.entries.find((e) => e.tag === ULTIMA_ANTES)!.idx;
  const entries = journal.entries.filter((e) => e.idx <= hasta);
  fs.mkdirSync(path.join(dir, 'meta'), { recursive: true });
  for (const e of entries) fs.copyFileSync(path.join(carpeta, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  return dir;
}

describe('a data folder made before the files upgrades unchanged', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'adax-fuentes-'));
  const url = process.env.TEST_DATABASE_URL;
  const nombre = `t_fuentes_${process.pid}`;
  afterAll(async () => {
    fs.rmSync(tmp, { recursive: true, force: true });
    if (url) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`drop database if exists "${nombre}" with (force)`);
      await admin.end();
    }
  });

  it('to the functions and triggers of a new database, each trigger once; a second start runs nothing', { timeout: 240_000 }, async () => {
    const antes = migracionesDeAntes(path.join(tmp, 'migraciones'));
    let abrir: () => Promise<Database>;
    if (url) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`drop database if exists "${nombre}" with (force)`);
      await admin.query(`create database "${nombre}"`);
      await admin.end();
      const dbUrl = new URL(url);
      dbUrl.pathname = `/${nombre}`;
      // The code of that day: drizzle's migrator and nothing after it.
      const client = new pg.Client({ connectionString: dbUrl.toString() });
      await client.connect();
      await migratePg(drizzlePg({ client }), { migrationsFolder: antes });
      await client.end();
      abrir = () => createDb({ databaseUrl: dbUrl.toString(), poolSize: 2 });
    } else {
      const datos = path.join(tmp, 'datos', 'pglite');
      fs.mkdirSync(datos, { recursive: true });
      const client = new PGlite(datos, { extensions: { pg_trgm, unaccent } });
      await migratePglite(drizzlePglite({ client }), { migrationsFolder: antes });
      await client.close();
      abrir = () => createDb({ pgliteDir: datos });
    }

    const actualizada = await abrir();
    try {
      await actualizada.migrate();
      expect(await enTransaccion(actualizada, estado)).toEqual(nueva);
      const aplicadas = () =>
        enTransaccion(actualizada, (ej) => ej.query<{ archivo: string; aplicada_en: unknown }>('select archivo, aplicada_en::text from drizzle.fuente_aplicada order by 1'));
      const primera = await aplicadas();
      expect(primera.map((f) => f.archivo)).toEqual(fuentes.map((f) => f.archivo).sort());
      await actualizada.migrate();
      expect(await aplicadas()).toEqual(primera);
      expect(await enTransaccion(actualizada, estado)).toEqual(nueva);
    } finally {
      await actualizada.close();
    }
  });
});
