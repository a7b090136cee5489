import fc from 'fast-check';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { deMilesimas, milesimasDe, totalesPorMedida } from '#shared/cantidad';
import { MEDIDAS } from '#shared/unidades';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sumarDias } from '#shared/periodo';
import type { TInforme, TReporteFiltros } from '#shared/schemas/reportes';
import { cliente, creditoMovimiento, factura, listaPrecio, producto, tienda, usuario, venta } from '../../db/schema';
import { borrarComoCierre } from '../../../tests/helpers/borrado';
import { crearTienda } from '../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { generarReporte, hoyEnTienda, resumenDeInicio } from './reportes.service';
import { plegarResumenes } from './reportes.resumen';
import { COLUMNA_MEDIDA } from './cantidades';
import { RESUMEN_PAGO_DIA, RESUMEN_PRODUCTO_DIA, RESUMEN_VENTA_DIA, tablaAcumulada } from '../../db/resumenes';

/**
 * Issue #35 point 3: the reports that read the per-day summaries for past days answer exactly what
 * the direct sums over every sale and line answer (`directo`), on random sales of the last days
 * (so the periods hold whole past days and today, and cross the store's midnight), after the changes
 * the summaries' triggers must follow: annulments, lines edited and deleted, sales deleted, a seller
 * deleted, a fold, and a change of the store's time zone. ADR 032: the payment methods, the
 * anulaciones y descuentos totals, the daily close and the owner's Inicio (last week's day) too, with
 * sales paid partly on credit and the credit ledger's abonos and cargos.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/**
 * P0 by unit, P1 by kilogram, P2 by gram (as kilos, to the gram); a ferretería's (issue #58 point 3):
 * P3 by the metre (some lines a roll: a pack of 50 m), P4 by the centimetre (as metres), P5 by the square
 * metre, P6 by the gallon.
 */
const UNIDADES = ['94', 'KGM', 'GRM', 'MTR', 'CMT', 'MTK', 'GLL'] as const;
const ZONAS = ['America/Bogota', 'Pacific/Auckland', 'Europe/Madrid', 'Asia/Kolkata'] as const;
const INFORMES_RESUMIDOS: TInforme[] = ['sin-ventas', 'ventas', 'productos', 'categorias', 'mapa-calor', 'cierre-mensual', 'medios-pago', 'anulaciones-descuentos', 'cierre-diario', 'empleados', 'listas-precios'];

const arbVenta = fc.record({
  // Minutes before now: the last four days, and a cluster around each of the store's last midnights is reached by the range.
  // Some a week back: the Inicio compares today with the same weekday last week.
  // Some up to 70 days back (ADR 035): this month and the two before, read by month from the products' summary.
  minutos: fc.oneof(fc.integer({ min: 0, max: 4 * 24 * 60 }), fc.integer({ min: 6 * 24 * 60, max: 8 * 24 * 60 }), fc.integer({ min: 0, max: 70 * 24 * 60 })),
  anulada: fc.boolean(),
  metodo: fc.constantFrom(5, 3, 7),
  // A part left on credit of a sale paid by another method (ADR 032 splits it into parts).
  aCredito: fc.integer({ min: 0, max: 2 }),
  vendedor: fc.boolean(),
  descuento: fc.integer({ min: 0, max: 200 }),
  lineas: fc.array(fc.record({ producto: fc.integer({ min: 0, max: UNIDADES.length - 1 }), cantidad: fc.integer({ min: 1, max: 9 }), factor: fc.constantFrom(1, 1, 12), precio: fc.integer({ min: 100, max: 9000 }), costo: fc.option(fc.integer({ min: 50, max: 5000 }), { nil: null }) }), {
    minLength: 1,
    maxLength: 3,
  }),
});
const arbMovimiento = fc.record({
  minutos: fc.oneof(fc.integer({ min: 0, max: 4 * 24 * 60 }), fc.integer({ min: 6 * 24 * 60, max: 8 * 24 * 60 })),
  tipo: fc.constantFrom('abono', 'cargo'),
  monto: fc.integer({ min: 1, max: 50_000 }),
  metodo: fc.constantFrom(5, 3, null),
  vendedor: fc.boolean(),
});
const arbCambio = fc.record({
  tipo: fc.constantFrom('anular', 'desanular', 'borrarLinea', 'cantidad', 'borrarVenta', 'plegar', 'zona', 'borrarVendedor', 'metodo'),
  cual: fc.nat(),
  zona: fc.constantFrom(...ZONAS),
});

