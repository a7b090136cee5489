import fc from 'fast-check';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desglosarVenta, IMPUESTOS, type TImpuesto } from '#shared/impuestos';
import { sumarDias } from '#shared/periodo';
import type { TInforme, TReporteFiltros } from '#shared/schemas/reportes';
import { factura, producto, puntoVenta, tienda, venta } from '../../db/schema';
import { borrarComoCierre } from '../../../tests/helpers/borrado';
import { crearTienda } from '../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { generarReporte, hoyEnTienda } from './reportes.service';
import { plegarResumenes } from './reportes.resumen';

/**
 * ADR 031: the taxes per day and rate kept by triggers (`resumen_impuesto_dia`). First, the split
 * written in SQL (`impuesto_desglose`) equals shared/impuestos.ts's `desglosarVenta` line by line, to
 * the centavo, on random lines, rates, bag values and discounts. Then the reports that read the
 * summary for whole past days (impuestos por tarifa, the daily close, the monthly close) answer exactly
 * what splitting every sale answers (`directo`), on random sales of the last days (periods crossing
 * the store's midnight) after annulments, line and discount edits, deletions, a till's change, folds,
 * a change of the store's zone and a rebuild (the set-based split of `factura_desglose`).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const ZONAS = ['America/Bogota', 'Pacific/Auckland', 'Europe/Madrid', 'Asia/Kolkata'] as const;
const arbImpuesto = fc.constantFrom<TImpuesto | null>(...IMPUESTOS, null);

const arbLinea = fc
  .record({ precio: fc.integer({ min: 0, max: 120_000 }), cantidad: fc.integer({ min: 1, max: 30 }), parteDescuento: fc.double({ min: 0, max: 1, noNaN: true }), impuesto: arbImpuesto, valorBolsa: fc.option(fc.integer({ min: 0, max: 200 }), { nil: null }) })
  .map((l) => ({ ...l, descuento: Math.floor(l.precio * l.cantidad * (l.parteDescuento < 0.6 ? 0 : l.parteDescuento)) }));

async function tiendaConProductos() {
  const s = await crearTienda(t, { sinCaja: true });
  const db = t.database.db;
  const prods = await db
    .insert(producto)
    .values([0, 1].map((i) => ({ tiendaId: s.id, nombre: `P${i}`, categoria: 'Granos', precioUnit: 1000, stock: 100 })))
    .returning({ id: producto.idProducto });
  return { s, prods };
}

/**
 * A line's tax is set from its product on INSERT (migration 0022, null for a store not responsible for
 * IVA); a later UPDATE may set any. One statement for the sale's lines (the summary's update path).
 */
async function ponerImpuestos(ids: { id: number }[], lineas: { impuesto: TImpuesto | null; valorBolsa: number | null }[]) {
  const valores = ids.map((x, i) => sql`(${x.id}::int, ${lineas[i]!.impuesto}::text, ${lineas[i]!.valorBolsa}::bigint)`);
  await t.database.db.execute(sql`update factura f set impuesto = x.i, valor_bolsa = x.b from (values ${sql.join(valores, sql`, `)}) x(id, i, b) where f.id_factura = x.id`);
}

