/**
 * Issue #51 point 4: what shapes a price needs the price permission and leaves price history, on
 * every face. A pack's factor (12 → 120 for the same $ 100.000 sells each unit for a tenth), a
 * product's unit (unit ↔ kg: 0,05 of a $ 20.000 item for $ 1.000), and a product's first price and
 * opening stock at creation. A role 2 without `precios` is refused and nothing changes (the attempt
 * is logged); role 1's change is in the price history and the activity log with before, after and face.
 */
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { actividad, historialPrecio, producto, productoUnidadVenta } from '../../db/schema';
import { crearEmpleado, crearTienda } from '../../../tests/helpers/factories';
import type { TestApp } from '../../../tests/helpers/test-app';
import type { Legacy } from '../../legacy/test-client';
import { client } from '../crud/crud.fixtures';
import { montarCaras } from '../../../tests/helpers/faces';

let t: TestApp;
let L: Legacy;
const P = M.productos.presentaciones;

type Tienda = Awaited<ReturnType<typeof crearTienda>> & { cajero: string };

const caras = montarCaras([{ name: 'todas' }], async (): Promise<Tienda> => {
  const s = await crearTienda(t, { sinCaja: true });
  return { ...s, cajero: (await crearEmpleado(t, s.codigo, { sinCaja: true })).token };
}, (app, leg) => {
  t = app;
  L = leg;
});

const nuevaTienda = async (): Promise<Tienda> => {
  const s = await crearTienda(t, { sinCaja: true });
  return { ...s, cajero: (await crearEmpleado(t, s.codigo, { sinCaja: true })).token };
};

async function productoCon(s: Tienda, nombre: string, precio: number) {
  const r = await t.request({ method: 'POST', url: '/api/productos', token: s.token, payload: { nombre, precio, cantidad: 10 } });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().producto.id as number;
}

async function conPaca(s: Tienda, codigo: string) {
  const id = await productoCon(s, 'Gaseosa 400 ml', 9_000);
  const r = await t.request({ method: 'POST', url: `/api/productos/${id}/presentaciones`, token: s.token, payload: { nombre: 'Paca x12', factor: 12, codigoBarras: codigo, precio: 100_000 } });
  expect(r.statusCode, r.body).toBe(201);
  return { id, paca: r.json().presentacion.id as number };
}

const historial = async (id: number) =>
  (await t.database.db.select().from(historialPrecio).where(eq(historialPrecio.productoId, id)).orderBy(asc(historialPrecio.idHistorial))).map((h) => ({
    cara: h.cara,
    campo: h.campo,
    anterior: h.anterior,
    nuevo: h.nuevo,
    detalle: h.detalle,
  }));
const entradas = async (tiendaId: number, tipo: string) =>
  (await t.database.db.select().from(actividad).where(and(eq(actividad.tiendaId, tiendaId), eq(actividad.tipo, tipo))).orderBy(asc(actividad.idActividad))).map((a) => ({
    cara: a.cara,
    detalle: a.detalle,
  }));
const permitir = async (s: Tienda, cambios: Record<string, boolean>) => {
  const actuales = (await t.request({ method: 'GET', url: '/api/tienda/permisos', token: s.token })).json();
  Object.assign(actuales.roles[ROL.EMPLEADO], cambios);
  expect((await t.request({ method: 'PUT', url: '/api/tienda/permisos', token: s.token, payload: actuales })).statusCode).toBe(200);
};

