import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { bootstrap } from '../../server/bootstrap';
import { createDb, type Database } from '../../server/db/client';
import { basePgReusada, baseReusada, crearBasePg } from './base-reusada';
import { loadEnv } from '../../server/env';
import type { Mail, Mailer } from '../../server/lib/mailer';

/**
 * A fresh database per test file: PGlite in memory by default — the worker's instance emptied back to
 * the template (base-reusada.ts; TEST_BASE_NUEVA=1 starts a new one per file instead), on its own
 * thread when TEST_PGLITE_THREAD=worker (ADR 009) — or a new PostgreSQL database (created and dropped here) when
 * TEST_DATABASE_URL is set. Both start as a copy of the run's migrated template (plantilla.ts).
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const plantilla = inject('plantillaPglite');
    // On the test's own thread, from the template: this worker's instance, emptied (base-reusada.ts).
    if (plantilla && process.env.TEST_PGLITE_THREAD !== 'worker' && !process.env.TEST_BASE_NUEVA) return baseReusada(plantilla);
    return createDb({
      pgliteThread: process.env.TEST_PGLITE_THREAD === 'worker' ? 'worker' : 'main',
      ...(plantilla ? { pgliteLoadDataDir: plantilla } : {}),
    });
  }
  const plantilla = inject('plantillaPostgres');
  if (plantilla && !process.env.TEST_BASE_NUEVA) return basePgReusada(url, plantilla, inject('corrida'));
  return basePostgres(url, { plantilla });
}

/**
 * A new PostgreSQL database on `url`'s server, dropped when closed: a copy of `plantilla` when given,
 * else empty; `antes` runs on it (its URL) before the app's pool opens (e.g. to load an old dump).
 */
export async function basePostgres(url: string, opciones: { plantilla?: string; antes?: (url: string) => Promise<void> } = {}): Promise<Database> {
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await crearBasePg(url, name, opciones.plantilla);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  await opciones.antes?.(dbUrl.toString());
  const database = await createDb({ databaseUrl: dbUrl.toString(), poolSize: 20 });
  return {
    ...database,
    async close() {
      await database.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  outbox: Mail[];
  close(): Promise<void>;
  request(opts: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
}

/**
 * `shared.database`: a second instance on another app's database (that app closes it).
 * `shared.mailer`: a mailer of the test's own (the outbox then stays empty).
 */
export async function createTestApp(envOverrides: Record<string, string> = {}, shared: { database?: Database; mailer?: Mailer } = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adax-test-'));
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-123',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_AUTH_MAX: '1000',
    // Tests write straight to the database; the read cache has its own test.
    READ_CACHE: 'off',
    WEB_DIR: path.join(dataDir, 'no-web'),
    ...envOverrides,
  });
  const outbox: Mail[] = [];
  const mailer: Mailer = shared.mailer ?? {
    async send(mail) {
      outbox.push(mail);
    },
  };
  const database = shared.database ?? (await createTestDatabase());
  const { app } = await bootstrap(env, { database, mailer, logger: false });
  await app.ready();
  return {
    app,
    database,
    outbox,
    async close() {
      await app.close();
      if (!shared.database) await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    request({ token, headers, ...opts }) {
      return app.inject({ ...opts, headers: { ...(headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } });
    },
  };
}

/**
 * The app of a test file, started before its tests and closed after them: `const t = usarApp();`
 * at the top of the file stands for the TestApp that `beforeAll` creates (every property is read
 * from it when used, so it is usable inside tests and hooks, not at import time).
 */
export function usarApp(envOverrides: Record<string, string> = {}): TestApp {
  return usarEnHooks(() => createTestApp(envOverrides));
}

/**
 * A second instance of the file's app `t` on the same database, as the other upstream behind nginx:
 * `const otra = usarOtraInstancia(t);` right after `usarApp()`. Started after `t`, closed before it
 * (vitest runs the afterAll hooks in reverse order); closing it leaves the shared database open.
 */
export function usarOtraInstancia(t: TestApp): TestApp {
  return usarEnHooks(() => createTestApp({}, { database: t.database }));
}

/**
 * The re-send of issue #50 point 1: the app, a second instance on the same database (where nginx sends
 * the copy of a slow request) and fresh Idempotency-Keys starting with `prefijo`.
 */
export function usarReenvio(prefijo: string): { t: TestApp; otra: TestApp; nuevaClave: () => string } {
  const t = usarApp();
  const otra = usarOtraInstancia(t);
  let n = 0;
  return { t, otra, nuevaClave: () => `${prefijo}-${Date.now().toString(36)}-${++n}` };
}

function usarEnHooks(crear: () => Promise<TestApp>): TestApp {
  let real: TestApp | undefined;
  beforeAll(async () => {
    real = await crear();
  });
  afterAll(() => real?.close());
  return new Proxy({} as TestApp, {
    get(_, key) {
      if (!real) throw new Error('usarApp: the app starts in beforeAll; use it inside tests and hooks');
      const v = Reflect.get(real, key) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(real) : v;
    },
  });
}
