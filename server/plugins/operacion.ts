import fs from 'node:fs';
import path from 'node:path';
import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { migrationsFolder } from '../db/client';
import { esDiscoLleno } from '../db/pg-error';
import { hashesWaiting } from '../lib/password';
import type { EstadoContadores } from './rate-limit-store';

/**
 * What whoever hosts the product operates it with (issue #37 points 1–3):
 *
 * - `GET /api/health`: the process answers (no database call; a load balancer's liveness probe).
 * - `GET /api/ready`: this instance can serve: the database answers within 2 s, every migration is
 *   applied, it is not shutting down, and the disk has room (issue #50 point 5: the data folder's file
 *   system has at least DISCO_MINIMO_MB free, and no write failed for a full disk — PostgreSQL's disk is
 *   on another machine — in the last minute). 503 otherwise, with what is wrong. Also says whether the
 *   sign-in counters are shared (Redis) and whether the caches are on (the write bus).
 * - `GET /api/metrics`: Prometheus' text format, behind `METRICS_TOKEN` (a bearer token; 404 while
 *   unset, so nothing is exposed by default). Requests, latencies and errors per route, sales and
 *   checkout latency, the database pool, the read cache's hits, the password-hash queue, and Node's own
 *   (event-loop lag, memory, GC) from prom-client's default collectors.
 */
declare module 'fastify' {
  interface FastifyInstance {
    /** Set on SIGTERM: `ready` answers 503 while in-flight requests finish (server/main.ts). */
    draining: boolean;
    /** When the last request arrived (ms; the start until one does): the embedded database's upkeep waits for a quiet server (ADR 083). */
    ultimaPeticion: number;
  }
}

/** The routes whose 201 is a sale recorded (the till, the back-office's sale). */
const RUTAS_DE_VENTA = new Set(['POST /api/ventas']);

const ZONA_MS = 2_000;
/** How long a write refused for a full disk keeps `ready` at 503 (the next request after it re-checks). */
const DISCO_LLENO_MS = 60_000;

function migrationsInJournal(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

const withTimeout = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('sin respuesta')), ms).unref())]);

/**
 * The hooks (on the root instance: every route is measured, the old controller API's too); answers the
 * function that registers the three routes under the API's prefix.
 */
