import zlib from 'node:zlib';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/client';
import { producto } from '../db/schema';

/**
 * The old clients' full product lists (`listarProductosAppPrecio`, `listarProductosApp`): the whole
 * catalogue of a store, filtered in the browser. One lean query of six columns, rows serialized as
 * positional arrays in one JSON.stringify, no per-row objects on the way out.
 *
 * The serialized answer is kept per store and reused while the database's snapshot is the same
 * one it was read under (`pg_current_snapshot()`: the same xmin, xmax and in-progress list means
 * exactly the same committed rows are visible). Any write anywhere in the database changes the
 * snapshot and the next request reads again, so a reused answer is never stale; on a database
 * without that function nothing is reused. The cache is per database handle and bounded.
 */
export type CatalogoKind = 'venta' | 'gestion';

interface Entry {
  snapshot: string;
  json: Buffer;
  gzip?: Buffer;
  br?: Buffer;
}

const MAX_ENTRIES = 64;
const caches = new WeakMap<Db, { entries: Map<string, Entry>; snapshots: boolean }>();

function cacheOf(db: Db) {
  let c = caches.get(db);
  if (!c) {
    c = { entries: new Map(), snapshots: true };
    caches.set(db, c);
  }
  return c;
}

type Row = { id: number; nombre: string; marca: string | null; precio: number; estado: number; stock: number };

async function readRows(db: Db | Tx, tiendaId: number, kind: CatalogoKind): Promise<Row[]> {
  return db
    .select({ id: producto.idProducto, nombre: producto.nombre, marca: producto.marca, precio: producto.precioUnit, estado: producto.estado, stock: producto.stock })
    .from(producto)
    .where(kind === 'venta' ? and(eq(producto.tiendaId, tiendaId), eq(producto.estado, 1)) : eq(producto.tiendaId, tiendaId))
    .orderBy(asc(producto.nombre), asc(producto.idProducto));
}

/**
 * Sales list rows `[id, nombre, marca, precio, disponible, stock]` (disponible = estado, 1 for every
 * row listed); management rows `[id, nombre, marca, precio, stock, estado]`.
 */
function serialize(rows: Row[], kind: CatalogoKind): Buffer {
  const out = new Array<unknown[]>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    out[i] = kind === 'venta' ? [r.id, r.nombre, r.marca, r.precio, r.estado, r.stock] : [r.id, r.nombre, r.marca, r.precio, r.stock, r.estado];
  }
  return Buffer.from(JSON.stringify(out));
}

const snapshotOf = async (db: Db | Tx): Promise<string> => {
  const res = (await db.execute(sql`select pg_current_snapshot()::text as s`)) as unknown as { rows: { s: string }[] };
  return res.rows[0]!.s;
};

/** The serialized list of the store, read again only when the database changed. */
export async function catalogoJson(options: { db: Db; tiendaId: number; kind: CatalogoKind }): Promise<Entry> {
  const { db, tiendaId, kind } = options;
  const cache = cacheOf(db);
  const key = `${kind}:${tiendaId}`;
  let now: string | null = null;
  if (cache.snapshots) {
    try {
      now = await snapshotOf(db);
    } catch {
      // No pg_current_snapshot() here (or a standby refusing it): always read.
      cache.snapshots = false;
    }
  }
  if (now != null) {
    const hit = cache.entries.get(key);
    if (hit && hit.snapshot === now) {
      // Most recently used last.
      cache.entries.delete(key);
      cache.entries.set(key, hit);
      return hit;
    }
    // The snapshot and the rows of one read-only REPEATABLE READ transaction: the same view.
    const entry: Entry = await db.transaction(
      async (tx) => {
        const snapshot = await snapshotOf(tx);
        return { snapshot, json: serialize(await readRows(tx, tiendaId, kind), kind) };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    cache.entries.delete(key);
    cache.entries.set(key, entry);
    while (cache.entries.size > MAX_ENTRIES) cache.entries.delete(cache.entries.keys().next().value!);
    return entry;
  }
  return { snapshot: '', json: serialize(await readRows(db, tiendaId, kind), kind) };
}

/** Sends the list, compressed once per cached answer when the client accepts it. */
export function sendCatalogo(req: FastifyRequest, reply: FastifyReply, entry: Entry) {
  reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'Accept-Encoding').header('cache-control', 'no-store');
  const accept = String(req.headers['accept-encoding'] ?? '');
  const cached = entry.snapshot !== '';
  if (entry.json.length >= 1024 && /\bbr\b/.test(accept)) {
    const br = entry.br ?? zlib.brotliCompressSync(entry.json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
    if (cached) entry.br = br;
    return reply.header('content-encoding', 'br').send(br);
  }
  if (entry.json.length >= 1024 && /\bgzip\b/.test(accept)) {
    const gz = entry.gzip ?? zlib.gzipSync(entry.json, { level: 6 });
    if (cached) entry.gzip = gz;
    return reply.header('content-encoding', 'gzip').send(gz);
  }
  return reply.send(entry.json);
}
