import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { periodoAnterior, sumarDias } from '#shared/periodo';
import { factura, producto, tienda, venta } from '../../db/schema';
import { crearTienda } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';
import { FILAS_EN_PANTALLA, type Ctx } from './comun';
import { generarReporte, hoyEnTienda } from './reportes.service';
import { rankingDeProductos } from './por-producto';

/**
 * Issue #55 point 2 (ADR 046 addenda): the reports cut in the database say what the whole list says.
 * - A ranking cut to its first and last places (*Por producto*'s page, *Cierre mensual*'s top and bottom
 *   10) is read as two top-N reads; it must hold the very rows, places and comparison figures the whole
 *   ranking (every group placed by one window, the export's reading) holds in those places, with the
 *   same totals — on random sales with ties in net and units (ids 9 and 10 order as text).
 * - *Sin ventas* counts and values the whole unsold catalogue and shows its first FILAS_EN_PANTALLA by
 *   value; each product's last sale is its latest non-annulled one. Both held to a reading of every
 *   product and line written here.
 */
const t = usarApp();
const RUNS = Number(process.env.REPORTES_RUNS ?? 6);

const arbVenta = fc.record({
  // Days back from today: this period (the last 10 days), the one before, and older.
  dias: fc.integer({ min: 0, max: 45 }),
  anulada: fc.boolean(),
  lineas: fc.array(fc.record({ producto: fc.integer({ min: 0, max: 29 }), cantidad: fc.integer({ min: 1, max: 3 }), precio: fc.constantFrom(1000, 2000, 3000) }), { minLength: 1, maxLength: 3 }),
});

type Venta = typeof arbVenta extends fc.Arbitrary<infer V> ? V : never;

async function tiendaConVentas(productos: { stock: number; precio: number; activo: boolean; categoria: string }[], ventas: Venta[]) {
  const s = await crearTienda(t, { sinCaja: true });
  const db = t.database.db;
  // The store's zone: its days as the reports read them.
  const [z] = await db.select({ zona: tienda.zonaHoraria }).from(tienda).where(eq(tienda.idTienda, s.id));
  expect(z!.zona).toBe('America/Bogota');
  const prods = await db
    .insert(producto)
    .values(productos.map((p, i) => ({ tiendaId: s.id, nombre: `P${String(i).padStart(4, '0')}`, categoria: p.categoria, precioUnit: p.precio, stock: p.stock, estado: p.activo ? 1 : 0, costoPromedio: 500 })))
    .returning({ id: producto.idProducto });
  const hoy = await hoyEnTienda(db, s.id);
  const vendidas: { productoId: number; dia: string; anulada: boolean }[] = [];
  for (const v of ventas) {
    // Noon of the store's day `dias` back (Bogotá is UTC−5 all year).
    const dia = sumarDias(hoy, -v.dias);
    const fecha = new Date(`${dia}T17:00:00Z`);
    const lineas = v.lineas.map((l) => ({ ...l, productoId: prods[l.producto % prods.length]!.id }));
    const total = lineas.reduce((a, l) => a + l.precio * l.cantidad, 0);
    const [row] = await db.insert(venta).values({ tiendaId: s.id, fecha, estado: v.anulada ? 'Anulada' : 'Completada', metodoPagoId: 5, total }).returning({ id: venta.idVenta });
    await db.insert(factura).values(lineas.map((l) => ({ tiendaId: s.id, ventaId: row!.id, productoId: l.productoId, cantidad: l.cantidad, precio: l.precio, costoUnit: 400, estado: 'Pagado' })));
    for (const l of lineas) vendidas.push({ productoId: l.productoId, dia, anulada: v.anulada });
  }
  return { s, prods, hoy, vendidas };
}