describe('impuestos en SQL: el mismo desglose que shared/impuestos.ts', () => {
  it('impuesto_desglose reparte el descuento y separa base e impuesto igual, línea por línea', { timeout: 600_000 }, async () => {
    const { s, prods } = await tiendaConProductos();
    const db = t.database.db;
    await fc.assert(
      fc.asyncProperty(fc.array(arbLinea, { minLength: 1, maxLength: 6 }), fc.integer({ min: 0, max: 400_000 }), async (lineas, descuentoVenta) => {
        const [v] = await db.insert(venta).values({ tiendaId: s.id, estado: 'Completada', metodoPagoId: 5, total: 0, descuento: descuentoVenta }).returning({ id: venta.idVenta });
        const ids = await db
          .insert(factura)
          .values(lineas.map((l, i) => ({ tiendaId: s.id, ventaId: v!.id, productoId: prods[i % 2]!.id, cantidad: l.cantidad, precio: l.precio, descuento: l.descuento, estado: 'Pagado' })))
          .returning({ id: factura.idFactura });
        await ponerImpuestos(ids, lineas);
        const esperado = desglosarVenta(
          lineas.map((l) => ({ importe: l.precio * l.cantidad - l.descuento, cantidad: l.cantidad, impuesto: l.impuesto, valorBolsa: l.valorBolsa })),
          descuentoVenta,
        );
        const res = (await db.execute(
          sql`select d.id_factura, d.impuesto, d.base::text as base, d.valor::text as valor from impuesto_desglose(array(select f from factura f where f.venta_id = ${v!.id}), ${descuentoVenta}) d`,
        )) as unknown as { rows: { id_factura: number; impuesto: string | null; base: string; valor: string }[] };
        // The set-based copy the rebuild reads (factura_desglose, partitioned by sale) must agree too.
        const vista = (await db.execute(
          sql`select d.id_factura, d.impuesto, d.base::text as base, d.valor::text as valor from factura_desglose d where d.tienda_id = ${s.id} and d.venta_id = ${v!.id}`,
        )) as unknown as typeof res;
        for (const [como, filas] of [['impuesto_desglose', res.rows], ['factura_desglose', vista.rows]] as const) {
          const porId = new Map(filas.map((r) => [Number(r.id_factura), r]));
          expect(filas, como).toHaveLength(lineas.length);
          ids.forEach((x, i) => {
            const r = porId.get(x.id)!;
            expect({ impuesto: r.impuesto, base: Number(r.base), valor: Number(r.valor) }, `${como}, línea ${i}`).toEqual({ impuesto: lineas[i]!.impuesto, base: esperado[i]!.base, valor: esperado[i]!.impuesto });
          });
        }
      }),
      { numRuns: Number(process.env.IMPUESTOS_RUNS ?? 300), seed: 31_2026 },
    );
  });
});

const INFORMES: TInforme[] = ['impuestos', 'cierre-diario', 'cierre-mensual'];

const arbVenta = fc.record({
  // Minutes before now: the last four days, so the period holds whole past days, today and the store's midnights.
  minutos: fc.integer({ min: 0, max: 4 * 24 * 60 }),
  estado: fc.constantFrom('Completada', 'Completada', 'Completada', 'Anulada', 'Pendiente'),
  conCaja: fc.boolean(),
  descuento: fc.integer({ min: 0, max: 3000 }),
  lineas: fc.array(arbLinea, { minLength: 1, maxLength: 4 }),
});
const arbCambio = fc.record({
  tipo: fc.constantFrom('anular', 'completar', 'borrarLinea', 'cantidad', 'descuentoLinea', 'descuentoVenta', 'impuestoLinea', 'agregarLinea', 'borrarVenta', 'caja', 'plegar', 'zona', 'reconstruir'),
  cual: fc.nat(),
  zona: fc.constantFrom(...ZONAS),
});

