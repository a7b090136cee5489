// npm run bench:reportes -- [--lines 100000,1000000] [--runs 5]
// Issue #35: each report's time on the embedded database (PGlite, in memory, on this thread) over a
// store with N invoice lines (4 a sale) spread over the last 365 days, 2 000 products, 200 fiado
// customers with 20 000 credit movements, two shifts a day. The rows are written with set-based SQL
// and the triggers off; the per-day summaries the reports read (issue #35 point 3) are then rebuilt
// once (`resumen_dia_reconstruir`, timed), as the triggers would have kept them. The popularity
// counts of ADR 017, which no report reads, stay empty.
// Each report is asked `--runs` times after one warm-up, over today and over this month; p50 and max
// per report, and the growth from one size to the next. The reports that read the summaries are
// also measured over the month reading every sale and line (`directo`): the figures before them.
// Generating 1 000 000 lines takes minutes: `--datos /tmp/reportes-1m.tar` keeps the generated store
// (one size only) as a PGlite tarball and starts from it the next time, running the migrations added
// since (their backfill is timed). `--informes a,b` measures only those reports; `--sin-directo` skips
// the direct readings; `--reconstruir` times `resumen_dia_reconstruir` again on a loaded store.
// `--tienda bench@adax.co` measures instead the store `npm run bench:data` made (issue #55 point 1: a
// real catalogue, 100 000 products) in the configured database: DATABASE_URL (PostgreSQL, over the
// network as the server reads it) or BENCH_DATA_DIR (default ./data/bench, PGlite), nothing generated.
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { INFORMES, type TInforme } from '../shared/schemas/reportes';
import path from 'node:path';
import { createDb, type Database } from '../server/db/client';
import { loadEnv } from '../server/env';
import { abrirBase } from './open-db';
import { clientesDeTienda, productosDeTienda, tiendaConEmpresa } from '../server/db/carga-directa';
import { seedCatalogos } from '../server/db/setup';
import { generarReporte, resumenDeInicio } from '../server/modules/reportes/reportes.service';

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : def;
};
const SIZES = arg('lines', '100000').split(',').map(Number);
const RUNS = Number(arg('runs', '5'));
/** `--periodos hoy,mesAnterior`: the periods asked (on a month's first day 'mes' is that one day; 'mesAnterior' is a whole month). */
const PERIODOS = arg('periodos', 'hoy,mes').split(',') as ('hoy' | 'mes' | 'mesAnterior')[];
const DATOS = arg('datos', '');
const SOLO = arg('informes', '').split(',').filter(Boolean);
const SIN_DIRECTO = process.argv.includes('--sin-directo');
const RECONSTRUIR = process.argv.includes('--reconstruir');
const TIENDA = arg('tienda', '');
/** The reports that read the per-day summaries for past days: measured over the month both ways. */
const RESUMIDOS: TInforme[] = ['ventas', 'productos', 'categorias', 'mapa-calor', 'cierre-mensual', 'impuestos', 'cierre-diario', 'empleados'];