/** The summaries with a month table (ADR 035, ADR 073). */
const CON_MESES = [RESUMEN_VENTA_DIA, RESUMEN_PRODUCTO_DIA, RESUMEN_PAGO_DIA] as const;

/**
 * A store's rows of a summary's month table folded per key (`de: 'mes'`), or its day rows added up into
 * the same keys (`de: 'dia'`); measures as text (exact), keys whose sums are all zero left out; the
 * min/max measures as min/max, or left out (`extremos: false`: a rebuild forgets a deleted sale's number).
 */
async function meses(db: TestApp['database']['db'], r: (typeof CON_MESES)[number], tiendaId: number, de: 'mes' | 'dia', extremos = true) {
  const a = tablaAcumulada(r);
  const claves = a.claves.map((c) => (c === r.acumulado!.columna && de === 'dia' ? `${r.acumulado!.expresion} as ${c}` : c));
  const medidas = a.medidas.filter((m) => extremos || (m.plegado ?? 'sum') === 'sum').map((m) => `${m.plegado ?? 'sum'}(${m.columna})::text as ${m.columna}`);
  const alguna = a.medidas.filter((m) => (m.plegado ?? 'sum') === 'sum').map((m) => `sum(${m.columna}) <> 0`).join(' or ');
  const grupos = a.claves.map((_, i) => i + 1).join(', ');
  const tabla = de === 'mes' ? a.tabla : r.tabla;
  return ((await db.execute(sql.raw(`select ${[...claves, ...medidas].join(', ')} from ${tabla} where tienda_id = ${Number(tiendaId)} group by ${grupos} having ${alguna} order by ${grupos}`))) as unknown as { rows: unknown[] }).rows;
}

