import { and, asc, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cantidadPorValor, deMilesimas } from '#shared/cantidad';
import { totalConDescuentos } from '#shared/descuento';
import type { TDescuentoLinea, TDescuentoVenta } from '#shared/schemas/venta';
import { M } from '#shared/messages';
import { factura, movimiento, producto, resumenProductoDia, resumenVentaDia, venta, ventaProductoResumen } from '../../db/schema';
import { crearTienda, type Tienda } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';

/** Issue #33 point 3 (ADR 030): products sold by weight or measure, with three-decimal quantities. */

const V = M.ventas;
const t = usarApp();

async function crearProducto(tiendaId: number, values: { nombre: string; precio: number; stock: number; unidad: '94' | 'KGM' | 'LTR' }) {
  const [p] = await t.database.db
    .insert(producto)
    .values({ tiendaId, nombre: values.nombre, precioUnit: values.precio, stock: values.stock, unidadDian: values.unidad })
    .returning();
  return p!;
}

const stockOf = async (id: number) => (await t.database.db.select({ stock: producto.stock }).from(producto).where(eq(producto.idProducto, id)))[0]!.stock;
const vender = (token: string, payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/ventas', payload, token });

async function conteos(tiendaId: number) {
  const db = t.database.db;
  const [v] = await db.select({ n: count() }).from(venta).where(eq(venta.tiendaId, tiendaId));
  const [m] = await db.select({ n: count() }).from(movimiento).where(eq(movimiento.tiendaId, tiendaId));
  return { ventas: v!.n, movimientos: m!.n };
}

describe('venta por peso o medida', () => {
  let s: Tienda;
  beforeAll(async () => {
    s = await crearTienda(t);
  });

  it('0,375 kg a $12.000/kg cobra $4.500 y saca 0,375 del stock, con su movimiento exacto; anular lo devuelve exacto', async () => {
    const queso = await crearProducto(s.id, { nombre: 'Queso campesino', precio: 12_000, stock: 5, unidad: 'KGM' });
    const res = await vender(s.token, { lineas: [{ productoId: queso.idProducto, cantidad: 0.375 }], metodoPagoId: 5, montoRecibido: 5_000 });
    expect(res.statusCode).toBe(201);
    const recibo = res.json();
    expect(recibo.total).toBe(4_500);
    expect(recibo.cambio).toBe(500);
    expect(recibo.lineas).toEqual([expect.objectContaining({ cantidad: 0.375, unidad: 'KGM', precio: 12_000, subtotal: 4_500 })]);
    expect(await stockOf(queso.idProducto)).toBe(4.625);

    const [linea] = await t.database.db.select({ cantidad: factura.cantidad }).from(factura).where(eq(factura.ventaId, recibo.id));
    expect(linea!.cantidad).toBe(0.375);
    const [mov] = await t.database.db.select().from(movimiento).where(eq(movimiento.ventaId, recibo.id));
    expect(mov).toMatchObject({ stockAntes: 5, entradas: 0, salidas: 0.375, cantidadDespues: 4.625, estadoDespues: 'Salida' });

    // The screens that list stock and the ledger answer the exact decimals (not a 500 on a fraction).
    const lista = await t.request({ method: 'GET', url: '/api/ventas/productos?q=Queso%20campesino', token: s.token });
    expect(lista.statusCode).toBe(200);
    expect(lista.json().items).toEqual([expect.objectContaining({ nombre: 'Queso campesino', stock: 4.625 })]);
    const productos = await t.request({ method: 'GET', url: '/api/productos?q=Queso%20campesino', token: s.token });
    expect(productos.statusCode).toBe(200);
    const movimientos = await t.request({ method: 'GET', url: '/api/movimientos', token: s.token });
    expect(movimientos.statusCode).toBe(200);
    expect(movimientos.json().items).toEqual(expect.arrayContaining([expect.objectContaining({ stockAntes: 5, salidas: 0.375, stockDespues: 4.625 })]));

    // The receipt read back says the same.
    const leido = await t.request({ method: 'GET', url: `/api/ventas/${recibo.id}`, token: s.token });
    expect(leido.json().lineas).toEqual([expect.objectContaining({ cantidad: 0.375, subtotal: 4_500 })]);

    // The summaries keep the exact quantity and the line's rounded amount.
    const [pr] = await t.database.db.select().from(ventaProductoResumen).where(eq(ventaProductoResumen.productoId, queso.idProducto));
    expect(pr!.cantidadVendida).toBe(0.375);
    const [dia] = await t.database.db.select().from(resumenProductoDia).where(eq(resumenProductoDia.productoId, queso.idProducto));
    expect(dia).toMatchObject({ cantidad: 0.375, bruto: 4_500 });

    const anular = await t.request({ method: 'POST', url: `/api/ventas/${recibo.id}/anular`, token: s.token });
    expect(anular.statusCode).toBe(200);
    expect(await stockOf(queso.idProducto)).toBe(5);
    const movs = await t.database.db
      .select({ antes: movimiento.stockAntes, entradas: movimiento.entradas, despues: movimiento.cantidadDespues })
      .from(movimiento)
      .where(and(eq(movimiento.ventaId, recibo.id), eq(movimiento.estadoDespues, 'Entrada')))
      .orderBy(asc(movimiento.idMovimiento));
    expect(movs).toEqual([{ antes: 4.625, entradas: 0.375, despues: 5 }]);
  });

  it('"$500 de aceite" calcula la cantidad, y varias líneas pesadas suman exacto', async () => {
    const aceite = await crearProducto(s.id, { nombre: 'Aceite a granel', precio: 10_000, stock: 20, unidad: 'LTR' });
    const cantidad = deMilesimas(cantidadPorValor(500, 10_000)!);
    expect(cantidad).toBe(0.05);
    // The same product twice (0,1 + 0,2 L): one line of exactly 0,3 L.
    const res = await vender(s.token, {
      lineas: [
        { productoId: aceite.idProducto, cantidad },
        { productoId: aceite.idProducto, cantidad: 0.1 },
        { productoId: aceite.idProducto, cantidad: 0.2 },
      ],
      metodoPagoId: 1,
      montoRecibido: 3_500,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().lineas).toEqual([expect.objectContaining({ cantidad: 0.35, subtotal: 3_500 })]);
    expect(res.json().total).toBe(3_500);
    expect(await stockOf(aceite.idProducto)).toBe(19.65);
  });

  it('redondea cada línea a la mitad hacia arriba, y el total es la suma exacta de las líneas', async () => {
    const a = await crearProducto(s.id, { nombre: 'Jamón', precio: 2_500, stock: 10, unidad: 'KGM' });
    const b = await crearProducto(s.id, { nombre: 'Mortadela', precio: 3_333, stock: 10, unidad: 'KGM' });
    // 2.500 × 1,001 = 2.502,5 → 2.503; 3.333 × 0,125 = 416,625 → 417.
    const res = await vender(s.token, { lineas: [{ productoId: a.idProducto, cantidad: 1.001 }, { productoId: b.idProducto, cantidad: 0.125 }], metodoPagoId: 1, montoRecibido: 10_000 });
    expect(res.statusCode).toBe(201);
    expect(res.json().lineas.map((l: { subtotal: number }) => l.subtotal)).toEqual([2_503, 417]);
    expect(res.json().total).toBe(2_920);
    // The day's summary adds the lines' rounded amounts, not the exact products (2.502,5 + 416,625).
    const [dia] = await t.database.db
      .select({ bruto: resumenVentaDia.bruto, unidades: resumenVentaDia.unidades })
      .from(resumenVentaDia)
      .innerJoin(venta, eq(venta.tiendaId, resumenVentaDia.tiendaId))
      .where(and(eq(resumenVentaDia.tiendaId, s.id), eq(venta.idVenta, res.json().id)))
      .limit(1);
    expect(dia).toBeDefined();
    const [bruto] = await t.database.db.select({ bruto: resumenProductoDia.bruto }).from(resumenProductoDia).where(eq(resumenProductoDia.productoId, b.idProducto));
    expect(bruto!.bruto).toBe(417);
  });

  it('un producto por unidad no acepta decimales, y nada cambia', async () => {
    const gaseosa = await crearProducto(s.id, { nombre: 'Gaseosa', precio: 3_000, stock: 10, unidad: '94' });
    const antes = await conteos(s.id);
    const res = await vender(s.token, { lineas: [{ productoId: gaseosa.idProducto, cantidad: 1.5 }], metodoPagoId: 1, montoRecibido: 10_000 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(V.cantidadEntera(['Gaseosa']));
    expect(await conteos(s.id)).toEqual(antes);
    expect(await stockOf(gaseosa.idProducto)).toBe(10);
  });

  it('más de tres decimales, cero o más de 9.999 se rechazan', async () => {
    const queso = await crearProducto(s.id, { nombre: 'Queso costeño', precio: 12_000, stock: 5, unidad: 'KGM' });
    for (const cantidad of [0.0005, 0.3755, 0, -0.5, 10_000]) {
      const res = await vender(s.token, { lineas: [{ productoId: queso.idProducto, cantidad }], metodoPagoId: 1, montoRecibido: 100_000 });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(V.cantidadLineaInvalida);
    }
    expect(await stockOf(queso.idProducto)).toBe(5);
  });

  it('sin stock suficiente por gramos, la venta no se hace', async () => {
    const queso = await crearProducto(s.id, { nombre: 'Queso doble crema', precio: 20_000, stock: 0.5, unidad: 'KGM' });
    const res = await vender(s.token, { lineas: [{ productoId: queso.idProducto, cantidad: 0.501 }], metodoPagoId: 1, montoRecibido: 100_000 });
    expect(res.statusCode).toBe(422);
    expect(await stockOf(queso.idProducto)).toBe(0.5);
    const ok = await vender(s.token, { lineas: [{ productoId: queso.idProducto, cantidad: 0.5 }], metodoPagoId: 1, montoRecibido: 10_000 });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().total).toBe(10_000);
    expect(await stockOf(queso.idProducto)).toBe(0);
  });

  it('la vista previa de la caja (shared/descuento.ts) cobra lo mismo que el servidor con descuentos en líneas pesadas', async () => {
    const jamon = await crearProducto(s.id, { nombre: 'Jamón serrano', precio: 12_000, stock: 50, unidad: 'KGM' });
    const arroz = await crearProducto(s.id, { nombre: 'Arroz suelto', precio: 3_333, stock: 50, unidad: 'KGM' });
    const casos: { lineas: { productoId: number; precio: number; cantidad: number; descuento?: TDescuentoLinea }[]; descuento?: TDescuentoVenta }[] = [
      { lineas: [{ productoId: jamon.idProducto, precio: 12_000, cantidad: 0.375, descuento: { tipo: 'precio', valor: 11_111 } }] },
      { lineas: [{ productoId: jamon.idProducto, precio: 12_000, cantidad: 0.333, descuento: { tipo: 'porcentaje', valor: 7 } }, { productoId: arroz.idProducto, precio: 3_333, cantidad: 1.001 }], descuento: { tipo: 'porcentaje', valor: 10 } },
      { lineas: [{ productoId: arroz.idProducto, precio: 3_333, cantidad: 0.125, descuento: { tipo: 'valor', valor: 17 } }], descuento: { tipo: 'valor', valor: 100 } },
    ];
    for (const caso of casos) {
      const vista = totalConDescuentos(caso.lineas, caso.descuento);
      const res = await vender(s.token, {
        lineas: caso.lineas.map((l) => ({ productoId: l.productoId, cantidad: l.cantidad, ...(l.descuento ? { descuento: l.descuento } : {}) })),
        ...(caso.descuento ? { descuento: caso.descuento } : {}),
        motivoDescuento: 'Cliente fiel',
        metodoPagoId: 1,
        montoRecibido: 100_000,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().total).toBe(vista.total);
    }
  });
});
