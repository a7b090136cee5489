// @ts-check
// The embedded database on its own thread (ADR 009). PGlite runs PostgreSQL compiled to WebAssembly
// and blocks the thread it runs on for the whole of every statement; here it runs in a worker, so that
// the server's thread parses requests, validates them and writes answers while the database works.
// Plain JavaScript on purpose: the same file is loaded by the built server, by tsx and by Vitest.
// It answers the messages of pglite-thread.ts, one at a time and in the order they arrive.
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

if (!parentPort) throw new Error('pglite-worker.mjs runs as a worker thread');
const port = parentPort;

/** @type {{ dataDir?: string, startParams: string[], loadDataDir?: string }} */
const options = workerData;
const defaults = /** @type {{ defaultStartParams?: string[] }} */ (/** @type {unknown} */ (PGlite)).defaultStartParams ?? [];
const pg = new PGlite({
  dataDir: options.dataDir,
  extensions: { pg_trgm, unaccent },
  startParams: [...defaults, ...options.startParams],
  // A data folder's tarball to start from (tests: the migrated template, tests/helpers/plantilla.ts).
  // A Blob backed by the file: a Blob made from the file's bytes cost ~15 % more CPU a start (copied in and read back in chunks).
  ...(options.loadDataDir ? { loadDataDir: await fs.openAsBlob(options.loadDataDir) } : {}),
});

/** Everything a database error carries (code, detail, constraint…), so the caller can map it. */
function plainError(/** @type {unknown} */ err) {
  const e = /** @type {Record<string, unknown>} */ (err && typeof err === 'object' ? err : { message: String(err) });
  /** @type {Record<string, unknown>} */
  const out = { name: e.name, message: e.message };
  for (const [k, v] of Object.entries(e)) if (v == null || typeof v !== 'object' || k === 'fields') out[k] = v;
  return out;
}

/** Identity parsers for the listed type ids: drizzle reads dates, times and intervals as text. */
const rawParsers = (/** @type {number[] | undefined} */ oids) =>
  oids?.length ? Object.fromEntries(oids.map((oid) => [oid, (/** @type {string} */ v) => v])) : undefined;

async function handle(/** @type {any} */ msg) {
  switch (msg.op) {
    case 'query':
      return pg.query(msg.sql, msg.params, { rowMode: msg.rowMode, parsers: rawParsers(msg.rawTypes) });
    case 'exec':
      return pg.exec(msg.sql);
    case 'close':
      await pg.close();
      return null;
    default:
      throw new Error(`pglite-worker: unknown operation ${msg.op}`);
  }
}

let chain = pg.waitReady.then(
  () => port.postMessage({ id: 0, ok: true, result: 'ready' }),
  (err) => port.postMessage({ id: 0, ok: false, error: plainError(err) }),
);

port.on('message', (msg) => {
  // Strictly in arrival order: a transaction's statements never interleave with anything else.
  chain = chain.then(async () => {
    try {
      port.postMessage({ id: msg.id, ok: true, result: await handle(msg) });
    } catch (err) {
      port.postMessage({ id: msg.id, ok: false, error: plainError(err) });
    }
    if (msg.op === 'close') port.close();
  });
});
