/**
 * Every sale-line write goes through the sale's owner (issue #27 point 4): a line added, changed or
 * removed through the back-office (/api/crud/factura), the old controller's back-office calls
 * (controlador.factura.php registroCrud / actualizar / eliminar) or the old client's step 2 (registro)
 * moves the stock through the ledger, so that after each write, and after the sale is annulled from
 * any face, every product's stock is its initial stock plus the sum of its movimientos — and the
 * stock is what a person expects (a product at 10 with 3 sold shows 7; annulled, 10 again).
 *
 * On the main of before this issue, a back-office line took no stock (annulling then gave back stock
 * that never left: 10 → 13) and a deleted till line gave none back.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { METODO } from '#shared/roles';
import { factura, movimiento, producto, venta } from '../../db/schema';
import type { TestApp } from '../../../tests/helpers/test-app';
import type { Legacy } from '../../legacy/test-client';
import { INICIAL, tiendaDosProductos, type TiendaDosProductos } from './venta.fixtures';
import { cleanOutcome, legacyOutcome, montarCaras, type Outcome } from '../../../tests/helpers/faces';

let t: TestApp;
let L: Legacy;

type Tienda = TiendaDosProductos;

/** The line writes of one face. */
interface Face {
  name: string;
  agregar(s: Tienda, ventaId: number, productoId: number, cantidad: number): Promise<Outcome & { id?: number }>;
  cambiar(s: Tienda, id: number, ventaId: number, productoId: number, cantidad: number): Promise<Outcome>;
  quitar(s: Tienda, id: number, ventaId: number): Promise<Outcome>;
}

const administracion: Face = {
  name: 'administración',
  agregar: async (s, ventaId, productoId, cantidad) => {
    const r = await s.crud.post('/factura', { ventaId, productoId, cantidad, precio: 1000, estado: 'Pendiente' });
    return { ...cleanOutcome(r), id: r.body?.id };
  },
  cambiar: async (s, id, ventaId, productoId, cantidad) => cleanOutcome(await s.crud.put(`/factura/${id}`, { ventaId, productoId, cantidad, precio: 1000, estado: 'Pendiente' })),
  quitar: async (s, id) => cleanOutcome(await s.crud.del(`/factura/${id}`)),
};

const exito = (b: { success?: boolean; respuesta?: boolean }) => b.success ?? b.respuesta;

const heredada: Face = {
  name: 'heredada (administración)',
  agregar: async (s, ventaId, productoId, cantidad) => {
    const r = await L.json('POST', 'factura', { registroCrud: true, venta_id_Venta: ventaId, producto_id_Producto: productoId, Cantidad: cantidad, Precio: 1000, Estado: 'Pendiente' }, s.token);
    return { ...legacyOutcome(r, exito), id: r.body?.id_Factura };
  },
  cambiar: async (s, id, ventaId, productoId, cantidad) =>
    legacyOutcome(
      await L.json('PUT', 'factura', { actualizar: true, id_Factura: id, venta_id_Venta: ventaId, producto_id_Producto: productoId, Cantidad: cantidad, Precio: 1000, Estado: 'Pendiente' }, s.token),
      exito,
    ),
  quitar: async (s, id, ventaId) => legacyOutcome(await L.json('POST', 'factura', { eliminar: ventaId, id_Factura: id }, s.token), exito),
};

const FACES = [administracion, heredada];

const nuevaTienda = () => tiendaDosProductos(t);

const caras = montarCaras(FACES, nuevaTienda, (app, leg) => {
  t = app;
  L = leg;
});

/** A Pendiente sale of the store (the set-up, not what is checked). */
async function ventaPendiente(s: Tienda) {
  const [v] = await t.database.db.insert(venta).values({ tiendaId: s.id, metodoPagoId: METODO.EFECTIVO, estado: 'Pendiente' }).returning();
  return v!.idVenta;
}

/** A product's stock and its ledger's sum (entries less exits). */
async function libro(productoId: number) {
  const [p] = await t.database.db.select({ stock: producto.stock }).from(producto).where(eq(producto.idProducto, productoId));
  const [m] = await t.database.db
    .select({ suma: sql<string>`coalesce(sum(${movimiento.entradas} - ${movimiento.salidas}), 0)` })
    .from(movimiento)
    .where(eq(movimiento.productoId, productoId));
  return { stock: p!.stock, inicialMasLibro: INICIAL + Number(m!.suma) };
}

/** Stock of both products, each checked against its ledger. */
async function stocks(s: Tienda) {
  const a = await libro(s.a);
  const b = await libro(s.b);
  expect(a.stock).toBe(a.inicialMasLibro);
  expect(b.stock).toBe(b.inicialMasLibro);
  return { a: a.stock, b: b.stock };
}

const totalDe = async (ventaId: number) => (await t.database.db.select({ total: venta.total }).from(venta).where(eq(venta.idVenta, ventaId)))[0]!.total;

