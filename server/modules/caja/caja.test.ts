import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { cliente, creditoMovimiento, producto, turno, usuario } from '../../db/schema';
import { abrirCaja, crearEmpleado, crearTienda, login } from '../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

const C = M.caja;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

let seq = 0;
async function crearProducto(tiendaId: number, precio = 10_000) {
  const [p] = await t.database.db.insert(producto).values({ tiendaId, nombre: `Producto caja ${++seq}`, precioUnit: precio, stock: 1000, estado: 1 }).returning();
  return p!;
}
const req = (token: string, method: 'GET' | 'POST', url: string, payload?: unknown) => t.request({ method, url, token, ...(payload !== undefined ? { payload: payload as object } : {}) });
const vender = (token: string, productoId: number, extra: Record<string, unknown> = {}) =>
  req(token, 'POST', '/api/ventas', { lineas: [{ productoId, cantidad: 1 }], metodoPagoId: 5, montoRecibido: 50_000, ...extra });
const turnoDe = async (token: string) => (await req(token, 'GET', '/api/caja/turno')).json().turno as { id: number } | null;

describe('abrir la caja', () => {
  it('rechaza un fondo negativo o que no es número, con un mensaje en español', async () => {
    const s = await crearTienda(t, { sinCaja: true });
    for (const fondoInicial of [-1, 'mil', 1.5, null]) {
      const res = await req(s.token, 'POST', '/api/caja/turnos', { fondoInicial });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(C.fondoInvalido);
    }
    expect(await turnoDe(s.token)).toBeNull();
  });

  it('sin caja abierta no se vende; abierta, sí', async () => {
    const s = await crearTienda(t, { sinCaja: true });
    const p = await crearProducto(s.id);
    const res = await vender(s.token, p.idProducto);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(M.ventas.turnoRequerido);
    await abrirCaja(t, s.token, 50_000);
    expect((await vender(s.token, p.idProducto)).statusCode).toBe(201);
  });

  it('una sola caja abierta por usuario aunque lleguen varias aperturas a la vez; varias cajas por tienda', async () => {
    const s = await crearTienda(t);
    const e = await crearEmpleado(t, s.codigo, { sinCaja: true });
    const results = await Promise.all(Array.from({ length: 8 }, () => req(e.token, 'POST', '/api/caja/turnos', { fondoInicial: 10_000 })));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c !== 201).every((c) => c === 409)).toBe(true);
    expect(results.find((r) => r.statusCode === 409)!.json().error.message).toBe(C.turnoYaAbierto);
    const abiertos = await t.database.db.select().from(turno).where(eq(turno.tiendaId, s.id));
    // The store account's shift (factory) and the employee's: two tills open at once.
    expect(abiertos.filter((x) => x.cerradoEn == null)).toHaveLength(2);
  });
});