async function generar(database: Database, lineas: number): Promise<{ tiendaId: number; productoId: number }> {
  const db = database.db;
  await seedCatalogos(db);
  const ventas = Math.ceil(lineas / 4);
  const t0 = performance.now();
  await db.execute(sql`set session_replication_role = replica`);
  // Triggers are off for the load, so the store's empresa (issue #56) is written with it.
  const [t] = ((await db.execute(tiendaConEmpresa({ nombre: 'Bench', correo: 'bench@reportes.co', codigo: 'BENCH-REP' }))) as unknown as { rows: { id_tienda: number }[] }).rows;
  const tiendaId = t!.id_tienda;
  await db.execute(sql`insert into usuario (documento, nombre1, apellido1, correo, contrasena_hash, rol_id, tienda_id)
    select 'B' || g, 'Cajero', g::text, 'c' || g || '@bench.co', 'x', 2, ${tiendaId} from generate_series(1, 3) g`);
  // Each product its own catalogue entry, each customer the empresa's, as the triggers would write them.
  await db.execute(
    productosDeTienda(tiendaId, 2000, { nombre: "'Producto ' || g", precio_unit: '500 + (g * 37) % 20000', categoria: "'Categoría ' || (g % 25)", stock: '(g * 13) % 200', stock_min: '10' }),
  );
  await db.execute(clientesDeTienda(tiendaId, 200, { documento: "'D' || g", nombre: "'Cliente'", apellido: 'g::text', fiado: 'true', cupo: '200000' }));
  await db.execute(sql`insert into turno (tienda_id, usuario_id, abierto_en, cerrado_en, fondo_inicial, cierre)
    select ${tiendaId}, (select min(id_usuario) from usuario where tienda_id = ${tiendaId}) + (g % 3), now() - (g * interval '12 hours'), now() - (g * interval '12 hours') + interval '10 hours', 50000,
      jsonb_build_object('esperado', jsonb_build_object('5', 300000 + g), 'contado', jsonb_build_object('5', 300000 + g - (g % 7) * 100))
    from generate_series(1, 730) g`);
  // Sales spread over the last 365 days, a third in the last 30 (a shop's recent days are the busiest).
  // With the triggers off, `venta_numerar` gives no number: the store's numbers are written here.
  await db.execute(sql`insert into venta (tienda_id, numero, fecha, estado, metodo_pago_id, usuario_id, total, monto_recibido, descuento, monto_fiado, referencia)
    select ${tiendaId}, g,
      now() - case when g % 3 = 0 then random() * interval '30 days' else random() * interval '365 days' end,
      case when g % 50 = 0 then 'Anulada' else 'Completada' end,
      (array[5, 5, 5, 1, 3, 6, 7])[1 + g % 7],
      case when g % 4 = 0 then null else (select min(id_usuario) from usuario where tienda_id = ${tiendaId}) + (g % 3) end,
      0, null, case when g % 10 = 0 then 100 else 0 end, 0, case when g % 7 = 5 then 'REF' || g end
    from generate_series(1, ${ventas}) g`);
  // Lines carry a tax (ADR 031's summary splits them per rate), as a store responsible for IVA's would.
  await db.execute(sql`insert into factura (tienda_id, venta_id, producto_id, cantidad, precio, descuento, estado, impuesto)
    select ${tiendaId}, v.id_venta, p0 + ((v.id_venta * 7 + k * 131) % 2000), 1 + (v.id_venta + k) % 5, 500 + ((v.id_venta + k) * 37) % 20000, 0, 'Pagado',
      (array['iva19', 'iva19', 'iva5', 'exento', 'excluido', 'inc8'])[1 + (v.id_venta + k) % 6]
    from venta v cross join generate_series(0, 3) k
    cross join (select min(id_producto) as p0 from producto where tienda_id = ${tiendaId}) p
    where v.tienda_id = ${tiendaId}`);
  await db.execute(sql`update venta v set total = greatest(0, s.bruto - v.descuento), monto_recibido = greatest(0, s.bruto - v.descuento),
      monto_fiado = case when v.metodo_pago_id = 7 then greatest(0, s.bruto - v.descuento) else 0 end
    from (select venta_id, sum(precio * cantidad) as bruto from factura group by venta_id) s where s.venta_id = v.id_venta`);
  await db.execute(sql`insert into credito_movimiento (tienda_id, cliente_id, fecha, tipo, monto, metodo_pago_id)
    select ${tiendaId}, c0 + g % 200, now() - random() * interval '200 days', case when g % 3 = 0 then 'abono' else 'cargo' end,
      case when g % 3 = 0 then -(1000 + g % 5000) else 2000 + g % 9000 end, case when g % 3 = 0 then 5 end
    from generate_series(1, 20000) g cross join (select min(id_cliente) as c0 from cliente where tienda_id = ${tiendaId}) c`);
  await db.execute(sql`insert into movimiento (tienda_id, producto_id, venta_id, stock_antes, salidas, cantidad_despues, motivo, fecha_movimiento)
    select f.tienda_id, f.producto_id, f.venta_id, 100, f.cantidad, 100 - f.cantidad, 'Venta', v.fecha
    from factura f join venta v on v.id_venta = f.venta_id where f.tienda_id = ${tiendaId} and f.producto_id = (select min(id_producto) from producto where tienda_id = ${tiendaId})`);
  // Promotions (ADR 052) on one line in five, their saving as the line's discount, and loyalty points
  // (ADR 054): a third of the sales earn for one of the 200 customers, one in thirty spends one point,
  // for *Ventas por promoción* and *Puntos* (issue #59 point 4).
  await db.execute(sql`insert into promocion (tienda_id, nombre, tipo, porcentaje, categoria)
    select ${tiendaId}, 'Promoción ' || g, 'porcentaje', 5 + g, 'Categoría ' || g from generate_series(1, 20) g`);
  await db.execute(sql`update factura f set descuento = greatest(1, floor(f.precio * f.cantidad * 0.1)) where f.tienda_id = ${tiendaId} and f.id_factura % 5 = 0`);
  await db.execute(sql`insert into venta_promocion (tienda_id, venta_id, factura_id, promocion_id, nombre, ahorro)
    select f.tienda_id, f.venta_id, f.id_factura, p0 + f.id_factura % 20, 'Promoción', f.descuento
    from factura f cross join (select min(id_promocion) as p0 from promocion where tienda_id = ${tiendaId}) p
    where f.tienda_id = ${tiendaId} and f.id_factura % 5 = 0`);
  await db.execute(sql`insert into punto_movimiento (tienda_id, cliente_id, fecha, tipo, puntos, venta_id)
    select v.tienda_id, c0 + v.id_venta % 200, v.fecha, 'ganado', 1 + v.id_venta % 40, v.id_venta
    from venta v cross join (select min(id_cliente) as c0 from cliente where tienda_id = ${tiendaId}) c
    where v.tienda_id = ${tiendaId} and v.id_venta % 3 = 0
    union all
    select v.tienda_id, c0 + v.id_venta % 200, v.fecha, 'redimido', -1, v.id_venta
    from venta v cross join (select min(id_cliente) as c0 from cliente where tienda_id = ${tiendaId}) c
    where v.tienda_id = ${tiendaId} and v.id_venta % 30 = 1`);
  await db.execute(sql`set session_replication_role = origin`);
  const r0 = performance.now();
  await db.execute(sql`select resumen_dia_reconstruir(${tiendaId})`);
  console.log(`  resúmenes por día reconstruidos en ${((performance.now() - r0) / 1000).toFixed(1)} s`);
  await db.execute(sql`analyze`);
  const [p] = ((await db.execute(sql`select min(id_producto) as id from producto where tienda_id = ${tiendaId}`)) as unknown as { rows: { id: number }[] }).rows;
  console.log(`  ${lineas.toLocaleString('es-CO')} líneas (${ventas.toLocaleString('es-CO')} ventas) generadas en ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return { tiendaId, productoId: p!.id };
}

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Wall time, and this process's CPU time: the embedded database runs on this thread, so on a machine
 * others load (tests, builds) the CPU time is the report's own cost and the wall time adds the wait.
 */
async function medir(fn: () => Promise<unknown>): Promise<{ p50: number; max: number; cpu: number }> {
  await fn();
  const tiempos: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await fn();
    tiempos.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpus.push((c.user + c.system) / 1000);
  }
  return { p50: p50(tiempos), max: Math.max(...tiempos), cpu: p50(cpus) };
}

const resultados = new Map<string, number[]>();
const paredes = new Map<string, number[]>();
for (const lineas of TIENDA ? [0] : SIZES) {
  const cargar = TIENDA !== '' || (DATOS !== '' && fs.existsSync(DATOS));
  const env = loadEnv({ ...process.env, DATA_DIR: process.env.BENCH_DATA_DIR ?? path.join(process.env.DATA_DIR ?? './data', 'bench') });
  const database = TIENDA ? await abrirBase(env) : await createDb(cargar ? { pgliteLoadDataDir: DATOS } : {});
  const m0 = performance.now();
  await database.migrate();
  if (cargar) console.log(`  cargado de ${TIENDA ? (env.DATABASE_URL ? 'PostgreSQL' : env.DATA_DIR) : DATOS}; migraciones nuevas en ${((performance.now() - m0) / 1000).toFixed(1)} s`);
  const db = database.db;
  let tiendaId: number;
  let productoId: number;
  if (cargar) {
    const [t] = ((await db.execute(sql`select t.id_tienda, (select min(id_producto) from producto p where p.tienda_id = t.id_tienda) as producto,
        (select count(*) from producto p where p.tienda_id = t.id_tienda)::int as productos, (select count(*) from factura f where f.tienda_id = t.id_tienda)::int as lineas
      from tienda t where t.correo = ${TIENDA || 'bench@reportes.co'}`)) as unknown as { rows: { id_tienda: number; producto: number; productos: number; lineas: number }[] }).rows;
    if (!t) throw new Error(`No hay tienda ${TIENDA || 'bench@reportes.co'} en esa base: npm run bench:data primero.`);
    tiendaId = t.id_tienda;
    productoId = t.producto;
    console.log(`\n## ${t.lineas.toLocaleString('es-CO')} líneas, ${t.productos.toLocaleString('es-CO')} productos`);
    if (RECONSTRUIR) {
      const r0 = performance.now();
      await db.execute(sql`select resumen_dia_reconstruir(${tiendaId})`);
      console.log(`  resúmenes por día reconstruidos en ${((performance.now() - r0) / 1000).toFixed(1)} s`);
    }
  } else {
    console.log(`\n## ${lineas.toLocaleString('es-CO')} líneas`);
    ({ tiendaId, productoId } = await generar(database, lineas));
    if (DATOS) {
      const tar = await (db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
      fs.writeFileSync(DATOS, Buffer.from(await tar.arrayBuffer()));
      console.log(`  guardado en ${DATOS}`);
    }
  }
  const filas: string[] = ['| reporte | periodo | p50 ms | máx ms | CPU p50 ms |', '|---|---|---:|---:|---:|'];
  const anotar = (clave: string, periodo: string, r: { p50: number; max: number; cpu: number }) => {
    filas.push(`| ${clave} | ${periodo} | ${r.p50.toFixed(0)} | ${r.max.toFixed(0)} | ${r.cpu.toFixed(0)} |`);
    resultados.set(`${clave} ${periodo}`, [...(resultados.get(`${clave} ${periodo}`) ?? []), r.cpu]);
    paredes.set(`${clave} ${periodo}`, [...(paredes.get(`${clave} ${periodo}`) ?? []), r.p50]);
  };
  if (SOLO.length === 0 || SOLO.includes('inicio')) anotar('inicio', 'hoy', await medir(() => resumenDeInicio({ db, tiendaId })));
  for (const informe of (INFORMES as readonly TInforme[]).filter((i) => SOLO.length === 0 || SOLO.includes(i))) {
    for (const periodo of PERIODOS) {
      anotar(informe, periodo, await medir(() => generarReporte({ db, tiendaId, informe, filtros: { periodo, dias: 30, ...(informe === 'kardex' ? { productoId } : {}) } })));
    }
    if (!SIN_DIRECTO && RESUMIDOS.includes(informe)) anotar(informe, 'mes directo', await medir(() => generarReporte({ db, tiendaId, informe, filtros: { periodo: 'mes', dias: 30 }, directo: true })));
  }
  console.log(filas.join('\n'));
  await database.close();
}
if (SIZES.length > 1) {
  console.log(`\n## Crecimiento del CPU p50 (a ${SIZES.at(-1)!.toLocaleString('es-CO')} / p50 a ${SIZES[0]!.toLocaleString('es-CO')})`);
  const paso = (v: number[]) => Math.max(...v.slice(1).map((x, i) => x / Math.max(1, v[i]!)));
  for (const [k, v] of resultados) {
    const w = paredes.get(k)!;
    console.log(`| ${k} | CPU ${v.map((x) => x.toFixed(0)).join(' → ')} ms (peor ×${paso(v).toFixed(1)} por paso) | pared ${w.map((x) => x.toFixed(0)).join(' → ')} ms (peor ×${paso(w).toFixed(1)}) |`);
  }
}