export function registerOperacion(
  app: FastifyInstance,
  options: { metricsToken?: string; contadores: () => EstadoContadores | 'en memoria'; dataDir: string; discoMinimoMb: number },
): (api: FastifyInstance) => void {
  app.decorate('draining', false);
  app.decorate('ultimaPeticion', Date.now());
  const expected = migrationsInJournal();
  // The last write refused for a full disk, on any route (the error handler answers it in Spanish).
  const disco = { llenoEn: 0 };
  app.addHook('onError', async (_req, _reply, err) => {
    if (esDiscoLleno(err)) disco.llenoEn = Date.now();
  });

  const register = new Registry();
  collectDefaultMetrics({ register, prefix: 'adax_' });
  const requests = new Counter({
    name: 'adax_http_peticiones_total',
    help: 'Peticiones HTTP respondidas, por método, ruta y código',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [register],
  });
  const latency = new Histogram({
    name: 'adax_http_duracion_segundos',
    help: 'Tiempo de respuesta por método y ruta',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [register],
  });
  const ventas = new Counter({ name: 'adax_ventas_total', help: 'Ventas registradas (cobros confirmados)', registers: [register] });
  const checkout = new Histogram({
    name: 'adax_cobro_duracion_segundos',
    help: 'Tiempo de respuesta de un cobro confirmado',
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [register],
  });
  const cache = new Counter({
    name: 'adax_cache_lecturas_total',
    help: 'Lecturas de rutas con caché, por resultado (acierto o fallo)',
    labelNames: ['resultado'] as const,
    registers: [register],
  });
  const pool = app.database.pool;
  new Gauge({
    name: 'adax_bd_conexiones',
    help: 'Conexiones de PostgreSQL de esta instancia, por estado (total, libres, esperando)',
    labelNames: ['estado'] as const,
    registers: [register],
    collect() {
      if (!pool) return;
      this.set({ estado: 'total' }, pool.totalCount);
      this.set({ estado: 'libres' }, pool.idleCount);
      this.set({ estado: 'esperando' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'adax_hash_cola',
    help: 'Verificaciones de contraseña esperando turno',
    registers: [register],
    collect() {
      this.set(hashesWaiting());
    },
  });

  // Shutting down: what arrives now is refused whole, in the product's shape, and the connection closed
  // (a proxy sends the retry to another instance); `ready` and `health` still answer.
  app.addHook('onRequest', async (req, reply) => {
    app.ultimaPeticion = Date.now();
    if (!app.draining || req.url.endsWith('/ready') || req.url.endsWith('/health')) return;
    reply.header('connection', 'close').header('retry-after', '2');
    throw new AppError('UNAVAILABLE', M.operacion.cerrando);
  });

  app.addHook('onResponse', async (req: FastifyRequest, reply: FastifyReply) => {
    // Unmatched URLs are counted under one label, so a scan of made-up paths cannot grow the series.
    const route = req.routeOptions.url ?? 'sin ruta';
    const seconds = reply.elapsedTime / 1000;
    requests.inc({ method: req.method, route, status: String(reply.statusCode) });
    latency.observe({ method: req.method, route }, seconds);
    if (reply.statusCode === 201 && RUTAS_DE_VENTA.has(`${req.method} ${route}`)) {
      ventas.inc();
      checkout.observe(seconds);
    }
    if (req.method === 'GET' && req.routeOptions.config?.readCache && reply.statusCode === 200)
      cache.inc({ resultado: reply.getHeader('x-cache') === 'hit' ? 'acierto' : 'fallo' });
  });

  return (api) => routes(api, { ...options, register, expected, disco });
}

function routes(
  app: FastifyInstance,
  options: {
    metricsToken?: string;
    contadores: () => EstadoContadores | 'en memoria';
    register: Registry;
    expected: number;
    dataDir: string;
    discoMinimoMb: number;
    disco: { llenoEn: number };
  },
) {
  const { register, expected } = options;
  let migrated = false;
  app.get('/health', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get('/ready', { schema: { hide: true } }, async (_req, reply) => {
    let baseDeDatos = 'ok';
    try {
      await withTimeout(app.db.execute(sql`select 1`), ZONA_MS);
      if (!migrated) {
        const res = (await withTimeout(app.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`), ZONA_MS)) as unknown as {
          rows: { n: number }[];
        };
        migrated = Number(res.rows[0]?.n ?? 0) >= expected;
      }
    } catch {
      baseDeDatos = 'no responde';
    }
    const disco = await estadoDisco(options.dataDir, options.discoMinimoMb, options.disco.llenoEn);
    const body = {
      status: 'ok',
      baseDeDatos,
      disco: disco.estado,
      ...(disco.libreMb === undefined ? {} : { discoLibreMb: disco.libreMb }),
      migraciones: migrated ? 'al día' : 'pendientes',
      cerrando: app.draining,
      contadores: options.contadores(),
      caches: app.writeBus.healthy ? 'activas' : 'desactivadas',
    };
    const ready = baseDeDatos === 'ok' && migrated && !app.draining && disco.estado === 'ok';
    return reply.status(ready ? 200 : 503).send({ ...body, status: ready ? 'ok' : 'no listo' });
  });

  const token = options.metricsToken ? Buffer.from(`Bearer ${options.metricsToken}`) : null;
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!token) throw new AppError('NOT_FOUND', M.generic.notFound);
    const given = Buffer.from(req.headers.authorization ?? '');
    if (given.length !== token.length || !timingSafeEqual(given, token)) throw new AppError('UNAUTHORIZED', M.generic.unauthorized);
    return reply.type(register.contentType).send(await register.metrics());
  });
}

/**
 * The disk as `ready` reports it: 'lleno' when the data folder's file system has less than `minimoMb`
 * free, or a write failed for a full disk in the last minute (the database's own disk, which this process
 * may not see); 'ok' otherwise. A file system that cannot be read is not a reason to stop serving.
 */
async function estadoDisco(dir: string, minimoMb: number, llenoEn: number): Promise<{ estado: 'ok' | 'lleno'; libreMb?: number }> {
  let libreMb: number | undefined;
  try {
    const s = await fs.promises.statfs(dir);
    libreMb = Math.floor((Number(s.bavail) * Number(s.bsize)) / (1024 * 1024));
  } catch {
    libreMb = undefined;
  }
  const reciente = llenoEn > 0 && Date.now() - llenoEn < DISCO_LLENO_MS;
  const bajo = minimoMb > 0 && libreMb !== undefined && libreMb < minimoMb;
  return { estado: reciente || bajo ? 'lleno' : 'ok', libreMb };
}
