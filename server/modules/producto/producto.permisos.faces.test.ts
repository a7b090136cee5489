/**
 * Who may change a price (issue #27 point 1), on every face: a role-2 employee's price edit through
 * the store API (/api/productos), the back-office (/api/crud/producto) and the old controller API
 * (modificarProducto, and the back-office's modificarProducto2) is refused by default and changes
 * nothing; the attempt is in the activity log. Once the owner allows it, the same edit passes and
 * lands in the product's price history with its face (point 2).
 */
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { actividad, historialPrecio, producto } from '../../db/schema';
import { crearEmpleado, crearTienda } from '../../../tests/helpers/factories';
import type { TestApp } from '../../../tests/helpers/test-app';
import type { Legacy } from '../../legacy/test-client';
import { client, type Client } from '../crud/crud.fixtures';
import { cleanOutcome, legacyOutcome as legacyOutcomeDe, montarCaras, type Outcome } from '../../../tests/helpers/faces';

let t: TestApp;
let L: Legacy;

type Tienda = Awaited<ReturnType<typeof crearTienda>> & { cajero: string; crud: Client; crudCajero: Client };

interface Face {
  name: string;
  /** The face's name in the price history and the activity log. */
  cara: 'tienda' | 'crud' | 'legacy';
  precio(s: Tienda, token: string, id: number, precio: number): Promise<Outcome>;
  stock(s: Tienda, token: string, id: number, stock: number): Promise<Outcome>;
}

const legacyOutcome = (r: { status: number; body: unknown }) => legacyOutcomeDe(r, (b) => b.success);
const put = async (token: string, id: number, payload: object) => {
  const r = await t.request({ method: 'PUT', url: `/api/productos/${id}`, token, payload });
  return { status: r.statusCode, body: r.json() };
};
const FORM = { nombre: 'Arroz Diana 500 g', stockMin: 0, estado: 1 as const, marca: null };

const tienda: Face = {
  name: 'tienda',
  cara: 'tienda',
  precio: async (_s, token, id, precio) =>
    cleanOutcome(await put(token, id, { ...FORM, precio, stock: 10, stockAnterior: 10 })),
  stock: async (_s, token, id, stock) =>
    cleanOutcome(await put(token, id, { ...FORM, precio: 2800, stock, stockAnterior: 10 })),
};

const administracion: Face = {
  name: 'administración',
  cara: 'crud',
  precio: async (s, token, id, precio) =>
    cleanOutcome(await (token === s.token ? s.crud : s.crudCajero).put(`/producto/${id}`, { ...FORM, precioUnit: precio, stock: 10, stockAnterior: 10 })),
  stock: async (s, token, id, stock) =>
    cleanOutcome(await (token === s.token ? s.crud : s.crudCajero).put(`/producto/${id}`, { ...FORM, precioUnit: 2800, stock, stockAnterior: 10 })),
};

const heredada: Face = {
  name: 'heredada',
  cara: 'legacy',
  precio: async (_s, token, id, precio) =>
    legacyOutcome(await L.json('PUT', 'producto', { modificarProducto: id, nombre: FORM.nombre, precio, stock: 10, stock_anterior: 10, stock_min: 0, estado: 1 }, token)),
  stock: async (_s, token, id, stock) =>
    legacyOutcome(await L.json('PUT', 'producto', { modificarProducto: id, nombre: FORM.nombre, precio: 2800, stock, stock_anterior: 10, stock_min: 0, estado: 1 }, token)),
};

const heredadaAdministracion: Face = {
  name: 'heredada (administración)',
  cara: 'legacy',
  precio: async (_s, token, id, precio) =>
    legacyOutcome(await L.formData('producto', { modificarProducto2: 'true', id_Producto: id, Nombre: FORM.nombre, Precio_unit: precio, Stock: 10, Stock_Min: 0, estado: 1 }, token)),
  stock: async (_s, token, id, stock) =>
    legacyOutcome(await L.formData('producto', { modificarProducto2: 'true', id_Producto: id, Nombre: FORM.nombre, Precio_unit: 2800, Stock: stock, Stock_Min: 0, estado: 1 }, token)),
};

const FACES = [tienda, administracion, heredada, heredadaAdministracion];

