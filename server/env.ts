import path from 'node:path';
import { z } from 'zod';
import { redLocal } from '#shared/messages/red-local';

/** PostgreSQL's pool when DB_POOL_SIZE is unset (BENCHMARKS.md, "Fleet"). */
export const DEFAULT_DB_POOL_SIZE = 10;
const POOL_SIZE = 'DB_POOL_SIZE: un número entero de 1 a 1000';
const STATEMENT_TIMEOUT = 'DB_STATEMENT_TIMEOUT_MS: milisegundos, un número entero de 0 a 600000';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes' || v === 'on');

/** Every setting the server reads, validated once at start-up (README "Configuración"). */
export const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional().or(z.literal('').transform(() => undefined)),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET debe tener al menos 32 caracteres').optional().or(z.literal('').transform(() => undefined)),
  JWT_TTL: z.string().regex(/^\d+[smhd]$/, 'JWT_TTL como 12h, 30m o 7d').default('12h'),
  SMTP_URL: z.string().optional().or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().default('ADAX Store Manager <no-responder@adax.local>'),
  OPERADOR_EMAIL: z.string().email().optional().or(z.literal('').transform(() => undefined)),
  OPERADOR_PASSWORD: z.string().min(8).optional().or(z.literal('').transform(() => undefined)),
  DEMO_DATA: bool,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool,
  /**
   * Who may read the OpenAPI document at /api/docs (issue #28): `public`, or `admin` (a signed-in
   * role 1). Default: `admin` when NODE_ENV is production, `public` otherwise.
   */
  API_DOCS: z.enum(['public', 'admin']).optional().or(z.literal('').transform(() => undefined)),
  RATE_LIMIT_AUTH_MAX: z.coerce.number().int().min(1).default(10),
  /** Sign-in, registration and recovery tries per window from one address, all accounts (default 3 × RATE_LIMIT_AUTH_MAX). */
  RATE_LIMIT_AUTH_ADDRESS_MAX: z.coerce.number().int().min(1).optional().or(z.literal('').transform(() => undefined)),
  RATE_LIMIT_WINDOW: z.string().default('1 minute'),
  /**
   * Backups of the embedded database on a schedule (issue #37): every this long (`24h`, `30m`, `10s`),
   * or `off`; ignored with PostgreSQL (docs/deploy.md has its own).
   */
  BACKUP_EVERY: z
    .string()
    .regex(/^(off|\d+[smhd])$/, 'BACKUP_EVERY como 24h, 30m, 10s u off')
    .default('24h'),
  /**
   * The hour ("HH:MM", Colombia's time) scheduled backups start at, e.g. `03:00`, outside opening hours:
   * on the embedded database a sale waits while a backup runs. Unset: every BACKUP_EVERY from the last.
   */
  BACKUP_HORA: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'BACKUP_HORA como 03:00 (hora de Colombia, de 00:00 a 23:59)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * The embedded database's upkeep (ADR 083): this often (`10m`, `1h`) the running server analyzes and
   * vacuums the tables that were never analyzed or grew by a fifth, once no request has arrived for 30 s;
   * `off` stops it. PGlite runs no autovacuum; ignored with PostgreSQL, whose autovacuum does it.
   */
  MANTENIMIENTO_CADA: z
    .string()
    .regex(/^(off|\d+[smhd])$/, 'MANTENIMIENTO_CADA como 10m, 1h, 30s u off')
    .default('10m'),
  /** Scheduled and manual backups older than this many days are removed after each new one. */
  BACKUP_KEEP_DAYS: z.coerce.number().int().min(1, 'BACKUP_KEEP_DAYS: al menos 1').default(7),
  /**
   * Free space under which `GET /api/ready` says the disk is full (issue #50 point 5): megabytes free on
   * the data folder's file system. 0 turns the check off.
   */
  DISCO_MINIMO_MB: z.coerce.number().int().min(0, 'DISCO_MINIMO_MB: un número entero de 0 o más').max(1_000_000).default(100),
  /** Bearer token for GET /api/metrics (Prometheus); unset: the route answers 404. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN debe tener al menos 16 caracteres').optional().or(z.literal('').transform(() => undefined)),
  /** Shared store for rate-limit counters when several instances run. */
  REDIS_URL: z.string().url().optional().or(z.literal('').transform(() => undefined)),
  /**
   * PostgreSQL connections each instance keeps open (node-postgres pool; ignored with the embedded
   * database). Requests beyond it wait for a free one. Keep instances × DB_POOL_SIZE (+1 each for the
   * write bus's LISTEN) below the server's max_connections (100 by default). More is not faster on
   * a small machine: on 2 cores, 20–64 cost PostgreSQL more CPU a request than 10 (BENCHMARKS.md, "Fleet").
   */
  DB_POOL_SIZE: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number(POOL_SIZE).int(POOL_SIZE).min(1, POOL_SIZE).max(1000, POOL_SIZE).default(DEFAULT_DB_POOL_SIZE),
  ),
  /**
   * PostgreSQL: the longest one statement may run, in ms (its `statement_timeout`), so that one store's
   * request cannot hold the database for the others; a connection silent 10 s beyond it is given up
   * (issue #50 point 4). 0 turns both off. Ignored with the embedded database.
   */
  DB_STATEMENT_TIMEOUT_MS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number(STATEMENT_TIMEOUT).int(STATEMENT_TIMEOUT).min(0, STATEMENT_TIMEOUT).max(600_000, STATEMENT_TIMEOUT).default(30_000),
  ),
  /** In-memory caches of checked sessions and the hottest lists (ADR 005, ADR 008); default on. */
  READ_CACHE: z
    .enum(['true', 'false', '1', '0', 'on', 'off'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1' || v === 'on')),
  /** Where the embedded database runs: the server's thread (default) or a worker thread of its own (ADR 009). */
  PGLITE_THREAD: z.enum(['main', 'worker']).default('main'),
  /**
   * HTTPS for the shop's phones (issue #34, ADR 021): a second listener on this port, with a
   * certificate made under the shop's own authority ($DATA_DIR/tls) or the operator's (TLS_CERT +
   * TLS_KEY). Unset: off.
   */
  HTTPS_PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(65535).optional()),
  TLS_CERT: z.string().optional().or(z.literal('').transform(() => undefined)),
  TLS_KEY: z.string().optional().or(z.literal('').transform(() => undefined)),
  /**
   * The electronic POS document (issue #31, ADR 023): the certificate custody key (32 bytes, base64;
   * unset: a 0600 file in $DATA_DIR/secrets), DIAN's web service endpoints (default: DIAN's own; the
   * tests and journeys point them at the loopback fake), and how often the outbox is drained
   * (`30s`, `off`).
   */
  DIAN_CLAVE_CUSTODIA: z.string().optional().or(z.literal('').transform(() => undefined)),
  DIAN_URL_HABILITACION: z.string().url().optional().or(z.literal('').transform(() => undefined)),
  DIAN_URL_PRODUCCION: z.string().url().optional().or(z.literal('').transform(() => undefined)),
  DIAN_INTERVALO: z
    .string()
    .regex(/^(off|\d+[smh])$/, 'DIAN_INTERVALO como 30s, 5m u off')
    .default('30s'),
  /**
   * Outbound calls (server/lib/salida.ts, issue #49): destinations (`host:port` or URLs,
   * comma-separated) that may be plain http and at a loopback or private address — for development
   * and the journeys' loopback fake DIAN only. Unset in production: every call is https to a public address.
   */
  SALIDA_PERMITIR: z.string().optional().or(z.literal('').transform(() => undefined)),
  LEGACY_PREFIX: z.string().startsWith('/').default('/adx/ADAX-Store-Manager/Crud'),
  WEB_DIR: z.string().optional(),
});

export type Env = z.infer<typeof ZEnv>;

/** `24h`, `30m`, `10s`, `7d` in milliseconds (the form the settings above validate). */
export function durationMs(value: string): number {
  const m = /^(\d+)([smhd])$/.exec(value);
  if (!m) throw new Error(`Duración inválida: ${value}`);
  return Number(m[1]) * { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] as 's' | 'm' | 'h' | 'd'];
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = ZEnv.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Configuración inválida:\n${lines.join('\n')}`);
  }
  if (!parsed.data.TLS_CERT !== !parsed.data.TLS_KEY) throw new Error(`Configuración inválida:\n  - TLS_CERT: ${redLocal.tlsIncompleto}`);
  return { ...parsed.data, DATA_DIR: path.resolve(parsed.data.DATA_DIR) };
}
