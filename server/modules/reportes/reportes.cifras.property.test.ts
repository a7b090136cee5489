import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { importeLinea } from '#shared/cantidad';
import type { TInicioResumen, TReporte } from '#shared/schemas/reportes';
import { devolucion, devolucionLinea, factura, producto, tienda, venta } from '../../db/schema';
import { crearTienda, peticion } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';

/**
 * Issue #52 point 1: every screen's net sales, cost and margin are one definition (cifras.ts). Random
 * days of sales — units and weights, line and sale discounts, annulled sales, lines that kept a cost
 * and lines that did not, products with and without an average cost, returns to stock and as merma —
 * and Inicio, *Resumen de ventas*, *Cierre diario*, *Cierre mensual* and its CSV, *Por producto* and
 * *Por categoría* must say what a direct
 * computation from the rows written here says.
 */
const t = usarApp();
const req = peticion(t);
const RUNS = Number(process.env.REPORTES_RUNS ?? 10);

// Products 0 and 1 are sold by unit, 2 and 3 by the kilogram; each may or may not have an average cost.
const arbLinea = fc.record({
  producto: fc.integer({ min: 0, max: 3 }),
  unidades: fc.integer({ min: 1, max: 6 }),
  milesimas: fc.integer({ min: 1, max: 4_000 }),
  precio: fc.integer({ min: 0, max: 30_000 }),
  descPct: fc.constantFrom(0, 0, 10, 100),
  costoUnit: fc.option(fc.integer({ min: 0, max: 25_000 }), { nil: null }),
  // A return of this line: none, or a share of its quantity, to stock or as merma.
  devolver: fc.option(fc.record({ parte: fc.integer({ min: 1, max: 100 }), inventario: fc.boolean() }), { nil: null }),
});
const arbVenta = fc.record({
  minuto: fc.integer({ min: 0, max: 24 * 60 - 1 }),
  anulada: fc.boolean(),
  descVentaPct: fc.constantFrom(0, 0, 5, 30),
  lineas: fc.array(arbLinea, { minLength: 1, maxLength: 4 }),
});
const arbCostos = fc.tuple(...[0, 1, 2, 3].map(() => fc.option(fc.integer({ min: 1, max: 20_000 }), { nil: null })));