describe.each(FACES)('cada línea escrita por $name mueve el stock por el libro (issue #27)', (face) => {
  it('agregar, cambiar la cantidad, cambiar el producto, quitar: stock = inicial + Σ movimientos y el total sigue', async () => {
    const s = caras.storeOf(face);
    const v = await ventaPendiente(s);
    const add = await face.agregar(s, v, s.a, 3);
    expect(add.ok, JSON.stringify(add)).toBe(true);
    expect(await stocks(s)).toEqual({ a: 7, b: 10 });
    expect(await totalDe(v)).toBe(3000);

    expect(await face.cambiar(s, add.id!, v, s.a, 5)).toEqual({ ok: true });
    expect(await stocks(s)).toEqual({ a: 5, b: 10 });
    expect(await totalDe(v)).toBe(5000);

    expect(await face.cambiar(s, add.id!, v, s.b, 4)).toEqual({ ok: true });
    expect(await stocks(s)).toEqual({ a: 10, b: 6 });

    expect(await face.quitar(s, add.id!, v)).toEqual({ ok: true });
    expect(await stocks(s)).toEqual({ a: 10, b: 10 });
    expect(await totalDe(v)).toBe(0);
  });

  it('por peso: 0,375 kg sale exacto y se cobra redondeado al peso; por unidad, una cantidad con decimales se niega y nada cambia (ADR 030)', async () => {
    const s = caras.storeOf(face);
    const v = await ventaPendiente(s);
    await t.database.db.update(producto).set({ unidadDian: 'KGM' }).where(eq(producto.idProducto, s.b));
    try {
      // Written as a form writes it: "0,375".
      const add = await face.agregar(s, v, s.b, '0,375' as unknown as number);
      expect(add.ok, JSON.stringify(add)).toBe(true);
      expect(await stocks(s)).toEqual({ a: 10, b: 9.625 });
      // $ 1.000 × 0,375 = $ 375.
      expect(await totalDe(v)).toBe(375);
      expect(await face.cambiar(s, add.id!, v, s.b, 0.1)).toEqual({ ok: true });
      expect(await stocks(s)).toEqual({ a: 10, b: 9.9 });
      expect(await face.quitar(s, add.id!, v)).toEqual({ ok: true });
      expect(await stocks(s)).toEqual({ a: 10, b: 10 });

      expect(await face.agregar(s, v, s.a, 1.5)).toMatchObject({ ok: false, mensaje: M.ventas.cantidadEnteraDe('Arroz') });
      expect(await face.agregar(s, v, s.b, 0.0005)).toMatchObject({ ok: false });
      expect(await stocks(s)).toEqual({ a: 10, b: 10 });
      expect(await t.database.db.select().from(factura).where(eq(factura.ventaId, v))).toEqual([]);
    } finally {
      await t.database.db.update(producto).set({ unidadDian: '94' }).where(eq(producto.idProducto, s.b));
    }
  });

  it('una línea por encima del stock se niega con el texto de la caja y nada cambia', async () => {
    const s = caras.storeOf(face);
    const v = await ventaPendiente(s);
    expect(await face.agregar(s, v, s.a, 11)).toMatchObject({ ok: false, kind: 'rechazo', mensaje: M.ventas.sinStock(['Arroz']) });
    expect(await stocks(s)).toEqual({ a: 10, b: 10 });
    expect(await t.database.db.select().from(factura).where(eq(factura.ventaId, v))).toEqual([]);
  });

  it('anular la venta desde la tienda, la administración o la API heredada devuelve lo que salió, ni más ni menos', async () => {
    const s = caras.storeOf(face);
    const anular = [
      async (ventaId: number) => (await t.request({ method: 'POST', url: `/api/ventas/${ventaId}/anular`, token: s.token })).statusCode,
      async (ventaId: number) => (await s.crud.put(`/ventas/${ventaId}`, { fecha: '2026-03-01', hora: '10:00', estado: 'Anulada', metodoPagoId: METODO.EFECTIVO })).status,
      async (ventaId: number) => (await L.json('PUT', 'venta', { modificarEstado: true, id_Venta: ventaId, EstadoVenta: 'Anulada' }, s.token)).status,
    ];
    for (const anula of anular) {
      const v = await ventaPendiente(s);
      const add = await face.agregar(s, v, s.a, 3);
      expect(add.ok).toBe(true);
      expect(await stocks(s)).toEqual({ a: 7, b: 10 });
      expect(await anula(v)).toBe(200);
      expect(await stocks(s)).toEqual({ a: 10, b: 10 });
      // An annulled sale's lines no longer change: its stock is already back.
      expect(await face.quitar(s, add.id!, v)).toMatchObject({ ok: false, mensaje: M.ventas.lineasDeVentaAnulada });
      expect(await stocks(s)).toEqual({ a: 10, b: 10 });
    }
  });
});

describe('el paso 2 de la venta heredada (registro) también pasa por el dueño de la venta', () => {
  it('registro de línea: el stock baja con su movimiento; anulada, vuelve', async () => {
    const s = caras.storeOf(administracion);
    const v = await ventaPendiente(s);
    const r = await L.json('POST', 'factura', { registro: true, venta_id_Venta: v, producto_id_Producto: s.b, Cantidad: 2, Precio: 1, Estado: 'Pagado' }, s.token);
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ access: true, Precio: 2500, total: 5000 });
    expect(await stocks(s)).toEqual({ a: 10, b: 8 });
    const [linea] = await t.database.db.select({ estado: factura.estado }).from(factura).where(and(eq(factura.ventaId, v), eq(factura.productoId, s.b)));
    expect(linea!.estado).toBe('Pendiente');
    await L.json('PUT', 'venta', { modificarEstado: true, id_Venta: v, EstadoVenta: 'Anulada' }, s.token);
    expect(await stocks(s)).toEqual({ a: 10, b: 10 });
  });
});
