import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WriteBus } from './write-bus';

/** The versions a read starts from (see Entry): a write finishing meanwhile makes what it reads stale. */
const started = new WeakMap<FastifyRequest, { version: number; fresh: number }>();

/** A cached catalogue answer brought up to date on a hit: the stock read again, say. */
export type RefreshCached = (req: FastifyRequest, cached: string) => Promise<string>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Cache this GET's 200 answers per store. `true`: until the store writes anything. `{ refresh }`:
     * until the store's catalogue changes; writes that say `keepsCatalog` (sales) leave the entry, and
     * the first hit after any write of the store calls `refresh` to bring what they moved (stock) up to date.
     * `{ porUsuario: true }`: the answer depends on who asks, not only on their role (an employee who
     * sees only their own sales, issue #51 point 8): cached per account.
     */
    readCache?: boolean | { refresh: RefreshCached } | { porUsuario: true };
    /** This write moves only stock and sales data, never what the catalogue shows. */
    keepsCatalog?: boolean;
  }
}

interface Entry {
  version: number;
  /** The store's version (any write) when `body` was read: a refreshable entry unchanged since needs no refresh. */
  fresh: number;
  at: number;
  body: string;
  type: string;
}

type Versions = Map<number, number>;
const bump = (versions: Versions, tiendaId: number) => versions.set(tiendaId, (versions.get(tiendaId) ?? 0) + 1);

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
  // Any write of a store bumps `versions`; only those that may change its catalogue bump `catalogs`.
  const versions: Versions = new Map();
  const catalogs: Versions = new Map();
  // A catalogue write of one store of an empresa reaches its other stores' rows (ADR 043 §2): counted per empresa too.
  const catalogosEmpresa: Versions = new Map();
  const keyOf = (req: FastifyRequest) => {
    if (req.sesion?.tiendaId == null) return null;
    const rc = req.routeOptions.config?.readCache;
    const quien = typeof rc === 'object' && 'porUsuario' in rc ? `${req.sesion.rol}|u${req.sesion.usuarioId ?? 'tienda'}` : req.sesion.rol;
    return `${req.sesion.tiendaId}|${quien}|${req.url}`;
  };
  const refreshOf = (req: FastifyRequest) => {
    const rc = req.routeOptions.config?.readCache;
    return typeof rc === 'object' && 'refresh' in rc ? rc.refresh : undefined;
  };
  // The counters only grow, so their sum is unchanged exactly when none moved. A sibling store's
  // catalogue write (a name, a category's tax) reaches this store's rows: every kind of entry counts it,
  // the plain lists (the grid, the analysis, the invoices) as much as the till's search.
  const empresaDe = (req: FastifyRequest) => (req.sesion!.empresaId == null ? 0 : (catalogosEmpresa.get(req.sesion!.empresaId) ?? 0));
  const versionFor = (req: FastifyRequest) =>
    (refreshOf(req) ? (catalogs.get(req.sesion!.tiendaId!) ?? 0) : (versions.get(req.sesion!.tiendaId!) ?? 0)) + empresaDe(req);
  const anyWrite = (req: FastifyRequest) => versions.get(req.sesion!.tiendaId!) ?? 0;

  bus.subscribe((event) => {
    if (event && !event.lecturas) return;
    if (event?.tiendaId != null) {
      bump(versions, event.tiendaId);
      if (event.catalogo !== false) bump(catalogs, event.tiendaId);
      if (event.catalogo !== false && event.empresaId != null) bump(catalogosEmpresa, event.empresaId);
      return;
    }
    entries.clear();
    for (const k of versions.keys()) bump(versions, k);
    for (const k of catalogs.keys()) bump(catalogs, k);
    for (const k of catalogosEmpresa.keys()) bump(catalogosEmpresa, k);
  });

  app.addHook('preHandler', async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.method !== 'GET' || !req.routeOptions.config?.readCache || !bus.healthy) return;
    const key = keyOf(req);
    if (!key) return;
    const start = { version: versionFor(req), fresh: anyWrite(req) };
    started.set(req, start);
    const hit = entries.get(key);
    if (!hit) return;
    if (hit.version !== start.version || Date.now() - hit.at > ttl) {
      entries.delete(key);
      return;
    }
    const refresh = refreshOf(req);
    if (refresh && hit.fresh !== start.fresh) {
      // A sale since: the stock is read again, and kept for the next hits until the next write.
      hit.body = await refresh(req, hit.body);
      hit.fresh = anyWrite(req) === start.fresh ? start.fresh : -1;
    }
    return reply.header('x-cache', 'hit').type(hit.type).send(hit.body);
  });

  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method !== 'GET' || !req.routeOptions.config?.readCache || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    if (reply.getHeader('x-cache') === 'hit' || !bus.healthy) return payload;
    const key = keyOf(req);
    const start = started.get(req);
    if (!key || start === undefined) return payload;
    if (entries.size >= max) entries.delete(entries.keys().next().value!);
    entries.set(key, { ...start, at: Date.now(), body: payload, type: String(reply.getHeader('content-type') ?? 'application/json') });
    return payload;
  });
}
