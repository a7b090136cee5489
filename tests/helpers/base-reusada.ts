import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createDb, type Database } from '../../server/db/client';

/**
 * One database per test worker, emptied between test files instead of made again (issue #54 point 7).
 * Starting PGlite from the migrated template cost ~1.5–2.5 CPU-seconds per test file (the PGlite pass
 * took 9:55 with a new one per file, 6:17 so); on PostgreSQL each file copied the template database
 * (`create database … template`) and dropped it. What a file gets is the template again:
 *
 * - every table of `public` truncated, the rows the template has put back (the payment methods),
 *   and every sequence set back to the template's value — ids start where a new database's start;
 * - `discard all`: the session's settings, prepared statements, temporary tables, LISTENs and
 *   advisory locks go;
 * - a fingerprint of the catalogue (tables, columns, constraints, functions, triggers, roles,
 *   extensions, migrations, database settings) compared with the template's: a file that changed
 *   the structure (a test of migrations, of a trigger turned off) leaves an instance that is
 *   closed, not reused. `base-reusada.test.ts` proves an emptied instance answers as a fresh one.
 *
 * A file's `Database` reaches PGlite through a revocable proxy, PostgreSQL through a pool of its own:
 * after `close()` the file's old handle fails instead of reaching the next file's data.
 */

/** What the emptying needs of either engine: statements, and rows. */
interface Sql {
  exec(text: string): Promise<unknown>;
  filas<T>(text: string): Promise<T[]>;
}
const dePglite = (db: PGlite): Sql => ({ exec: (t) => db.exec(t), filas: async <T,>(t: string) => (await db.query<T>(t)).rows });
const dePg = (c: pg.Client): Sql => ({ exec: (t) => c.query(t), filas: async <T,>(t: string) => (await c.query(t)).rows as T[] });

/** Instances waiting for the next file of this worker (module state: the worker's files share it, isolate: false). */
const libres: PGlite[] = [];
const LIBRES_MAX = 3;
/** PostgreSQL: databases of this worker waiting for the next file, by name. */
const libresPg: string[] = [];
/** How many emptied instances wait (base-reusada.test.ts: whether an instance came back). */
export const instanciasLibres = (): number => libres.length + libresPg.length;

interface Plantilla {
  huella: string;
  reinicio: string;
}
let plantilla: Promise<Plantilla> | undefined;
let plantillaPg: Promise<Plantilla> | undefined;

const HUELLA = `
select md5(string_agg(x, E'\\n' order by x)) as huella from (
  select concat_ws(' ', 'c', n.nspname, c.relname, c.relkind, c.relnatts, c.relrowsecurity) as x
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and n.nspname not like 'pg\\_%temp%'
  union all select concat_ws(' ', 'a', c.relname, a.attname, a.atttypid, a.attnotnull, a.atthasdef, pg_get_expr(d.adbin, d.adrelid))
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where n.nspname = 'public' and a.attnum > 0 and not a.attisdropped
  union all select concat_ws(' ', 'k', conrelid::regclass, conname, pg_get_constraintdef(oid)) from pg_constraint where connamespace = 'public'::regnamespace
  union all select concat_ws(' ', 'p', p.oid::regprocedure, md5(p.prosrc)) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname not in ('pg_catalog', 'information_schema')
  union all select concat_ws(' ', 't', tgrelid::regclass, tgname, tgenabled, tgfoid::regprocedure) from pg_trigger
  union all select concat_ws(' ', 'r', rolname, rolsuper) from pg_roles
  union all select concat_ws(' ', 'x', extname, extversion) from pg_extension
  union all select concat_ws(' ', 'd', setrole, array_to_string(setconfig, ';')) from pg_db_role_setting
    where setdatabase in (0, (select oid from pg_database where datname = current_database()))
  union all select concat_ws(' ', 'v', schemaname, viewname, md5(definition)) from pg_views where schemaname = 'public'
  union all select concat_ws(' ', 'i', indexrelid::regclass, md5(pg_get_indexdef(indexrelid))) from pg_index i join pg_class c on c.oid = i.indrelid where c.relnamespace = 'public'::regnamespace
  union all select concat_ws(' ', 'm', count(*)) from drizzle.__drizzle_migrations
) s`;

const literal = (s: string) => `'${s.replaceAll("'", "''")}'`;

