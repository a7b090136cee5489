import { and, asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { factura, movimiento, producto, productoUnidadVenta } from '../../db/schema';
import { conRol, crearTienda, type Tienda } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';

/** Issue #33 point 5 (ADR 033): sale units ("Paca x12"), each with its barcode and price; a pack takes factor units from stock. */

const P = M.productos.presentaciones;
const t = usarApp();

async function crearProducto(tiendaId: number, values: { nombre: string; precio: number; stock: number; codigo?: string; unidad?: '94' | 'KGM' }) {
  const [p] = await t.database.db
    .insert(producto)
    .values({ tiendaId, nombre: values.nombre, precioUnit: values.precio, stock: values.stock, codigoBarras: values.codigo ?? null, unidadDian: values.unidad ?? '94' })
    .returning();
  return p!;
}

const stockOf = async (id: number) => (await t.database.db.select({ stock: producto.stock }).from(producto).where(eq(producto.idProducto, id)))[0]!.stock;
const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) => t.request({ method, url, token, ...(payload ? { payload } : {}) });

describe('presentaciones: paca, caja', () => {
  let s: Tienda;
  beforeAll(async () => {
    s = await crearTienda(t);
  });

  async function conPaca(nombre: string, codigo: string, stock = 100) {
    const p = await crearProducto(s.id, { nombre, precio: 3_000, stock, codigo: `${codigo}-u` });
    const res = await req('POST', `/api/productos/${p.idProducto}/presentaciones`, s.token, { nombre: 'Paca x12', factor: 12, codigoBarras: codigo, precio: '33.000' });
    expect(res.statusCode, res.body).toBe(201);
    return { p, paca: res.json().presentacion as { id: number; factor: number; precio: number; codigoBarras: string } };
  }

  it('el dueño agrega, lista, cambia y elimina una presentación', async () => {
    const { p, paca } = await conPaca('Gaseosa 400 ml', '7700000000101');
    expect(paca).toMatchObject({ productoId: p.idProducto, nombre: 'Paca x12', factor: 12, codigoBarras: '7700000000101', precio: 33_000 });
    const lista = await req('GET', `/api/productos/${p.idProducto}/presentaciones`, s.token);
    expect(lista.json().items).toEqual([expect.objectContaining({ id: paca.id, nombre: 'Paca x12' })]);
    const cambio = await req('PUT', `/api/productos/${p.idProducto}/presentaciones/${paca.id}`, s.token, { nombre: 'Paca x12', factor: 12, codigoBarras: '7700000000101', precio: 32_000 });
    expect(cambio.statusCode).toBe(200);
    expect(cambio.json().presentacion.precio).toBe(32_000);
    const borrar = await req('DELETE', `/api/productos/${p.idProducto}/presentaciones/${paca.id}`, s.token);
    expect(borrar.statusCode).toBe(200);
    expect((await req('GET', `/api/productos/${p.idProducto}/presentaciones`, s.token)).json().items).toEqual([]);
    expect((await req('DELETE', `/api/productos/${p.idProducto}/presentaciones/${paca.id}`, s.token)).statusCode).toBe(404);
  });

  it('vender 1 paca de 12 saca 12 del stock y el movimiento dice 12; 2 pacas sacan 24; anular devuelve 24', async () => {
    const { p, paca } = await conPaca('Cerveza lata', '7700000000102');
    // The till's scan resolves the pack's barcode to the product at the pack's price, with its unit.
    const escaneo = await req('GET', `/api/ventas/productos/codigo/${paca.codigoBarras}`, s.token);
    expect(escaneo.statusCode).toBe(200);
    expect(escaneo.json()).toMatchObject({ id: p.idProducto, precio: 33_000, stock: 100, unidadVenta: { id: paca.id, nombre: 'Paca x12', factor: 12 } });

    const una = await req('POST', '/api/ventas', s.token, { lineas: [{ productoId: p.idProducto, cantidad: 1, unidadVentaId: paca.id }], metodoPagoId: 5, montoRecibido: 50_000 });
    expect(una.statusCode, una.body).toBe(201);
    expect(una.json().total).toBe(33_000);
    expect(una.json().lineas).toEqual([expect.objectContaining({ cantidad: 1, precio: 33_000, subtotal: 33_000, presentacion: 'Paca x12', factor: 12 })]);
    expect(await stockOf(p.idProducto)).toBe(88);
    const [mov1] = await t.database.db.select().from(movimiento).where(eq(movimiento.ventaId, una.json().id));
    expect(mov1).toMatchObject({ stockAntes: 100, salidas: 12, cantidadDespues: 88, estadoDespues: 'Salida' });
    const [linea] = await t.database.db.select().from(factura).where(eq(factura.ventaId, una.json().id));
    expect(linea).toMatchObject({ cantidad: 1, precio: 33_000, unidadVentaId: paca.id, presentacion: 'Paca x12', factor: 12 });

    // Two packs and two loose units of the same product: one exit of 26.
    const dos = await req('POST', '/api/ventas', s.token, {
      lineas: [
        { productoId: p.idProducto, cantidad: 2, unidadVentaId: paca.id },
        { productoId: p.idProducto, cantidad: 2 },
      ],
      metodoPagoId: 5,
      montoRecibido: 100_000,
    });
    expect(dos.statusCode, dos.body).toBe(201);
    expect(dos.json().total).toBe(2 * 33_000 + 2 * 3_000);
    expect(await stockOf(p.idProducto)).toBe(62);
    const movs = await t.database.db.select().from(movimiento).where(eq(movimiento.ventaId, dos.json().id));
    expect(movs).toEqual([expect.objectContaining({ stockAntes: 88, salidas: 26, cantidadDespues: 62 })]);

    // The receipt read back names the pack.
    const leido = await req('GET', `/api/ventas/${dos.json().id}`, s.token);
    expect(leido.json().lineas).toEqual([
      expect.objectContaining({ cantidad: 2, precio: 33_000, subtotal: 66_000, presentacion: 'Paca x12', factor: 12 }),
      expect.not.objectContaining({ presentacion: expect.anything() }),
    ]);

    // Only packs: 2 packs take 24, and annulling gives 24 back.
    const soloPacas = await req('POST', '/api/ventas', s.token, { lineas: [{ productoId: p.idProducto, cantidad: 2, unidadVentaId: paca.id }], metodoPagoId: 5, montoRecibido: 66_000 });
    expect(soloPacas.statusCode).toBe(201);
    expect(await stockOf(p.idProducto)).toBe(38);
    const anular = await req('POST', `/api/ventas/${soloPacas.json().id}/anular`, s.token);
    expect(anular.statusCode, anular.body).toBe(200);
    expect(await stockOf(p.idProducto)).toBe(62);
    const entrada = await t.database.db
      .select()
      .from(movimiento)
      .where(and(eq(movimiento.ventaId, soloPacas.json().id), eq(movimiento.estadoDespues, 'Entrada')))
      .orderBy(asc(movimiento.idMovimiento));
    expect(entrada).toEqual([expect.objectContaining({ entradas: 24, cantidadDespues: 62 })]);
  });

  it('una paca se vende entera y contra el stock de sus unidades', async () => {
    const { p, paca } = await conPaca('Agua 600 ml', '7700000000103', 20);
    const media = await req('POST', '/api/ventas', s.token, { lineas: [{ productoId: p.idProducto, cantidad: 0.5, unidadVentaId: paca.id }], metodoPagoId: 5, montoRecibido: 50_000 });
    expect(media.statusCode).toBe(400);
    // 2 packs are 24 units, and there are 20.
    const corta = await req('POST', '/api/ventas', s.token, { lineas: [{ productoId: p.idProducto, cantidad: 2, unidadVentaId: paca.id }], metodoPagoId: 5, montoRecibido: 66_000 });
    expect(corta.statusCode).toBe(422);
    expect(corta.json().error.message).toContain('Agua 600 ml');
    // Another product's unit is not found.
    const otro = await crearProducto(s.id, { nombre: 'Otro', precio: 1_000, stock: 50 });
    const ajena = await req('POST', '/api/ventas', s.token, { lineas: [{ productoId: otro.idProducto, cantidad: 1, unidadVentaId: paca.id }], metodoPagoId: 5, montoRecibido: 50_000 });
    expect(ajena.statusCode).toBe(404);
    expect(await stockOf(p.idProducto)).toBe(20);
    expect(await stockOf(otro.idProducto)).toBe(50);
  });

  it('devolver una paca devuelve sus 12 unidades al stock', async () => {
    const { p, paca } = await conPaca('Jugo caja', '7700000000104', 30);
    const venta = await req('POST', '/api/ventas', s.token, { lineas: [{ productoId: p.idProducto, cantidad: 2, unidadVentaId: paca.id }], metodoPagoId: 5, montoRecibido: 66_000 });
    expect(venta.statusCode).toBe(201);
    expect(await stockOf(p.idProducto)).toBe(6);
    const [linea] = await t.database.db.select({ id: factura.idFactura }).from(factura).where(eq(factura.ventaId, venta.json().id));
    const dev = await req('POST', `/api/ventas/${venta.json().id}/devoluciones`, s.token, { lineas: [{ facturaId: linea!.id, cantidad: 1, destino: 'inventario' }], metodoPagoId: 5, motivo: 'Cliente cambió de idea' });
    expect(dev.statusCode, dev.body).toBe(201);
    expect(dev.json().total).toBe(33_000);
    expect(await stockOf(p.idProducto)).toBe(18);
    // What is left of the line is one pack.
    const otra = await req('POST', `/api/ventas/${venta.json().id}/devoluciones`, s.token, { lineas: [{ facturaId: linea!.id, cantidad: 2, destino: 'inventario' }], metodoPagoId: 5, motivo: 'Otra vez' });
    expect(otra.statusCode).toBe(422);
    expect(otra.json().error.message).toContain('Jugo caja (Paca x12)');
  });

  it('un código de barras nombra una sola cosa: el de un producto o de otra presentación se rechaza', async () => {
    const p = await crearProducto(s.id, { nombre: 'Arroz libra', precio: 2_500, stock: 10, codigo: '7700000000200' });
    const dup = await req('POST', `/api/productos/${p.idProducto}/presentaciones`, s.token, { nombre: 'Paca x25', factor: 25, codigoBarras: '7700000000200', precio: 60_000 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe(P.codigoDuplicado);
    const ok = await req('POST', `/api/productos/${p.idProducto}/presentaciones`, s.token, { nombre: 'Paca x25', factor: 25, codigoBarras: '7700000000201', precio: 60_000 });
    expect(ok.statusCode).toBe(201);
    const otra = await req('POST', `/api/productos/${p.idProducto}/presentaciones`, s.token, { nombre: 'Bulto', factor: 50, codigoBarras: '7700000000201', precio: 110_000 });
    expect(otra.statusCode).toBe(409);
    // A product may not take a pack's code either (the product screen's refusal).
    const q = await crearProducto(s.id, { nombre: 'Frijol', precio: 4_000, stock: 5 });
    const edit = await req('PUT', `/api/productos/${q.idProducto}`, s.token, { nombre: 'Frijol', precio: 4_000, stock: 5, stockMin: 0, estado: 1, codigoBarras: '7700000000201' });
    expect(edit.statusCode).toBe(409);
    // The database says the same to a write that skipped the check.
    await expect(t.database.db.update(producto).set({ codigoBarras: '7700000000201' }).where(eq(producto.idProducto, q.idProducto))).rejects.toThrow();
    await expect(
      t.database.db.insert(productoUnidadVenta).values({ tiendaId: s.id, productoId: q.idProducto, nombre: 'x', factor: 2, codigoBarras: '7700000000200', precio: 1 }),
    ).rejects.toThrow();
    // Another store may use the same code.
    const s2 = await crearTienda(t);
    const r = await crearProducto(s2.id, { nombre: 'Arroz libra', precio: 2_500, stock: 10 });
    expect((await req('POST', `/api/productos/${r.idProducto}/presentaciones`, s2.token, { nombre: 'Paca x25', factor: 25, codigoBarras: '7700000000201', precio: 60_000 })).statusCode).toBe(201);
    // …and never reaches this store's product.
    expect((await req('GET', `/api/productos/${p.idProducto}/presentaciones`, s2.token)).statusCode).toBe(404);
  });

  it('permisos: el cajero (rol 2, sin permiso de precios) no agrega presentaciones; el encargado sí', async () => {
    const p = await crearProducto(s.id, { nombre: 'Aceite 1 L', precio: 9_000, stock: 10 });
    const cajero = await conRol(t, s, ROL.EMPLEADO);
    const rechazo = await req('POST', `/api/productos/${p.idProducto}/presentaciones`, cajero, { nombre: 'Caja x12', factor: 12, codigoBarras: '7700000000300', precio: 100_000 });
    expect(rechazo.statusCode).toBe(403);
    expect(rechazo.json().error.message).toBe(M.permisos.denegado.precios);
    expect((await req('GET', `/api/productos/${p.idProducto}/presentaciones`, s.token)).json().items).toEqual([]);
    const encargado = await conRol(t, s, ROL.ENCARGADO);
    expect((await req('POST', `/api/productos/${p.idProducto}/presentaciones`, encargado, { nombre: 'Caja x12', factor: 12, codigoBarras: '7700000000300', precio: 100_000 })).statusCode).toBe(201);
  });

  it('límites: precio hasta $ 100.000.000, de 2 a 1.000 unidades (de kilos o metros en un producto por medida, issue #58)', async () => {
    const p = await crearProducto(s.id, { nombre: 'Huevos', precio: 600, stock: 300 });
    const caro = await req('POST', `/api/productos/${p.idProducto}/presentaciones`, s.token, { nombre: 'Panal', factor: 30, codigoBarras: '7700000000400', precio: 100_000_001 });
    expect(caro.statusCode).toBe(400);
    expect(caro.json().error.message).toBe(M.productos.precioMaximo);
    for (const factor of [1, 0, 1001, 2.5, '12a'])
      expect((await req('POST', `/api/productos/${p.idProducto}/presentaciones`, s.token, { nombre: 'Panal', factor, codigoBarras: '7700000000400', precio: 18_000 })).statusCode).toBe(400);
    const tope = await req('POST', `/api/productos/${p.idProducto}/presentaciones`, s.token, { nombre: 'Panal', factor: 30, codigoBarras: '7700000000400', precio: 100_000_000 });
    expect(tope.statusCode).toBe(201);
    const queso = await crearProducto(s.id, { nombre: 'Queso', precio: 20_000, stock: 5, unidad: 'KGM' });
    const pesado = await req('POST', `/api/productos/${queso.idProducto}/presentaciones`, s.token, { nombre: 'Bloque', factor: 2, codigoBarras: '7700000000401', precio: 40_000 });
    // A weighed product's pack counts its factor in kilos (issue #58 point 2): a block of 2 kg.
    expect(pesado.statusCode, pesado.body).toBe(201);
    expect((await req('POST', `/api/productos/${queso.idProducto}/presentaciones`, s.token, { nombre: 'Medio', factor: 0.5, codigoBarras: '7700000000402', precio: 10_000 })).statusCode).toBe(400);
  });

  it('propiedad: n pacas de factor f a precio q cobran n × q y sacan n × f unidades', { timeout: 120_000 }, async () => {
    let i = 0;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 2, max: 1000 }), fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 1, max: 9 }), async (factor, precio, n) => {
        i++;
        const p = await crearProducto(s.id, { nombre: `Prop ${i}`, precio: 1, stock: factor * n });
        const u = await req('POST', `/api/productos/${p.idProducto}/presentaciones`, s.token, { nombre: `x${factor}`, factor, codigoBarras: `PROP-${i}`, precio });
        expect(u.statusCode).toBe(201);
        const total = precio * n;
        const v = await req('POST', '/api/ventas', s.token, { lineas: [{ productoId: p.idProducto, cantidad: n, unidadVentaId: u.json().presentacion.id }], metodoPagoId: 5, montoRecibido: Math.max(total, 1) });
        if (precio === 0) {
          // A pack at $ 0 is refused like a product at $ 0 (issue #52 point 7): nothing leaves the shelf.
          expect(v.statusCode, v.body).toBe(400);
          expect(v.json().error.message).toContain('no tiene precio');
          expect(await stockOf(p.idProducto)).toBe(factor * n);
          return;
        }
        expect(v.statusCode, v.body).toBe(201);
        expect(v.json().total).toBe(total);
        expect(Number.isSafeInteger(v.json().total)).toBe(true);
        expect(await stockOf(p.idProducto)).toBe(0);
      }),
      { numRuns: 15, examples: [[12, 0, 2], [12, 1, 1]] },
    );
  });
});
