/**
 * Issue #36 point 7: selling past the recorded stock (the product is in the customer's hand, the count
 * is wrong). Asked explicitly (`venderSinStock` at the till, `vender_Sin_Stock` on the old client's
 * step 2): whoever holds the permission `venderSinStock` (role 3 by default) sells; role 2 needs a
 * supervisor's PIN, else 403. The stock goes below zero through the ledger (stock = initial + Σ
 * movements still holds), the product is flagged *revisar stock*, and the activity log says who,
 * through which face, what, how many, the stock before and after and who authorised. Without the flag
 * "Stock insuficiente" stays as it was.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { actividad, movimiento, producto, usuario } from '../../db/schema';
import { crearEmpleado, crearTienda, PASSWORD } from '../../../tests/helpers/factories';
import type { TestApp } from '../../../tests/helpers/test-app';
import type { Legacy } from '../../legacy/test-client';
import { cleanOutcome, legacyOutcome, montarCaras, type Outcome } from '../../../tests/helpers/faces';

let t: TestApp;
let L: Legacy;

type Tienda = Awaited<ReturnType<typeof crearTienda>> & { cajero: string; encargado: string; supervisorId: number };

const api = async (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
  const r = await t.request({ method, url, token, payload });
  return { status: r.statusCode, body: r.json() };
};

interface Face {
  name: string;
  cara: 'tienda' | 'legacy';
  /** Sells `cantidad` of the product; `extra`: the past-stock request and the PIN. */
  vender(token: string, productoId: number, cantidad: number, extra?: { sinStock?: boolean; pin?: { supervisorId: number; pin: string } }): Promise<Outcome>;
}

const tiendaFace: Face = {
  name: 'tienda',
  cara: 'tienda',
  vender: async (token, productoId, cantidad, extra = {}) =>
    cleanOutcome(
      await api(token, 'POST', '/api/ventas', {
        lineas: [{ productoId, cantidad }],
        metodoPagoId: 5,
        montoRecibido: 100_000,
        ...(extra.sinStock ? { venderSinStock: true } : {}),
        ...(extra.pin ? { autorizacion: extra.pin } : {}),
      }),
    ),
};
const heredada: Face = {
  name: 'heredada',
  cara: 'legacy',
  async vender(token, productoId, cantidad, extra = {}) {
    const paso1 = await L.json('POST', 'venta', { registro: true, EstadoVenta: 'Pendiente', documento_Cliente: '', metododepago_ID_Met_Pago: 5 }, token);
    expect(paso1.status, JSON.stringify(paso1.body)).toBe(200);
    const r = await L.json(
      'POST',
      'factura',
      {
        registro: true,
        venta_id_Venta: paso1.body.id_Venta,
        producto_id_Producto: productoId,
        Cantidad: cantidad,
        Precio: 0,
        Estado: 'Pendiente',
        ...(extra.sinStock ? { vender_Sin_Stock: 'true' } : {}),
        ...(extra.pin ? { supervisor_ID: extra.pin.supervisorId, pin_Supervisor: extra.pin.pin } : {}),
      },
      token,
    );
    return legacyOutcome(r, (b) => b.access);
  },
};
const FACES = [tiendaFace, heredada];

const caras = montarCaras(
  FACES,
  async (): Promise<Tienda> => {
    const s = await crearTienda(t);
    const cajero = (await crearEmpleado(t, s.codigo)).token;
    const enc = await crearEmpleado(t, s.codigo, { nombre: 'Laura', apellido: 'Díaz' });
    await t.database.db.update(usuario).set({ rolId: ROL.ENCARGADO }).where(eq(usuario.documento, enc.documento));
    const puesto = await t.request({ method: 'PUT', url: '/api/cuenta/pin', token: enc.token, payload: { contrasena: PASSWORD, pin: '4827' } });
    expect(puesto.statusCode, puesto.body).toBe(200);
    const [u] = await t.database.db.select({ id: usuario.idUsuario }).from(usuario).where(eq(usuario.documento, enc.documento));
    return { ...s, cajero, encargado: enc.token, supervisorId: u!.id };
  },
  (app, leg) => {
    t = app;
    L = leg;
  },
);

