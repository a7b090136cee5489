import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database } from '../db/client';

/** A write has happened: a store's data (or, with `tiendaId` null, anything) may have changed. */
export interface WriteEvent {
  tiendaId: number | null;
  /** Whether a store's data may have changed (false for sign-in, registration, recovery). */
  lecturas: boolean;
  /** Whether accounts, roles or token versions may have changed (checked sessions must go). */
  sesiones: boolean;
  /**
   * Whether what the catalogue shows (names, prices, codes, estado, products added or removed) may
   * have changed; false for sales, which move only stock and sales data. Absent means true.
   */
  catalogo?: boolean;
  /**
   * The writer's empresa (issue #56 point 2): a catalogue write in one store may change every store of
   * its empresa (the product domain carries catalogue fields to each store's rows, ADR 043 §2).
   */
  empresaId?: number | null;
}

/**
 * Tells every instance of the app about writes, so that their in-memory caches (checked sessions,
 * read cache) drop what a write may have made stale (ADR 008).
 *
 * - Embedded database: this process is the database's only client; the bus is local.
 * - PostgreSQL: several instances share the database. A write is applied here at once and announced
 *   with `pg_notify` on the channel `adax_escrituras`; each instance LISTENs on its own connection.
 *   While that connection is down the bus is not `healthy` and the caches step aside (they read the
 *   database every time); when it comes back every cache is emptied, since announcements may have
 *   been missed.
 */
export interface WriteBus {
  readonly healthy: boolean;
  publish(event: WriteEvent): void;
  /** `null`: everything may be stale (the bus came back after an outage). */
  subscribe(listener: (event: WriteEvent | null) => void): void;
  close(): Promise<void>;
}

export const WRITE_CHANNEL = 'adax_escrituras';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * What this request wrote, said by a handler that knows better than its route's config: the old
     * controller API serves reads and writes on one route (docs/architecture.md "Caching"). `false`:
     * nothing. When absent, every request but GET and HEAD is announced from the route's config.
     */
    escritura?: WriteEvent | false;
  }
}

export function localWriteBus(): WriteBus {
  const listeners: ((event: WriteEvent | null) => void)[] = [];
  return {
    healthy: true,
    publish: (event) => listeners.forEach((l) => l(event)),
    subscribe: (l) => void listeners.push(l),
    close: async () => undefined,
  };
}

interface Log {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export async function postgresWriteBus(options: { database: Database; url: string; log: Log; retryMs?: number }): Promise<WriteBus> {
  const { database, url, log } = options;
  const instance = randomUUID();
  const listeners: ((event: WriteEvent | null) => void)[] = [];
  const emit = (event: WriteEvent | null) => listeners.forEach((l) => l(event));
  let healthy = false;
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const { default: pgDriver } = await import('pg');
    const c = new pgDriver.Client({ connectionString: url });
    const down = (err?: Error) => {
      if (client !== c) return;
      client = undefined;
      healthy = false;
      emit(null);
      c.end().catch(() => undefined);
      if (closed) return;
      log.warn({ err: err?.message }, 'aviso de escrituras sin conexión; cachés desactivadas hasta reconectar');
      retry = setTimeout(() => void connect().catch(() => undefined), options.retryMs ?? 1_000);
    };
    c.on('error', down);
    c.on('end', () => down());
    c.on('notification', (msg) => {
      if (msg.channel !== WRITE_CHANNEL || !msg.payload) return;
      try {
        const { i, t, l, s, c, e } = JSON.parse(msg.payload) as { i: string; t: number | null; l: boolean; s: boolean; c?: boolean; e?: number | null };
        if (i !== instance) emit({ tiendaId: t, lecturas: l, sesiones: s, catalogo: c !== false, empresaId: e ?? null });
      } catch {
        emit(null);
      }
    });
    client = c;
    try {
      await c.connect();
      await c.query(`LISTEN ${WRITE_CHANNEL}`);
    } catch (err) {
      down(err as Error);
      throw err;
    }
    // Anything may have been written while nobody listened.
    emit(null);
    healthy = true;
  };
  await connect().catch(() => undefined);

  return {
    get healthy() {
      return healthy;
    },
    publish(event) {
      emit(event);
      const payload = JSON.stringify({ i: instance, t: event.tiendaId, l: event.lecturas, s: event.sesiones, c: event.catalogo !== false, e: event.empresaId ?? null });
      database.db.execute(sql`select pg_notify(${WRITE_CHANNEL}, ${payload})`).catch((err: Error) => {
        log.warn({ err: err.message }, 'no se pudo anunciar una escritura');
      });
    },
    subscribe: (l) => void listeners.push(l),
    async close() {
      closed = true;
      clearTimeout(retry);
      const c = client;
      client = undefined;
      healthy = false;
      await c?.end().catch(() => undefined);
    },
  };
}
