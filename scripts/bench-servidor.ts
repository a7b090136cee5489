// The real server (source, through tsx) started for a bench on loopback, and what every bench does
// with it: wait until it answers, send JSON calls, stop it with the bench. One copy for bench-caja,
// bench-flood and bench-importacion (issue #54 point 7: each had its own).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface ServidorBench {
  proceso: ChildProcess;
  base: string;
  /** Resolves once `/api/ping` answers (at most three minutes: compiling and migrating on a shared machine). */
  listo(): Promise<void>;
  /** SIGTERM, once; also sent when the bench's process exits. */
  parar(): void;
  /** Resolves when the server's process has ended. */
  terminado(): Promise<unknown>;
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
  return {
    proceso,
    base,
    parar,
    terminado: () => new Promise((r) => (proceso.exitCode == null ? proceso.once('exit', r) : r(null))),
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
