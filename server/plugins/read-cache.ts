import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WriteBus } from './write-bus';

const started = new WeakMap<FastifyRequest, number>();

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Cache this GET's 200 answers per store until the store writes anything. */
    readCache?: boolean;
  }
}

interface Entry {
  version: number;
  at: number;
  body: string;
  type: string;
}

/**
 * A read cache for the hottest lists (sales search, analysis, invoice list).
 *
 * Every instance keeps its own; the write bus tells it about every write (ADR 005, ADR 008): a
 * store's write bumps that store's version and its cached answers are dropped; an operator's write,
 * or the bus coming back after an outage, drops everything. While the bus is not healthy the cache
 * steps aside. Entries also expire after `ttlMs`.
 */
export function registerReadCache(app: FastifyInstance, options: { enabled: boolean; bus: WriteBus; ttlMs?: number; maxEntries?: number }) {
  if (!options.enabled) return;
  const { bus } = options;
  const ttl = options.ttlMs ?? 30_000;
  const max = options.maxEntries ?? 2_000;
  const entries = new Map<string, Entry>();
  const versions = new Map<number, number>();
  const versionOf = (tiendaId: number) => versions.get(tiendaId) ?? 0;
  const keyOf = (req: FastifyRequest) => (req.sesion?.tiendaId != null ? `${req.sesion.tiendaId}|${req.sesion.rol}|${req.url}` : null);

  bus.subscribe((event) => {
    if (event && !event.lecturas) return;
    if (event?.tiendaId != null) {
      versions.set(event.tiendaId, versionOf(event.tiendaId) + 1);
      return;
    }
    entries.clear();
    for (const k of versions.keys()) versions.set(k, versionOf(k) + 1);
  });

  app.addHook('preHandler', async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.method !== 'GET' || !req.routeOptions.config?.readCache || !bus.healthy) return;
    const key = keyOf(req);
    if (!key) return;
    // The version this read starts from: a write finishing meanwhile makes what it reads stale.
    started.set(req, versionOf(req.sesion!.tiendaId!));
    const hit = entries.get(key);
    if (!hit) return;
    if (hit.version !== versionOf(req.sesion!.tiendaId!) || Date.now() - hit.at > ttl) {
      entries.delete(key);
      return;
    }
    return reply.header('x-cache', 'hit').type(hit.type).send(hit.body);
  });

  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method !== 'GET' || !req.routeOptions.config?.readCache || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    if (reply.getHeader('x-cache') === 'hit' || !bus.healthy) return payload;
    const key = keyOf(req);
    const version = started.get(req);
    if (!key || version === undefined) return payload;
    if (entries.size >= max) entries.delete(entries.keys().next().value!);
    entries.set(key, { version, at: Date.now(), body: payload, type: String(reply.getHeader('content-type') ?? 'application/json') });
    return payload;
  });
}
