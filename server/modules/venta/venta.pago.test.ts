import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { formatPesos } from '#shared/money';
import { METODO } from '#shared/roles';
import { cliente, creditoMovimiento, producto, venta } from '../../db/schema';
import { abrirCaja, crearEmpleado, crearTienda } from '../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

/**
 * The checkout's payment (issues #17 and #18): the sale lands in the cashier's open shift, may leave
 * its unpaid part on the customer's credit within the limit, and keeps a transfer's reference.
 */
const V = M.ventas;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

let seq = 0;
async function crearProducto(tiendaId: number, precio: number, stock = 100) {
  const [p] = await t.database.db.insert(producto).values({ tiendaId, nombre: `Producto ${++seq}`, precioUnit: precio, stock, estado: 1 }).returning();
  return p!.idProducto;
}
async function crearCliente(tiendaId: number, values: { fiado?: boolean; cupo?: number } = {}) {
  const documento = String(1_500_000_000 + ++seq);
  const [c] = await t.database.db
    .insert(cliente)
    .values({ tiendaId, documento, nombre: 'Rosa', apellido: 'Díaz', fiado: values.fiado ?? true, cupo: values.cupo ?? 50_000 })
    .returning();
  return { id: c!.idCliente, documento };
}
const vender = (token: string, payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/ventas', payload, token });
const ventasDe = async (tiendaId: number) => (await t.database.db.select({ n: count() }).from(venta).where(eq(venta.tiendaId, tiendaId)))[0]!.n;
const saldo = async (clienteId: number) =>
  (await t.database.db.select({ monto: creditoMovimiento.monto }).from(creditoMovimiento).where(eq(creditoMovimiento.clienteId, clienteId))).reduce((a, m) => a + m.monto, 0);

describe('la venta y la caja', () => {
  it('sin caja abierta la venta se rechaza y no se escribe nada', async () => {
    const s = await crearTienda(t, { sinCaja: true });
    const pid = await crearProducto(s.id, 1000);
    const res = await vender(s.token, { lineas: [{ productoId: pid, cantidad: 1 }], metodoPagoId: 5, montoRecibido: 1000 });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ message: V.turnoRequerido, title: V.turnoRequeridoTitle });
    expect(await ventasDe(s.id)).toBe(0);
    await abrirCaja(t, s.token);
    expect((await vender(s.token, { lineas: [{ productoId: pid, cantidad: 1 }], metodoPagoId: 5, montoRecibido: 1000 })).statusCode).toBe(201);
  });

  it('la venta queda en el turno de quien vende, con la referencia de la transferencia', async () => {
    const s = await crearTienda(t);
    const e = await crearEmpleado(t, s.codigo);
    const pid = await crearProducto(s.id, 4000);
    const res = await vender(e.token, { lineas: [{ productoId: pid, cantidad: 1 }], metodoPagoId: 3, montoRecibido: 4000, referencia: 'M123456', verificado: true });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ referencia: 'M123456', verificado: true, montoFiado: 0 });
    const [v] = await t.database.db.select({ turnoId: venta.turnoId, referencia: venta.referencia }).from(venta).where(eq(venta.idVenta, res.json().id));
    const turno = (await t.request({ method: 'GET', url: '/api/caja/turno', token: e.token })).json().turno;
    expect(v).toEqual({ turnoId: turno.id, referencia: 'M123456' });
    expect((await t.request({ method: 'GET', url: `/api/ventas/${res.json().id}`, token: s.token })).json()).toMatchObject({ referencia: 'M123456', verificado: true });
  });

  it('una referencia con símbolos se rechaza', async () => {
    const s = await crearTienda(t);
    const pid = await crearProducto(s.id, 4000);
    const res = await vender(s.token, { lineas: [{ productoId: pid, cantidad: 1 }], metodoPagoId: 3, montoRecibido: 4000, referencia: "1'; drop" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(V.referenciaInvalida);
    expect(await ventasDe(s.id)).toBe(0);
  });
});

