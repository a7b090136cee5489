/**
 * A sale is recorded once: the sale's key (replays, a spent key, five at once, a refused sale, another
 * store's key), and races for the last units and with annulments. Split from venta.test.ts (issue #54,
 * no file over 600 lines); the same requests and assertions.
 */
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { movimiento } from '../../db/schema';
import { crearEmpleado, crearTienda } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';
import { ventaBase } from './venta.fixtures';

const V = M.ventas;

const t = usarApp();
const { crearProducto, stockOf, counts, vender, post } = ventaBase(t);

describe('una venta se registra una sola vez (clave de la venta)', () => {
  const claveNueva = () => crypto.randomUUID();

  it('la misma venta enviada otra vez responde el mismo recibo y no descuenta el stock dos veces', async () => {
    const s = await crearTienda(t);
    const p = await crearProducto(s.id, { nombre: 'Gaseosa', precio: 2500, stock: 10 });
    const body = { clave: claveNueva(), lineas: [{ productoId: p.idProducto, cantidad: 2 }], metodoPagoId: 5, montoRecibido: 5000 };
    const before = await counts(s.id);
    const first = await vender(s.token, body);
    const second = await vender(s.token, body);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(await stockOf(p.idProducto)).toBe(8);
    const after = await counts(s.id);
    expect(after).toEqual({ ventas: before.ventas + 1, facturas: before.facturas + 1, movimientos: before.movimientos + 1 });
  });

  it('una clave ya gastada con otro carrito responde el recibo de la primera venta y no registra otra (issue #51)', async () => {
    const s = await crearTienda(t);
    const p = await crearProducto(s.id, { nombre: 'Avena', precio: 2000, stock: 10 });
    const clave = claveNueva();
    const first = await vender(s.token, { clave, lineas: [{ productoId: p.idProducto, cantidad: 2 }], metodoPagoId: 5, montoRecibido: 4000 });
    expect(first.statusCode).toBe(201);
    const before = await counts(s.id);
    const otra = await vender(s.token, { clave, lineas: [{ productoId: p.idProducto, cantidad: 3 }], metodoPagoId: 5, montoRecibido: 6000 });
    expect(otra.statusCode).toBe(201);
    expect(otra.json()).toEqual(first.json());
    expect(await stockOf(p.idProducto)).toBe(8);
    expect(await counts(s.id)).toEqual(before);
  });

  it('cinco envíos simultáneos con la misma clave dejan una sola venta', async () => {
    const s = await crearTienda(t);
    const e = await crearEmpleado(t, s.codigo);
    const a = await crearProducto(s.id, { nombre: 'Arepas', precio: 3000, stock: 50 });
    const b = await crearProducto(s.id, { nombre: 'Queso', precio: 9000, stock: 50 });
    const clave = claveNueva();
    const before = await counts(s.id);
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        vender(e.token, {
          clave,
          // The same cart, sent in another order by some tries: the key alone says it is the same sale.
          lineas: i % 2 ? [{ productoId: a.idProducto, cantidad: 1 }, { productoId: b.idProducto, cantidad: 1 }] : [{ productoId: b.idProducto, cantidad: 1 }, { productoId: a.idProducto, cantidad: 1 }],
          metodoPagoId: 5,
          montoRecibido: 20000,
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
    expect(await stockOf(a.idProducto)).toBe(49);
    expect(await stockOf(b.idProducto)).toBe(49);
    const after = await counts(s.id);
    expect(after).toEqual({ ventas: before.ventas + 1, facturas: before.facturas + 2, movimientos: before.movimientos + 2 });
  });

  it('una venta rechazada no guarda la clave: corregida, la misma clave la registra', async () => {
    const s = await crearTienda(t);
    const p = await crearProducto(s.id, { nombre: 'Huevos', precio: 600, stock: 3 });
    const clave = claveNueva();
    const corta = await vender(s.token, { clave, lineas: [{ productoId: p.idProducto, cantidad: 5 }], metodoPagoId: 5, montoRecibido: 5000 });
    expect(corta.statusCode).toBe(422);
    const ok = await vender(s.token, { clave, lineas: [{ productoId: p.idProducto, cantidad: 3 }], metodoPagoId: 5, montoRecibido: 5000 });
    expect(ok.statusCode).toBe(201);
    expect(await stockOf(p.idProducto)).toBe(0);
  });

  it('la clave es de la tienda: la misma clave en otra tienda es otra venta, y una clave mal formada se rechaza', async () => {
    const s1 = await crearTienda(t);
    const s2 = await crearTienda(t);
    const p1 = await crearProducto(s1.id, { stock: 5 });
    const p2 = await crearProducto(s2.id, { stock: 5 });
    const clave = claveNueva();
    const r1 = await vender(s1.token, { clave, lineas: [{ productoId: p1.idProducto, cantidad: 1 }], metodoPagoId: 5, montoRecibido: 5000 });
    const r2 = await vender(s2.token, { clave, lineas: [{ productoId: p2.idProducto, cantidad: 1 }], metodoPagoId: 5, montoRecibido: 5000 });
    expect([r1.statusCode, r2.statusCode]).toEqual([201, 201]);
    expect(r2.json().id).not.toBe(r1.json().id);
    expect(r2.json().tienda).not.toBe(r1.json().tienda);

    const mala = await vender(s1.token, { clave: 'no-es-uuid', lineas: [{ productoId: p1.idProducto, cantidad: 1 }], metodoPagoId: 5, montoRecibido: 5000 });
    expect(mala.statusCode).toBe(400);
    expect(mala.json().error.message).toBe(V.claveInvalida);
    expect(await stockOf(p1.idProducto)).toBe(4);
  });
});

describe('la carrera por las últimas unidades', () => {
  it('20 ventas simultáneas por 5 unidades: exactamente 5 se venden y el stock termina en 0', async () => {
    const s = await crearTienda(t);
    const e = await crearEmpleado(t, s.codigo);
    const p = await crearProducto(s.id, { nombre: 'Última cerveza', precio: 3300, stock: 5 });
    const other = await crearProducto(s.id, { nombre: 'Agua', precio: 1800, stock: 1000 });
    const before = await counts(s.id);

    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        vender(i % 2 ? e.token : s.token, {
          // Half of them also buy another product, listed first, so that locks are taken in a different order than sent.
          lineas: i % 3 ? [{ productoId: p.idProducto, cantidad: 1 }] : [{ productoId: other.idProducto, cantidad: 1 }, { productoId: p.idProducto, cantidad: 1 }],
          metodoPagoId: 5,
          montoRecibido: 10000,
        }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 201);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(ok).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const r of refused) {
      expect(r.statusCode).toBe(422);
      expect(r.json().error.message).toBe(V.sinStock(['Última cerveza']));
    }
    expect(await stockOf(p.idProducto)).toBe(0);

    const soldOther = ok.filter((r) => r.json().lineas.length === 2).length;
    expect(await stockOf(other.idProducto)).toBe(1000 - soldOther);
    const after = await counts(s.id);
    expect(after.ventas - before.ventas).toBe(5);
    expect(after.facturas - before.facturas).toBe(5 + soldOther);
    expect(after.movimientos - before.movimientos).toBe(5 + soldOther);
    const exits = await t.database.db.select().from(movimiento).where(eq(movimiento.productoId, p.idProducto)).orderBy(asc(movimiento.idMovimiento));
    expect(exits.map((m) => [m.stockAntes, m.salidas, m.cantidadDespues])).toEqual([
      [5, 1, 4],
      [4, 1, 3],
      [3, 1, 2],
      [2, 1, 1],
      [1, 1, 0],
    ]);
  });
});

describe('ventas y anulaciones a la vez', () => {
  it('anular y vender los mismos productos al mismo tiempo nunca falla ni descuadra el stock', async () => {
    const s = await crearTienda(t);
    const a = await crearProducto(s.id, { nombre: 'Arroz', precio: 100, stock: 1000 });
    const b = await crearProducto(s.id, { nombre: 'Fríjol', precio: 100, stock: 1000 });
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await vender(s.token, { lineas: [{ productoId: b.idProducto, cantidad: 2 }, { productoId: a.idProducto, cantidad: 1 }], metodoPagoId: 5, montoRecibido: 1000 });
      ids.push(res.json().id);
    }
    const results = await Promise.all([
      ...ids.map((id) => post(s.token, `/api/ventas/${id}/anular`)),
      ...ids.map(() => vender(s.token, { lineas: [{ productoId: a.idProducto, cantidad: 1 }, { productoId: b.idProducto, cantidad: 2 }], metodoPagoId: 5, montoRecibido: 1000 })),
    ]);
    expect(results.map((r) => r.statusCode).sort((x, y) => x - y)).toEqual([...Array(8).fill(200), ...Array(8).fill(201)]);
    expect(await stockOf(a.idProducto)).toBe(1000 - 8);
    expect(await stockOf(b.idProducto)).toBe(1000 - 16);
  });
});
