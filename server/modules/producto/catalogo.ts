import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * The old clients' full product lists (`listarProductosAppPrecio`, `listarProductosApp`): the whole
 * catalogue of a store, filtered in the browser. One statement reads the six columns and builds the
 * JSON text itself (positional rows, compact), so no per-row object is made on the way out.
 *
 * The answer is kept per store and reused while the database's snapshot is the one it was read
 * under (`pg_current_snapshot()`, taken by the same statement: the same xmin, xmax and in-progress
 * list means exactly the same committed rows are visible). Any write anywhere in the database
 * changes the snapshot, and the next request reads again, so a reused answer is never stale.
 * Requests that find the same snapshot while a read is under way wait for that read instead of
 * repeating it. Where the function is missing, every request reads. The cache is per database
 * handle and bounded.
 */
export type CatalogoKind = 'venta' | 'gestion';

export interface CatalogoEntry {
  /** '' when not reusable. */
  snapshot: string;
  /** The store's invitation code, read with the rows: a reused answer needs no query to check one. */
  codigo: string | null;
  json: Buffer;
  gzip?: Buffer;
  br?: Buffer;
}

const MAX_ENTRIES = 64;

interface Cache {
  entries: Map<string, CatalogoEntry>;
  inflight: Map<string, { before: string; promise: Promise<CatalogoEntry> }>;
  snapshots: boolean;
}
const caches = new WeakMap<Db, Cache>();

function cacheOf(db: Db): Cache {
  let c = caches.get(db);
  if (!c) {
    c = { entries: new Map(), inflight: new Map(), snapshots: true };
    caches.set(db, c);
  }
  return c;
}

type Rows = { rows: { s: string; j: string; c: string | null }[] };

/**
 * Sales rows `[id, nombre, marca, precio, disponible, stock]` (disponible = estado: 1 for every row,
 * only products on sale are listed); management rows `[id, nombre, marca, precio, stock, estado]`.
 * Text goes through to_json, so names are escaped exactly as JSON requires.
 */
async function read(db: Db, tiendaId: number, kind: CatalogoKind, withSnapshot: boolean): Promise<CatalogoEntry> {
  // trim_scale: a numeric(12,3) stock reads 5, not 5.000, and 0.375 for a weighed product (ADR 030).
  const tail = kind === 'venta' ? sql`p.estado || ',' || trim_scale(p.stock)` : sql`trim_scale(p.stock) || ',' || p.estado`;
  const res = (await db.execute(sql`
    select ${withSnapshot ? sql`pg_current_snapshot()::text` : sql`''`} as s,
      (select t.codigo_invitacion from tienda t where t.id_tienda = ${tiendaId}) as c,
      coalesce('[' || string_agg(
        '[' || p.id_producto || ',' || to_json(p.nombre)::text || ',' || coalesce(to_json(p.marca)::text, 'null') || ','
          || p.precio_unit || ',' || ${tail} || ']',
        ',' order by p.nombre, p.id_producto) || ']', '[]') as j
    from producto p
    where p.tienda_id = ${tiendaId} ${kind === 'venta' ? sql`and p.estado = 1` : sql``}`)) as unknown as Rows;
  const row = res.rows[0]!;
  return { snapshot: row.s, codigo: row.c, json: Buffer.from(row.j) };
}

const snapshotOf = async (db: Db): Promise<string> => ((await db.execute(sql`select pg_current_snapshot()::text as s`)) as unknown as Rows).rows[0]!.s;

/** The serialized list of the store, read again only when the database changed. */
export async function catalogoJson(options: { db: Db; tiendaId: number; kind: CatalogoKind }): Promise<CatalogoEntry> {
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
  if (now == null) return read(db, tiendaId, kind, false);

  const hit = cache.entries.get(key);
  if (hit && hit.snapshot === now) {
    // Most recently used last.
    cache.entries.delete(key);
    cache.entries.set(key, hit);
    return hit;
  }
  // A read started from this same snapshot sees at least everything this request must see.
  const running = cache.inflight.get(key);
  if (running && running.before === now) return running.promise;

  const promise = read(db, tiendaId, kind, true)
    .then((entry) => {
      cache.entries.delete(key);
      cache.entries.set(key, entry);
      while (cache.entries.size > MAX_ENTRIES) cache.entries.delete(cache.entries.keys().next().value!);
      return entry;
    })
    .finally(() => {
      if (cache.inflight.get(key)?.promise === promise) cache.inflight.delete(key);
    });
  cache.inflight.set(key, { before: now, promise });
  return promise;
}