describe('cifras de ventas: una sola definición (issue #52)', () => {
  it('Inicio, Resumen de ventas, Cierre diario, Cierre mensual, Por producto y Por categoría dan las ventas netas, el costo y el margen de un cálculo directo', { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(arbCostos, fc.array(arbVenta, { maxLength: 8 }), async (costos, ventas) => {
        const s = await crearTienda(t);
        const db = t.database.db;
        await db.update(tienda).set({ zonaHoraria: 'America/Bogota' }).where(eq(tienda.idTienda, s.id));
        const prods = await db
          .insert(producto)
          .values([0, 1, 2, 3].map((i) => ({ tiendaId: s.id, nombre: `Cifra ${i}`, precioUnit: 1000, stock: 100, unidadDian: i < 2 ? '94' : 'KGM', costoPromedio: costos[i] })))
          .returning({ id: producto.idProducto });
        const inicio0 = (await req('GET', '/api/reportes/inicio', s.token)).json() as TInicioResumen;
        const base = Date.parse(`${inicio0.hoy}T00:00:00-05:00`);

        // The direct computation, per product and for the day.
        const porProducto = new Map<number, { neto: number; costo: number; sinCosto: number }>();
        const delProducto = (i: number) => porProducto.get(i) ?? porProducto.set(i, { neto: 0, costo: 0, sinCosto: 0 }).get(i)!;
        let bruto = 0;
        let descuentos = 0;
        let devuelto = 0;
        let numeroDevolucion = 1;
        for (const v of ventas) {
          const lineas = v.lineas.map((l) => {
            const milesimas = l.producto < 2 ? l.unidades * 1000 : l.milesimas;
            const importe = importeLinea(l.precio, milesimas);
            // A discount never above precio × cantidad unrounded (the line's check).
            return { ...l, milesimas, importe, descuento: Math.floor((l.precio * milesimas * l.descPct) / 100_000) };
          });
          const subtotal = lineas.reduce((a, l) => a + l.importe - l.descuento, 0);
          const descVenta = Math.floor((subtotal * v.descVentaPct) / 100);
          const fecha = new Date(base + v.minuto * 60_000);
          const [row] = await db
            .insert(venta)
            .values({ tiendaId: s.id, fecha, estado: v.anulada ? 'Anulada' : 'Completada', metodoPagoId: 5, total: subtotal - descVenta, descuento: descVenta, montoRecibido: subtotal - descVenta })
            .returning({ id: venta.idVenta });
          const filas = await db
            .insert(factura)
            .values(lineas.map((l) => ({ tiendaId: s.id, ventaId: row!.id, productoId: prods[l.producto]!.id, cantidad: l.milesimas / 1000, precio: l.precio, descuento: l.descuento, costoUnit: l.costoUnit })))
            .returning({ id: factura.idFactura });
          if (v.anulada) continue;
          bruto += lineas.reduce((a, l) => a + l.importe, 0);
          descuentos += descVenta + lineas.reduce((a, l) => a + l.descuento, 0);
          const devueltas: { facturaId: number; productoId: number; cantidad: number; valor: number; destino: string }[] = [];
          lineas.forEach((l, k) => {
            const p = delProducto(l.producto);
            // Each unit at the cost its line kept, else the product's average; none: counted without cost.
            const costo = l.costoUnit ?? costos[l.producto];
            p.neto += l.importe - l.descuento;
            if (costo == null) p.sinCosto += l.milesimas;
            else p.costo += importeLinea(costo, l.milesimas);
            if (!l.devolver) return;
            const milesimas = l.producto < 2 ? Math.max(1, Math.floor((l.unidades * l.devolver.parte) / 100)) * 1000 : Math.max(1, Math.floor((l.milesimas * l.devolver.parte) / 100));
            const valor = Math.floor(((l.importe - l.descuento) * milesimas) / l.milesimas);
            p.neto -= valor;
            devuelto += valor;
            if (l.devolver.inventario) {
              if (costo == null) p.sinCosto -= milesimas;
              else p.costo -= importeLinea(costo, milesimas);
            }
            devueltas.push({ facturaId: filas[k]!.id, productoId: prods[l.producto]!.id, cantidad: milesimas / 1000, valor, destino: l.devolver.inventario ? 'inventario' : 'merma' });
          });
          if (devueltas.length) {
            const [d] = await db
              .insert(devolucion)
              .values({ tiendaId: s.id, numero: numeroDevolucion++, ventaId: row!.id, fecha: new Date(fecha.getTime() + 60_000), metodoPagoId: 5, total: devueltas.reduce((a, x) => a + x.valor, 0), motivo: 'Prueba' })
              .returning({ id: devolucion.idDevolucion });
            await db.insert(devolucionLinea).values(devueltas.map((x) => ({ ...x, tiendaId: s.id, devolucionId: d!.id })));
          }
        }
        const neto = bruto - descuentos - devuelto;
        const productos = [...porProducto.values()];
        const conCosto = productos.filter((p) => p.sinCosto === 0);
        const costo = conCosto.reduce((a, p) => a + p.costo, 0);
        const todo = productos.reduce((a, p) => a + p.neto, 0);
        const conocido = conCosto.reduce((a, p) => a + p.neto, 0);
        const parte = todo > 0 ? Math.min(1, Math.max(0, conocido / todo)) : conCosto.length === productos.length ? 1 : 0;
        const margen = (parte === 1 ? neto : Math.round(neto * parte) || 0) - costo;
        const pct = productos.length === 0 ? null : Math.round(parte * 100);
        const detalle = pct == null || pct === 100 ? null : pct === 0 ? 'sin costos registrados: el margen no se puede calcular' : `costo conocido en ${pct} % de las ventas`;

        const informe = async (nombre: string) => {
          const res = await req('GET', `/api/reportes/${nombre}?periodo=hoy`, s.token);
          expect(res.statusCode, res.body).toBe(200);
          const rep = res.json() as TReporte;
          return (clave: string) => rep.indicadores.find((i) => i.clave === clave);
        };
        const inicio = (await req('GET', '/api/reportes/inicio', s.token)).json() as TInicioResumen;
        const deInicio = (clave: string) => inicio.indicadores.find((i) => i.clave === clave);
        const ventasR = await informe('ventas');
        const diario = await informe('cierre-diario');
        const mensual = await informe('cierre-mensual');
        expect({
          inicio: deInicio('neto')!.valor,
          resumen: ventasR('neto')!.valor,
          resumenBruto: ventasR('bruto')!.valor,
          resumenDescuentos: ventasR('descuentos')!.valor,
          resumenDevuelto: ventasR('devuelto')!.valor,
          diario: diario('neto')!.valor,
          mensual: mensual('neto')!.valor,
        }).toEqual({ inicio: neto, resumen: neto, resumenBruto: bruto, resumenDescuentos: descuentos, resumenDevuelto: devuelto, diario: neto, mensual: neto });
        expect({ inicio: deInicio('margen'), costo: mensual('costo')!.valor, mensual: mensual('margen') }).toMatchObject({
          inicio: { valor: margen, detalle },
          costo,
          mensual: { valor: margen, detalle },
        });
        for (const nombre of ['productos', 'categorias']) {
          const rep = await informe(nombre);
          expect({ informe: nombre, neto: rep('neto')!.valor, costo: rep('costo')!.valor, margen: rep('margen') }).toMatchObject({ informe: nombre, neto, costo, margen: { valor: margen, detalle } });
        }
        const csv = (await req('GET', '/api/reportes/cierre-mensual/exportar?periodo=hoy&formato=csv', s.token)).body;
        expect(csv).toContain(`Ventas netas;${neto}`);
        expect(csv).toContain(`Margen bruto;${margen}`);
      }),
      { numRuns: RUNS, seed: 52_2026 },
    );
  });
});
