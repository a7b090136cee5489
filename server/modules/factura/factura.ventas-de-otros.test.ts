/**
 * Issue #51 point 8: a new store's Empleado (role 2) sees only the sales they made in *Gestionar
 * facturas* (list, detail, export) and in the old API's invoice list, until the owner gives the
 * `ventasDeOtros` permission in *Permisos*. Another employee's sale answers as a missing one.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import type { TPermisosTienda } from '#shared/schemas/permisos';
import { factura, producto, usuario, venta } from '../../db/schema';
import { crearEmpleado, crearTienda } from '../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { expectRefusal, legacy, type Legacy } from '../../legacy/test-client';

let t: TestApp;
let L: Legacy;
type Store = Awaited<ReturnType<typeof crearTienda>>;
type Empleado = Awaited<ReturnType<typeof crearEmpleado>> & { id: number };

let s: Store;
let ana: Empleado;
let beto: Empleado;
let encargada: Empleado;
const v: Record<'ana' | 'beto' | 'tienda', number> = { ana: 0, beto: 0, tienda: 0 };

const get = (token: string, url: string) => t.request({ method: 'GET', url, token });

async function empleado(rol?: number): Promise<Empleado> {
  const e = await crearEmpleado(t, s.codigo, rol ? { rol } : {});
  const [u] = await t.database.db.select({ id: usuario.idUsuario }).from(usuario).where(eq(usuario.correo, e.email));
  return { ...e, id: u!.id };
}

/** A completed sale of one line, made by `usuarioId` (null: the store account). */
async function vender(productoId: number, precio: number, usuarioId: number | null) {
  const [row] = await t.database.db.insert(venta).values({ tiendaId: s.id, metodoPagoId: 5, total: precio, montoRecibido: precio, usuarioId, estado: 'Completada' }).returning({ id: venta.idVenta });
  await t.database.db.insert(factura).values({ tiendaId: s.id, ventaId: row!.id, productoId, cantidad: 1, precio, estado: 'Pagado' });
  return row!.id;
}

const ids = async (token: string) => ((await get(token, '/api/facturas')).json() as { items: { idVenta: number }[] }).items.map((i) => i.idVenta).sort();
const total = async (token: string) => ((await get(token, '/api/facturas')).json() as { total: number }).total;

beforeAll(async () => {
  t = await createTestApp();
  L = legacy(t);
  s = await crearTienda(t, { nombreTienda: 'Tienda Las Cajeras' });
  ana = await empleado();
  beto = await empleado();
  encargada = await empleado(3);
  const [p] = await t.database.db.insert(producto).values({ tiendaId: s.id, nombre: 'Panela 500 g', precioUnit: 3200, stock: 50 }).returning({ id: producto.idProducto });
  v.ana = await vender(p!.id, 3200, ana.id);
  v.beto = await vender(p!.id, 6400, beto.id);
  v.tienda = await vender(p!.id, 9600, null);
});
afterAll(() => t?.close());

describe('un empleado nuevo solo ve sus ventas (issue #51 punto 8)', () => {
  it('la lista de Gestionar facturas trae solo las suyas, con su cuenta', async () => {
    expect(await ids(ana.token)).toEqual([v.ana]);
    expect(await total(ana.token)).toBe(1);
    expect(await ids(beto.token)).toEqual([v.beto]);
    // The owner and the Encargado see every sale.
    expect(await ids(s.token)).toEqual([v.ana, v.beto, v.tienda].sort());
    expect(await total(s.token)).toBe(3);
    expect(await ids(encargada.token)).toEqual([v.ana, v.beto, v.tienda].sort());
    // A search does not reach the others' sales either.
    const r = await get(ana.token, '/api/facturas?q=Panela');
    expect((r.json() as { items: { idVenta: number }[] }).items.map((i) => i.idVenta)).toEqual([v.ana]);
  });

  it('el detalle de la venta de otro empleado responde como una que no existe', async () => {
    expect((await get(ana.token, `/api/facturas/${v.ana}`)).statusCode).toBe(200);
    for (const otra of [v.beto, v.tienda]) {
      const r = await get(ana.token, `/api/facturas/${otra}`);
      expect(r.statusCode).toBe(404);
      expect(r.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: M.facturas.noEncontrada } });
    }
    expect((await get(encargada.token, `/api/facturas/${v.beto}`)).statusCode).toBe(200);
  });

  it('el recibo (GET /api/ventas/:id) de la venta de otro empleado tampoco se abre', async () => {
    expect((await get(ana.token, `/api/ventas/${v.ana}`)).statusCode).toBe(200);
    for (const otra of [v.beto, v.tienda]) {
      const r = await get(ana.token, `/api/ventas/${otra}`);
      expect(r.statusCode).toBe(404);
      expect(r.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: M.ventas.ventaNoEncontrada } });
    }
    expect((await get(encargada.token, `/api/ventas/${v.beto}`)).statusCode).toBe(200);
    expect((await get(s.token, `/api/ventas/${v.ana}`)).statusCode).toBe(200);
  });

  it('la exportación de las ventas trae solo las suyas', async () => {
    const r = await get(ana.token, '/api/facturas/exportar/csv');
    expect(r.statusCode).toBe(200);
    const filas = r.body.trim().split(/\r?\n/).slice(1);
    expect(filas).toHaveLength(1);
    expect(filas[0]).toContain(String(v.ana));
  });

  it('la API antigua: la lista de facturas y sus líneas, igual', async () => {
    const lista = await L.get('factura', { listarTienda: true, codigo_invitacion: '' }, ana.token);
    expect(lista.status).toBe(200);
    expect((lista.body as unknown[][]).map((f) => f[0])).toEqual([v.ana]);
    expect(lista.headers['x-total-count']).toBe('1');
    expect((await L.get('factura', { listarProductos: true, venta_id_Venta: v.ana }, ana.token)).body).toEqual([['Panela 500 g', 1, 3200, 3200]]);
    expectRefusal(await L.get('factura', { listarProductos: true, venta_id_Venta: v.beto }, ana.token), 404, M.facturas.noEncontrada);
    const delDueno = await L.get('factura', { listarTienda: true }, s.token);
    expect((delDueno.body as unknown[][]).map((f) => f[0]).sort()).toEqual([v.ana, v.beto, v.tienda].sort());
  });

  it('Permisos muestra la fila; con el permiso el empleado ve todas, y al quitarlo vuelve a ver solo las suyas', async () => {
    const actual = (await get(s.token, '/api/tienda/permisos')).json() as TPermisosTienda;
    expect(actual.roles[2].ventasDeOtros).toBe(false);
    expect(actual.roles[3].ventasDeOtros).toBe(true);
    const poner = async (valor: boolean) => {
      const r = await t.request({ method: 'PUT', url: '/api/tienda/permisos', token: s.token, payload: { ...actual, roles: { ...actual.roles, 2: { ...actual.roles[2], ventasDeOtros: valor } } } });
      expect(r.statusCode, r.body).toBe(200);
    };
    await poner(true);
    expect(await ids(ana.token)).toEqual([v.ana, v.beto, v.tienda].sort());
    expect((await get(ana.token, `/api/facturas/${v.beto}`)).statusCode).toBe(200);
    expect(((await L.get('factura', { listarTienda: true }, ana.token)).body as unknown[][]).length).toBe(3);
    await poner(false);
    expect(await ids(ana.token)).toEqual([v.ana]);
    expect((await get(ana.token, `/api/facturas/${v.beto}`)).statusCode).toBe(404);
  });
});
