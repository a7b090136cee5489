// npm run bench:caja [-- --seconds 10 --productos 300 --port 4931 --postgres postgres://postgres@127.0.0.1:5432/postgres --prefijo adax_caja --profile DIR]
// Issue #55 point 3 (ADR 057): how many sales per second one store's checkout takes, side by side with
// the limit of the same machine in the same run. Starts the real server (source) on loopback, makes one
// store with --productos products and an open shift, then for --seconds at each of 1, 4 and 16
// concurrent connections sends HTTP checkouts (POST /api/ventas, the store's token, 3 lines of random
// products, cash) as fast as they are answered. On PostgreSQL (--postgres: a fresh database made on that
// server for the run, adax_caja_<time>, dropped at the end) the same run measures two limits at the same
// concurrencies: the checkout's SQL function alone through pg (`venta_registrar`, one statement each),
// and the same row writes (3 stock updates, the sale, 3 lines, 3 ledger rows) on trigger-free tables
// made for the run. Without --postgres the server uses the embedded database (PGlite) in a temporary
// folder and only the HTTP checkout is measured (the embedded database has one connection: no pg limit).
// Prints sales/s, p50 and p99 side by side and writes bench/results/caja-latest.json. Everything goes to
// 127.0.0.1; every loop stops by time and by count.
import { arrancarServidor, baseDelBench, borrarRastros, llamada, type Json } from './bench-servidor';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const argv = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};
const SECONDS = opt('seconds', 10);
const PRODUCTOS = opt('productos', 300);
const PORT = opt('port', 4931);
const BASE = `http://127.0.0.1:${PORT}`;
const CONCURRENCIAS = [1, 4, 16];
/** A hard cap on the requests of one level, whatever the speed. */
const MAX_POR_NIVEL = 50_000;
const PASSWORD = 'Bench2024x';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adax-caja-'));
const prefijoArg = argv.indexOf('--prefijo');
/** --prefijo NAME: the run's database is NAME_<time> (each engineer's own on a shared server). */
const base = await baseDelBench(argv, prefijoArg >= 0 ? argv[prefijoArg + 1]! : 'adax_caja');
const postgres = base != null;
const databaseUrl = base?.url ?? '';
// --profile DIR: the server writes a V8 CPU profile there when it stops (where a sale's time goes in Node).
const profileArg = argv.indexOf('--profile');
const profileFlags = profileArg >= 0 ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(argv[profileArg + 1] ?? 'bench/results')}`] : [];
const servidor = arrancarServidor({ port: PORT, dataDir, databaseUrl, nodeFlags: profileFlags });
const waitReady = servidor.listo;

const call = llamada(BASE);
const must = async (p: ReturnType<typeof call>, status: number, what: string) => {
  const r = await p;
  if (r.status !== status) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json;
};

async function setup() {
  const email = 'caja-tienda@bench.co';
  await must(call('POST', '/tiendas/registro', { nombreTienda: 'Tienda Caja', email, contrasena: PASSWORD }), 201, 'registro de tienda');
  const token = (await must(call('POST', '/sesion/login', { tipo: 'tienda', email, contrasena: PASSWORD }), 200, 'login tienda')).token as string;
  await must(call('POST', '/caja/turnos', { fondoInicial: 0 }, token), 201, 'abrir caja');
  const ids: number[] = [];
  // Eight at a time: a few hundred products in a few seconds.
  for (let i = 0; i < PRODUCTOS; i += 8) {
    const lote = Array.from({ length: Math.min(8, PRODUCTOS - i) }, (_, k) => i + k);
    const hechos = await Promise.all(
      lote.map((n) => must(call('POST', '/productos', { nombre: `Producto ${n + 1}`, precio: 1000 + (n % 50) * 100, cantidad: 1_000_000 }, token), 201, 'producto')),
    );
    for (const h of hechos) ids.push((h.producto as Json).id as number);
  }
  return { token, ids };
}

const pct = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
/** Three distinct products at random. */
const tres = (ids: number[]) => {
  const out = new Set<number>();
  while (out.size < 3) out.add(ids[Math.floor(Math.random() * ids.length)]!);
  return [...out];
};

interface Nivel {
  conexiones: number;
  ventas: number;
  porSegundo: number;
  p50: number;
  p99: number;
  fallos: Record<string, number>;
}

/** `conexiones` loops, each running `una` as fast as it is answered, for SECONDS (and at most MAX_POR_NIVEL in all). */
async function nivel(conexiones: number, una: (i: number) => Promise<string | null>): Promise<Nivel> {
  const ms: number[] = [];
  const fallos: Record<string, number> = {};
  let enviadas = 0;
  const t0 = performance.now();
  const fin = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: conexiones }, async (_, i) => {
      while (Date.now() < fin && enviadas < MAX_POR_NIVEL) {
        enviadas++;
        const a = performance.now();
        const error = await una(i).catch((err: unknown) => String((err as Error).message ?? err).slice(0, 80));
        if (error == null) ms.push(performance.now() - a);
        else fallos[error] = (fallos[error] ?? 0) + 1;
      }
    }),
  );
  const segundos = (performance.now() - t0) / 1000;
  return { conexiones, ventas: ms.length, porSegundo: Math.round((ms.length / segundos) * 10) / 10, p50: Math.round(pct(ms, 50)), p99: Math.round(pct(ms, 99)), fallos };
}

async function http(ctx: Awaited<ReturnType<typeof setup>>) {
  const out: Nivel[] = [];
  for (const c of CONCURRENCIAS)
    out.push(
      await nivel(c, async () => {
        const lineas = tres(ctx.ids).map((productoId) => ({ productoId, cantidad: 1 }));
        const r = await call('POST', '/ventas', { lineas, metodoPagoId: 5, montoRecibido: 100_000 }, ctx.token);
        return r.status === 201 ? null : `${r.status} ${String((r.json.error as Json | undefined)?.message ?? '')}`;
      }),
    );
  return out;
}

/** `c` pg connections to the run's database, JIT off (a checkout's statements are short). */
const conexiones = (c: number) =>
  Promise.all(
    Array.from({ length: c }, async () => {
      const k = new pg.Client({ connectionString: databaseUrl, options: '-c jit=off' });
      await k.connect();
      return k;
    }),
  );

/** Each level of CONCURRENCIAS through its own connections (ended after it), `una` sale a call. */
async function porNivel(una: (cliente: pg.Client) => Promise<string | null>): Promise<Nivel[]> {
  const out: Nivel[] = [];
  for (const c of CONCURRENCIAS) {
    const clientes = await conexiones(c);
    try {
      out.push(await nivel(c, (i) => una(clientes[i]!)));
    } finally {
      await Promise.all(clientes.map((k) => k.end()));
    }
  }
  return out;
}

/** The checkout's SQL function alone, one statement per sale, through `c` connections of pg. */
async function funcion(ctx: Awaited<ReturnType<typeof setup>>) {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  const tienda = (await admin.query<{ id: number }>('select id_tienda as id from tienda limit 1')).rows[0]!.id;
  await admin.end();
  return porNivel(async (cliente) => {
    const r = await cliente.query<{ r: { estado: string } }>(
      `select venta_registrar($1, null, null, 5, 100000, $2::int[], '{1,1,1}'::numeric[], 'Venta #{id}', null, '{ninguno,ninguno,ninguno}'::text[],
         '{0,0,0}'::bigint[], null, null, null, false, null, false, false, '{NULL,NULL,NULL}'::int[], '{NULL,NULL,NULL}'::bigint[], true) as r`,
      [tienda, tres(ctx.ids)],
    );
    return r.rows[0]!.r.estado === 'ok' ? null : r.rows[0]!.r.estado;
  });
}

/** The same row writes on trigger-free tables made for the run: one round trip (a transaction in one simple query). */
async function limite() {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`
    create table lim_producto (id integer primary key, stock numeric not null);
    create table lim_venta (id serial primary key, tienda integer not null, total bigint not null, fecha timestamptz not null default now());
    create table lim_factura (id serial primary key, venta integer not null references lim_venta (id), producto integer not null references lim_producto (id), cantidad numeric, precio bigint);
    create table lim_movimiento (id serial primary key, venta integer not null references lim_venta (id), producto integer not null references lim_producto (id), salidas numeric, despues numeric, motivo text);
    insert into lim_producto select g, 1000000 from generate_series(1, ${PRODUCTOS}) g;`);
  await admin.end();
  return porNivel(async (cliente) => {
    const [a, b, d] = tres(Array.from({ length: PRODUCTOS }, (_, k) => k + 1)).sort((x, y) => x - y);
    await cliente.query(`begin;
      update lim_producto set stock = stock - 1 where id in (${a}, ${b}, ${d});
      with v as (insert into lim_venta (tienda, total) values (1, 3000) returning id),
        f as (insert into lim_factura (venta, producto, cantidad, precio) select v.id, p, 1, 1000 from v, unnest(array[${a}, ${b}, ${d}]) p)
      insert into lim_movimiento (venta, producto, salidas, despues, motivo) select v.id, p, 1, 0, 'Venta #' || v.id from v, unnest(array[${a}, ${b}, ${d}]) p;
      commit;`);
    return null;
  });
}

try {
  await waitReady();
  const ctx = await setup();
  const porHttp = await http(ctx);
  const porFuncion = postgres ? await funcion(ctx) : null;
  const sinDisparadores = postgres ? await limite() : null;
  const result = {
    fecha: new Date().toISOString(),
    maquina: `${os.cpus().length} núcleos, ${os.cpus()[0]?.model ?? ''}`.trim(),
    carga: os.loadavg().map((x) => Math.round(x * 10) / 10),
    base: postgres ? 'PostgreSQL' : 'PGlite (embebida)',
    segundosPorNivel: SECONDS,
    productos: PRODUCTOS,
    http: porHttp,
    funcion: porFuncion,
    limite: sinDisparadores,
  };
  const fila = (n: Nivel | undefined) => (n ? `${String(n.porSegundo).padStart(7)}/s ${String(n.p50).padStart(5)} ${String(n.p99).padStart(5)}` : '      —          ');
  console.log(`\nCaja de una tienda (${result.base}), ${SECONDS} s por nivel, ${PRODUCTOS} productos, 3 líneas por venta`);
  console.log('conexiones |  HTTP  ventas/s  p50   p99 | función sola ventas/s p50 p99 | sin disparadores ventas/s p50 p99 | HTTP ÷ límite');
  for (const [i, c] of CONCURRENCIAS.entries()) {
    const h = porHttp[i]!;
    const l = sinDisparadores?.[i];
    console.log(`${String(c).padStart(10)} | ${fila(h)} | ${fila(porFuncion?.[i])} | ${fila(l)} | ${l ? (h.porSegundo / l.porSegundo).toFixed(2) : '—'}`);
  }
  for (const n of [...porHttp, ...(porFuncion ?? [])]) if (Object.keys(n.fallos).length) console.log(`fallos a ${n.conexiones}:`, n.fallos);
  fs.mkdirSync('bench/results', { recursive: true });
  fs.writeFileSync('bench/results/caja-latest.json', JSON.stringify(result, null, 2) + '\n');
} finally {
  await servidor.pararYEsperar();
  await borrarRastros(dataDir, base);
}
