import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * The embedded database's upkeep (ADR 083). PostgreSQL's autovacuum analyzes a table once a tenth of it
 * has changed and vacuums it once a fifth is dead; PGlite runs no autovacuum and keeps no cumulative
 * statistics (`pg_stat_user_tables` reads 0 there), so a shop's tables were never analyzed: the planner
 * guessed every selectivity, and *Por producto* over last month took 1.2 s on a year of sales where the
 * same data analyzed answers in 0.36 s (BENCHMARKS.md). This module does autovacuum's job for the tables
 * that need it, by what `pg_class` keeps across restarts: a table never analyzed, or grown by a fifth
 * since (its pages against the pages its last ANALYZE or VACUUM counted), gets `VACUUM (ANALYZE)`: its
 * statistics, its free space and its visibility map (index-only scans, ADR 062).
 */

/** A table and its pages now and at its last ANALYZE or VACUUM (`relpages`; −1 tuples: never). */
export interface TablaPorAtender {
  tabla: string;
  paginas: number;
  paginasAntes: number;
  nunca: boolean;
}

/** Grown by more than this share of its pages at the last count (autovacuum's scale factor for ANALYZE is a tenth of the rows; a fifth of the pages, since a page holds a varying number). */
const CRECIMIENTO = 0.2;
/** …and by more than this many pages (64 KB): small tables change their plans little. */
const PAGINAS_MINIMAS = 8;

/** The public tables that need `VACUUM (ANALYZE)` now, the largest first. */
export async function tablasPorAtender(db: Db): Promise<TablaPorAtender[]> {
  const rows = (
    (await db.execute(sql`
      select t.tabla, t.paginas, t.paginas_antes, t.nunca from (
        select c.relname as tabla, (pg_relation_size(c.oid) / current_setting('block_size')::int)::int as paginas,
          c.relpages as paginas_antes, c.reltuples < 0 as nunca
        from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
      ) t
      where t.paginas > 0 and (t.nunca or t.paginas > t.paginas_antes * ${1 + CRECIMIENTO}::float8 + ${PAGINAS_MINIMAS})
      order by t.paginas desc, t.tabla`)) as unknown as { rows: { tabla: string; paginas: number; paginas_antes: number; nunca: boolean }[] }
  ).rows;
  return rows.map((x) => ({ tabla: x.tabla, paginas: Number(x.paginas), paginasAntes: Number(x.paginas_antes), nunca: Boolean(x.nunca) }));
}

interface Log {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * One pass: `VACUUM (ANALYZE)` on each table `tablasPorAtender` lists, one statement a table (on the
 * embedded database each statement waits its turn with the requests, client.ts), while `seguir()` says
 * so (the server stops the pass when requests arrive, or on shutdown). Returns the tables done.
 */
export async function atenderTablas(db: Db, opciones: { seguir?: () => boolean; log?: Log } = {}): Promise<string[]> {
  const hechas: string[] = [];
  for (const t of await tablasPorAtender(db)) {
    if (opciones.seguir && !opciones.seguir()) break;
    const inicio = Date.now();
    // The name comes from pg_class, quoted as an identifier.
    await db.execute(sql`vacuum (analyze) ${sql.identifier(t.tabla)}`);
    hechas.push(t.tabla);
    opciones.log?.info({ tabla: t.tabla, paginas: t.paginas, paginasAntes: t.paginasAntes, nunca: t.nunca, ms: Date.now() - inicio }, 'mantenimiento de la base: tabla analizada');
  }
  return hechas;
}

export interface Mantenimiento {
  /** No more passes; one under way ends after its current table. */
  stop(): Promise<void>;
}

/**
 * Passes every `cadaMs` (the first `primeraMs` after start), each only once the server has been idle
 * for `quietoMs` (`ultimaPeticion()`: when the last request arrived) and stopped as soon as one arrives:
 * a sale waits at most for one table's statement (ANALYZE of a 100 000-product catalogue: ~0.4 s).
 * A busy server tries again a minute later.
 */
export function programarMantenimiento(opciones: { db: Db; cadaMs: number; primeraMs?: number; quietoMs?: number; ultimaPeticion: () => number; log: Log; ahora?: () => number }): Mantenimiento {
  const ahora = opciones.ahora ?? Date.now;
  const quietoMs = opciones.quietoMs ?? 30_000;
  let detenido = false;
  let timer: NodeJS.Timeout | undefined;
  let enCurso: Promise<void> | undefined;
  const quieto = () => !detenido && ahora() - opciones.ultimaPeticion() >= quietoMs;
  const programar = (ms: number) => {
    if (detenido) return;
    timer = setTimeout(pasar, ms);
    timer.unref();
  };
  // Quiet: the next pass in `cadaMs` (this one finished); a request arrived: again in a minute at most.
  const siguiente = () => programar(quieto() ? opciones.cadaMs : Math.min(60_000, opciones.cadaMs));
  function pasar() {
    if (!quieto()) return siguiente();
    enCurso = atenderTablas(opciones.db, { seguir: quieto, log: opciones.log })
      .then(siguiente)
      .catch((err) => {
        opciones.log.error({ err }, 'mantenimiento de la base: no se pudo analizar una tabla');
        programar(opciones.cadaMs);
      })
      .finally(() => {
        enCurso = undefined;
      });
  }
  programar(opciones.primeraMs ?? Math.min(120_000, opciones.cadaMs));
  return {
    async stop() {
      detenido = true;
      clearTimeout(timer);
      await enCurso;
    },
  };
}
