import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { M } from '#shared/messages';
import { createDb, type Database } from './db/client';
import { DataDirLocked } from './db/data-dir-lock';
import { seedDemo } from './db/demo';
import { isEmpty, seedCatalogos } from './db/setup';
import type { Env } from './env';
import { logSerializers } from './lib/log-redact';
import { createMailer, type Mailer } from './lib/mailer';
import { restrictTree, secureDataDir } from './lib/private-files';
import { resolveJwtSecret } from './lib/tokens';
import { ensureOperador } from './modules/cuenta/cuenta.service';

export interface Started {
  app: FastifyInstance;
  database: Database;
  demoSeeded: boolean;
}

/**
 * The configured database: PostgreSQL when DATABASE_URL is set, otherwise PGlite in $DATA_DIR/pglite,
 * kept private to this user (folders 0700, files 0600: PGlite's first start writes its files 0666).
 */
export async function openDatabase(env: Env, lockAs?: string): Promise<Database> {
  // The server's requests are bounded (DB_STATEMENT_TIMEOUT_MS); a script's work (a restore, a rebuild) is not.
  const statementTimeoutMs = lockAs === 'servidor' ? env.DB_STATEMENT_TIMEOUT_MS : 0;
  secureDataDir(env.DATA_DIR);
  const pgliteDir = env.DATABASE_URL ? undefined : path.join(env.DATA_DIR, 'pglite');
  const database = await createDb({ databaseUrl: env.DATABASE_URL, pgliteDir, pgliteThread: env.PGLITE_THREAD, poolSize: env.DB_POOL_SIZE, statementTimeoutMs, lockAs }).catch(
    (err: unknown) => {
      throw pgliteDir ? cannotOpen(env, err) : err;
    },
  );
  if (pgliteDir) restrictTree(pgliteDir);
  return database;
}

/** The newest backup in $DATA_DIR/backups, if any. */
export function latestBackup(dataDir: string): string | undefined {
  const dir = path.join(dataDir, 'backups');
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json.gz')) : [];
  return files
    .map((f) => ({ file: path.join(dir, f), at: fs.statSync(path.join(dir, f)).mtimeMs }))
    .sort((a, b) => b.at - a.at)[0]?.file;
}

/**
 * The embedded database did not open (a damaged folder, a failed migration): a Spanish message naming
 * the latest backup and the restore command, instead of a bare "Failed query". A folder held by another
 * process keeps its own message.
 */
export function cannotOpen(env: Env, err: unknown): Error {
  if (err instanceof DataDirLocked) return err;
  const detalle = (err instanceof Error ? err.message : String(err)).split('\n')[0]!.slice(0, 200);
  return new Error(M.operacion.baseNoAbre({ carpeta: path.join(env.DATA_DIR, 'pglite'), detalle, respaldo: latestBackup(env.DATA_DIR) }), { cause: err });
}

/** Opens the database, migrates, seeds the catalogues (and demo data when asked), builds the app. */
export async function bootstrap(
  env: Env,
  overrides: { database?: Database; mailer?: Mailer; logger?: boolean | Record<string, unknown> } = {},
): Promise<Started> {
  const { stream, ...logOptions } = (typeof overrides.logger === 'object' ? overrides.logger : {}) as { stream?: pino.DestinationStream };
  const pinoOptions = { level: overrides.logger === false ? 'silent' : env.LOG_LEVEL, ...logOptions, serializers: logSerializers };
  const log = stream ? pino(pinoOptions, stream) : pino(pinoOptions);
  // Outbox, secrets and backups live in the data folder even when the database is PostgreSQL.
  secureDataDir(env.DATA_DIR);
  const database = overrides.database ?? (await openDatabase(env, 'servidor'));
  try {
    await database.migrate().catch((err: unknown) => {
      throw database.kind === 'pglite' && !overrides.database ? cannotOpen(env, err) : err;
    });
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