describe('reportes cortados en la base (issue #55 punto 2)', () => {
  it('un ranking cortado en sus primeros y últimos puestos es esos puestos del ranking entero, con los mismos totales', { timeout: 300_000 }, async () => {
    const arbProducto = fc.record({ stock: fc.constant(5), precio: fc.constant(1000), activo: fc.constant(true), categoria: fc.constantFrom('Aseo', 'Granos', 'Bebidas', '') });
    await fc.assert(
      fc.asyncProperty(
        fc.array(arbProducto, { minLength: 12, maxLength: 30 }),
        fc.array(arbVenta, { minLength: 25, maxLength: 60 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 0, max: 8 }),
        fc.boolean(),
        async (productos, ventas, primeros, ultimos, porCategoria) => {
          const { s, hoy } = await tiendaConVentas(productos, ventas);
          const r = { desde: sumarDias(hoy, -9), hasta: hoy };
          const ctx: Ctx = { db: t.database.db, tiendaId: s.id, f: { periodo: 'rango', desde: r.desde, hasta: r.hasta, dias: 30 }, completo: false };
          const todo = await rankingDeProductos(ctx, r, periodoAnterior(r), porCategoria, { primeros: null });
          const cortado = await rankingDeProductos(ctx, r, periodoAnterior(r), porCategoria, { primeros, ultimos });
          const dentro = todo.filas.filter((x) => x.puesto <= primeros || x.puesto > Math.max(primeros, todo.grupos - ultimos));
          expect(cortado.filas).toEqual(dentro);
          expect({ ...cortado, filas: null }).toEqual({ ...todo, filas: null });
          // The places are 1…n, each once, in the ranking's order (net, then units, then the key as text).
          expect(todo.filas.map((x) => x.puesto)).toEqual(todo.filas.map((_, i) => i + 1));
        },
      ),
      { numRuns: RUNS, seed: 55_2026 },
    );
  });

  it('sin ventas: cuenta y valora todo el catálogo sin ventas y muestra sus primeros por valor, con su última venta', { timeout: 300_000 }, async () => {
    // More unsold products than a screen shows (sales touch the first 30), with few stocks and prices (ties in value, then by name).
    const arbProducto = fc.record({ stock: fc.integer({ min: 0, max: 4 }), precio: fc.constantFrom(100, 250, 1000), activo: fc.integer({ min: 0, max: 19 }).map((x) => x > 0), categoria: fc.constant('Granos') });
    await fc.assert(
      fc.asyncProperty(fc.array(arbProducto, { minLength: FILAS_EN_PANTALLA + 60, maxLength: FILAS_EN_PANTALLA + 100 }), fc.array(arbVenta, { minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 30 }), async (productos, ventas, dias) => {
        const { s, prods, hoy, vendidas } = await tiendaConVentas(productos, ventas);
        const desde = sumarDias(hoy, -(dias - 1));
        const vendido = new Set(vendidas.filter((v) => !v.anulada && v.dia >= desde).map((v) => v.productoId));
        const ultima = new Map<number, string>();
        for (const v of vendidas) if (!v.anulada && (ultima.get(v.productoId) ?? '') < v.dia) ultima.set(v.productoId, v.dia);
        const esperadas = productos
          .map((p, i) => ({ ...p, id: prods[i]!.id, nombre: `P${String(i).padStart(4, '0')}` }))
          .filter((p) => p.activo && !vendido.has(p.id))
          .sort((a, b) => b.stock * b.precio - a.stock * a.precio || (a.nombre < b.nombre ? -1 : 1))
          .map((p) => ({ producto: p.nombre, categoria: 'Granos', stock: p.stock, precio: p.precio, valor: p.stock * p.precio, ultimaVenta: ultima.get(p.id) ?? null }));
        for (const completo of [false, true]) {
          const rep = await generarReporte({ db: t.database.db, tiendaId: s.id, informe: 'sin-ventas', filtros: { periodo: 'hoy', dias }, completo });
          const ind = Object.fromEntries(rep.indicadores.map((x) => [x.clave, x.valor]));
          expect(ind).toEqual({ sinVentas: esperadas.length, valorSinVentas: esperadas.reduce((a, x) => a + x.valor, 0) });
          expect(rep.tablas[0]!.total).toBe(esperadas.length);
          expect(rep.tablas[0]!.filas).toEqual(completo ? esperadas : esperadas.slice(0, FILAS_EN_PANTALLA));
        }
      }),
      { numRuns: RUNS, seed: 55_2027 },
    );
  });
});
