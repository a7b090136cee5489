/**
 * Money beyond safe integers (issue #15 point 6), replayed: a price far beyond any shelf price is
 * refused on every face, a line of 9 999 units at the highest price is stored exactly, and the invoice
 * lists keep answering. Property: whatever price and quantity within the caps, what the sale stores
 * is the exact product of the two (checked with BigInt).
 */
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { LIMITES_DINERO } from '#shared/money';
import { factura, producto, venta } from '../../server/db/schema';
import { crearEmpleado, crearTienda } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { legacy, type Legacy } from '../../server/legacy/test-client';

let t: TestApp;
let L: Legacy;
let s: Awaited<ReturnType<typeof crearTienda>>;
beforeAll(async () => {
  t = await createTestApp();
  L = legacy(t);
  s = await crearTienda(t);
});
afterAll(() => t?.close());

const contarProductos = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(producto).where(eq(producto.tiendaId, s.id)))[0]!.n;

describe('el dinero tiene tope en cada cara', () => {
  it('un empleado (rol 2) no crea un producto de $ 999.999.999.999: ni por la API, ni por la heredada, ni por el back-office', async () => {
    const e = await crearEmpleado(t, s.codigo);
    const antes = await contarProductos();
    const api = await t.request({ method: 'POST', url: '/api/productos', token: e.token, payload: { nombre: 'Carísimo', precio: 999_999_999_999, cantidad: 1 } });
    expect(api.statusCode).toBe(400);
    expect(api.json().error.fields).toEqual({ precio: M.productos.precioMaximo });
    const heredada = await L.json('POST', 'producto', { registrarProductoUnico: true, nombre: 'Carísimo', precio: 999_999_999_999, cantidad: 1 }, e.token);
    expect(JSON.stringify(heredada.body)).toContain(M.productos.precioMaximo);
    const crud = await t.request({ method: 'POST', url: '/api/crud/producto', token: s.token, payload: { nombre: 'Carísimo', precioUnit: 999_999_999_999, stock: 1, stockMin: 0 } });
    expect(crud.statusCode).toBe(400);
    expect(await contarProductos()).toBe(antes);
    // The database holds the cap too, whatever writes the row.
    await expect(t.database.db.insert(producto).values({ tiendaId: s.id, nombre: 'Directo', precioUnit: 100_000_001, stock: 1 })).rejects.toThrow();
  });

  it('9 999 unidades al precio más alto se guardan exactas y las listas de facturas siguen respondiendo', async () => {
    const p = (await t.request({ method: 'POST', url: '/api/productos', token: s.token, payload: { nombre: 'Tope', precio: LIMITES_DINERO.maxPrecio, cantidad: 20_000 } })).json().producto;
    const v1 = await L.json('POST', 'venta', { registro: true, EstadoVenta: 'Pendiente', metododepago_ID_Met_Pago: 5 }, s.token);
    const linea = await L.json('POST', 'factura', { registro: true, venta_id_Venta: v1.body.id_Venta, producto_id_Producto: p.id, Cantidad: 9999, Precio: 1 }, s.token);
    expect(linea.body).toMatchObject({ access: true, total: 999_900_000_000 });
    const demasiadas = await L.json('POST', 'factura', { registro: true, venta_id_Venta: v1.body.id_Venta, producto_id_Producto: p.id, Cantidad: 10_000, Precio: 1 }, s.token);
    expect(demasiadas.body).toMatchObject({ access: false });
    for (const url of ['/api/facturas', `/api/facturas/${v1.body.id_Venta}`, '/api/crud/ventas', '/api/crud/factura']) {
      const r = await t.request({ method: 'GET', url, token: s.token });
      expect(r.statusCode, `${url} ${r.body.slice(0, 200)}`).toBe(200);
    }
  });

  it('propiedad: cualquier precio y cantidad dentro del tope se guardan como su producto exacto', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: LIMITES_DINERO.maxPrecio }), fc.integer({ min: 1, max: LIMITES_DINERO.maxCantidad }), async (precio, cantidad) => {
        const p = (await t.request({ method: 'POST', url: '/api/productos', token: s.token, payload: { nombre: `P ${precio}`, precio, cantidad } })).json().producto;
        const r = await t.request({
          method: 'POST',
          url: '/api/ventas',
          token: s.token,
          payload: { lineas: [{ productoId: p.id, cantidad }], metodoPagoId: 1, montoRecibido: LIMITES_DINERO.maxMonto },
        });
        expect(r.statusCode, r.body).toBe(201);
        const exacto = BigInt(precio) * BigInt(cantidad);
        expect(BigInt(r.json().total)).toBe(exacto);
        const [v] = await t.database.db
          .select({ total: sql<string>`${venta.total}::text`, linea: sql<string>`round(${factura.precio} * ${factura.cantidad})::text` })
          .from(venta)
          .innerJoin(factura, eq(factura.ventaId, venta.idVenta))
          .where(eq(venta.idVenta, r.json().id));
        expect(BigInt(v!.total)).toBe(exacto);
        expect(BigInt(v!.linea)).toBe(exacto);
      }),
      { numRuns: 12 },
    );
  });
});
