import path from 'node:path';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { createDb, type Database } from './db/client';
import { seedDemo } from './db/demo';
import { isEmpty, seedCatalogos } from './db/setup';
import type { Env } from './env';
import { createMailer, type Mailer } from './lib/mailer';
import { resolveJwtSecret } from './lib/tokens';
import { ensureOperador } from './modules/cuenta/cuenta.service';

export interface Started {
  app: FastifyInstance;
  database: Database;
  demoSeeded: boolean;
}

/** The configured database: PostgreSQL when DATABASE_URL is set, otherwise PGlite in $DATA_DIR/pglite. */
export function openDatabase(env: Env): Promise<Database> {
  return createDb({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: env.DATABASE_URL ? undefined : path.join(env.DATA_DIR, 'pglite'),
    pgliteThread: env.PGLITE_THREAD,
  });
}

/** Opens the database, migrates, seeds the catalogues (and demo data when asked), builds the app. */
export async function bootstrap(env: Env, overrides: { database?: Database; mailer?: Mailer; logger?: boolean } = {}): Promise<Started> {
  const log = pino({ level: overrides.logger === false ? 'silent' : env.LOG_LEVEL });
  const database = overrides.database ?? (await openDatabase(env));
  try {
    await database.migrate();
    await seedCatalogos(database.db);
    let demoSeeded = false;
    if (env.DEMO_DATA && (await isEmpty(database.db))) {
      await seedDemo(database.db);
      demoSeeded = true;
    }
    if (env.OPERADOR_EMAIL && env.OPERADOR_PASSWORD) {
      if (await ensureOperador({ db: database.db, email: env.OPERADOR_EMAIL, password: env.OPERADOR_PASSWORD }))
        log.info({ email: env.OPERADOR_EMAIL }, 'operador de la plataforma creado');
    }
    const mailer = overrides.mailer ?? createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: path.join(env.DATA_DIR, 'outbox'), log });
    const secret = resolveJwtSecret(env.JWT_SECRET, env.DATA_DIR);
    const app = await buildApp({ env, database, mailer, secret, logger: overrides.logger });
    return { app, database, demoSeeded };
  } catch (err) {
    await database.close().catch(() => undefined);
    throw err;
  }
}
