import { describe, expect, inject, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { createDb, type Database } from '../../server/db/client';
import { instanciasLibres } from '../helpers/base-reusada';
import { basePostgres, createTestApp, createTestDatabase } from '../helpers/test-app';
import { crearTiendaCompleta } from '../helpers/tienda-completa';

/**
 * The worker's database, emptied between test files (tests/helpers/base-reusada.ts), is the template
 * again: the same rows in every table, the same next id of every sequence, the same settings —
 * compared with a database made from the template as before, after a file that wrote a store with
 * every shape of data and changed its session. On the engine under test (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL).
 */
const filas = async <T,>(d: Database, texto: string): Promise<T[]> =>
  d.kind === 'pglite' ? (await (d.db as unknown as { $client: PGlite }).$client.query<T>(texto)).rows : ((await d.pool!.query(texto)).rows as T[]);

/** Everything a test could read: each table's rows, each sequence's next value, the session's settings. */
async function contenido(d: Database): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const tablas = (await filas<{ t: string }>(d, `select format('%I.%I', schemaname, tablename) as t from pg_tables where schemaname = 'public' order by 1`)).map((r) => r.t);
  for (const t of tablas) out[t] = (await filas<{ j: string | null }>(d, `select json_agg(x order by x::text)::text as j from ${t} x`))[0]!.j;
  out.secuencias = await filas(d, `select schemaname, sequencename, last_value from pg_sequences order by 1, 2`);
  // Every setting's value (not where it came from: a past transaction leaves `transaction_isolation`
  // marked as set by the session, at its default value); an extension's (pg_trgm.*) are listed only
  // once its library has loaded, at their defaults unless set.
  out.ajustes = await filas(d, `select name, setting from pg_settings where name <> 'application_name' and name not like '%.%' order by 1`);
  out.ajustesDeExtensiones = await filas(d, `select name, setting from pg_settings where name like '%.%' and setting is distinct from boot_val order by 1`);
  out.tablasTemporales = await filas(d, `select count(*)::int as n from pg_class where relpersistence = 't'`);
  return out;
}

/** A database made from the template as each file's was before (a new PGlite, a new copy on PostgreSQL). */
async function baseNueva(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  return url ? basePostgres(url, { plantilla: inject('plantillaPostgres') }) : createDb({ pgliteLoadDataDir: inject('plantillaPglite') });
}

describe('la base de un archivo de pruebas, vaciada para el siguiente', () => {
  const conPlantilla = !!(process.env.TEST_DATABASE_URL ? inject('plantillaPostgres') : inject('plantillaPglite'));

  it.skipIf(!conPlantilla || process.env.TEST_BASE_NUEVA)('después de un archivo que escribió de todo, es igual a una base nueva de la plantilla', async () => {
    const nueva = await baseNueva();
    const esperado = await contenido(nueva);
    await nueva.close();

    // A file: an app on the database, a store with every shape of data, a changed session.
    const antes = instanciasLibres();
    const base = await createTestDatabase();
    const t = await createTestApp({}, { database: base });
    await crearTiendaCompleta(t);
    await t.close();
    if (base.kind === 'pglite') {
      await base.db.execute(sql`set timezone = 'Asia/Tokyo'`);
      await base.db.execute(sql`create temporary table nota (x int)`);
      await base.db.execute(sql`listen cambios`);
      await base.db.execute(sql`select pg_advisory_lock(42)`);
    }
    expect(await contenido(base)).not.toEqual(esperado);
    await base.close();
    expect(instanciasLibres(), 'la base volvió, vaciada').toBe(Math.max(antes, 1));
    // The old handle no longer reaches the database (the next file's).
    await expect(Promise.resolve().then(() => base.db.execute(sql`select 1`))).rejects.toThrow();

    const siguiente = await createTestDatabase();
    expect(await contenido(siguiente), 'la misma base, vaciada').toEqual(esperado);
    // An advisory lock of the last file is not held any more.
    expect((await filas<{ ok: boolean }>(siguiente, 'select pg_try_advisory_lock(42) as ok'))[0]!.ok).toBe(true);
    await siguiente.close();
  });

  it.skipIf(!conPlantilla || process.env.TEST_BASE_NUEVA)('un archivo que cambió la estructura deja una base que no se vuelve a usar', async () => {
    const antes = instanciasLibres();
    const base = await createTestDatabase();
    await base.db.execute(sql`create table sobrante (x int)`);
    await base.db.execute(sql`alter table producto alter column nombre drop not null`);
    await base.close();
    expect(instanciasLibres(), 'cerrada, no devuelta').toBe(Math.max(antes, 1) - 1);
    const siguiente = await createTestDatabase();
    expect((await filas<{ n: number }>(siguiente, `select count(*)::int as n from pg_tables where tablename = 'sobrante'`))[0]!.n).toBe(0);
    await siguiente.close();
  });
});
