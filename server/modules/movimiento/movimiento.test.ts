import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { movimiento, producto, usuario } from '../../db/schema';
import { crearEmpleado, crearTienda } from '../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Store = Awaited<ReturnType<typeof crearTienda>>;

const get = (token: string, query = '') => t.request({ method: 'GET', url: `/api/movimientos${query}`, token });

async function producto1(tiendaId: number, nombre: string) {
  const [p] = await t.database.db.insert(producto).values({ tiendaId, nombre, precioUnit: 1000, stock: 0 }).returning();
  return p!.idProducto;
}

/** A ledger line written straight to the database at a given instant. */
async function mov(tiendaId: number, productoId: number, antes: number, delta: number, fecha: string, motivo: string) {
  const [m] = await t.database.db
    .insert(movimiento)
    .values({
      tiendaId,
      productoId,
      stockAntes: antes,
      entradas: Math.max(delta, 0),
      salidas: Math.max(-delta, 0),
      cantidadDespues: antes + delta,
      estadoDespues: delta > 0 ? 'Entrada' : 'Salida',
      motivo,
      fechaMovimiento: new Date(fecha),
    })
    .returning({ id: movimiento.idMovimiento });
  return m!.id;
}

describe('movimientos de inventario', () => {
  let s: Store;
  let arroz: number;
  let leche: number;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    s = await crearTienda(t);
    arroz = await producto1(s.id, 'Arroz blanco 500 g');
    leche = await producto1(s.id, 'Leche entera 1 L');
    // Bogotá is UTC−5: 2024-03-02T03:00Z is still 1 March in the shop.
    ids.a1 = await mov(s.id, arroz, 0, 10, '2024-03-01T13:00:00Z', 'Inventario inicial');
    ids.l1 = await mov(s.id, leche, 0, 20, '2024-03-01T14:00:00Z', 'Inventario inicial');
    ids.a2 = await mov(s.id, arroz, 10, -3, '2024-03-02T03:00:00Z', 'Venta #1');
    ids.l2 = await mov(s.id, leche, 20, -5, '2024-03-05T15:00:00Z', 'Venta #2');
    ids.a3 = await mov(s.id, arroz, 7, 5, '2024-03-09T15:00:00Z', 'Ajuste de stock');
    const otra = await crearTienda(t);
    await mov(otra.id, await producto1(otra.id, 'Arroz de otra tienda'), 0, 99, '2024-03-06T15:00:00Z', 'Inventario inicial');
  });

  it('lista el libro de la tienda del más reciente al más antiguo, con antes, entradas, salidas y después', async () => {
    const res = await get(s.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(5);
    expect(body.items.map((m: { id: number }) => m.id)).toEqual([ids.a3, ids.l2, ids.a2, ids.l1, ids.a1]);
    expect(body.items[2]).toEqual({
      id: ids.a2,
      productoId: arroz,
      producto: 'Arroz blanco 500 g',
      unidad: '94',
      stockAntes: 10,
      entradas: 0,
      salidas: 3,
      stockDespues: 7,
      fecha: '2024-03-02T03:00:00.000Z',
      motivo: 'Venta #1',
    });
  });

  it('filtra por producto: por id o por nombre', async () => {
    const porId = (await get(s.token, `?productoId=${leche}`)).json();
    expect(porId.items.map((m: { id: number }) => m.id)).toEqual([ids.l2, ids.l1]);
    const porNombre = (await get(s.token, '?q=ARROZ')).json();
    expect(porNombre.total).toBe(3);
    expect(porNombre.items.every((m: { producto: string }) => m.producto === 'Arroz blanco 500 g')).toBe(true);
    expect((await get(s.token, '?q=%25')).json().total).toBe(0);
  });

  it('filtra por fechas de la tienda, ambos días incluidos', async () => {
    const dia1 = (await get(s.token, '?desde=2024-03-01&hasta=2024-03-01')).json();
    expect(dia1.items.map((m: { id: number }) => m.id)).toEqual([ids.a2, ids.l1, ids.a1]);
    const desde = (await get(s.token, '?desde=2024-03-05&q=leche')).json();
    expect(desde.items.map((m: { id: number }) => m.id)).toEqual([ids.l2]);
  });

  it('pagina en el servidor', async () => {
    const p1 = (await get(s.token, '?pageSize=2&page=1')).json();
    const p3 = (await get(s.token, '?pageSize=2&page=3')).json();
    expect(p1.items.map((m: { id: number }) => m.id)).toEqual([ids.a3, ids.l2]);
    expect(p3.items.map((m: { id: number }) => m.id)).toEqual([ids.a1]);
    expect(p3.total).toBe(5);
  });

  it('muestra los movimientos de un producto eliminado sin su nombre', async () => {
    const o = await crearTienda(t);
    const p = await producto1(o.id, 'Temporal');
    await mov(o.id, p, 0, 4, '2024-03-01T15:00:00Z', 'Inventario inicial');
    await t.database.db.delete(producto).where(eq(producto.idProducto, p));
    const body = (await get(o.token)).json();
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({ productoId: null, producto: null, unidad: null, entradas: 4 });
  });

  it('un producto por peso lleva su unidad: la pantalla lee "5,5 kg" (issue #52 punto 3)', async () => {
    const o = await crearTienda(t);
    const [p] = await t.database.db.insert(producto).values({ tiendaId: o.id, nombre: 'Queso campesino', precioUnit: 12_000, stock: 0, unidadDian: 'KGM' }).returning();
    await mov(o.id, p!.idProducto, 0, 5.5, '2024-03-01T15:00:00Z', 'Inventario inicial');
    expect((await get(o.token)).json().items[0]).toMatchObject({ producto: 'Queso campesino', unidad: 'KGM', entradas: 5.5, stockDespues: 5.5 });
  });

  it('rechaza fechas imposibles o invertidas con un mensaje en español', async () => {
    for (const q of ['?desde=2024-02-30', '?hasta=2023-02-29', '?desde=01/03/2024', '?hasta=2024-13-01']) {
      const res = await get(s.token, q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.message).toBe(M.movimientos.fechaInvalida);
    }
    expect((await get(s.token, '?desde=2024-02-29')).statusCode).toBe(200);
    const inverted = await get(s.token, '?desde=2024-03-09&hasta=2024-03-01');
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json().error).toMatchObject({ message: M.movimientos.rangoInvalido, fields: { hasta: M.movimientos.rangoInvalido } });
  });

  it('el rol 3 recibe 403 con el mensaje de la especificación, aunque llame directamente', async () => {
    const e = await crearEmpleado(t, s.codigo);
    expect((await get(e.token)).statusCode).toBe(200);
    await t.database.db.update(usuario).set({ rolId: ROL.ENCARGADO }).where(eq(usuario.correo, e.email));
    for (const q of ['', '?desde=2024-02-30']) {
      const res = await get(e.token, q);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({ code: 'FORBIDDEN', message: 'No tienes permiso para ver los movimientos.', title: 'Acceso Denegado' });
    }
  });

  it('pide sesión', async () => {
    expect((await t.request({ method: 'GET', url: '/api/movimientos' })).statusCode).toBe(401);
  });
});
