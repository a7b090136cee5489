/**
 * The fiado ledger in the back-office (issue #17): role 1 lists its store's charges, abonos and
 * reversals, newest first, and reads one line; another store's line is 404; nothing can be written
 * (no POST, PUT or DELETE route exists).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { cliente, creditoMovimiento, metodoPago, producto } from '../../db/schema';
import { crearEmpleado, crearTienda } from '../../../tests/helpers/factories';
import type { TestApp } from '../../../tests/helpers/test-app';
import { client, createCrudTestApp, empleadoConRol, operadorToken, type Client } from './crud.fixtures';

let t: TestApp;
type Tienda = Awaited<ReturnType<typeof crearTienda>>;
let seq = 0;

/** A store with a credit customer, one credit sale by an employee (in its open shift) and one abono. */
async function tiendaConFiado() {
  const s: Tienda = await crearTienda(t);
  const empleado = await crearEmpleado(t, s.codigo);
  const db = t.database.db;
  const [p] = await db.insert(producto).values({ tiendaId: s.id, nombre: `Arroz fiado ${++seq}`, precioUnit: 2_500, stock: 100, estado: 1 }).returning();
  const documento = String(70_000_000 + ++seq);
  const [c] = await db.insert(cliente).values({ tiendaId: s.id, documento, nombre: 'Rosa', apellido: 'Fiada', fiado: true, cupo: 100_000 }).returning();
  const venta = await t.request({
    method: 'POST',
    url: '/api/ventas',
    token: empleado.token,
    payload: { lineas: [{ productoId: p!.idProducto, cantidad: 4 }], metodoPagoId: 7, montoRecibido: 0, documentoCliente: documento },
  });
  expect(venta.statusCode, venta.body).toBe(201);
  const abono = await t.request({ method: 'POST', url: `/api/clientes/${c!.idCliente}/abonos`, token: s.token, payload: { monto: 4_000, metodoPagoId: 3, referencia: 'M777' } });
  expect(abono.statusCode, abono.body).toBe(201);
  return { ...s, admin: client(t, s.token), empleado, documento, clienteId: c!.idCliente, ventaId: venta.json().id as number };
}

let a: Awaited<ReturnType<typeof tiendaConFiado>>;
let b: Awaited<ReturnType<typeof tiendaConFiado>>;
let operador: Client;

beforeAll(async () => {
  t = await createCrudTestApp();
  a = await tiendaConFiado();
  b = await tiendaConFiado();
  operador = client(t, await operadorToken(t));
});
afterAll(() => t?.close());

const ledger = () => t.database.db.select().from(creditoMovimiento).orderBy(creditoMovimiento.idCreditoMovimiento);

describe('el fiado en la administración', () => {
  it('el administrador de la tienda ve sus cargos y abonos, del más reciente al más antiguo', async () => {
    const r = await a.admin.get('/credito');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.total).toBe(2);
    const [abono, cargo] = r.body.items;
    const [tarjeta] = await t.database.db.select().from(metodoPago).where(eq(metodoPago.idMetPago, 3));
    expect(cargo).toMatchObject({
      tipo: 'cargo',
      monto: 10_000,
      idVenta: a.ventaId,
      clienteDocumento: a.documento,
      clienteNombre: 'Rosa Fiada',
      usuario: a.empleado.documento,
      metodoPago: null,
      idTienda: a.id,
    });
    expect(cargo.idTurno).toEqual(expect.any(Number));
    expect(cargo.fecha).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(cargo.hora).toMatch(/^\d{2}:\d{2}$/);
    expect(abono).toMatchObject({ tipo: 'abono', monto: -4_000, idVenta: null, metodoPago: tarjeta!.nombre, nota: 'M777', clienteDocumento: a.documento, idTienda: a.id });
    // Only its own store's lines.
    expect(r.body.items.every((i: { idTienda: number }) => i.idTienda === a.id)).toBe(true);

    const uno = await a.admin.get(`/credito/${cargo.idCreditoMovimiento}`);
    expect(uno.status).toBe(200);
    expect(uno.body).toEqual(cargo);
  });

  it('nombra la venta por su número de recibo (el de su tienda), con el id al lado (issue #52)', async () => {
    const r = await b.admin.get('/credito');
    const cargo = r.body.items.find((i: { tipo: string }) => i.tipo === 'cargo');
    // Store b's first sale is its N.º 1, though store a's sale took the first id.
    expect(cargo).toMatchObject({ idVenta: b.ventaId, ventaNumero: 1 });
    expect(b.ventaId).not.toBe(1);
    expect(r.body.items.find((i: { tipo: string }) => i.tipo === 'abono').ventaNumero).toBeNull();
  });

  it('busca por documento o nombre del cliente y por id de la venta', async () => {
    expect((await a.admin.get('/credito', { q: a.documento })).body.total).toBe(2);
    expect((await a.admin.get('/credito', { q: 'rosa fiada' })).body.total).toBe(2);
    const porVenta = await a.admin.get('/credito', { q: String(a.ventaId) });
    expect(porVenta.body.items.map((i: { tipo: string }) => i.tipo)).toEqual(['cargo']);
    expect((await a.admin.get('/credito', { q: b.documento })).body.total).toBe(0);
    expect((await a.admin.get('/credito', { page: 2, pageSize: 1 })).body.items[0].tipo).toBe('cargo');
  });

  it('la línea de otra tienda responde 404; el operador ve todas las tiendas', async () => {
    const deB = (await b.admin.get('/credito')).body.items[0].idCreditoMovimiento as number;
    const r = await a.admin.get(`/credito/${deB}`);
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('NOT_FOUND');
    expect((await a.admin.get('/credito/999999')).status).toBe(404);

    const todas = await operador.get('/credito', { pageSize: 100 });
    expect(todas.status).toBe(200);
    const tiendas = new Set(todas.body.items.map((i: { idTienda: number }) => i.idTienda));
    expect(tiendas.has(a.id) && tiendas.has(b.id)).toBe(true);
    expect((await operador.get(`/credito/${deB}`)).status).toBe(200);
  });

  it('los roles 2 y 3 reciben 403, sin sesión 401', async () => {
    const empleado = client(t, a.empleado.token);
    const encargado = client(t, (await empleadoConRol(t, a.codigo, ROL.ENCARGADO)).token);
    for (const c of [empleado, encargado]) {
      for (const url of ['/credito', '/credito/1']) {
        const r = await c.get(url);
        expect(r.status, url).toBe(403);
        expect(r.body.error).toMatchObject({ code: 'FORBIDDEN', message: M.roles.backofficeOnly });
      }
    }
    expect((await t.request({ method: 'GET', url: '/api/crud/credito' })).statusCode).toBe(401);
  });

  it('no se puede registrar, modificar ni eliminar: POST, PUT y DELETE no existen (404) y nada cambia', async () => {
    const antes = await ledger();
    const id = antes.find((m) => m.tiendaId === a.id)!.idCreditoMovimiento;
    for (const c of [a.admin, operador]) {
      const post = await c.post('/credito', { tipo: 'abono', monto: -1_000, clienteDocumento: a.documento });
      const put = await c.put(`/credito/${id}`, { monto: 1 });
      const del = await c.del(`/credito/${id}`);
      for (const r of [post, put, del]) expect(r.status).toBe(404);
    }
    expect(await ledger()).toEqual(antes);
  });
});
