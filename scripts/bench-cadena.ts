// npm run bench:cadena [-- --tiendas 50 --cajas 3 --segundos 60 --pausa 4 --dias 365 --ventas-dia 20 --productos 150 --repeticiones 5 --port 4941 --postgres postgres://postgres@127.0.0.1:5432/postgres]
// npm run bench:cadena -- --quick   (5 stores, 15 s of selling, 30 days: a smoke run)
// npm run bench:cadena -- --solo-informes --conservar   (no selling phase; the database kept)
// npm run bench:cadena -- --reusar adax_cadena_<n> [--dias 365]   (only the reports, on a kept database)
// Issue #56 point 6: a chain as it runs. On PostgreSQL (loopback only; a fresh database adax_cadena_<time>
// made for the run and dropped at the end unless --conservar) one empresa of --tiendas stores (the first
// registered over HTTP with its catalogue, the others opened in-process as Sucursales opens them, the
// catalogue copied) with --cajas tills each, a cashier (made in SQL, a token signed with the servers'
// secret) and a shift open at every till; two server instances (two processes on two loopback ports, the same
// database, the same JWT secret) take every till's HTTP checkouts at once for --segundos (each till one
// sale of 1 to 4 lines about every --pausa seconds, tills split over the two instances); then a year
// (--dias) of --ventas-dia sales a day per store is loaded into the real tables in set-based SQL (as
// bench-data's fleet: the per-row triggers off, the numbers written in date order, the summaries rebuilt
// with resumen_dia_reconstruir), the tills sell again as long over that year, and the owner's consolidated reports (GET /api/empresa/resumen, cierre,
// productos, empleados, impuestos) are timed --repeticiones times each, p50 and p95, side by side with
// one store's same reports (its *Resumen de ventas*, *Cierre diario*, *Por producto*, *Por empleado*,
// *Impuestos por tarifa*) over the same days. Writes bench/results/cadena-latest.json (without the
// selling phase: cadena-informes-latest.json). Not part of CI.
import { arrancarServidor, baseDelBench, llamada, type BaseBench, type Json, type ServidorBench } from './bench-servidor';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ROL } from '#shared/roles';
import { createDb, type Db } from '../server/db/client';
import { hashPassword } from '../server/lib/password';
import { createTokenService } from '../server/lib/tokens';
import { abrirTurno } from '../server/modules/caja/caja.domain';
import { crearSucursal } from '../server/modules/sucursal/sucursal.domain';

const argv = process.argv.slice(2);
const QUICK = argv.includes('--quick');
const opt = (name: string, fallback: number, rapido = fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : QUICK ? rapido : fallback;
};
const TIENDAS = opt('tiendas', 50, 5);
const CAJAS = opt('cajas', 3, 3);
const SEGUNDOS = opt('segundos', 60, 15);
const PAUSA = opt('pausa', 4, 2);
const DIAS = opt('dias', 365, 30);
const VENTAS_DIA = opt('ventas-dia', 20, 20);
const PRODUCTOS = opt('productos', 150, 50);
const REPETICIONES = opt('repeticiones', 5, 3);
const PORT = opt('port', 4941);
const PASSWORD = 'Bench2024x';
const DUENA = 'duena@cadena.co';
/** A cashier's documento is this plus their till's id. */
const DOCUMENTOS = 1_200_000_000;
const JWT_SECRET = 'bench-cadena-secret-bench-cadena-secret-56';
const firmas = createTokenService(JWT_SECRET, '12h');
/** No selling phase: the empresa, the year and the reports only (iterating on the reports). */
const SOLO_INFORMES = argv.includes('--solo-informes');
/** The database is kept at the end (its name printed) for `--reusar`. */
const CONSERVAR = argv.includes('--conservar');
/** `--reusar adax_cadena_<time>`: a database a `--conservar` run left; only the reports are timed on it. */
const REUSAR = argv.includes('--reusar') ? argv[argv.indexOf('--reusar') + 1]! : null;
/** A hard cap on the sales of the selling phase, whatever the speed. */
const MAX_VENTAS = 200_000;

