// npm run bench:busqueda -- --bases postgres://…/a,postgres://…/b [--veces 2] [--correo bench@adax.co]
// Issue #55 point 6: the till's product search straight to the database (listarProductosVenta, no HTTP,
// no read cache), one call at a time, for the benchmark's ten fragments × pages 1–5, on each database
// given (e.g. bench:data with 100 000 and with 1 000 000 products); beside it, after each call, the limit:
// one page of 20 rows read from the name-ordered index (producto_venta_orden_idx), no filter, no count. Prints p50/p99 per database,
// the growth from one to the next and the target (p99 of the largest ≤ 2× that of the one before).
// A folder instead of a URL opens that PGlite data folder (as BENCH_DATA_DIR/pglite).
import { sql } from 'drizzle-orm';
import { createDb } from '../server/db/client';
import { listarProductosVenta } from '../server/modules/venta/venta.busqueda';

const argv = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1]! : fallback;
};
const BASES = arg('bases', '').split(',').filter(Boolean);
const VECES = Number(arg('veces', '2'));
const CORREO = arg('correo', 'bench@adax.co');
const FRAGMENTS = ['arroz', 'leche', 'café sello', 'jabón', 'pasta d', 'agua', 'queso', 'harina', 'galle', 'cerveza á'];
if (!BASES.length) throw new Error('--bases <url o carpeta>,…');

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)]!;
};
const r1 = (n: number) => Math.round(n * 10) / 10;

interface Punto { base: string; productos: number; p50: number; p99: number; limiteP50: number; limiteP99: number; masDe: number }
const puntos: Punto[] = [];
for (const base of BASES) {
  const database = await createDb(/^postgres(ql)?:/.test(base) ? { databaseUrl: base } : { pgliteDir: base });
  const db = database.db;
  try {
    const t = (await db.execute(sql`select t.id_tienda, (select count(*) from producto p where p.tienda_id = t.id_tienda)::int as n from tienda t where t.correo = ${CORREO}`)) as unknown as { rows: { id_tienda: number; n: number }[] };
    const tiendaId = Number(t.rows[0]!.id_tienda);
    const productos = Number(t.rows[0]!.n);
    const busca = async (q: string, page: number) => {
      const t0 = performance.now();
      const r = await listarProductosVenta({ db, tiendaId, query: { q, page, pageSize: 20 } });
      return { ms: performance.now() - t0, masDe: !!r.masDe };
    };
    // Warm-up: every query once (the database's cache, the planner's statistics).
    for (const f of FRAGMENTS) for (const page of [1, 2, 3, 4, 5]) await busca(f, page);
    const tiempos: number[] = [];
    const limite: number[] = [];
    let masDe = 0;
    for (let v = 0; v < VECES; v++)
      for (const f of FRAGMENTS)
        for (const page of [1, 2, 3, 4, 5]) {
          const r = await busca(f, page);
          tiempos.push(r.ms);
          if (r.masDe) masDe++;
          const t0 = performance.now();
          await db.execute(sql`select id_producto from producto where tienda_id = ${tiendaId} and estado = 1 order by lower(nombre), id_producto limit 20`);
          limite.push(performance.now() - t0);
        }
    const p: Punto = { base: base.replace(/\/\/[^@]*@/, '//'), productos, p50: r1(pct(tiempos, 0.5)), p99: r1(pct(tiempos, 0.99)), limiteP50: r1(pct(limite, 0.5)), limiteP99: r1(pct(limite, 0.99)), masDe };
    puntos.push(p);
    console.log(`${p.base}: ${productos.toLocaleString('es-CO')} productos; búsqueda p50 ${p.p50} ms, p99 ${p.p99} ms (${tiempos.length} llamadas, ${masDe} con "más de"); límite (una página de 20 del índice por nombre) p50 ${p.limiteP50}, p99 ${p.limiteP99} ms`);
  } finally {
    await database.close();
  }
}
console.log('\n| base | productos | búsqueda p50 ms | búsqueda p99 ms | ×10 cuesta (p99) | límite p50 ms | límite p99 ms |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
puntos.forEach((p, i) => {
  const prev = puntos[i - 1];
  const g = prev ? `×${(p.p99 / prev.p99).toFixed(2)} (objetivo ≤ ×2)` : '';
  console.log(`| ${p.base} | ${p.productos.toLocaleString('es-CO')} | ${p.p50} | ${p.p99} | ${g} | ${p.limiteP50} | ${p.limiteP99} |`);
});
