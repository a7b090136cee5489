import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { bootstrap } from '../../server/bootstrap';
import { createDb, type Database } from '../../server/db/client';
import { loadEnv } from '../../server/env';
import type { Mail, Mailer } from '../../server/lib/mailer';

/**
 * A fresh database per test file: PGlite in memory by default (on its own thread when
 * TEST_PGLITE_THREAD=worker, ADR 009), or a new PostgreSQL database (created and dropped here) when
 * TEST_DATABASE_URL is set.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return createDb({ pgliteThread: process.env.TEST_PGLITE_THREAD === 'worker' ? 'worker' : 'main' });
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
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