const db = () => t.database.db;
async function productoCon(s: Tienda, stock: number, nombre = 'Arroz Diana 500 g') {
  const [p] = await db().insert(producto).values({ tiendaId: s.id, nombre, precioUnit: 2500, stock, estado: 1 }).returning();
  // The opening stock as the ledger's first entry, as a product created through the app has it.
  await db().insert(movimiento).values({ tiendaId: s.id, productoId: p!.idProducto, stockAntes: 0, entradas: stock, salidas: 0, cantidadDespues: stock, estadoDespues: 'Entrada', motivo: 'Inicial' });
  return p!.idProducto;
}
const fila = async (id: number) => (await db().select({ stock: producto.stock, revisar: producto.revisarStock }).from(producto).where(eq(producto.idProducto, id)))[0]!;
const ledger = async (id: number) => {
  const ms = await db().select().from(movimiento).where(eq(movimiento.productoId, id));
  return { suma: ms.reduce((a, m) => a + m.entradas - m.salidas, 0), salidas: ms.filter((m) => m.salidas > 0).map((m) => ({ antes: m.stockAntes, salidas: m.salidas, despues: m.cantidadDespues })) };
};
const log = async (tiendaId: number, tipo: 'rechazo' | 'sin_stock') =>
  (await db().select().from(actividad).where(and(eq(actividad.tiendaId, tiendaId), eq(actividad.tipo, tipo)))).map((a) => ({ cara: a.cara, usuarioId: a.usuarioId, ...(a.detalle as Record<string, unknown>) }));

const SIN_STOCK = (nombre: string) => M.ventas.sinStock([nombre]);

