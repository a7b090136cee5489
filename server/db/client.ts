import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { lockDataDir, type DataDirLock } from './data-dir-lock';
import { aplicarFuentes, leerFuentes, migracionesAplicadas, type Ejecutor } from './fuentes';
import { PGliteThread } from './pglite-thread';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL's connection string (the write bus opens its own LISTEN connection). */
  url?: string;
  /** PostgreSQL's pool (metrics read its counts). */
  pool?: pg.Pool;
  /** The embedded database's hold on its data folder (one process per folder, issue #37). */
  lock?: DataDirLock;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** Migrations sit beside this file in the source tree and beside the bundle in dist/. */
export function migrationsFolder(): string {
  const candidates = [path.join(here, 'migrations'), path.join(here, 'db', 'migrations')];
  const found = candidates.find((c) => fs.existsSync(path.join(c, 'meta', '_journal.json')));
  if (!found) throw new Error(`No se encontraron las migraciones (buscadas en ${candidates.join(', ')})`);
  return found;
}

export interface CreateDbOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  databaseUrl?: string;
  /** Folder for PGlite's files; absent means in memory (tests). */
  pgliteDir?: string;
  /** PostgreSQL's pool: connections kept open by this instance (DB_POOL_SIZE, default 10). */
  poolSize?: number;
  /** PGlite's shared_buffers (default 32MB). */
  pgliteSharedBuffers?: string;
  /**
   * Where PGlite runs: on the calling thread ('main', the default) or on a worker thread of its own
   * ('worker', ADR 009): more sales a second on a busy till, about 50 MB more memory.
   */
  pgliteThread?: 'worker' | 'main';
  /**
   * Who opens the embedded database's folder, for the message a second process shows ('servidor',
   * or a script's command). The folder holding `pgliteDir` is locked for this process until close().
   */
  lockAs?: string;
  /**
   * An uncompressed tarball of a PGlite data folder to start an in-memory database from, instead of an
   * empty cluster (tests: the migrated template built once per run, tests/helpers/plantilla.ts).
   */
  pgliteLoadDataDir?: string;
  /** An in-memory PGlite already open and migrated, to use as it is (tests: one per worker, tests/helpers/base-reusada.ts). */
  pglite?: PGlite;
  /** Told when a PostgreSQL connection is lost, idle or in use (the pool replaces it). */
  onConnectionError?: (err: Error) => void;
  /**
   * PostgreSQL: the longest a statement may run (its `statement_timeout`), in ms; 0 or absent is no
   * limit. A connection that then stays silent as long again (10 s at most) is taken as dead (a network that
   * drops packets, a paused server) and destroyed, so its request answers 503 and the pool opens a new
   * one once the network is back (issue #50 point 4). Migrations run without either limit.
   */
  statementTimeoutMs?: number;
}

/** Beyond the statement's own limit, how long a connection may stay silent before it is given up: as long again, at most 10 s. */
const margenSilencio = (limiteMs: number) => Math.min(10_000, limiteMs);

/**
 * The socket of a pooled PostgreSQL connection: TCP keepalive finds a peer that vanished while the
 * connection is idle; an inactivity timeout finds one that stopped answering while a query waits for it
 * (without it, a silenced network holds every connection for the kernel's ~15 minutes of retries).
 */
function socketConLimite(silencioMs: number | undefined): (() => net.Socket) | undefined {
  if (!silencioMs) return undefined;
  return () => {
    const socket = new net.Socket();
    socket.setTimeout(silencioMs, () => socket.destroy(Object.assign(new Error('Connection terminated: la base de datos no respondió'), { code: 'ETIMEDOUT' })));
    return socket;
  };
}

/** Whoever runs this process, as a person would name it: `npm run backup`, `scripts/bench.ts`… */
function thisProcess(): string {
  const script = process.env.npm_lifecycle_event;
  return script ? `npm run ${script}` : path.relative(process.cwd(), process.argv[1] ?? 'node') || 'node';
}