describe('lo esperado y el cierre', () => {
  it('suma fondo, ventas por método (total − fiado), abonos, entradas y salidas; las anuladas aparte; cierre ciego para el rol 2', async () => {
    const s = await crearTienda(t);
    const e = await crearEmpleado(t, s.codigo, { sinCaja: true });
    await abrirCaja(t, e.token, 100_000);
    const turnoId = (await turnoDe(e.token))!.id;
    const p = await crearProducto(s.id, 10_000);
    const db = t.database.db;
    const [cli] = await db.insert(cliente).values({ tiendaId: s.id, documento: '99887766', nombre: 'Rosa', apellido: 'Díaz', fiado: true, cupo: 1_000_000 }).returning();

    // Cash: the customer hands over 50 000 for 10 000; the change goes back.
    expect((await vender(e.token, p.idProducto)).statusCode).toBe(201);
    expect((await vender(e.token, p.idProducto, { montoRecibido: 10_000 })).statusCode).toBe(201);
    // Nequi with a reference, not yet checked.
    const nequi = await vender(e.token, p.idProducto, { metodoPagoId: 3, montoRecibido: 10_000, referencia: 'M123456' });
    expect(nequi.statusCode).toBe(201);
    // Part in cash, part on credit: 4 000 now, 6 000 fiado.
    const fiada = await vender(e.token, p.idProducto, { montoRecibido: 4_000, aCredito: true, documentoCliente: '99887766' });
    expect(fiada.statusCode, fiada.body).toBe(201);
    // Annulled: not expected, listed apart.
    const anulada = await vender(e.token, p.idProducto);
    const storeToken = s.token;
    expect((await req(storeToken, 'POST', `/api/ventas/${anulada.json().id}/anular`)).statusCode).toBe(200);
    // A credit payment (abono) of 3 000 in cash, taken in this shift.
    await db.insert(creditoMovimiento).values({ tiendaId: s.id, clienteId: cli!.idCliente, tipo: 'abono', monto: -3_000, metodoPagoId: 5, turnoId });
    // Cash out and in.
    expect((await req(e.token, 'POST', '/api/caja/movimientos', { tipo: 'salida', monto: 20_000, motivo: 'pago a proveedor' })).statusCode).toBe(201);
    expect((await req(e.token, 'POST', '/api/caja/movimientos', { tipo: 'entrada', monto: 5_000, motivo: 'cambio traído' })).statusCode).toBe(201);
    for (const bad of [{ tipo: 'salida', monto: -5, motivo: 'x proveedor' }, { tipo: 'salida', monto: 'diez', motivo: 'proveedor' }, { tipo: 'otro', monto: 5, motivo: 'proveedor' }, { tipo: 'entrada', monto: 5 }]) {
      const res = await req(e.token, 'POST', '/api/caja/movimientos', bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(/[a-zá-ú]/i);
    }

    // Role 2 before closing: the blind count, no expected amounts.
    const antes = (await req(e.token, 'GET', `/api/caja/turnos/${turnoId}`)).json();
    expect(antes.verEsperado).toBe(false);
    expect(antes.lineas.every((l: { esperado: unknown }) => l.esperado === null)).toBe(true);
    expect(antes.referenciasPendientes).toEqual([expect.objectContaining({ referencia: 'M123456', monto: 10_000, metodo: 'Nequi' })]);
    // Roles 1 and 3 see it before: cash 100 000 + 10 000 + 10 000 + 4 000 + 3 000 + 5 000 − 20 000.
    const visto = (await req(storeToken, 'GET', `/api/caja/turnos/${turnoId}`)).json();
    expect(visto.verEsperado).toBe(true);
    const efectivoEsperado = 100_000 + 10_000 + 10_000 + 4_000 + 3_000 + 5_000 - 20_000;
    expect(visto.lineas.find((l: { metodoPagoId: number }) => l.metodoPagoId === 5).esperado).toBe(efectivoEsperado);
    expect(visto.lineas.find((l: { metodoPagoId: number }) => l.metodoPagoId === 3).esperado).toBe(10_000);
    expect(visto.fiado).toBe(6_000);
    expect(visto.anuladas).toEqual({ cantidad: 1, monto: 10_000 });
    expect(visto.numeroVentas).toBe(4);

    // Checking the reference.
    expect((await req(e.token, 'POST', `/api/caja/ventas/${nequi.json().id}/verificar`)).statusCode).toBe(200);
    expect((await req(e.token, 'GET', `/api/caja/turnos/${turnoId}`)).json().referenciasPendientes).toEqual([]);

    // The count must add up when given by denomination.
    const mal = await req(e.token, 'POST', `/api/caja/turnos/${turnoId}/cerrar`, { efectivo: 1000, denominaciones: { billetes: { '2000': 1 } } });
    expect(mal.statusCode).toBe(400);
    expect(mal.json().error.message).toBe(C.denominacionesNoCuadran);
    expect((await req(e.token, 'POST', `/api/caja/turnos/${turnoId}/cerrar`, { efectivo: -1 })).statusCode).toBe(400);

    const contado = efectivoEsperado - 5_000; // 107 000
    const cierre = await req(e.token, 'POST', `/api/caja/turnos/${turnoId}/cerrar`, {
      efectivo: contado,
      otros: [{ metodoPagoId: 3, monto: 10_000 }],
      denominaciones: { billetes: { '100000': 1, '5000': 1 }, monedasTotal: 2_000 },
      nota: 'Faltan 5 000',
    });
    expect(cierre.statusCode, cierre.body).toBe(200);
    const z = cierre.json();
    expect(z.verEsperado).toBe(true);
    expect(z.turno.cerradoEn).not.toBeNull();
    const efe = z.lineas.find((l: { metodoPagoId: number }) => l.metodoPagoId === 5);
    expect(efe).toMatchObject({ esperado: efectivoEsperado, contado, diferencia: -5_000 });
    expect(z.lineas.find((l: { metodoPagoId: number }) => l.metodoPagoId === 3)).toMatchObject({ esperado: 10_000, contado: 10_000, diferencia: 0 });
    expect(z.totalDiferencia).toBe(-5_000);
    expect(z.turno.cerradoPor).toBe('Ana Pérez');

    // Closed: nothing changes any more.
    const otraVez = await req(e.token, 'POST', `/api/caja/turnos/${turnoId}/cerrar`, { efectivo: contado });
    expect(otraVez.statusCode).toBe(409);
    expect(otraVez.json().error.message).toBe(C.turnoCerrado);
    expect((await vender(e.token, p.idProducto)).statusCode).toBe(422);
    expect((await req(e.token, 'POST', '/api/caja/movimientos', { tipo: 'entrada', monto: 5_000, motivo: 'cambio' })).statusCode).toBe(422);
    // An abono or annulment after the close does not move the frozen report.
    await db.insert(creditoMovimiento).values({ tiendaId: s.id, clienteId: cli!.idCliente, tipo: 'abono', monto: -1_000, metodoPagoId: 5, turnoId });
    expect((await req(e.token, 'GET', `/api/caja/turnos/${turnoId}`)).json().lineas).toEqual(z.lineas);
  });

  it('un cierre y una venta a la vez: la venta queda dentro y contada, o se rechaza', async () => {
    for (let i = 0; i < 4; i++) {
      const s = await crearTienda(t, { sinCaja: true });
      await abrirCaja(t, s.token, 0);
      const turnoId = (await turnoDe(s.token))!.id;
      const p = await crearProducto(s.id, 1_000);
      const [venta, cierre] = await Promise.all([vender(s.token, p.idProducto, { montoRecibido: 1_000 }), req(s.token, 'POST', `/api/caja/turnos/${turnoId}/cerrar`, { efectivo: 0 })]);
      expect(cierre.statusCode).toBe(200);
      const z = (await req(s.token, 'GET', `/api/caja/turnos/${turnoId}`)).json();
      if (venta.statusCode === 201) {
        expect(z.numeroVentas).toBe(1);
        expect(z.lineas[0].esperado).toBe(1_000);
      } else {
        expect(venta.statusCode).toBe(422);
        expect(z.numeroVentas).toBe(0);
      }
    }
  });
});

describe('quién ve y quién cierra', () => {
  it('otra tienda recibe 404; el rol 2 no ve ni cierra turnos ajenos; el rol 3 cierra el de un cajero que se fue', async () => {
    const s = await crearTienda(t);
    const otra = await crearTienda(t);
    const e = await crearEmpleado(t, s.codigo);
    const e2 = await crearEmpleado(t, s.codigo);
    const enc = await crearEmpleado(t, s.codigo, { sinCaja: true });
    const [u] = await t.database.db.select().from(usuario).where(eq(usuario.correo, enc.email));
    await t.database.db.update(usuario).set({ rolId: 3 }).where(eq(usuario.idUsuario, u!.idUsuario));
    const encToken = await login(t, 'empleado', enc.email);
    const turnoE = (await turnoDe(e.token))!.id;

    for (const res of [
      await req(otra.token, 'GET', `/api/caja/turnos/${turnoE}`),
      await req(otra.token, 'POST', `/api/caja/turnos/${turnoE}/cerrar`, { efectivo: 0 }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(C.turnoNoEncontrado);
    }
    expect((await req(e2.token, 'GET', `/api/caja/turnos/${turnoE}`)).statusCode).toBe(403);
    expect((await req(e2.token, 'POST', `/api/caja/turnos/${turnoE}/cerrar`, { efectivo: 0 })).statusCode).toBe(403);

    // History: role 2 its own only; roles 1 and 3 all of the store, by cashier; never another store's.
    const propios = (await req(e2.token, 'GET', '/api/caja/turnos')).json();
    expect(propios.items).toHaveLength(1);
    expect(propios.items[0].id).not.toBe(turnoE);
    const todos = (await req(encToken, 'GET', '/api/caja/turnos')).json();
    expect(todos.items).toHaveLength(3);
    expect(todos.cajeros.length).toBeGreaterThanOrEqual(4);
    const [ue] = await t.database.db.select().from(usuario).where(eq(usuario.correo, e.email));
    const deE = (await req(encToken, 'GET', `/api/caja/turnos?cajero=${ue!.idUsuario}`)).json();
    expect(deE.items.map((x: { id: number }) => x.id)).toEqual([turnoE]);
    const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());
    expect((await req(encToken, 'GET', `/api/caja/turnos?desde=${hoy}&hasta=${hoy}`)).json().items).toHaveLength(3);
    expect((await req(encToken, 'GET', '/api/caja/turnos?hasta=2000-01-01')).json().items).toHaveLength(0);
    expect((await req(encToken, 'GET', '/api/caja/turnos?desde=ayer')).statusCode).toBe(400);

    // Role 3 sees the expected amounts before and closes the cashier's shift; who closed is recorded.
    expect((await req(encToken, 'GET', `/api/caja/turnos/${turnoE}`)).json().verEsperado).toBe(true);
    const z = await req(encToken, 'POST', `/api/caja/turnos/${turnoE}/cerrar`, { efectivo: 0 });
    expect(z.statusCode).toBe(200);
    expect(z.json().turno.cerradoPor).toBe('Ana Pérez');
    const [fila] = await t.database.db.select().from(turno).where(eq(turno.idTurno, turnoE));
    expect(fila!.cerradoPor).toBe(u!.idUsuario);
    expect(await turnoDe(e.token)).toBeNull();
  });
});

describe('verificar una transferencia', () => {
  it('solo ventas no en efectivo de la tienda, del propio turno (rol 2) y con el turno abierto', async () => {
    const s = await crearTienda(t);
    const otra = await crearTienda(t);
    const e = await crearEmpleado(t, s.codigo);
    const e2 = await crearEmpleado(t, s.codigo);
    const p = await crearProducto(s.id, 2_000);
    const nequi = (await vender(e.token, p.idProducto, { metodoPagoId: 3, montoRecibido: 2_000, referencia: 'ABC-1' })).json().id as number;
    const efectivo = (await vender(e.token, p.idProducto)).json().id as number;

    expect((await req(otra.token, 'POST', `/api/caja/ventas/${nequi}/verificar`)).statusCode).toBe(404);
    expect((await req(e2.token, 'POST', `/api/caja/ventas/${nequi}/verificar`)).statusCode).toBe(403);
    const sinRef = await req(e.token, 'POST', `/api/caja/ventas/${efectivo}/verificar`);
    expect(sinRef.statusCode).toBe(422);
    expect(sinRef.json().error.message).toBe(C.ventaSinReferencia);

    const turnoId = (await turnoDe(e.token))!.id;
    expect((await req(e.token, 'POST', `/api/caja/turnos/${turnoId}/cerrar`, { efectivo: 2_000 })).statusCode).toBe(200);
    const cerrado = await req(s.token, 'POST', `/api/caja/ventas/${nequi}/verificar`);
    expect(cerrado.statusCode).toBe(409);
    expect(cerrado.json().error.message).toBe(C.turnoCerrado);
    // The closed shift's report still lists it as unchecked.
    expect((await req(e.token, 'GET', `/api/caja/turnos/${turnoId}`)).json().referenciasPendientes).toEqual([expect.objectContaining({ ventaId: nequi, referencia: 'ABC-1' })]);
  });
});