describe('fiado en la caja', () => {
  it('todo fiado: el total queda en la cuenta del cliente, dentro del cupo', async () => {
    const s = await crearTienda(t);
    const pid = await crearProducto(s.id, 10_000);
    const c = await crearCliente(s.id, { cupo: 50_000 });
    const res = await vender(s.token, { lineas: [{ productoId: pid, cantidad: 3 }], metodoPagoId: METODO.FIADO, montoRecibido: 0, documentoCliente: c.documento });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ total: 30_000, montoFiado: 30_000, montoRecibido: 0, cambio: 0, metodoPago: { id: 7, nombre: 'Fiado' } });
    expect(await saldo(c.id)).toBe(30_000);
    const cuenta = (await t.request({ method: 'GET', url: `/api/ventas/clientes/${c.documento}`, token: s.token })).json();
    expect(cuenta.credito).toEqual({ cupo: 50_000, saldo: 30_000, disponible: 20_000 });
  });

  it('pasar el cupo se rechaza diciendo lo disponible, y no se escribe nada', async () => {
    const s = await crearTienda(t);
    const pid = await crearProducto(s.id, 10_000, 10);
    const c = await crearCliente(s.id, { cupo: 50_000 });
    await vender(s.token, { lineas: [{ productoId: pid, cantidad: 3 }], metodoPagoId: METODO.FIADO, montoRecibido: 0, documentoCliente: c.documento });
    const antes = await ventasDe(s.id);
    const res = await vender(s.token, { lineas: [{ productoId: pid, cantidad: 3 }], metodoPagoId: METODO.FIADO, montoRecibido: 0, documentoCliente: c.documento });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ message: V.cupoInsuficiente(formatPesos(20_000)), title: V.cupoInsuficienteTitle });
    expect(await ventasDe(s.id)).toBe(antes);
    expect((await t.database.db.select({ stock: producto.stock }).from(producto).where(eq(producto.idProducto, pid)))[0]!.stock).toBe(7);
    expect(await saldo(c.id)).toBe(30_000);
  });

  it('pasar el cupo necesita el permiso de crédito (el administrador siempre), y queda registrado', async () => {
    const s = await crearTienda(t);
    const e = await crearEmpleado(t, s.codigo);
    const pid = await crearProducto(s.id, 60_000);
    const c = await crearCliente(s.id, { cupo: 50_000 });
    const pedido = { lineas: [{ productoId: pid, cantidad: 1 }], metodoPagoId: METODO.FIADO, montoRecibido: 0, documentoCliente: c.documento, autorizarSobreCupo: true };
    const empleado = await vender(e.token, pedido);
    expect(empleado.statusCode).toBe(403);
    expect(empleado.json().error.message).toBe(V.sobreCupoSinPermiso);
    const admin = await vender(s.token, pedido);
    expect(admin.statusCode).toBe(201);
    const [cargo] = await t.database.db.select().from(creditoMovimiento).where(and(eq(creditoMovimiento.clienteId, c.id), eq(creditoMovimiento.tipo, 'cargo')));
    expect(cargo).toMatchObject({ monto: 60_000, ventaId: admin.json().id });
    expect(cargo!.nota).toMatch(/^Autorizado sobre el cupo por /);
  });

  it('parte ahora y parte fiado: el resto va a la cuenta; el cambio de quien paga de más se respeta', async () => {
    const s = await crearTienda(t);
    const pid = await crearProducto(s.id, 30_000);
    const c = await crearCliente(s.id, { cupo: 50_000 });
    const parcial = await vender(s.token, { lineas: [{ productoId: pid, cantidad: 1 }], metodoPagoId: 5, montoRecibido: 10_000, aCredito: true, documentoCliente: c.documento });
    expect(parcial.statusCode).toBe(201);
    expect(parcial.json()).toMatchObject({ total: 30_000, montoRecibido: 10_000, montoFiado: 20_000, cambio: 0 });
    expect(await saldo(c.id)).toBe(20_000);
    const completo = await vender(s.token, { lineas: [{ productoId: pid, cantidad: 1 }], metodoPagoId: 5, montoRecibido: 50_000, aCredito: true, documentoCliente: c.documento });
    expect(completo.json()).toMatchObject({ montoFiado: 0, cambio: 20_000 });
    expect(await saldo(c.id)).toBe(20_000);
  });

  it('fiar exige un cliente con fiado habilitado', async () => {
    const s = await crearTienda(t);
    const pid = await crearProducto(s.id, 1000);
    const sinCliente = await vender(s.token, { lineas: [{ productoId: pid, cantidad: 1 }], metodoPagoId: METODO.FIADO, montoRecibido: 0 });
    expect(sinCliente.statusCode).toBe(400);
    expect(sinCliente.json().error.message).toBe(V.fiadoRequiereCliente);
    const c = await crearCliente(s.id, { fiado: false });
    const noHabilitado = await vender(s.token, { lineas: [{ productoId: pid, cantidad: 1 }], metodoPagoId: METODO.FIADO, montoRecibido: 0, documentoCliente: c.documento });
    expect(noHabilitado.statusCode).toBe(422);
    expect(noHabilitado.json().error.message).toBe(V.clienteSinFiado('Rosa Díaz'));
    expect(await ventasDe(s.id)).toBe(0);
  });

  it('anular una venta fiada devuelve exactamente su cargo, una sola vez', async () => {
    const s = await crearTienda(t);
    const pid = await crearProducto(s.id, 7_000);
    const c = await crearCliente(s.id);
    const v = (await vender(s.token, { lineas: [{ productoId: pid, cantidad: 2 }], metodoPagoId: METODO.FIADO, montoRecibido: 0, documentoCliente: c.documento })).json();
    expect(await saldo(c.id)).toBe(14_000);
    const anular = () => t.request({ method: 'POST', url: `/api/ventas/${v.id}/anular`, token: s.token });
    const res = await Promise.all([anular(), anular(), anular()]);
    expect(res.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await anular().then((r) => r.statusCode)).toBe(200);
    expect(await saldo(c.id)).toBe(0);
    const filas = await t.database.db.select({ tipo: creditoMovimiento.tipo }).from(creditoMovimiento).where(eq(creditoMovimiento.clienteId, c.id));
    expect(filas.map((f) => f.tipo).sort()).toEqual(['cargo', 'reverso']);
  });
});