describe('resúmenes por día: la respuesta resumida es la suma directa', () => {
  it('ventas, productos, categorías, mapa de calor y cierre mensual, con anulaciones, ediciones y cambios de zona', { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ZONAS), fc.array(arbVenta, { minLength: 1, maxLength: 12 }), fc.array(arbMovimiento, { maxLength: 5 }), fc.array(arbCambio, { maxLength: 6 }), fc.integer({ min: 0, max: 3 }), async (zona, ventas, movimientos, cambios, atras) => {
        const s = await crearTienda(t, { sinCaja: true });
        const db = t.database.db;
        await db.update(tienda).set({ zonaHoraria: zona }).where(eq(tienda.idTienda, s.id));
        const prods = await db
          .insert(producto)
          .values(UNIDADES.map((_, i) => ({ tiendaId: s.id, nombre: `P${i}`, categoria: i ? 'Granos' : 'Aseo', precioUnit: 1000, stock: 100, costoPromedio: i === 2 ? null : 700, unidadDian: UNIDADES[i] })))
          .returning({ id: producto.idProducto });
        const [emp] = await db.insert(usuario).values({ documento: `${s.id}0555`, nombre1: 'Leo', apellido1: 'Caja', correo: `leo${s.id}@prueba.co`, contrasenaHash: 'x', rolId: 2, tiendaId: s.id }).returning();
        // Issue #55 point 2: every third sale at one list, every second at the other, the rest at none; a sale's
        // lines of an odd quantity at its list (its price without the list a little higher), the others not.
        const listas = await db.insert(listaPrecio).values([{ tiendaId: s.id, nombre: 'Mayorista' }, { tiendaId: s.id, nombre: 'Domicilios' }]).returning({ id: listaPrecio.idListaPrecio, nombre: listaPrecio.nombre });
        const ids: number[] = [];
        for (const v of ventas) {
          const lista = [null, listas[0]!, listas[1]!][ids.length % 3];
          // P1 is sold by the kilo (eighths of one), P2 by the gram (issue #52): never added to the units.
          // P3 by the metre, a quarter at a time or a roll of 50 m (factor 50); P4 by 25 cm; P5 and P6 by halves.
          const medida = (i: number, cantidad: number, factor: number, precio: number) =>
            [{}, { cantidad: cantidad / 8, factor: 1 }, { cantidad: cantidad * 125, factor: 1, precio: Math.ceil(precio / 100) }, { cantidad: factor === 12 ? cantidad : cantidad / 4, factor: factor === 12 ? 50 : 1 }, { cantidad: cantidad * 25, factor: 1, precio: Math.ceil(precio / 100) }, { cantidad: cantidad / 2, factor: 1 }, { cantidad: cantidad / 2, factor: 1 }][i];
          const lineas = v.lineas.map((l) => ({ ...l, productoId: prods[l.producto]!.id, ...medida(l.producto, l.cantidad, l.factor, l.precio) }));
          const subtotal = lineas.reduce((a, l) => a + Math.round(l.precio * l.cantidad), 0);
          const descuento = Math.min(v.descuento, subtotal);
          const [row] = await db
            .insert(venta)
            .values({ tiendaId: s.id, fecha: new Date(Date.now() - v.minutos * 60_000), estado: v.anulada ? 'Anulada' : 'Completada', metodoPagoId: v.metodo, usuarioId: v.vendedor ? emp!.idUsuario : null, total: subtotal - descuento, descuento, montoFiado: v.metodo === 7 ? subtotal - descuento : Math.floor(((subtotal - descuento) * v.aCredito) / 2) })
            .returning({ id: venta.idVenta });
          const deLista = (l: (typeof lineas)[number]) => (lista && l.cantidad % 2 === 1 ? { listaPrecioId: lista.id, listaNombre: lista.nombre, precioBase: l.precio + 100 } : {});
          await db.insert(factura).values(lineas.map((l) => ({ tiendaId: s.id, ventaId: row!.id, productoId: l.productoId, cantidad: l.cantidad, factor: l.factor, precio: l.precio, costoUnit: l.costo, estado: 'Pagado', ...deLista(l) })));
          ids.push(row!.id);
        }
        const [cli] = await db.insert(cliente).values({ tiendaId: s.id, documento: `${s.id}77`, nombre: 'Rosa', apellido: 'Fiada', fiado: true, cupo: 1_000_000 }).returning({ id: cliente.idCliente });
        for (const m of movimientos) {
          await db.insert(creditoMovimiento).values({ tiendaId: s.id, clienteId: cli!.id, fecha: new Date(Date.now() - m.minutos * 60_000), tipo: m.tipo, monto: m.tipo === 'abono' ? -m.monto : m.monto, metodoPagoId: m.tipo === 'abono' ? m.metodo : null, usuarioId: m.vendedor ? emp!.idUsuario : null });
        }
        const hoy = await hoyEnTienda(db, s.id);
        for (const c of cambios) {
          const ventaId = ids[c.cual % ids.length]!;
          if (c.tipo === 'anular') await db.update(venta).set({ estado: 'Anulada' }).where(eq(venta.idVenta, ventaId));
          if (c.tipo === 'desanular') await db.update(venta).set({ estado: 'Completada' }).where(eq(venta.idVenta, ventaId));
          // A completed sale and its lines are deleted only with their store (migration 0050): the summaries follow.
          if (c.tipo === 'borrarVenta') await borrarComoCierre(db, s.id, (tx) => tx.delete(venta).where(eq(venta.idVenta, ventaId)));
          if (c.tipo === 'borrarLinea' || c.tipo === 'cantidad') {
            const [linea] = await db.select({ id: factura.idFactura }).from(factura).where(eq(factura.ventaId, ventaId)).limit(1);
            if (linea && c.tipo === 'borrarLinea') await borrarComoCierre(db, s.id, (tx) => tx.delete(factura).where(eq(factura.idFactura, linea.id)));
            if (linea && c.tipo === 'cantidad') await db.update(factura).set({ cantidad: 1 + (c.cual % 7), factor: c.cual % 2 ? 6 : 1 }).where(and(eq(factura.idFactura, linea.id), eq(factura.tiendaId, s.id)));
          }
          if (c.tipo === 'plegar') await plegarResumenes(db, s.id, { desde: sumarDias(hoy, -10), hasta: hoy });
          if (c.tipo === 'zona') await db.update(tienda).set({ zonaHoraria: c.zona }).where(eq(tienda.idTienda, s.id));
          if (c.tipo === 'borrarVendedor') {
            await db.update(venta).set({ usuarioId: null }).where(eq(venta.usuarioId, emp!.idUsuario));
            // The credit ledger takes no update but the foreign key's own (the person removed): set null.
            await db.delete(usuario).where(eq(usuario.idUsuario, emp!.idUsuario));
          }
          if (c.tipo === 'metodo') await db.update(venta).set({ metodoPagoId: [5, 3, 7][c.cual % 3]! }).where(and(eq(venta.idVenta, ventaId), eq(venta.montoFiado, 0)));
        }
        const hoyAhora = await hoyEnTienda(db, s.id);
        const filtrosDe = (extra: Partial<TReporteFiltros>): TReporteFiltros => ({ periodo: 'rango', desde: sumarDias(hoyAhora, -atras - 1), hasta: hoyAhora, dias: 30, ...extra });
        for (const informe of INFORMES_RESUMIDOS) {
          for (const extra of [{}, { usuarioId: emp!.idUsuario }, { usuarioId: 0 }, { dias: 2 }] as Partial<TReporteFiltros>[]) {
            const filtros = filtrosDe(extra);
            const resumido = await generarReporte({ db, tiendaId: s.id, informe, filtros, completo: true });
            const directo = await generarReporte({ db, tiendaId: s.id, informe, filtros, completo: true, directo: true });
            expect(resumido, `${informe} ${JSON.stringify(extra)}`).toEqual(directo);
            if (informe === 'ventas' && !extra.usuarioId && extra.usuarioId !== 0) {
              // Units, kilos, litres, metres, m² and gallons as the per-product report counts them (by each product's unit): never kilos or metres in the units.
              const productos = await generarReporte({ db, tiendaId: s.id, informe: 'productos', filtros, completo: true });
              const medidas = (rep: typeof resumido) => Object.fromEntries(MEDIDAS.map((k) => [k, rep.indicadores.find((i) => i.clave === k)?.valor ?? 0]));
              expect(medidas(resumido), `ventas/productos ${JSON.stringify(extra)}`).toEqual(medidas(productos));
            }
          }
        }
        // Whole months and a month so far (ADR 035, ADR 073: by month, minus the days outside), with their comparison periods.
        // ADR 073: the methods and the people read whole months from the sales' and payments' month tables.
        for (const informe of ['productos', 'categorias', 'cierre-mensual', 'medios-pago', 'empleados'] as TInforme[]) {
          for (const periodo of ['mes', 'mesAnterior'] as const) {
            const filtros: TReporteFiltros = { periodo, dias: 30 };
            expect(await generarReporte({ db, tiendaId: s.id, informe, filtros, completo: true }), `${informe} ${periodo}`).toEqual(await generarReporte({ db, tiendaId: s.id, informe, filtros, completo: true, directo: true }));
          }
          const filtros: TReporteFiltros = { periodo: 'rango', desde: sumarDias(hoyAhora, -40 - atras * 7), hasta: sumarDias(hoyAhora, -atras * 3), dias: 30 };
          expect(await generarReporte({ db, tiendaId: s.id, informe, filtros, completo: true }), `${informe} rango largo`).toEqual(await generarReporte({ db, tiendaId: s.id, informe, filtros, completo: true, directo: true }));
        }
        expect(await resumenDeInicio({ db, tiendaId: s.id }), 'inicio').toEqual(await resumenDeInicio({ db, tiendaId: s.id, directo: true }));
        // The lists' summary is read only when every line kept its cost (por-lista.ts): the lines that kept
        // none get one (a statement updating lines), a list is deleted (its lines keep its name), and the
        // report by list still answers what the lines do, the days above and whole months.
        await db.update(factura).set({ costoUnit: 500 }).where(and(eq(factura.tiendaId, s.id), isNull(factura.costoUnit)));
        await db.delete(listaPrecio).where(eq(listaPrecio.idListaPrecio, listas[0]!.id));
        for (const filtros of [filtrosDe({}), filtrosDe({ dias: 2 }), { periodo: 'mes', dias: 30 }, { periodo: 'mesAnterior', dias: 30 }] as TReporteFiltros[]) {
          const informe = 'listas-precios';
          expect(await generarReporte({ db, tiendaId: s.id, informe, filtros, completo: true }), `${informe} ${filtros.periodo} con costos`).toEqual(
            await generarReporte({ db, tiendaId: s.id, informe, filtros, completo: true, directo: true }),
          );
        }
        // Rebuild = fold (issue #58 point 3): the triggers' rows of every measure add up per day to what
        // the rebuild (after migration 0093, a restore, a zone change) writes, and over all days to the
        // lines of the sales not annulled counted by the one unit rule (totalesPorMedida: a roll of 50 m is 50 m).
        const porDia = async () =>
          (
            (await db.execute(
              sql`select dia::text as dia, ${sql.raw(MEDIDAS.map((m) => `sum(${COLUMNA_MEDIDA[m]})::text as ${COLUMNA_MEDIDA[m]}`).join(', '))} from resumen_venta_dia where tienda_id = ${s.id} group by dia having ${sql.raw(MEDIDAS.map((m) => `sum(${COLUMNA_MEDIDA[m]}) <> 0`).join(' or '))} order by dia`,
            )) as unknown as { rows: Record<string, string>[] }
          ).rows.map((x) => Object.fromEntries(Object.entries(x).map(([k, v]) => [k, k === 'dia' ? v : Number(v)])));
        const plegado = await porDia();
        await db.execute(sql`select resumen_bloquear(${s.id}), resumen_venta_dia_reconstruir(${s.id})`);
        expect(await porDia(), 'reconstruido = plegado').toEqual(plegado);
        const lineasVendidas = await db
          .select({ cantidad: factura.cantidad, factor: factura.factor, unidad: producto.unidadDian })
          .from(factura)
          .innerJoin(venta, eq(venta.idVenta, factura.ventaId))
          .innerJoin(producto, eq(producto.idProducto, factura.productoId))
          .where(and(eq(venta.tiendaId, s.id), ne(venta.estado, 'Anulada')));
        const esperado = totalesPorMedida(lineasVendidas);
        const total = Object.fromEntries(MEDIDAS.map((m) => [m, deMilesimas(plegado.reduce((a, x) => a + milesimasDe(Number(x[COLUMNA_MEDIDA[m]])), 0))]));
        expect(total, 'resumen = líneas').toEqual(esperado);
        // The months (ADR 073): each month table holds, per key, what its days add up to — as the
        // triggers left them, and after a rebuild, which writes the same sums (rebuild = fold; the days
        // themselves are held to the sales and lines above).
        const antes = [];
        for (const r of CON_MESES) {
          expect(await meses(db, r, s.id, 'mes'), `${r.acumulado!.tabla} = sus días`).toEqual(await meses(db, r, s.id, 'dia'));
          antes.push(await meses(db, r, s.id, 'mes', false));
        }
        await db.execute(sql`select resumen_bloquear(${s.id}), resumen_dia_reconstruir(${s.id})`);
        for (const [i, r] of CON_MESES.entries()) {
          expect(await meses(db, r, s.id, 'mes'), `${r.acumulado!.tabla} = sus días, reconstruido`).toEqual(await meses(db, r, s.id, 'dia'));
          expect(await meses(db, r, s.id, 'mes', false), `${r.acumulado!.tabla} reconstruido = plegado`).toEqual(antes[i]);
        }
      }),
      { numRuns: Number(process.env.REPORTES_RUNS ?? 15), seed: 3_2026 },
    );
  });
});