describe('una presentación (paca) cambia su precio por unidad: necesita el permiso de precios', () => {
  it('el rol 2 sin permiso de precios no cambia 12 → 120 unidades por el mismo precio (ni con otro precio); el rol 1 sí, con historial y actividad', async () => {
    const s = caras.storeOf({ name: 'todas' });
    const { id, paca } = await conPaca(s, '7709990000120');
    const url = `/api/productos/${id}/presentaciones/${paca}`;
    // The request: the same $ 100.000 for 120 units instead of 12.
    const mismoPrecio = await t.request({ method: 'PUT', url, token: s.cajero, payload: { nombre: 'Paca x12', factor: 120, codigoBarras: '7709990000120', precio: 100_000 } });
    expect(mismoPrecio.statusCode).toBe(403);
    expect(mismoPrecio.json().error.message).toBe(P.factorSinPermiso);
    const otroPrecio = await t.request({ method: 'PUT', url, token: s.cajero, payload: { nombre: 'Paca x12', factor: 120, codigoBarras: '7709990000120', precio: 90_000 } });
    expect(otroPrecio.statusCode).toBe(403);
    const [u] = await t.database.db.select().from(productoUnidadVenta).where(eq(productoUnidadVenta.idUnidadVenta, paca));
    expect({ factor: u!.factor, precio: u!.precio }).toEqual({ factor: 12, precio: 100_000 });
    expect((await entradas(s.id, 'rechazo')).map((e) => (e.detalle as { mensaje: string }).mensaje)).toEqual([P.factorSinPermiso, M.permisos.denegado.precios]);

    // Role 1: passes, and the pack's creation and change are both in the price history and the log.
    const dueño = await t.request({ method: 'PUT', url, token: s.token, payload: { nombre: 'Paca x120', factor: 120, codigoBarras: '7709990000120', precio: 100_000 } });
    expect(dueño.statusCode, dueño.body).toBe(200);
    expect((await historial(id)).slice(1)).toEqual([
      { cara: 'tienda', campo: 'presentacion', anterior: null, nuevo: 100_000, detalle: { presentacion: 'Paca x12', factorAnterior: null, factorNuevo: 12 } },
      { cara: 'tienda', campo: 'presentacion', anterior: 100_000, nuevo: 100_000, detalle: { presentacion: 'Paca x120', factorAnterior: 12, factorNuevo: 120 } },
    ]);
    const precios = await entradas(s.id, 'precio');
    expect(precios.at(-1)).toEqual({
      cara: 'tienda',
      detalle: { productoId: id, producto: 'Gaseosa 400 ml (Paca x120)', anterior: 100_000, nuevo: 100_000, factorAnterior: 12, factorNuevo: 120 },
    });
    // The owner reads it in words, in the activity log and in the product's price history.
    const log = (await t.request({ method: 'GET', url: '/api/actividad?tipo=precio', token: s.token })).json();
    expect(log.items[0].descripcion).toBe('Precio de «Gaseosa 400 ml (Paca x120)»: $ 100.000 → $ 100.000; unidades: 12 → 120');
    const hist = (await t.request({ method: 'GET', url: `/api/productos/${id}/historial-precios`, token: s.token })).json();
    expect(hist.items[0]).toMatchObject({ campo: 'presentacion', anterior: 100_000, nuevo: 100_000, detalle: { presentacion: 'Paca x120', factorAnterior: 12, factorNuevo: 120 } });
  });

  it('con el permiso de precios el rol 2 cambia el factor, y queda a su nombre', async () => {
    const s = await nuevaTienda();
    const { id, paca } = await conPaca(s, '7709990000121');
    await permitir(s, { precios: true });
    const r = await t.request({ method: 'PUT', url: `/api/productos/${id}/presentaciones/${paca}`, token: s.cajero, payload: { nombre: 'Paca x24', factor: 24, codigoBarras: '7709990000121', precio: 190_000 } });
    expect(r.statusCode, r.body).toBe(200);
    const hist = (await t.request({ method: 'GET', url: `/api/productos/${id}/historial-precios`, token: s.token })).json();
    expect(hist.items[0]).toMatchObject({ persona: 'Ana Pérez', campo: 'presentacion', anterior: 100_000, nuevo: 190_000 });
  });
});

