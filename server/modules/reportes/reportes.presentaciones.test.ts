/**
 * Packs counted in units (issue #33, ADR 033 and 035): a line sold as a pack keeps `cantidad` in packs
 * and its factor; every report, summary and export that counts quantities counts factor × packs. One
 * product sold as 2 packs of 12 and 3 loose shows 27 units everywhere; the back-office correcting the
 * pack's line from 2 packs to 1 puts 12 units back in stock.
 */
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { factura, producto } from '../../db/schema';
import { crearTienda, peticion } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';
import { cambiarLinea } from '../venta/venta-lineas';
import { plegarResumenes } from './reportes.resumen';
import { generarReporte, hoyEnTienda, resumenDeInicio } from './reportes.service';

const t = usarApp();
const req = peticion(t);

const uno = async <T>(q: ReturnType<typeof sql>) => ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows[0]!;

describe('presentaciones en los informes: unidades, no pacas', () => {
  it('2 pacas de 12 y 3 sueltas son 27 unidades en productos, categorías, ventas, Inicio, kardex, resúmenes, popularidad y exportación', async () => {
    const s = await crearTienda(t);
    const db = t.database.db;
    const [p] = await db.insert(producto).values({ tiendaId: s.id, nombre: 'Cerveza lata', categoria: 'Bebidas', precioUnit: 3_000, stock: 100, costoPromedio: 2_000 }).returning();
    const id = p!.idProducto;
    const paca = await req('POST', `/api/productos/${id}/presentaciones`, s.token, { nombre: 'Paca x12', factor: 12, codigoBarras: '7700000009912', precio: '33.000' });
    expect(paca.statusCode, paca.body).toBe(201);
    const venta = await req('POST', '/api/ventas', s.token, {
      lineas: [
        { productoId: id, cantidad: 2, unidadVentaId: paca.json().presentacion.id },
        { productoId: id, cantidad: 3 },
      ],
      metodoPagoId: 5,
      montoRecibido: 100_000,
    });
    expect(venta.statusCode, venta.body).toBe(201);

    const hoy = { periodo: 'hoy' as const, dias: 30 };
    const hoyDia = await hoyEnTienda(db, s.id);
    const mes = { periodo: 'rango' as const, desde: hoyDia, hasta: hoyDia, dias: 30 };
    for (const directo of [false, true]) {
      for (const filtros of [hoy, mes]) {
        const productos = await generarReporte({ db, tiendaId: s.id, informe: 'productos', filtros, directo });
        expect(productos.tablas[0]!.filas[0], `productos directo=${directo}`).toMatchObject({ producto: 'Cerveza lata', cantidad: 27, bruto: 75_000, neto: 75_000, costo: 54_000, margen: 21_000 });
        expect(productos.indicadores.find((i) => i.clave === 'unidades')!.valor).toBe(27);
        const categorias = await generarReporte({ db, tiendaId: s.id, informe: 'categorias', filtros, directo });
        expect(categorias.tablas[0]!.filas[0], `categorías directo=${directo}`).toMatchObject({ categoria: 'Bebidas', cantidad: 27 });
        const ventas = await generarReporte({ db, tiendaId: s.id, informe: 'ventas', filtros, directo });
        expect(ventas.indicadores.find((i) => i.clave === 'unidades')!.valor, `ventas directo=${directo}`).toBe(27);
      }
      expect((await resumenDeInicio({ db, tiendaId: s.id, directo })).top[0]).toMatchObject({ producto: 'Cerveza lata', cantidad: 27 });
    }
    const kardex = await generarReporte({ db, tiendaId: s.id, informe: 'kardex', filtros: { ...hoy, productoId: id } });
    expect(kardex.tablas[0]!.filas.reduce((a, f) => a + Number(f.salidas ?? 0), 0)).toBe(27);

    // The summaries the triggers keep, in units; a fold keeps them.
    const resumenes = async () =>
      uno<{ dia: string; mes: string; venta: string; popular: string }>(sql`select
        (select sum(cantidad) from resumen_producto_dia where tienda_id = ${s.id} and producto_id = ${id})::text as dia,
        (select sum(cantidad) from resumen_producto_mes where tienda_id = ${s.id} and producto_id = ${id})::text as mes,
        (select sum(unidades) from resumen_venta_dia where tienda_id = ${s.id})::text as venta,
        (select sum(cantidad_vendida) from venta_producto_resumen where tienda_id = ${s.id} and producto_id = ${id})::text as popular`);
    expect(await resumenes()).toEqual({ dia: '27.000', mes: '27.000', venta: '27.000', popular: '27.000' });
    await plegarResumenes(db, s.id, { desde: hoyDia, hasta: hoyDia });
    expect(await resumenes()).toEqual({ dia: '27.000', mes: '27.000', venta: '27.000', popular: '27.000' });
    // A rebuild (a zone change, a restore) counts the same.
    await db.execute(sql`select resumen_dia_reconstruir(${s.id})`);
    expect(await resumenes()).toEqual({ dia: '27.000', mes: '27.000', venta: '27.000', popular: '27.000' });

    // The popularity analysis over a date range reads the lines: units too.
    for (const url of ['/api/analisis', `/api/analisis?desde=${hoyDia}&hasta=${hoyDia}`]) {
      const analisis = await req('GET', url, s.token);
      expect(analisis.statusCode, analisis.body).toBe(200);
      expect(analisis.json().items.find((x: { id: number }) => x.id === id), url).toMatchObject({ cantidadVendida: 27 });
    }

    // The export carries the report's rows.
    const csv = await req('GET', '/api/reportes/productos/exportar?periodo=hoy&dias=30&formato=csv', s.token);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n').find((l) => l.includes('Cerveza lata'))).toMatch(/;27;/);

    // The back-office corrects the pack's line from 2 packs to 1: its 12 units come back to stock, and
    // the reports follow (a completed sale's line is no longer removed, issue #51: it is changed or returned).
    const stockAntes = Number((await db.select({ stock: producto.stock }).from(producto).where(eq(producto.idProducto, id)))[0]!.stock);
    const [linea] = await db.select({ id: factura.idFactura, ventaId: factura.ventaId, precio: factura.precio }).from(factura).where(and(eq(factura.tiendaId, s.id), eq(factura.factor, 12)));
    await cambiarLinea({ db, scope: { tiendaId: s.id }, idFactura: linea!.id, cambios: { ventaId: linea!.ventaId, productoId: id, cantidad: 1, precio: linea!.precio } });
    expect(Number((await db.select({ stock: producto.stock }).from(producto).where(eq(producto.idProducto, id)))[0]!.stock)).toBe(stockAntes + 12);
    expect(await resumenes()).toEqual({ dia: '15.000', mes: '15.000', venta: '15.000', popular: '15.000' });
    const despues = await generarReporte({ db, tiendaId: s.id, informe: 'productos', filtros: hoy });
    expect(despues.tablas[0]!.filas[0]).toMatchObject({ cantidad: 15 });
  });

  it('por peso: 0,375 kg se ve como 0,375 en el informe, el CSV, el XLSX y el inventario del cierre mensual (no redondeado)', async () => {
    const s = await crearTienda(t);
    const db = t.database.db;
    const [p] = await db.insert(producto).values({ tiendaId: s.id, nombre: 'Queso costeño', categoria: 'Lácteos', precioUnit: 12_000, stock: 5, unidadDian: 'KGM', costoPromedio: 8_000 }).returning();
    const venta = await req('POST', '/api/ventas', s.token, { lineas: [{ productoId: p!.idProducto, cantidad: 0.375 }], metodoPagoId: 5, montoRecibido: 5_000 });
    expect(venta.statusCode, venta.body).toBe(201);
    const productos = await generarReporte({ db, tiendaId: s.id, informe: 'productos', filtros: { periodo: 'hoy', dias: 30 } });
    expect(productos.tablas[0]!.filas[0]).toMatchObject({ producto: 'Queso costeño', cantidad: 0.375, neto: 4_500 });
    const csv = await req('GET', '/api/reportes/productos/exportar?periodo=hoy&dias=30&formato=csv', s.token);
    expect(csv.body.split('\n').find((l) => l.includes('Queso costeño'))).toMatch(/;0,375;/);
    const xlsx = await req('GET', '/api/reportes/productos/exportar?periodo=hoy&dias=30&formato=xlsx', s.token);
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const celdas = wb.worksheets[0]!.getRows(1, 30)!.flatMap((r) => (r.values as unknown[]).filter((v) => v === 0.375).map(() => r.getCell((r.values as unknown[]).indexOf(0.375))));
    expect(celdas.map((c) => c.numFmt)).toEqual(['#,##0.000']);
    // The month's close values the stock left, 4,625 kg, not 5.
    const hoyDia = await hoyEnTienda(db, s.id);
    const cierre = await generarReporte({ db, tiendaId: s.id, informe: 'cierre-mensual', filtros: { periodo: 'rango', desde: hoyDia, hasta: hoyDia, dias: 30 } });
    const inventario = cierre.tablas.find((x) => x.filas.some((f) => f.producto === 'Queso costeño' && 'valor' in f))!;
    expect(inventario.filas.find((f) => f.producto === 'Queso costeño')).toMatchObject({ stock: 4.625, valor: 37_000 });
  });
});
