// The real server (source, through tsx) started for a bench on loopback, and what every bench does
// with it: wait until it answers, send JSON calls, stop it with the bench. One copy for bench-caja,
// bench-flood and bench-importacion (issue #54 point 7: each had its own).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export interface ServidorBench {
  proceso: ChildProcess;
  base: string;
  /** Resolves once `/api/ping` answers (at most three minutes: compiling and migrating on a shared machine). */
  listo(): Promise<void>;
  /** SIGTERM, once; also sent when the bench's process exits. */
  parar(): void;
  /** Resolves when the server's process has ended. */
  terminado(): Promise<unknown>;
  /** Stops it and waits until it has ended (a profile is written as it exits), at most 20 s. */
  pararYEsperar(): Promise<void>;
}

export function arrancarServidor(opciones: {
  port: number;
  dataDir: string;
  /** Empty: the embedded database in dataDir. */
  databaseUrl?: string;
  /** More of the server's environment (TRUST_PROXY…). */
  env?: Record<string, string>;
  /** Node's flags before the loader (--cpu-prof…). */
  nodeFlags?: string[];
}): ServidorBench {
  const { port, dataDir } = opciones;
  const proceso = spawn(process.execPath, [...(opciones.nodeFlags ?? []), '--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      DEMO_DATA: 'false',
      DATABASE_URL: opciones.databaseUrl ?? '',
      REDIS_URL: '',
      WEB_DIR: path.join(dataDir, 'no-web'),
      ...opciones.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const parar = () => {
    if (proceso.exitCode == null) proceso.kill('SIGTERM');
  };
  process.on('exit', parar);
  const terminado = () => new Promise((r) => (proceso.exitCode == null ? proceso.once('exit', r) : r(null)));
  return {
    proceso,
    base,
    parar,
    terminado,
    async pararYEsperar() {
      const fin = terminado();
      parar();
      await Promise.race([fin, new Promise((r) => setTimeout(r, 20_000))]);
    },
    async listo() {
      for (let i = 0; i < 900; i++) {
        try {
          if ((await fetch(`${base}/api/ping`)).ok) return;
        } catch {
          // not listening yet
        }
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error('el servidor no arrancó');
    },
  };
}

export type Json = Record<string, unknown>;

/** A JSON call to the store API with the store's token, answering the status and the body read as JSON. */
export const llamada =
  (base: string) =>
  async (method: string, url: string, body?: unknown, token?: string): Promise<{ status: number; json: Json }> => {
    const res = await fetch(`${base}/api${url}`, {
      method,
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, json: (text ? JSON.parse(text) : {}) as Json };
  };

/** A bench's own PostgreSQL database: its URL for the server and pg, and how to drop it at the end. */
export interface BaseBench {
  url: string;
  borrar(): Promise<void>;
}

/**
 * `--postgres URL` among the bench's arguments: a fresh database `<prefijo>_<time>` made on that server
 * (loopback only) for the run, so the fixed e-mails of a bench's setup never meet an earlier run's; the
 * database named in URL is only used to make and drop it. Null without the flag: the embedded database.
 */
export async function baseDelBench(argv: string[], prefijo: string): Promise<BaseBench | null> {
  const i = argv.indexOf('--postgres');
  if (i < 0) return null;
  const postgres = argv[i + 1]!;
  if (!['127.0.0.1', 'localhost'].includes(new URL(postgres).hostname)) throw new Error('--postgres: solo 127.0.0.1');
  const nombre = `${prefijo}_${Date.now()}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: postgres });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${nombre}`);
  const url = new URL(postgres);
  url.pathname = `/${nombre}`;
  return {
    url: url.toString(),
    borrar: () => admin(`drop database if exists ${nombre} with (force)`).catch((err: unknown) => console.error(`No se borró ${nombre}:`, err)),
  };
}

/**
 * What a bench leaves behind once its server has stopped: the data folder (retried: a server slow to
 * stop may still write there; an error is printed, never hiding the run's own) and its database.
 */
export async function borrarRastros(dataDir: string, base: BaseBench | null): Promise<void> {
  try {
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 500 });
  } catch (err) {
    console.error(`No se borró ${dataDir}:`, err);
  }
  await base?.borrar();
}
