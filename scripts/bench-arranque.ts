// npm run bench:arranque -- [--datos data/bench] [--veces 5] [--dist dist]
// Issue #55 point 5: how long the built server takes from `node dist/server/main.js` to its first
// answer (GET /api/health), and its memory then, on a data folder (by default the one `npm run
// bench:data` fills: a year of a busy shop), side by side with the limit measured in the same run: a
// bare Fastify server with one route, started the same way on the same machine. Each start is a new
// process; the figures are the median and the best of --veces starts. The folder is not changed
// beyond what the server itself writes on a start (nothing, once migrated).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : def;
};
const DATOS = path.resolve(arg('datos', path.join(process.env.DATA_DIR ?? './data', 'bench')));
const VECES = Number(arg('veces', '5'));
const DIST = path.resolve(arg('dist', 'dist'));
const PUERTO = 4399;

if (!fs.existsSync(path.join(DIST, 'server', 'main.js'))) {
  console.error(`No está ${DIST}/server/main.js: ejecute antes npm run build.`);
  process.exit(1);
}

const rssMb = (pid: number) => {
  const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : 0;
};

/** Starts `args` with `env`, waits for GET /api/health to answer 200, returns ms and RSS, stops it. */
async function arrancar(args: string[], env: Record<string, string>): Promise<{ ms: number; rss: number }> {
  const t0 = performance.now();
  const p = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  p.stderr.on('data', (d: Buffer) => (err += d.toString()));
  try {
    for (;;) {
      if (p.exitCode != null) throw new Error(`el servidor terminó (${p.exitCode}): ${err.slice(0, 500)}`);
      try {
        const r = await fetch(`http://127.0.0.1:${PUERTO}/api/health`);
        if (r.ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    const ms = performance.now() - t0;
    return { ms, rss: rssMb(p.pid!) };
  } finally {
    p.kill('SIGTERM');
    await new Promise((r) => p.once('exit', r));
  }
}

const limite = path.join(os.tmpdir(), `bench-arranque-limite-${process.pid}.mjs`);
fs.writeFileSync(
  limite,
  `import Fastify from ${JSON.stringify(path.resolve('node_modules/fastify/fastify.js'))};
const app = Fastify();
app.get('/api/health', async () => ({ ok: true }));
await app.listen({ host: '127.0.0.1', port: ${PUERTO} });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
`,
);

const mediana = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const servidor = { ms: [] as number[], rss: [] as number[] };
const base = { ms: [] as number[], rss: [] as number[] };
const env = { DATA_DIR: DATOS, PORT: String(PUERTO), HOST: '127.0.0.1', LOG_LEVEL: 'warn', BACKUP_EVERY: 'off', NODE_ENV: 'production' };
console.log(`Arranque del servidor compilado (${DIST}) sobre ${DATOS}, ${VECES} veces, carga ${os.loadavg()[0]!.toFixed(1)}…`);
for (let i = 0; i < VECES; i++) {
  // Alternated, so both feel the same machine.
  const a = await arrancar(['--max-old-space-size=256', '--max-semi-space-size=4', path.join(DIST, 'server', 'main.js')], env);
  servidor.ms.push(a.ms);
  servidor.rss.push(a.rss);
  const b = await arrancar([limite], {});
  base.ms.push(b.ms);
  base.rss.push(b.rss);
}
fs.rmSync(limite, { force: true });
const fila = (nombre: string, s: { ms: number[]; rss: number[] }) =>
  `| ${nombre} | ${Math.round(mediana(s.ms))} ms | ${Math.round(Math.min(...s.ms))} ms | ${mediana(s.rss)} MB |`;
console.log('\n| arranque hasta la primera respuesta | mediana | mejor | RSS al responder |\n|---|---|---|---|');
console.log(fila('servidor (dist/server/main.js)', servidor));
console.log(fila('límite: Fastify vacío', base));
console.log(`\nservidor ÷ límite: ${(mediana(servidor.ms) / mediana(base.ms)).toFixed(1)}×; carga al terminar ${os.loadavg()[0]!.toFixed(1)}`);