describe('impuestos por día: la respuesta resumida es el desglose directo', () => {
  it('impuestos por tarifa, cierre diario y cierre mensual, con anulaciones, ediciones y cambios de zona', { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ZONAS), fc.array(arbVenta, { minLength: 1, maxLength: 10 }), fc.array(arbCambio, { maxLength: 6 }), fc.integer({ min: 0, max: 3 }), async (zona, ventas, cambios, atras) => {
        const { s, prods } = await tiendaConProductos();
        const db = t.database.db;
        await db.update(tienda).set({ zonaHoraria: zona }).where(eq(tienda.idTienda, s.id));
        const [caja] = await db.insert(puntoVenta).values({ tiendaId: s.id, nombre: 'Caja 1', ubicacion: 'Mostrador' }).returning({ id: puntoVenta.idPuntoVenta });
        const ids: number[] = [];
        for (const v of ventas) {
          const [row] = await db
            .insert(venta)
            .values({ tiendaId: s.id, fecha: new Date(Date.now() - v.minutos * 60_000), estado: v.estado, metodoPagoId: 5, total: 0, descuento: v.descuento, puntoVentaId: v.conCaja ? caja!.id : null })
            .returning({ id: venta.idVenta });
          const lineas = await db
            .insert(factura)
            .values(v.lineas.map((l, i) => ({ tiendaId: s.id, ventaId: row!.id, productoId: prods[i % 2]!.id, cantidad: l.cantidad, precio: l.precio, descuento: l.descuento, estado: 'Pagado' })))
            .returning({ id: factura.idFactura });
          await ponerImpuestos(lineas, v.lineas);
          ids.push(row!.id);
        }
        const hoy = await hoyEnTienda(db, s.id);
        for (const c of cambios) {
          const ventaId = ids[c.cual % ids.length]!;
          const [linea] = await db.select({ id: factura.idFactura, precio: factura.precio, cantidad: factura.cantidad }).from(factura).where(eq(factura.ventaId, ventaId)).limit(1);
          const estaLinea = linea ? and(eq(factura.idFactura, linea.id), eq(factura.tiendaId, s.id)) : undefined;
          if (c.tipo === 'anular') await db.update(venta).set({ estado: 'Anulada' }).where(eq(venta.idVenta, ventaId));
          if (c.tipo === 'completar') await db.update(venta).set({ estado: 'Completada' }).where(eq(venta.idVenta, ventaId));
          // A completed sale and its lines are deleted only with their store (migration 0050): the summaries follow.
          if (c.tipo === 'borrarVenta') await borrarComoCierre(db, s.id, (tx) => tx.delete(venta).where(eq(venta.idVenta, ventaId)));
          if (c.tipo === 'descuentoVenta') await db.update(venta).set({ descuento: c.cual % 5000 }).where(eq(venta.idVenta, ventaId));
          if (c.tipo === 'caja') await db.update(venta).set({ puntoVentaId: c.cual % 2 ? caja!.id : null }).where(eq(venta.idVenta, ventaId));
          if (linea && c.tipo === 'borrarLinea') await borrarComoCierre(db, s.id, (tx) => tx.delete(factura).where(estaLinea));
          if (linea && c.tipo === 'cantidad') await db.update(factura).set({ cantidad: 1 + (c.cual % 7), descuento: 0 }).where(estaLinea);
          if (linea && c.tipo === 'descuentoLinea') await db.update(factura).set({ descuento: (c.cual * 7) % (linea.precio * linea.cantidad + 1) }).where(estaLinea);
          if (linea && c.tipo === 'impuestoLinea') await db.update(factura).set({ impuesto: [...IMPUESTOS, null][c.cual % (IMPUESTOS.length + 1)] ?? null, valorBolsa: c.cual % 120 }).where(estaLinea);
          if (c.tipo === 'agregarLinea') await db.insert(factura).values({ tiendaId: s.id, ventaId, productoId: prods[0]!.id, cantidad: 1 + (c.cual % 5), precio: 100 + (c.cual % 9000), estado: 'Pagado' });
          if (c.tipo === 'plegar') await plegarResumenes(db, s.id, { desde: sumarDias(hoy, -10), hasta: hoy });
          if (c.tipo === 'zona') await db.update(tienda).set({ zonaHoraria: c.zona }).where(eq(tienda.idTienda, s.id));
          if (c.tipo === 'reconstruir') await db.execute(sql`select resumen_dia_reconstruir(${s.id})`);
        }
        const hoyAhora = await hoyEnTienda(db, s.id);
        for (const informe of INFORMES) {
          for (const extra of [{}, { puntoVentaId: caja!.id }, { puntoVentaId: 0 }] as Partial<TReporteFiltros>[]) {
            const filtros: TReporteFiltros = { periodo: 'rango', desde: sumarDias(hoyAhora, -atras - 1), hasta: hoyAhora, dias: 30, ...extra };
            const resumido = await generarReporte({ db, tiendaId: s.id, informe, filtros, completo: true });
            const directo = await generarReporte({ db, tiendaId: s.id, informe, filtros, completo: true, directo: true });
            expect(resumido, `${informe} ${JSON.stringify(extra)}`).toEqual(directo);
          }
        }
      }),
      { numRuns: Number(process.env.REPORTES_RUNS ?? 15), seed: 31_2026 },
    );
  });
});
