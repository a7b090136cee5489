import { describe, expect, inject, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { createDb, type Database } from '../../server/db/client';
import { baseReusada, instanciasLibres } from '../helpers/base-reusada';
import { createTestApp } from '../helpers/test-app';
import { crearTiendaCompleta } from '../helpers/tienda-completa';

/**
 * The worker's embedded database, emptied between test files (tests/helpers/base-reusada.ts), is the
 * template again: the same rows in every table, the same next id of every sequence, the same session
 * settings — compared with a database started from the template's tarball, after a file that wrote
 * a store with every shape of data and changed its session.
 */
const cliente = (d: Database) => (d.db as unknown as { $client: PGlite }).$client;

/** Everything a test could read: each table's rows, each sequence's next value, the session's settings. */
async function contenido(db: PGlite): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const tablas = (await db.query<{ t: string }>(`select format('%I.%I', schemaname, tablename) as t from pg_tables where schemaname = 'public' order by 1`)).rows.map((r) => r.t);
  for (const t of tablas) out[t] = (await db.query<{ j: string | null }>(`select json_agg(x order by x::text)::text as j from ${t} x`)).rows[0]!.j;
  out.secuencias = (await db.query(`select schemaname, sequencename, last_value from pg_sequences order by 1, 2`)).rows;
  out.ajustes = (await db.query(`select name, setting from pg_settings where source not in ('default', 'override') order by 1`)).rows;
  out.tablasTemporales = (await db.query(`select count(*)::int as n from pg_class where relpersistence = 't'`)).rows;
  out.escuchas = (await db.query(`select count(*)::int as n from pg_listening_channels()`)).rows;
  return out;
}

describe('la base de un archivo de pruebas, vaciada para el siguiente', () => {
  const tarball = inject('plantillaPglite');

  it.skipIf(!tarball || process.env.TEST_DATABASE_URL)('después de un archivo que escribió de todo, es igual a una base nueva de la plantilla', async () => {
    const nueva = await createDb({ pgliteLoadDataDir: tarball });
    const esperado = await contenido(cliente(nueva));
    await nueva.close();

    // A file: an app on the database, a store with every shape of data, a changed session.
    const antes = instanciasLibres();
    const base = await baseReusada(tarball);
    const instancia = cliente(base);
    const t = await createTestApp({}, { database: base });
    await crearTiendaCompleta(t);
    await t.close();
    await base.db.execute(sql`set timezone = 'Asia/Tokyo'`);
    await base.db.execute(sql`create temporary table nota (x int)`);
    await base.db.execute(sql`listen cambios`);
    await base.db.execute(sql`select pg_advisory_lock(42)`);
    expect(await contenido(instancia)).not.toEqual(esperado);
    await base.close();
    expect(instanciasLibres(), 'la instancia volvió, vaciada').toBe(Math.max(antes, 1));
    // The old handle no longer reaches the instance (the next file's).
    await expect(Promise.resolve().then(() => base.db.execute(sql`select 1`))).rejects.toThrow();

    const siguiente = await baseReusada(tarball);
    expect(await contenido(cliente(siguiente)), 'la misma instancia, vaciada').toEqual(esperado);
    // An advisory lock of the last file is not held any more.
    expect((await cliente(siguiente).query<{ ok: boolean }>('select pg_try_advisory_lock(42) as ok')).rows[0]!.ok).toBe(true);
    await siguiente.close();
  });

  it.skipIf(!tarball || process.env.TEST_DATABASE_URL)('un archivo que cambió la estructura deja una instancia que no se vuelve a usar', async () => {
    const antes = instanciasLibres();
    const base = await baseReusada(tarball);
    await base.db.execute(sql`create table sobrante (x int)`);
    await base.db.execute(sql`alter table producto alter column nombre drop not null`);
    await base.close();
    expect(instanciasLibres(), 'cerrada, no devuelta').toBe(Math.max(antes, 1) - 1);
    const siguiente = await baseReusada(tarball);
    const { rows } = await cliente(siguiente).query<{ n: number }>(`select count(*)::int as n from pg_tables where tablename = 'sobrante'`);
    expect(rows[0]!.n).toBe(0);
    await siguiente.close();
  });
});