describe('la unidad (por unidad ↔ por peso o medida) cambia lo que vale el precio', () => {
  it('el rol 2 no pasa un producto de unidad a kilo; el rol 1 sí por la tienda, la administración y la API heredada, con historial y actividad con su cara', async () => {
    const s = await nuevaTienda();
    const id = await productoCon(s, 'Queso campesino', 20_000);
    const FORM = { nombre: 'Queso campesino', precio: 20_000, stock: 10, stockAnterior: 10, stockMin: 0, estado: 1, marca: null };
    const r2 = await t.request({ method: 'PUT', url: `/api/productos/${id}`, token: s.cajero, payload: { ...FORM, unidad: 'KGM' } });
    expect(r2.statusCode).toBe(403);
    expect(r2.json().error.message).toBe(M.productos.unidadSinPermiso);
    expect((await t.database.db.select({ u: producto.unidadDian }).from(producto).where(eq(producto.idProducto, id)))[0]!.u).toBe('94');

    // Role 1 through each face: store → kg, back-office → unit, legacy back-office → kg.
    const tienda = await t.request({ method: 'PUT', url: `/api/productos/${id}`, token: s.token, payload: { ...FORM, unidad: 'KGM' } });
    expect(tienda.statusCode, tienda.body).toBe(200);
    const crud = await client(t, s.token).put(`/producto/${id}`, { nombre: 'Queso campesino', precioUnit: 20_000, stock: 10, stockAnterior: 10, stockMin: 0, estado: 1, marca: null, unidadDian: '94' });
    expect(crud.status, JSON.stringify(crud.body)).toBe(200);
    const leg = await L.formData('producto', { modificarProducto2: 'true', id_Producto: id, Nombre: 'Queso campesino', Precio_unit: 20_000, Stock: 10, Stock_Min: 0, estado: 1, Unidad: 'KGM' }, s.token);
    expect(leg.status, JSON.stringify(leg.body)).toBe(200);
    const unidades = (await historial(id)).filter((h) => h.campo === 'unidad');
    expect(unidades).toEqual([
      { cara: 'tienda', campo: 'unidad', anterior: 20_000, nuevo: 20_000, detalle: { unidadAnterior: '94', unidadNueva: 'KGM' } },
      { cara: 'crud', campo: 'unidad', anterior: 20_000, nuevo: 20_000, detalle: { unidadAnterior: 'KGM', unidadNueva: '94' } },
      { cara: 'legacy', campo: 'unidad', anterior: 20_000, nuevo: 20_000, detalle: { unidadAnterior: '94', unidadNueva: 'KGM' } },
    ]);
    const precios = (await entradas(s.id, 'precio')).map((e) => [e.cara, (e.detalle as { unidadAnterior: string }).unidadAnterior, (e.detalle as { unidadNueva: string }).unidadNueva]);
    expect(precios).toEqual([
      ['tienda', '94', 'KGM'],
      ['crud', 'KGM', '94'],
      ['legacy', '94', 'KGM'],
    ]);
    const log = (await t.request({ method: 'GET', url: '/api/actividad?tipo=precio', token: s.token })).json();
    expect(log.items[0].descripcion).toBe('Precio de «Queso campesino»: $ 20.000 → $ 20.000; se vende por: Unidad → Kilo (kg)');
  });
});

describe('crear un producto pone su primer precio y su stock inicial', () => {
  it('el rol 2 sin permiso de precios no crea productos (tienda ni API heredada); con precios pero sin stock, solo con cantidad 0', async () => {
    const s = await nuevaTienda();
    const tienda = await t.request({ method: 'POST', url: '/api/productos', token: s.cajero, payload: { nombre: 'Aguardiente', precio: 1, cantidad: 500 } });
    expect(tienda.statusCode).toBe(403);
    expect(tienda.json().error.message).toBe(M.productos.precioInicialSinPermiso);
    const leg = await L.json('POST', 'producto', { registrarProductoUnico: true, nombre: 'Aguardiente', precio: 1, cantidad: 500, codigo_invitacion: s.codigo }, s.cajero);
    expect(leg.body.registro).not.toBe(true);
    expect(await t.database.db.select().from(producto).where(eq(producto.tiendaId, s.id))).toEqual([]);
    expect((await entradas(s.id, 'rechazo')).map((e) => (e.detalle as { mensaje: string }).mensaje)).toEqual([M.productos.precioInicialSinPermiso, M.productos.precioInicialSinPermiso]);

    await permitir(s, { precios: true });
    const conStock = await t.request({ method: 'POST', url: '/api/productos', token: s.cajero, payload: { nombre: 'Aguardiente', precio: 45_000, cantidad: 500 } });
    expect(conStock.statusCode).toBe(403);
    expect(conStock.json().error.message).toBe(M.productos.stockInicialSinPermiso);
    const sinStock = await t.request({ method: 'POST', url: '/api/productos', token: s.cajero, payload: { nombre: 'Aguardiente', precio: 45_000, cantidad: 0 } });
    expect(sinStock.statusCode, sinStock.body).toBe(201);
    const hist = (await t.request({ method: 'GET', url: `/api/productos/${sinStock.json().producto.id}/historial-precios`, token: s.token })).json();
    expect(hist.items).toEqual([expect.objectContaining({ persona: 'Ana Pérez', campo: 'precio', anterior: null, nuevo: 45_000 })]);
  });
});