describe.each(FACES)('cara $name', (f) => {
  it('sin pedirlo, "Stock insuficiente" sigue igual para todos los roles: nada se mueve', async () => {
    const s = caras.storeOf(f);
    const id = await productoCon(s, 1);
    for (const token of [s.cajero, s.encargado, s.token]) expect(await f.vender(token, id, 2)).toEqual({ ok: false, kind: 'rechazo', mensaje: SIN_STOCK('Arroz Diana 500 g') });
    expect(await fila(id)).toEqual({ stock: 1, revisar: false });
    expect((await ledger(id)).salidas).toEqual([]);
  });

  it('el empleado (rol 2) sin el permiso ni PIN es rechazado con 403: nada se mueve y el intento queda registrado', async () => {
    const s = caras.storeOf(f);
    const id = await productoCon(s, 1);
    expect(await f.vender(s.cajero, id, 2, { sinStock: true })).toEqual({ ok: false, kind: 'prohibido', mensaje: M.permisos.denegado.venderSinStock });
    expect(await fila(id)).toEqual({ stock: 1, revisar: false });
    expect((await log(s.id, 'rechazo')).at(-1)).toMatchObject({ cara: f.cara, accion: 'venderSinStock', mensaje: M.permisos.denegado.venderSinStock, entidad: 'producto', id });
    // A wrong PIN is refused too.
    expect(await f.vender(s.cajero, id, 2, { sinStock: true, pin: { supervisorId: s.supervisorId, pin: '1111' } })).toEqual({ ok: false, kind: 'prohibido', mensaje: M.ventas.pinIncorrecto });
    expect(await fila(id)).toEqual({ stock: 1, revisar: false });
  });

  it('con el PIN de un supervisor el empleado vende: el stock queda en −1 por el libro, el producto marcado y la actividad registrada', async () => {
    const s = caras.storeOf(f);
    const id = await productoCon(s, 1);
    expect(await f.vender(s.cajero, id, 2, { sinStock: true, pin: { supervisorId: s.supervisorId, pin: '4827' } })).toEqual({ ok: true });
    expect(await fila(id)).toEqual({ stock: -1, revisar: true });
    const l = await ledger(id);
    expect(l.salidas).toEqual([{ antes: 1, salidas: 2, despues: -1 }]);
    expect(l.suma).toBe(-1);
    expect((await log(s.id, 'sin_stock')).at(-1)).toMatchObject({
      cara: f.cara,
      productoId: id,
      producto: 'Arroz Diana 500 g',
      cantidad: 2,
      stockAntes: 1,
      stockDespues: -1,
      autorizadoPorId: s.supervisorId,
      autorizadoPor: 'Laura Díaz',
    });
    // Every other exit still refuses to go below zero: the same product without the flag.
    expect(await f.vender(s.encargado, id, 1)).toEqual({ ok: false, kind: 'rechazo', mensaje: SIN_STOCK('Arroz Diana 500 g') });
  });

  it('el encargado (rol 3, permiso por defecto) vende sin PIN; con el permiso dado al empleado, él también', async () => {
    const s = caras.storeOf(f);
    const id = await productoCon(s, 0, 'Aceite 1 L');
    expect(await f.vender(s.encargado, id, 1, { sinStock: true })).toEqual({ ok: true });
    expect(await fila(id)).toEqual({ stock: -1, revisar: true });
    expect((await log(s.id, 'sin_stock')).at(-1)).toMatchObject({ cara: f.cara, producto: 'Aceite 1 L', stockAntes: 0, stockDespues: -1, autorizadoPor: null });

    const permisos = (await api(s.token, 'GET', '/api/tienda/permisos')).body;
    expect(permisos.roles[ROL.EMPLEADO].venderSinStock).toBe(false);
    expect(permisos.roles[ROL.ENCARGADO].venderSinStock).toBe(true);
    permisos.roles[ROL.EMPLEADO].venderSinStock = true;
    expect((await api(s.token, 'PUT', '/api/tienda/permisos', permisos)).status).toBe(200);
    expect(await f.vender(s.cajero, id, 1, { sinStock: true })).toEqual({ ok: true });
    expect(await fila(id)).toEqual({ stock: -2, revisar: true });
    expect((await ledger(id)).suma).toBe(-2);
  });

  it('ajustar el stock desde el producto quita la marca; una entrada sobre stock negativo siempre entra', async () => {
    const s = caras.storeOf(f);
    const id = await productoCon(s, 0, 'Panela');
    expect(await f.vender(s.token, id, 3, { sinStock: true })).toEqual({ ok: true });
    expect(await fila(id)).toEqual({ stock: -3, revisar: true });
    const detalle = await api(s.token, 'GET', `/api/productos/${id}`);
    expect(detalle.body.revisarStock).toBe(true);
    const { id: _id, nombrepr: _n, revisarStock: _r, ...campos } = detalle.body;
    const r = await api(s.token, 'PUT', `/api/productos/${id}`, { ...campos, stock: 4 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await fila(id)).toEqual({ stock: 4, revisar: false });
    expect((await ledger(id)).suma).toBe(4);
  });
});

describe('una entrada sobre stock negativo', () => {
  it('anular una venta sin stock devuelve sus unidades aunque el stock siga bajo cero; el libro sigue cuadrando', async () => {
    const s = caras.storeOf(tiendaFace);
    const id = await productoCon(s, 0, 'Café 250 g');
    const vender = (cantidad: number) => api(s.token, 'POST', '/api/ventas', { lineas: [{ productoId: id, cantidad }], metodoPagoId: 5, montoRecibido: 100_000, venderSinStock: true });
    expect((await vender(3)).status).toBe(201);
    const b = await vender(1);
    expect(b.status).toBe(201);
    expect((await fila(id)).stock).toBe(-4);
    expect((await api(s.token, 'POST', `/api/ventas/${b.body.id}/anular`)).status).toBe(200);
    expect(await fila(id)).toEqual({ stock: -3, revisar: true });
    expect((await ledger(id)).suma).toBe(-3);
  });
});