async function nuevaTienda(): Promise<Tienda> {
  const s = await crearTienda(t, { sinCaja: true });
  const cajero = (await crearEmpleado(t, s.codigo, { sinCaja: true })).token;
  return { ...s, cajero, crud: client(t, s.token), crudCajero: client(t, cajero) };
}

const caras = montarCaras(FACES, nuevaTienda, (app, leg) => {
  t = app;
  L = leg;
});

async function nuevoProducto(s: Tienda): Promise<number> {
  const r = await t.request({ method: 'POST', url: '/api/productos', token: s.token, payload: { nombre: FORM.nombre, precio: 2800, cantidad: 10 } });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().producto.id;
}

const fila = async (id: number) => (await t.database.db.select({ precio: producto.precioUnit, stock: producto.stock }).from(producto).where(eq(producto.idProducto, id)))[0];
const historial = async (id: number) =>
  (await t.database.db.select().from(historialPrecio).where(eq(historialPrecio.productoId, id)).orderBy(asc(historialPrecio.idHistorial))).map((h) => [h.cara, h.anterior, h.nuevo]);
const intentos = async (tiendaId: number) =>
  (await t.database.db.select().from(actividad).where(and(eq(actividad.tiendaId, tiendaId), eq(actividad.tipo, 'rechazo')))).map((a) => a.detalle);

/** The refusal each face gives a role-2 employee: the permission's own on the store's faces; the back-office is role 1's. */
const rechazoEsperado = (f: Face, permiso: 'precios' | 'stock'): Outcome =>
  f === tienda || f === heredada
    ? { ok: false, kind: 'prohibido', mensaje: M.permisos.denegado[permiso] }
    : { ok: false, kind: 'prohibido', mensaje: M.roles.backofficeOnly };

describe.each(FACES)('cara $name', (f) => {
  it('un empleado (rol 2) no cambia el precio ni el stock por defecto: nada cambia y el intento queda registrado', async () => {
    const s = caras.storeOf(f);
    const id = await nuevoProducto(s);
    expect(await f.precio(s, s.cajero, id, 100)).toEqual(rechazoEsperado(f, 'precios'));
    expect(await f.stock(s, s.cajero, id, 50)).toEqual(rechazoEsperado(f, 'stock'));
    expect(await fila(id)).toEqual({ precio: 2800, stock: 10 });
    expect(await historial(id)).toEqual([['tienda', null, 2800]]);
    // The store's faces reach the domain, which records the attempts; the back-office refuses role 2 at its door.
    const esperados = f === tienda || f === heredada ? [{ accion: 'precios', mensaje: M.permisos.denegado.precios }, { accion: 'stock', mensaje: M.permisos.denegado.stock }] : [];
    expect(await intentos(s.id)).toEqual(esperados.map((e) => ({ ...e, entidad: 'producto', id, nombre: FORM.nombre })));
  });

  it('con el permiso de la tienda el cambio pasa y queda en el historial de precios con su cara; el administrador siempre puede', async () => {
    const s = caras.storeOf(f);
    const id = await nuevoProducto(s);
    const actuales = (await t.request({ method: 'GET', url: '/api/tienda/permisos', token: s.token })).json();
    actuales.roles[ROL.EMPLEADO].precios = true;
    expect((await t.request({ method: 'PUT', url: '/api/tienda/permisos', token: s.token, payload: actuales })).statusCode).toBe(200);

    const quien = f === tienda || f === heredada ? s.cajero : s.token;
    expect(await f.precio(s, quien, id, 3000)).toEqual({ ok: true });
    expect(await fila(id)).toEqual({ precio: 3000, stock: 10 });
    expect(await historial(id)).toEqual([
      ['tienda', null, 2800],
      [f.cara, 2800, 3000],
    ]);
    const hist = (await t.request({ method: 'GET', url: `/api/productos/${id}/historial-precios`, token: s.token })).json();
    expect(hist.items[0]).toMatchObject({ cara: f.cara, campo: 'precio', anterior: 2800, nuevo: 3000, persona: quien === s.cajero ? 'Ana Pérez' : M.actividad.cuentaTienda });
    // Another store's product: 404, never its history.
    expect((await t.request({ method: 'GET', url: `/api/productos/${id}/historial-precios`, token: caras.ajena.token })).statusCode).toBe(404);
  });
});
