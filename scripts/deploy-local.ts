// npm run deploy:local [-- --instances 2]
// The deployment of docs/deploy.md on this machine, loopback only: a database of its own on the local
// PostgreSQL (DATABASE_URL's server), Redis when REDIS_URL is set, N instances of the app, and Debian's
// nginx in front with TLS (a self-signed certificate made here, never committed). It prints the address
// and stays up until Ctrl+C, then stops everything and drops its database. The deployment test
// (tests/api/deploy.test.ts) drives it through the same functions.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface Instance {
  port: number;
  child: ChildProcess;
  output(): string;
}

export interface Topology {
  /** The proxy's HTTPS address. */
  url: string;
  /** The proxy's plain HTTP address (it redirects to HTTPS). */
  httpUrl: string;
  /** The certificate the proxy presents (self-signed for this run). */
  cert: string;
  instances: Instance[];
  /** Stops instance `i` as systemd would (SIGTERM), waits for it to exit, and starts it again. */
  restart(i: number, options?: { downMs?: number }): Promise<void>;
  down(): Promise<void>;
}

export interface TopologyOptions {
  /** PostgreSQL server to create the deployment's database in (postgres://user@host:port/db). */
  postgresUrl: string;
  redisUrl?: string;
  instances?: number;
  /** 'source' runs server/main.ts through tsx; 'dist' runs the build, as in production. */
  entry?: 'source' | 'dist';
  /** Node's arguments that start one instance, instead of `entry`'s (the test starts its run's compiled server). */
  comando?: string[];
  nginx?: string;
  log?: (line: string) => void;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Polls `url` until it answers: 2xx, or (`redireccion`) the redirect itself, not followed. */
async function waitFor(url: string, child: ChildProcess | null, out: () => string, options: { ms?: number; redireccion?: boolean } = {}) {
  const deadline = Date.now() + (options.ms ?? 90_000);
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`terminó al arrancar:\n${out()}`);
    try {
      const res = await fetch(url, { redirect: options.redireccion ? 'manual' : 'follow' });
      if (res.ok || (options.redireccion && res.status >= 300 && res.status < 400)) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`${url} no respondió a tiempo:\n${out()}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

export async function up(options: TopologyOptions): Promise<Topology> {
  const log = options.log ?? (() => undefined);
  const nginx = options.nginx ?? '/usr/sbin/nginx';
  if (!fs.existsSync(nginx)) throw new Error(`Falta nginx en ${nginx}: apt-get install -y nginx-light`);
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adax-deploy-'));
  const dbName = `adax_deploy_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: options.postgresUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`create database "${dbName}"`);
  const dbUrl = new URL(options.postgresUrl);
  dbUrl.pathname = `/${dbName}`;

  // TLS: a certificate for 127.0.0.1 made for this run (a real server uses its own, docs/deploy.md).
  const cert = path.join(runDir, 'cert.pem');
  const key = path.join(runDir, 'key.pem');
  const ssl = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', cert], {
    stdio: 'pipe',
  });
  if (ssl.status !== 0) throw new Error(`openssl: ${ssl.stderr}`);

  // Every instance shares the secret (a token signed by one is valid on the other) and the database.
  const shared: Record<string, string> = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    TRUST_PROXY: 'true',
    DATABASE_URL: dbUrl.toString(),
    JWT_SECRET: randomBytes(32).toString('hex'),
    DEMO_DATA: 'true',
    LOG_LEVEL: 'info',
    RATE_LIMIT_AUTH_MAX: '1000',
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
  };
  const count = options.instances ?? 2;
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const instances: Instance[] = [];
  const start = async (i: number) => {
    const port = ports[i]!;
    const args = options.comando ?? (options.entry === 'dist' ? ['--max-old-space-size=256', 'dist/server/main.js'] : ['--import', 'tsx', 'server/main.ts']);
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { ...process.env, ...shared, PORT: String(port), DATA_DIR: path.join(runDir, `instancia-${i}`) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    instances[i] = { port, child, output: () => out };
    await waitFor(`http://127.0.0.1:${port}/api/ready`, child, () => out);
    log(`instancia ${i + 1} lista en 127.0.0.1:${port}`);
  };
  // The first one migrates and seeds the demo store; the rest find it done.
  await start(0);
  for (let i = 1; i < count; i++) await start(i);

  const httpPort = await freePort();
  const httpsPort = await freePort();
  const conf = fs
    .readFileSync(path.join(root, 'deploy', 'nginx.conf.template'), 'utf8')
    .replaceAll('{{RUN_DIR}}', runDir)
    .replaceAll('{{LISTEN_HOST}}', '127.0.0.1')
    .replaceAll('{{HTTP_PORT}}', String(httpPort))
    .replaceAll('{{HTTPS_PORT}}', String(httpsPort))
    .replaceAll('{{TLS_CERT}}', cert)
    .replaceAll('{{TLS_KEY}}', key)
    .replaceAll('{{UPSTREAMS}}', ports.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=3s;`).join('\n'));
  const confFile = path.join(runDir, 'nginx.conf');
  fs.writeFileSync(confFile, conf);
  const test = spawnSync(nginx, ['-t', '-c', confFile, '-e', path.join(runDir, 'error.log')], { stdio: 'pipe' });
  if (test.status !== 0) throw new Error(`nginx -t: ${test.stderr}`);
  const proxy = spawn(nginx, ['-c', confFile, '-e', path.join(runDir, 'error.log'), '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let proxyOut = '';
  proxy.stderr!.on('data', (d) => (proxyOut += d));
  // The plain port answers with its redirect to HTTPS (followed, it would reach the self-signed port and
  // fail: every start waited out the whole 90 s deadline).
  await waitFor(`http://127.0.0.1:${httpPort}/`, proxy, () => proxyOut, { redireccion: true });
  const url = `https://127.0.0.1:${httpsPort}`;
  log(`proxy (nginx) en ${url} (y http://127.0.0.1:${httpPort}, que redirige)`);

  const stop = (child: ChildProcess) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });

  return {
    url,
    httpUrl: `http://127.0.0.1:${httpPort}`,
    cert: fs.readFileSync(cert, 'utf8'),
    instances,
    async restart(i, restartOptions = {}) {
      await stop(instances[i]!.child);
      log(`instancia ${i + 1} detenida`);
      if (restartOptions.downMs) await new Promise((r) => setTimeout(r, restartOptions.downMs));
      await start(i);
    },
    async down() {
      await stop(proxy);
      for (const inst of instances) await stop(inst.child);
      await admin(`drop database if exists "${dbName}" with (force)`).catch(() => undefined);
      // The proxy's error log outlives the run, for whoever looks into a failure.
      fs.copyFileSync(path.join(runDir, 'error.log'), path.join(os.tmpdir(), 'adax-deploy-nginx-error.log'));
      fs.rmSync(runDir, { recursive: true, force: true });
    },
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const postgresUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const topology = await up({
    postgresUrl,
    redisUrl: process.env.REDIS_URL,
    instances: Number(arg('instances') ?? 2),
    entry: fs.existsSync(path.join(root, 'dist', 'server', 'main.js')) ? 'dist' : 'source',
    log: (line) => console.log(`  ${line}`),
  });
  console.log(`\n  Listo: ${topology.url} (certificado de prueba: el navegador pedirá aceptarlo). Ctrl+C para detener todo.\n`);
  const bye = async () => {
    await topology.down();
    process.exit(0);
  };
  process.on('SIGINT', () => void bye());
  process.on('SIGTERM', () => void bye());
}