if (!argv.includes('--postgres')) argv.push('--postgres', 'postgres://postgres@127.0.0.1:5432/postgres');
const base: BaseBench = REUSAR ? reusada(argv[argv.indexOf('--postgres') + 1]!, REUSAR) : (await baseDelBench(argv, 'adax_cadena'))!;
const dataDirs = [0, 1].map((i) => fs.mkdtempSync(path.join(os.tmpdir(), `adax-cadena-${i}-`)));
const env = { JWT_SECRET, RATE_LIMIT_AUTH_MAX: '100000000', READ_CACHE: 'off' };
const servidores: ServidorBench[] = [];

/** The database a `--conservar` run left (loopback only, its name as such a run names it); never dropped. */
function reusada(postgres: string, nombre: string): BaseBench {
  const url = new URL(postgres);
  if (!['127.0.0.1', 'localhost'].includes(url.hostname) || !/^adax_cadena_\d+$/.test(nombre)) throw new Error('--reusar: adax_cadena_<n> en 127.0.0.1');
  url.pathname = `/${nombre}`;
  return { url: url.toString(), borrar: async () => undefined };
}

const pct = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
const redondo = (x: number) => Math.round(x * 10) / 10;
const carga = () => os.loadavg().map(redondo);

async function must(p: Promise<{ status: number; json: Json }>, status: number, what: string) {
  const r = await p;
  if (r.status !== status) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.json).slice(0, 300)}`);
  return r.json;
}

/** `fn` over `xs`, `n` at a time. */
async function enLotes<T, R>(xs: T[], n: number, fn: (x: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < xs.length; i += n) out.push(...(await Promise.all(xs.slice(i, i + n).map((x, k) => fn(x, i + k)))));
  return out;
}

interface Caja {
  tienda: number;
  token: string;
  servidor: number;
}

/**
 * The empresa: the owner registers the first store and its catalogue over HTTP on instance A; the
 * other stores, the cashiers and their shifts are made in this process with the domain's own functions
 * on the same database (not measured; over HTTP they took ~7 min of a 15-min run, mostly 150 password
 * hashes at registration and again at sign-in): each branch opened as *Sucursales* opens it
 * (`crearSucursal`: the catalogue copied), tills, stock and costs written through pg, one cashier per
 * till inserted with one password hash (every cashier has the same password) and a token signed as
 * the sign-in signs it (the servers' JWT secret), and each till's shift opened with `abrirTurno`.
 */
async function montar(pgc: pg.Client, db: Db) {
  const a = llamada(servidores[0]!.base);
  const t0 = Date.now();
  await must(a('POST', '/tiendas/registro', { nombreTienda: 'Cadena Tienda 1', email: DUENA, contrasena: PASSWORD }), 201, 'registro');
  const token = await tokenDeDuena();
  await enLotes(
    Array.from({ length: PRODUCTOS }, (_, i) => i),
    8,
    (i) => must(a('POST', '/productos', { nombre: `Producto ${i + 1}`, precio: 1000 + (i % 40) * 250, cantidad: 1_000_000, categoria: `Categoría ${(i % 8) + 1}` }, token), 201, 'producto'),
  );
  const primera = (await pgc.query<{ id: number; empresa: number }>(`select id_tienda as id, empresa_id as empresa from tienda where correo = $1`, [DUENA])).rows[0]!;
  const quien = { tipo: 'tienda' as const, usuarioId: null, tiendaId: primera.id, empresaId: primera.empresa, rol: ROL.ADMIN };
  for (let i = 2; i <= TIENDAS; i++) await crearSucursal({ db, quien, datos: { nombreTienda: `Cadena Tienda ${i}`, zonaHoraria: 'America/Bogota' } });
  console.log(`  ${TIENDAS} tiendas y su catálogo: ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  const tiendas = (await pgc.query<{ id: number; nombre: string }>(`select id_tienda as id, nombre_tienda as nombre from tienda where empresa_id = $1 order by id_tienda`, [primera.empresa])).rows;
  const ids = tiendas.map((t) => t.id);
  await pgc.query(`update tienda set aprobar_empleados = false where id_tienda = any($1)`, [ids]);
  // Every store's copy: plenty of stock (its ledger's opening entry beside it) and an average cost.
  await pgc.query(`update producto set costo_promedio = round(precio_unit * 0.7) where tienda_id = any($1)`, [ids]);
  await pgc.query(
    `with p as (update producto set stock = 1000000 where tienda_id = any($1) and tienda_id <> $2 returning tienda_id, id_producto, stock)
     insert into movimiento (tienda_id, producto_id, stock_antes, entradas, salidas, cantidad_despues, estado_despues, motivo, fecha_movimiento, fecha_modificacion)
     select tienda_id, id_producto, 0, stock, 0, stock, 'Entrada', 'Inventario inicial', now() - interval '400 days', now() - interval '400 days' from p`,
    [ids, ids[0]],
  );
  const pv = (
    await pgc.query<{ id: number; tienda: number }>(
      `insert into punto_venta (tienda_id, nombre, ubicacion) select t, 'Caja ' || k, 'Mostrador' from unnest($1::int[]) t cross join generate_series(1, $2::int) k
       returning id_punto_venta as id, tienda_id as tienda`,
      [ids, CAJAS],
    )
  ).rows;
  // One cashier per till, approved, with the one hash (the trigger gives each their usuario_tienda row).
  const hash = await hashPassword(PASSWORD);
  const cajeros = (
    await pgc.query<{ id: number; tienda: number; documento: string; tv: number }>(
      `insert into usuario (documento, tipo_doc, nombre1, apellido1, correo, contrasena_hash, rol_id, tienda_id, aprobado)
       select ($5::bigint + p.id)::text, 'CC', 'Cajero', 'Caja ' || p.id, 'cajero-' || p.id || '@cadena.co', $3, $4, p.tienda, true
       from unnest($1::int[], $2::int[]) p(id, tienda) order by p.id
       returning id_usuario as id, tienda_id as tienda, documento, token_version as tv`,
      [pv.map((p) => p.id), pv.map((p) => p.tienda), hash, ROL.EMPLEADO, DOCUMENTOS],
    )
  ).rows;
  const nombre = new Map(tiendas.map((t) => [t.id, t.nombre]));
  const cajas = await enLotes(cajeros, 6, async (c, i): Promise<Caja> => {
    await abrirTurno({ db, tiendaId: c.tienda, usuarioId: c.id, fondoInicial: 100_000, puntoVentaId: Number(c.documento) - DOCUMENTOS });
    const tk = await firmas.sign({ sub: `u:${c.id}`, tipo: 'empleado', documento: c.documento, nombreTienda: nombre.get(c.tienda)!, id_Tienda: c.tienda, rol: ROL.EMPLEADO, codigo_invitacion: null, tv: c.tv });
    return { tienda: c.tienda, token: tk, servidor: i % 2 };
  });
  const productos = new Map<number, number[]>();
  for (const x of (await pgc.query<{ id: number; tienda: number }>(`select id_producto as id, tienda_id as tienda from producto where tienda_id = any($1)`, [ids])).rows)
    (productos.get(x.tienda) ?? productos.set(x.tienda, []).get(x.tienda)!).push(x.id);
  console.log(`Empresa montada: ${ids.length} tiendas, ${cajas.length} cajas abiertas, ${PRODUCTOS} productos por tienda (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  return { token, ids, cajas, productos };
}

/** The owner's sign-in (one password hash): their token acts for the first store. */
async function tokenDeDuena() {
  return (await must(llamada(servidores[0]!.base)('POST', '/sesion/login', { tipo: 'tienda', email: DUENA, contrasena: PASSWORD }), 200, 'login')).token as string;
}

/** Every till sells at once for SEGUNDOS, one sale about every PAUSA seconds (jittered), over both instances. */
async function vender(m: Awaited<ReturnType<typeof montar>>) {
  const ms: number[][] = [[], []];
  const fallos: Record<string, number> = {};
  let enviadas = 0;
  const llamadas = servidores.map((s) => llamada(s.base));
  const t0 = performance.now();
  const fin = Date.now() + SEGUNDOS * 1000;
  const cargaAntes = carga();
  await Promise.all(
    m.cajas.map(async (c) => {
      const ids = m.productos.get(c.tienda)!;
      // Tills do not start in step.
      await new Promise((r) => setTimeout(r, Math.random() * PAUSA * 1000));
      while (Date.now() < fin && enviadas < MAX_VENTAS) {
        enviadas++;
        const lineas = [...new Set(Array.from({ length: 1 + Math.floor(Math.random() * 4) }, () => ids[Math.floor(Math.random() * ids.length)]!))].map((productoId) => ({
          productoId,
          cantidad: 1 + Math.floor(Math.random() * 3),
        }));
        const a = performance.now();
        const r = await llamadas[c.servidor]!('POST', '/ventas', { lineas, metodoPagoId: 5, montoRecibido: 1_000_000 }, c.token).catch((err: unknown) => ({ status: 0, json: { error: { message: String(err) } } as Json }));
        const t = performance.now() - a;
        if (r.status === 201) ms[c.servidor]!.push(t);
        else {
          const k = `${r.status} ${String((r.json.error as Json | undefined)?.message ?? '').slice(0, 80)}`;
          fallos[k] = (fallos[k] ?? 0) + 1;
        }
        await new Promise((r) => setTimeout(r, Math.max(0, PAUSA * 1000 * (0.5 + Math.random()) - t)));
      }
    }),
  );
  const segundos = (performance.now() - t0) / 1000;
  const todas = ms.flat();
  return {
    cajas: m.cajas.length,
    segundos: Math.round(segundos),
    ventas: todas.length,
    porSegundo: redondo(todas.length / segundos),
    p50: Math.round(pct(todas, 50)),
    p95: Math.round(pct(todas, 95)),
    p99: Math.round(pct(todas, 99)),
    porInstancia: ms.map((x) => ({ ventas: x.length, p50: Math.round(pct(x, 50)), p95: Math.round(pct(x, 95)) })),
    fallos,
    carga: { antes: cargaAntes, despues: carga() },
  };
}

/**
 * A year of sales for every store in set-based SQL over the real tables (bench-data's way): the sales
 * spread over the last DIAS days at the store's tills and cashiers (numbers after the live ones, in
 * date order), 1 to 4 lines each of the store's products at their price and cost, a few annulled; the
 * per-row triggers (numbering, counts, per-day summaries) off for the load and the summaries rebuilt
 * once per store with resumen_dia_reconstruir, then analyzed.
 */
async function cargarAnio(pgc: pg.Client, ids: number[]) {
  const paso = async (label: string, q: string, params: unknown[] = []) => {
    const s = Date.now();
    await pgc.query(q, params);
    console.log(`  ${label}: ${((Date.now() - s) / 1000).toFixed(1)} s`);
  };
  const t0 = Date.now();
  const disparadores = (
    await pgc.query<{ tabla: string; nombre: string }>(
      `select c.relname as tabla, t.tgname as nombre from pg_trigger t join pg_class c on c.oid = t.tgrelid
       where not t.tgisinternal and c.relname in ('venta', 'factura') and t.tgenabled <> 'D'`,
    )
  ).rows;
  console.log(`Cargando ${DIAS} días × ${VENTAS_DIA} ventas × ${ids.length} tiendas (${DIAS * VENTAS_DIA * ids.length} ventas)…`);
  await pgc.query('select setseed(0.56)');
  for (const d of disparadores) await pgc.query(`alter table ${d.tabla} disable trigger ${d.nombre}`);
  try {
    await paso(
      'ventas',
      `insert into venta (tienda_id, numero, fecha, estado, cliente_id, metodo_pago_id, usuario_id, punto_venta_id, total, monto_recibido)
       select s.tienda_id, coalesce(c.ultimo_numero, 0) + row_number() over (partition by s.tienda_id order by s.fecha), s.fecha, s.estado, null, s.metodo,
         (select u.id_usuario from usuario u where u.tienda_id = s.tienda_id order by u.id_usuario offset s.k limit 1),
         (select p.id_punto_venta from punto_venta p where p.tienda_id = s.tienda_id order by p.id_punto_venta offset s.k limit 1), 0, null
       from (
         select x.tienda_id, date_trunc('day', now()) - (d * interval '1 day') + interval '7 hours' + random() * interval '13 hours' as fecha,
           case when random() < 0.02 then 'Anulada' else 'Completada' end as estado, 1 + floor(random() * 5)::int as metodo, floor(random() * $3)::int as k
         from unnest($1::int[]) x(tienda_id) cross join generate_series(1, $2::int) d cross join generate_series(1, $4::int) g
       ) s left join venta_contador c on c.tienda_id = s.tienda_id`,
      [ids, DIAS, CAJAS, VENTAS_DIA],
    );
    await paso('números de las tiendas', `insert into venta_contador (tienda_id, ultimo_numero) select v.tienda_id, max(v.numero) from venta v where v.tienda_id = any($1) group by v.tienda_id on conflict (tienda_id) do update set ultimo_numero = excluded.ultimo_numero`, [ids]);
    await paso(
      'líneas de factura',
      `with pr as (select tienda_id, min(id_producto) as lo, max(id_producto) as hi from producto where tienda_id = any($1) group by tienda_id),
         v as (select id_venta, tienda_id, estado, 1 + floor(random() * 4)::int as n from venta where tienda_id = any($1) and total = 0 and fecha < date_trunc('day', now()))
       insert into factura (tienda_id, venta_id, producto_id, cantidad, precio, costo_unit, estado)
       select l.tienda_id, l.id_venta, l.producto_id, 1 + floor(random() * 3)::int, p.precio_unit, p.costo_promedio, case when l.estado = 'Anulada' then 'Anulada' else 'Pagado' end
       from (
         select distinct on (v.id_venta, q.producto_id) v.id_venta, v.tienda_id, v.estado, q.producto_id
         from v join pr on pr.tienda_id = v.tienda_id cross join lateral (
           select pr.lo + floor(power(random(), 2) * (pr.hi - pr.lo + 1))::int as producto_id from generate_series(1, v.n) k
         ) q
       ) l join producto p on p.id_producto = l.producto_id`,
      [ids],
    );
    await paso(
      'totales de las ventas',
      `update venta v set total = s.total, monto_recibido = s.total
       from (select venta_id, sum(cantidad * precio) as total from factura where tienda_id = any($1) group by venta_id) s
       where s.venta_id = v.id_venta and v.total = 0`,
      [ids],
    );
  } finally {
    for (const d of disparadores) await pgc.query(`alter table ${d.tabla} enable trigger ${d.nombre}`);
  }
  await paso('resúmenes por día (reportes)', `select resumen_dia_reconstruir(t) from unnest($1::int[]) t`, [ids]);
  await paso('estadísticas', 'vacuum analyze');
  const n = (await pgc.query<{ ventas: string; lineas: string }>(`select (select count(*) from venta where tienda_id = any($1)) as ventas, (select count(*) from factura where tienda_id = any($1)) as lineas`, [ids])).rows[0]!;
  console.log(`Año cargado: ${n.ventas} ventas, ${n.lineas} líneas (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  return { ventas: Number(n.ventas), lineas: Number(n.lineas), segundos: Math.round((Date.now() - t0) / 1000) };
}

interface Medida {
  informe: string;
  empresa: { p50: number; p95: number };
  unaTienda: { p50: number; p95: number };
}

/** Each consolidated report and one store's same report, REPETICIONES times each in turn, on instance A. */
async function informes(token: string) {
  const a = llamada(servidores[0]!.base);
  const hoy = new Date();
  const dia = (n: number) => new Date(hoy.getTime() - n * 86_400_000).toISOString().slice(0, 10);
  const anio = `periodo=rango&desde=${dia(DIAS)}&hasta=${dia(0)}`;
  const ayer = dia(1);
  const pares: [string, string, string][] = [
    ['resumen (año)', `/empresa/resumen?${anio}`, `/reportes/ventas?${anio}`],
    ['cierre diario (ayer)', `/empresa/cierre?fecha=${ayer}`, `/reportes/cierre-diario?periodo=rango&desde=${ayer}&hasta=${ayer}`],
    ['por producto (año)', `/empresa/productos?${anio}`, `/reportes/productos?${anio}`],
    ['por empleado (año)', `/empresa/empleados?${anio}`, `/reportes/empleados?${anio}`],
    ['impuestos (año)', `/empresa/impuestos?${anio}`, `/reportes/impuestos?${anio}`],
    ['resumen (mes)', `/empresa/resumen?periodo=mes`, `/reportes/ventas?periodo=mes`],
  ];
  const tiempo = async (url: string) => {
    const t = performance.now();
    await must(a('GET', url, undefined, token), 200, url);
    return performance.now() - t;
  };
  const out: Medida[] = [];
  for (const [informe, empresa, tienda] of pares) {
    // One of each first (plans and caches warm), not counted.
    await tiempo(empresa);
    await tiempo(tienda);
    const e: number[] = [];
    const t: number[] = [];
    for (let i = 0; i < REPETICIONES; i++) {
      e.push(await tiempo(empresa));
      t.push(await tiempo(tienda));
    }
    out.push({ informe, empresa: { p50: Math.round(pct(e, 50)), p95: Math.round(pct(e, 95)) }, unaTienda: { p50: Math.round(pct(t, 50)), p95: Math.round(pct(t, 95)) } });
  }
  return out;
}

const pgc = new pg.Client({ connectionString: base.url });
const database = REUSAR ? null : await createDb({ databaseUrl: base.url, poolSize: 4 });
try {
  servidores.push(arrancarServidor({ port: PORT, dataDir: dataDirs[0]!, databaseUrl: base.url, env }));
  await servidores[0]!.listo();
  // The second instance once the first has migrated the database.
  servidores.push(arrancarServidor({ port: PORT + 1, dataDir: dataDirs[1]!, databaseUrl: base.url, env }));
  await servidores[1]!.listo();
  await pgc.connect();
  let ventas: Awaited<ReturnType<typeof vender>> | null = null;
  let ventasConAnio: Awaited<ReturnType<typeof vender>> | null = null;
  let anio: Awaited<ReturnType<typeof cargarAnio>> | null = null;
  let token: string;
  if (database) {
    const m = await montar(pgc, database.db);
    token = m.token;
    if (!SOLO_INFORMES) {
      console.log(`Vendiendo ${SEGUNDOS} s en ${m.cajas.length} cajas a la vez (una venta cada ~${PAUSA} s por caja) por dos instancias…`);
      ventas = await vender(m);
      console.log(`  ${ventas.ventas} ventas, ${ventas.porSegundo}/s, p50 ${ventas.p50} ms, p95 ${ventas.p95} ms, p99 ${ventas.p99} ms; carga ${ventas.carga.antes.join(' ')} → ${ventas.carga.despues.join(' ')}`);
      if (Object.keys(ventas.fallos).length) console.log('  fallos:', ventas.fallos);
    }
    anio = await cargarAnio(pgc, m.ids);
    if (!SOLO_INFORMES) {
      // The same tills again over the year just loaded: a sale's p95 with a chain's year of data in the tables.
      console.log(`Vendiendo otra vez ${SEGUNDOS} s en las ${m.cajas.length} cajas, con el año cargado…`);
      ventasConAnio = await vender(m);
      console.log(`  ${ventasConAnio.ventas} ventas, ${ventasConAnio.porSegundo}/s, p50 ${ventasConAnio.p50} ms, p95 ${ventasConAnio.p95} ms, p99 ${ventasConAnio.p99} ms; carga ${ventasConAnio.carga.antes.join(' ')} → ${ventasConAnio.carga.despues.join(' ')}`);
      if (Object.keys(ventasConAnio.fallos).length) console.log('  fallos:', ventasConAnio.fallos);
    }
  } else token = await tokenDeDuena();
  // The owner's token acts for the first store: its own reports are "one store's".
  const cargaInformes = carga();
  const medidas = await informes(token);
  const result = {
    fecha: new Date().toISOString(),
    comando: `npm run bench:cadena -- ${process.argv.slice(2).join(' ')}`.trim(),
    maquina: `${os.cpus().length} núcleos, ${os.cpus()[0]?.model ?? ''}`.trim(),
    base: 'PostgreSQL',
    tiendas: TIENDAS,
    cajasPorTienda: CAJAS,
    productosPorTienda: PRODUCTOS,
    pausaPorCaja: PAUSA,
    ventasEnVivo: ventas,
    ventasConAnio,
    anio: anio && { dias: DIAS, ventasPorDia: VENTAS_DIA, ...anio },
    informes: { repeticiones: REPETICIONES, carga: { antes: cargaInformes, despues: carga() }, medidas },
  };
  console.log(`\nInformes consolidados de ${TIENDAS} tiendas × ${DIAS} días frente a los de una tienda (ms, ${REPETICIONES} veces cada uno; carga ${cargaInformes.join(' ')})`);
  console.log('informe                |  empresa p50   p95 | una tienda p50   p95');
  for (const x of medidas) console.log(`${x.informe.padEnd(22)} | ${String(x.empresa.p50).padStart(12)} ${String(x.empresa.p95).padStart(5)} | ${String(x.unaTienda.p50).padStart(14)} ${String(x.unaTienda.p95).padStart(5)}`);
  if (ventas)
    console.log(
      `Metas (issue #56): consolidado p50 ≤ 300 ms (medido: ${Math.max(...medidas.map((x) => x.empresa.p50))} ms el mayor); venta p95 ≤ 100 ms (medido: ${ventas.p95} ms con ${ventas.cajas} cajas, ${ventas.porSegundo} ventas/s${ventasConAnio ? `; ${ventasConAnio.p95} ms con el año cargado, ${ventasConAnio.porSegundo} ventas/s` : ''})`,
    );
  fs.mkdirSync('bench/results', { recursive: true });
  fs.writeFileSync(`bench/results/cadena-${ventas ? 'latest' : 'informes-latest'}.json`, JSON.stringify(result, null, 2) + '\n');
} finally {
  await pgc.end().catch(() => undefined);
  await database?.close();
  await Promise.all(servidores.map((s) => s.pararYEsperar()));
  for (const d of dataDirs) fs.rmSync(d, { recursive: true, force: true, maxRetries: 10, retryDelay: 500 });
  if (CONSERVAR) console.log(`Base conservada: ${new URL(base.url).pathname.slice(1)} (npm run bench:cadena -- --reusar ${new URL(base.url).pathname.slice(1)})`);
  else if (!REUSAR) await base.borrar();
}