export async function createDb(options: CreateDbOptions): Promise<Database> {
  const folder = migrationsFolder();
  if (options.databaseUrl) {
    // JIT compilation pays off for long reports, not for a shop's short queries, where its
    // 100–300 ms of compiling turns a 70 ms page into a 400 ms one (BENCHMARKS.md).
    const limite = options.statementTimeoutMs && options.statementTimeoutMs > 0 ? options.statementTimeoutMs : 0;
    // PostgreSQL's driver is read only when a server uses it: the embedded database's never loads it.
    const [{ default: pgDriver }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres'), import('drizzle-orm/node-postgres/migrator')]);
    const pool = new pgDriver.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      options: limite ? `-c jit=off -c statement_timeout=${limite}` : '-c jit=off',
      // A database that does not answer fails the request (503) instead of holding it forever.
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      ...(limite ? { stream: socketConLimite(limite + margenSilencio(limite)) } : {}),
    });
    // An idle client whose backend was ended (a restart, a failover, pg_terminate_backend) emits
    // 'error' on the pool; unheard, Node ends the process. The pool drops that client by itself, and
    // the next query opens a new connection (issue #37 point 0b).
    pool.on('error', (err) => options.onConnectionError?.(err));
    // A client checked out of the pool (a transaction: a fiado sale, an abono, a return) has no pool
    // listener: its connection lost between two statements emitted 'error' to no one, and Node ended
    // the process (issue #50 point 4). The statement that follows fails instead ("not queryable"), the
    // transaction rolls back on the server, and the request answers 503; the pool drops the client on
    // release (it is no longer queryable).
    pool.on('connect', (client) => client.on('error', (err) => options.onConnectionError?.(err)));
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      url: options.databaseUrl,
      pool,
      async migrate() {
        // Several instances may start at once: one migrates, the others wait.
        const client = await pool.connect();
        try {
          // A migration on a year of data may run longer than a request is allowed to.
          (client as unknown as { connection?: { stream?: net.Socket } }).connection?.stream?.setTimeout(0);
          await client.query('set statement_timeout = 0');
          await client.query('select pg_advisory_lock(728431)');
          const ej: Ejecutor = {
            exec: (text) => client.query(text),
            query: async <T,>(text: string) => (await client.query(text)).rows as T[],
          };
          const antes = await migracionesAplicadas(ej);
          await migratePg(drizzlePg({ client, schema }), { migrationsFolder: folder });
          // The functions and triggers' files (server/db/fuentes.ts), under the same lock.
          const todas = (await migracionesAplicadas(ej)) !== antes;
          await client.query('begin');
          try {
            await aplicarFuentes(ej, leerFuentes(folder), { todas });
            await client.query('commit');
          } catch (err) {
            await client.query('rollback');
            throw err;
          }
        } finally {
          await client.query('select pg_advisory_unlock(728431)').catch(() => undefined);
          // Destroyed, not pooled: it runs without the request's limits.
          client.release(true);
        }
      },
      close: () => pool.end(),
    };
  }
  if (!options.pgliteDir) return openPglite(options, folder);
  // Two processes on one folder lose data: the folder is this process's until close().
  const lock = await lockDataDir(path.dirname(path.resolve(options.pgliteDir)), options.lockAs ?? thisProcess());
  try {
    fs.mkdirSync(options.pgliteDir, { recursive: true });
    const database = await openPglite(options, folder);
    return {
      ...database,
      lock,
      close: async () => {
        try {
          await database.close();
        } finally {
          await lock.release();
        }
      },
    };
  } catch (err) {
    await lock.release();
    throw err;
  }
}

/**
 * PGlite on the server's own thread runs each statement's WebAssembly there, and its queue hands the
 * next statement over in a microtask: a series of statements never lets the event loop read the
 * sockets, so a request that arrived meanwhile waits for every statement queued before and after it,
 * and one on a new connection waited behind many turns of those already in (bench:caja at 16
 * connections: the first request of eight connections waited 0.8–4.4 s while the other eight were
 * each served several times; p99 2.2 s). Every statement outside a transaction, and every
 * transaction, first lets the event loop poll (setImmediate): the requests that arrived are read and
 * queue in their turn. A transaction's own statements do not yield (nothing else may run inside it).
 * Not for the worker thread (ADR 009), whose messages already cross the event loop.
 */
function turnoJusto(client: PGlite): void {
  const ceder = () => new Promise<void>((resolve) => setImmediate(resolve));
  // The class's methods looked up at each call (not bound once): what wraps them there still sees every call.
  const clase = Object.getPrototypeOf(client) as Record<'query' | 'exec' | 'transaction', (...a: unknown[]) => Promise<unknown>>;
  const cediendo = (m: 'query' | 'exec' | 'transaction') => async (...a: unknown[]) => (await ceder(), clase[m].apply(client, a));
  Object.assign(client, { query: cediendo('query'), exec: cediendo('exec'), transaction: cediendo('transaction') });
}

async function openPglite(options: CreateDbOptions, folder: string): Promise<Database> {
  const extensions = { pg_trgm, unaccent };
  // PostgreSQL's 128 MB of shared buffers live inside the process here; the OS page cache keeps the
  // data files warm anyway, so a smaller pool saves ~100 MB of memory at the same speed (BENCHMARKS.md).
  const settings = ['-c', `shared_buffers=${options.pgliteSharedBuffers ?? '32MB'}`];
  const defaults = (PGlite as unknown as { defaultStartParams?: string[] }).defaultStartParams ?? [];
  const startParams = [...defaults, ...settings];
  // PGliteThread answers drizzle's calls (query, exec, transaction) as PGlite does (ADR 009).
  const client =
    options.pglite ??
    (options.pgliteThread === 'worker'
      ? (new PGliteThread({ dataDir: options.pgliteDir, startParams: settings, loadDataDir: options.pgliteLoadDataDir }) as unknown as PGlite)
      : options.pgliteDir
        ? new PGlite(options.pgliteDir, { extensions, startParams })
        : new PGlite({
            extensions,
            startParams,
            // A Blob backed by the file: one made from the file's bytes (copied in, read back in chunks) cost
            // ~15 % more CPU a start, and every test file starts one (issue #54 point 7).
            ...(options.pgliteLoadDataDir ? { loadDataDir: await fs.openAsBlob(options.pgliteLoadDataDir) } : {}),
          }));
  await client.waitReady;
  if (!options.pglite && options.pgliteThread !== 'worker') turnoJusto(client);
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    async migrate() {
      const ej = (c: Pick<PGlite, 'exec' | 'query'>): Ejecutor => ({
        exec: (text) => c.exec(text),
        query: async <T,>(text: string) => (await c.query<T>(text)).rows,
      });
      const antes = await migracionesAplicadas(ej(client));
      await migratePglite(db, { migrationsFolder: folder });
      // The functions and triggers' files (server/db/fuentes.ts): one process holds the folder.
      const todas = (await migracionesAplicadas(ej(client))) !== antes;
      await client.transaction((tx) => aplicarFuentes(ej(tx), leerFuentes(folder), { todas }));
    },
    close: () => client.close(),
  };
}