/** The template's fingerprint and the SQL that empties an instance back to it, read off a fresh instance. */
async function leerPlantilla(db: Sql): Promise<Plantilla> {
  await db.exec('discard all');
  const huella = (await db.filas<{ huella: string }>(HUELLA))[0]!.huella;
  const tablas = (await db.filas<{ t: string }>(`select format('%I.%I', schemaname, tablename) as t from pg_tables where schemaname = 'public' order by 1`)).map((r) => r.t);
  const partes = ['set local session_replication_role = replica;', `truncate table ${tablas.join(', ')};`];
  for (const t of tablas) {
    const filas = (await db.filas<{ j: string | null }>(`select json_agg(x)::text as j from ${t} x`))[0]!.j;
    if (filas) partes.push(`insert into ${t} overriding system value select * from json_populate_recordset(null::${t}, ${literal(filas)});`);
  }
  const secuencias = await db.filas<{ s: string; v: string | null; inicio: string }>(`select format('%I.%I', schemaname, sequencename) as s, last_value::text as v, start_value::text as inicio from pg_sequences`);
  for (const q of secuencias) partes.push(`select setval(${literal(q.s)}, ${q.v ?? q.inicio}, ${q.v != null});`);
  return { huella, reinicio: `begin;\n${partes.join('\n')}\ncommit;` };
}

/** Empties `db` back to the template; false when it no longer matches it (then it is closed). */
async function vaciar(db: Sql, p: Plantilla): Promise<boolean> {
  try {
    await db.exec('discard all');
    await db.exec(p.reinicio);
    const { huella } = (await db.filas<{ huella: string }>(HUELLA))[0]!;
    return huella === p.huella;
  } catch {
    return false;
  }
}

/** A revocable handle on `db`: every method is bound to the instance itself (PGlite keeps private fields). */
function asa(db: PGlite): { proxy: PGlite; revoke: () => void } {
  return Proxy.revocable(db, {
    get(target, key) {
      const v = Reflect.get(target, key, target) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}

/** `database` whose close() runs `soltar` once: it hands the database back emptied, or retires it. */
function alCerrar(database: Database, soltar: () => Promise<void>): Database {
  let cerrada = false;
  return {
    ...database,
    async close() {
      if (cerrada) return;
      cerrada = true;
      await soltar();
    },
  };
}

/** A database for one test file: an emptied instance of this worker's, or a new one from the template's tarball. */
export async function baseReusada(tarball: string): Promise<Database> {
  let db = libres.pop();
  if (!db) {
    const nueva = await createDb({ pgliteLoadDataDir: tarball });
    db = (nueva.db as unknown as { $client: PGlite }).$client;
    plantilla ??= leerPlantilla(dePglite(db));
    await plantilla;
  }
  const instancia = db;
  const { proxy, revoke } = asa(instancia);
  return alCerrar(await createDb({ pglite: proxy }), async () => {
    revoke();
    if (libres.length < LIBRES_MAX && !instancia.closed && (await vaciar(dePglite(instancia), await plantilla!))) libres.push(instancia);
    else if (!instancia.closed) await instancia.close();
  });
}


const urlDe = (url: string, nombre: string) => {
  const u = new URL(url);
  u.pathname = `/${nombre}`;
  return u.toString();
};

async function conCliente<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** A new PostgreSQL test database `nombre` on `url`'s server: a copy of `plantilla` when given, else empty. */
export async function crearBasePg(url: string, nombre: string, plantilla?: string): Promise<void> {
  await conCliente(url, async (admin) => {
    await admin.query(plantilla ? `create database "${nombre}" template "${plantilla}"` : `create database "${nombre}"`);
    // A test database is dropped at the end of its file or run: its commits need not wait for the disk
    // (each commit's fsync was most of a write's time on the CI machine). Visibility and locking are
    // unchanged; only a crash of PostgreSQL itself could lose the last commits, which no test survives anyway.
    await admin.query(`alter database "${nombre}" set synchronous_commit = off`);
  });
}

/**
 * A PostgreSQL database for one test file on `url`'s server: an emptied one of this worker's, or a new
 * copy of the template `plantillaNombre`, named `t_<corrida>_…` (plantilla.ts drops the run's at its end).
 */
export async function basePgReusada(url: string, plantillaNombre: string, corrida: string): Promise<Database> {
  let nombre = libresPg.pop();
  if (!nombre) {
    nombre = `t_${corrida}_${randomBytes(4).toString('hex')}`;
    const n = nombre;
    await crearBasePg(url, n, plantillaNombre);
    plantillaPg ??= conCliente(urlDe(url, n), (c) => leerPlantilla(dePg(c)));
    await plantillaPg;
  }
  const suyo = nombre;
  const database = await createDb({ databaseUrl: urlDe(url, suyo), poolSize: 20 });
  return alCerrar(database, async () => {
    await database.close();
    const limpia = libresPg.length < LIBRES_MAX && (await conCliente(urlDe(url, suyo), async (c) => vaciar(dePg(c), await plantillaPg!)).catch(() => false));
    if (limpia) libresPg.push(suyo);
    else await conCliente(url, (admin) => admin.query(`drop database if exists "${suyo}" with (force)`));
  });
}
