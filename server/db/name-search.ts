import { and, count, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { sinTildes } from '#shared/texto';
import type { Db, Tx } from './client';
import { producto } from './schema';

/** Escapes LIKE wildcards so that a search for "50%" or "a_b" means those characters. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/**
 * `column` contains what the person typed, whatever the accents, the case and LIKE's wildcards
 * (issue #16: "azucar" finds "Azúcar"). The typed text is normalised here rather than in SQL, so the
 * pattern is a plain parameter that the trigram index on `sin_tildes(producto.nombre)` can serve.
 */
export const contieneTexto = (column: SQLWrapper, q: string): SQL => sql`sin_tildes(${column}) like ${`%${escapeLike(sinTildes(q))}%`}`;

/**
 * The same test as `contieneTexto`, written so that no index serves it: sin_tildes's own body
 * (migration 0006), which the trigram index's expression `sin_tildes(nombre)` does not match. For a
 * store with few products (`tiendaPequena`) the fast way is to read the store's rows through its
 * (tienda_id, …) index and test each (~2 µs a row); the trigram index is shared by every store, so
 * through it a fragment costs the matches of the whole database: on one PostgreSQL with 1 000 stores
 * of 1 000 products, 20–45 ms for "café sello" against 2–4 ms (BENCHMARKS.md, "Fleet"). The planner
 * picks the index there from its estimate of matching rows, not of what reading them costs.
 */
export const contieneTextoPorFila = (column: SQLWrapper, q: string): SQL =>
  sql`lower(public.unaccent('public.unaccent'::regdictionary, ${column})) like ${`%${escapeLike(sinTildes(q))}%`}`;

/** A store with at most this many products is searched row by row (`contieneTextoPorFila`). */
export const TIENDA_PEQUENA = 5_000;
const TAMANO_TTL_MS = 5 * 60_000;
const TAMANO_MAX = 10_000;
const tamanos = new WeakMap<object, Map<number, { pequena: boolean; hasta: number }>>();

/**
 * Whether the store has at most TIENDA_PEQUENA products, counted up to one more (≤ 1 ms for any
 * store) and kept for five minutes per database (at most 10 000 stores, then emptied). Only the way
 * of searching depends on it, never the result: a stale answer costs time, not correctness.
 */
export async function tiendaPequena(db: Db | Tx, tiendaId: number): Promise<boolean> {
  let porTienda = tamanos.get(db);
  if (!porTienda) tamanos.set(db, (porTienda = new Map()));
  const now = Date.now();
  const hit = porTienda.get(tiendaId);
  if (hit && hit.hasta > now) return hit.pequena;
  const res = (await db.execute(sql`
    select count(*)::int as n from (select 1 from ${producto} where ${producto.tiendaId} = ${tiendaId} limit ${TIENDA_PEQUENA + 1}) s`)) as unknown as {
    rows: { n: number }[];
  };
  const pequena = Number(res.rows[0]?.n ?? 0) <= TIENDA_PEQUENA;
  if (porTienda.size >= TAMANO_MAX) porTienda.clear();
  porTienda.set(tiendaId, { pequena, hasta: now + TAMANO_TTL_MS });
  return pequena;
}

/** pg_trgm can serve `ILIKE '%…%'` from the trigram index only for fragments of three characters or more. */
export const TRIGRAM_MIN_LENGTH = 3;

/**
 * The ids of one page of the store's products that match a name search, in the list's order, and how
 * many match, in one statement. For a fragment the trigram index can serve, PostgreSQL and PGlite
 * otherwise walk the name-ordered index filtering row after row until a page is full: 40–120 ms for a
 * common word among 100 000 products, plus a count. Collecting the matches through the trigram index
 * and sorting them takes ≤ 20 ms (BENCHMARKS.md); MATERIALIZED keeps the planner from going back to
 * the walk. Shorter fragments match so many rows that the walk is the fast way: callers keep it.
 */
export async function paginaDeProductos(
  db: Db | Tx,
  options: { where: SQL; orden: 'lower' | 'nombre'; limit: number; offset: number },
): Promise<{ ids: number[]; total: number }> {
  const { where, limit, offset } = options;
  const order = options.orden === 'lower' ? sql`lower(m.nombre), m.id` : sql`m.nombre, m.id`;
  const res = (await db.execute(sql`
    with m as materialized (select ${producto.idProducto} as id, ${producto.nombre} as nombre from ${producto} where ${where})
    select m.id, count(*) over ()::int as total from m order by ${order} limit ${limit} offset ${offset}`)) as unknown as {
    rows: { id: number; total: number }[];
  };
  const rows = res.rows;
  if (rows.length) return { ids: rows.map((r) => Number(r.id)), total: Number(rows[0]!.total) };
  // Past the last page the window has no row to carry the count.
  if (offset === 0) return { ids: [], total: 0 };
  const [c] = await db.select({ n: count() }).from(producto).where(where);
  return { ids: [], total: c?.n ?? 0 };
}

/** Rows fetched by id, put back in the order of `ids` (one deleted meanwhile is left out). */
export async function enOrden<T extends { id: number }>(ids: number[], fetch: (where: SQL) => Promise<T[]>, tiendaId: number): Promise<T[]> {
  if (!ids.length) return [];
  const rows = await fetch(and(eq(producto.tiendaId, tiendaId), inArray(producto.idProducto, ids))!);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** How alike a typed word and a word of the name must be for a typo to still find it (pg_trgm, 0–1). */
export const PARECIDO_MINIMO = 0.4;

/**
 * The store's products whose name has a word like what the person typed, best first (issue #16
 * point 2: "arros" finds "Arroz", "cocacola" finds "Coca-Cola"). pg_trgm's word similarity, served by
 * the same trigram index on `sin_tildes(nombre)` through the `<%` operator; its threshold is set for
 * this transaction only. Callers use it when the exact search found nothing.
 */
export async function idsParecidos(db: Db, options: { where: SQL; q: string; limit: number }): Promise<number[]> {
  const q = sinTildes(options.q);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(PARECIDO_MINIMO)}, true)`);
    const res = (await tx.execute(sql`
      select ${producto.idProducto} as id from ${producto}
      where ${options.where} and ${q} <% sin_tildes(${producto.nombre})
      order by word_similarity(${q}, sin_tildes(${producto.nombre})) desc, lower(${producto.nombre}), ${producto.idProducto}
      limit ${options.limit}`)) as unknown as { rows: { id: number }[] };
    return res.rows.map((r) => Number(r.id));
  });
}

/** The till's search counts its matches up to this many (issue #55 point 6); past it the list says "más de 1 000". */
export const TOPE_CONTEO = 1_000;

/**
 * One page of the till's name search with its count capped (issue #55 point 6): as
 * `paginaDeProductos` (the matches through the trigram index, sorted for the page), its count shown
 * up to `max(TOPE_CONTEO, offset + limit)`; past it `masDe` says there are more, and the pager keeps
 * a next page. The cost still follows the matches (BENCHMARKS.md, "Search bounded by the page"): a
 * version that read the matches lazily up to the cap and sorted only those before the page's last
 * name was slower at 1 000 000 products (every match is still rechecked on the heap); bounding it by
 * the page needs an index that serves a name fragment in name order, which these indexes cannot.
 */
export async function paginaAcotada(
  db: Db | Tx,
  options: { where: SQL; limit: number; offset: number },
): Promise<{ ids: number[]; total: number; masDe: boolean }> {
  const tope = Math.max(TOPE_CONTEO, options.offset + options.limit);
  const { ids, total } = await paginaDeProductos(db, { ...options, orden: 'lower' });
  return total > tope ? { ids, total: tope, masDe: true } : { ids, total, masDe: false };
}

/** A fragment in more of a store's words than this is searched through the trigram index (`paginaAcotada`). */
export const PALABRAS_MAX = 64;

/**
 * Whether the word index can answer the fragment (already without accents, `sinTildes`) exactly: no
 * space, or one space between two pieces, and each piece with a character that is not a digit — the
 * words and pairs `palabras_de` keeps (server/db/functions/palabras_de.sql, ADR 062). A barcode, a
 * number, several spaces: the trigram path.
 */
export function porPalabras(fragmento: string): boolean {
  const piezas = fragmento.split(' ');
  return piezas.length <= 2 && piezas.every((p) => /[^0-9]/.test(p));
}

/**
 * One page of the till's name search served by the word index (issue #55 point 6, ADR 062), the same
 * rows, order, count and «más de» as `paginaAcotada` over `contieneTexto(nombre, q) or codigo_barras = q`
 * on the store's products on sale. The store's words that contain the fragment (its vocabulary's trigram
 * index; single words for a fragment without a space, pairs for one with a space); for each, the first `tope + 1` rows of its range of `producto_palabra`, already in the list's
 * order (lower(nombre), id); those and the product whose barcode is `q`, merged without repeats and cut
 * at the page. A product in the first `tope` of the list is in the first `tope + 1` of each of its
 * words, so the page is the list's; a word with `tope + 1` rows means more than `tope`. The cost follows
 * the words and the cap, not the matches. Null when the fragment is not for this index
 * (`porPalabras`) or is in more than PALABRAS_MAX words: the caller uses the trigram path.
 */
export async function paginaPorPalabras(
  db: Db | Tx,
  options: { tiendaId: number; q: string; limit: number; offset: number },
): Promise<{ ids: number[]; total: number; masDe: boolean } | null> {
  const { tiendaId, q, limit, offset } = options;
  const fragmento = sinTildes(q);
  if (!porPalabras(fragmento)) return null;
  const vocablos = (await db.execute(sql`
    select palabra from producto_vocablo
    where tienda_id = ${tiendaId} and palabra like ${`%${escapeLike(fragmento)}%`} and (strpos(palabra, ' ') > 0) = ${fragmento.includes(' ')}
    limit ${PALABRAS_MAX + 1}`)) as unknown as {
    rows: { palabra: string }[];
  };
  if (vocablos.rows.length > PALABRAS_MAX) return null;
  const tope = Math.max(TOPE_CONTEO, offset + limit);
  const palabras = vocablos.rows.map((r) => sql`${r.palabra}`);
  const lista = palabras.length ? sql`array[${sql.join(palabras, sql`, `)}]::text[]` : sql`array[]::text[]`;
  const coincidencias = sql`
    select x.orden, x.producto_id from unnest(${lista}) w(palabra)
      cross join lateral (
        select pp.orden, pp.producto_id from producto_palabra pp
        where pp.tienda_id = ${tiendaId} and pp.palabra = w.palabra
        order by pp.orden, pp.producto_id limit ${tope + 1}) x
    union
    select lower(${producto.nombre}), ${producto.idProducto} from ${producto}
      where ${producto.tiendaId} = ${tiendaId} and ${producto.estado} = 1 and ${producto.codigoBarras} = ${q}`;
  const res = (await db.execute(sql`
    with c as materialized (${coincidencias})
    select producto_id as id, count(*) over ()::int as total from c order by orden, producto_id limit ${limit} offset ${offset}`)) as unknown as {
    rows: { id: number; total: number }[];
  };
  let total = Number(res.rows[0]?.total ?? 0);
  // Past the last page the window has no row to carry the count.
  if (!res.rows.length && offset > 0) {
    const c = (await db.execute(sql`select count(*)::int as n from (${coincidencias}) c`)) as unknown as { rows: { n: number }[] };
    total = Number(c.rows[0]?.n ?? 0);
  }
  const ids = res.rows.map((r) => Number(r.id));
  return total > tope ? { ids, total: tope, masDe: true } : { ids, total, masDe: false };
}
