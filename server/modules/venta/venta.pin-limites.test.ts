import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { esPinTrivial } from '#shared/schemas/venta';
import { producto, tienda as tiendaTabla, usuario, venta } from '../../db/schema';
import { crearEmpleado, crearTienda, PASSWORD } from '../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { PIN_FALLOS_MAX, PIN_FALLOS_SUPERVISOR_MAX } from './autorizacion';

/**
 * Issue #28 point 1 (finding M1): the supervisor's PIN could be brute-forced. Wrong PINs are now
 * counted per cashier and per supervisor across all cashiers, before the hash; the supervisor's PIN
 * locks after its limit; the sale is validated before the PIN, so no answer depends on the PIN unless
 * everything else is right; trivial PINs are refused; new stores approve new employees.
 */
const V = M.ventas;

// Every PIN compared with a stored hash (the hash computed, not refused by a full queue), by that hash.
const comparados = vi.hoisted(() => new Map<string, number>());
vi.mock('../../lib/password', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../lib/password')>();
  return {
    ...original,
    verifyPassword: async (password: string, stored: string, turno?: Parameters<typeof original.verifyPassword>[2]) => {
      const ok = await original.verifyPassword(password, stored, turno);
      comparados.set(stored, (comparados.get(stored) ?? 0) + 1);
      return ok;
    },
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());
const db = () => t.database.db;

const PIN = '4827';

async function tiendaConSupervisor(stock = 50) {
  const tienda = await crearTienda(t);
  const sup = await crearEmpleado(t, tienda.codigo, { nombre: 'Laura', apellido: 'Díaz', rol: ROL.ENCARGADO });
  const puesto = await t.request({ method: 'PUT', url: '/api/cuenta/pin', token: sup.token, payload: { contrasena: PASSWORD, pin: PIN } });
  expect(puesto.statusCode, puesto.body).toBe(200);
  const [p] = await db().insert(producto).values({ tiendaId: tienda.id, nombre: 'Leche', precioUnit: 4000, stock, estado: 1, marca: 'Alpina' }).returning();
  const [s] = await db().select({ id: usuario.idUsuario, pinHash: usuario.pinHash }).from(usuario).where(eq(usuario.documento, sup.documento));
  return { tienda, sup: { ...sup, id: s!.id, pinHash: s!.pinHash! }, p: p! };
}

const vender = (token: string, productoId: number, autorizacion: { supervisorId: number; pin: string }, extra: Record<string, unknown> = {}) =>
  t.request({
    method: 'POST',
    url: '/api/ventas',
    token,
    payload: { lineas: [{ productoId, cantidad: 1, descuento: { tipo: 'valor', valor: 500 } }], motivoDescuento: 'Cliente frecuente', metodoPagoId: 5, montoRecibido: 10_000, autorizacion, ...extra },
  });

const ventasDe = async (tiendaId: number) => (await db().select({ n: count() }).from(venta).where(eq(venta.tiendaId, tiendaId)))[0]!.n;

describe('el PIN del supervisor no se puede adivinar (M1)', { timeout: 300_000 }, () => {
  it(`varios cajeros registrados por su cuenta prueban como mucho ${PIN_FALLOS_SUPERVISOR_MAX} PIN; luego el PIN queda bloqueado hasta que su dueño lo ponga de nuevo`, async () => {
    const { tienda, sup, p } = await tiendaConSupervisor();
    const cajeros = await Promise.all([0, 1, 2, 3].map(() => crearEmpleado(t, tienda.codigo)));
    comparados.delete(sup.pinHash);
    let intento = 0;
    // Each cashier uses their own 5 tries: 20 guesses, none of them the PIN.
    for (const c of cajeros)
      for (let i = 0; i < PIN_FALLOS_MAX; i++) {
        const r = await vender(c.token, p.idProducto, { supervisorId: sup.id, pin: String(5000 + intento++) });
        expect(r.statusCode).toBe(403);
        expect(r.json().error.message).toBe(V.pinIncorrecto);
      }
    expect(comparados.get(sup.pinHash)).toBe(PIN_FALLOS_SUPERVISOR_MAX);
    // Locked: the right PIN, from a cashier with tries left, answers like a wrong one and sells nothing.
    const otro = await crearEmpleado(t, tienda.codigo);
    const antes = await ventasDe(tienda.id);
    const correcto = await vender(otro.token, p.idProducto, { supervisorId: sup.id, pin: PIN });
    expect(correcto.statusCode).toBe(403);
    expect(correcto.json().error.message).toBe(V.pinIncorrecto);
    expect(await ventasDe(tienda.id)).toBe(antes);
    expect(comparados.get(sup.pinHash)).toBe(PIN_FALLOS_SUPERVISOR_MAX);
    // The store's owner sees it in the activity log, once.
    const log = (await t.request({ method: 'GET', url: '/api/actividad?tipo=rechazo', token: tienda.token })).json();
    const bloqueos = log.items.filter((i: { descripcion: string }) => i.descripcion.includes('Laura Díaz') && i.descripcion.includes('bloqueado'));
    expect(bloqueos).toHaveLength(1);
    expect(bloqueos[0].descripcion).toBe(`Intentó autorizar con el PIN de un supervisor («Laura Díaz»): ${V.pinSupervisorBloqueado(PIN_FALLOS_SUPERVISOR_MAX)}`);
    // The till no longer offers that supervisor; the supervisor sees the lock on their PIN page.
    expect((await t.request({ method: 'GET', url: '/api/ventas/supervisores', token: otro.token })).json()).toEqual([]);
    expect((await t.request({ method: 'GET', url: '/api/cuenta/pin', token: sup.token })).json()).toEqual({ tienePin: true, bloqueado: true });
    // Setting it again unlocks it.
    const puesto = await t.request({ method: 'PUT', url: '/api/cuenta/pin', token: sup.token, payload: { contrasena: PASSWORD, pin: '5938' } });
    expect(puesto.statusCode, puesto.body).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/cuenta/pin', token: sup.token })).json()).toEqual({ tienePin: true, bloqueado: false });
    const ok = await vender(otro.token, p.idProducto, { supervisorId: sup.id, pin: '5938' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().autorizadoPor).toBe('Laura Díaz');
  });

  it('una ráfaga de 25 PIN equivocados en paralelo de un cajero compara como mucho su límite', async () => {
    const { tienda, sup, p } = await tiendaConSupervisor();
    const cajero = await crearEmpleado(t, tienda.codigo);
    comparados.delete(sup.pinHash);
    const rs = await Promise.all(Array.from({ length: 25 }, (_, i) => vender(cajero.token, p.idProducto, { supervisorId: sup.id, pin: String(6000 + i) })));
    expect(comparados.get(sup.pinHash) ?? 0).toBeLessThanOrEqual(PIN_FALLOS_MAX);
    expect(rs.filter((r) => r.statusCode === 403).length).toBeLessThanOrEqual(PIN_FALLOS_MAX);
    expect(rs.every((r) => r.statusCode === 403 || r.statusCode === 429)).toBe(true);
  });

  it(`una ráfaga de 25 PIN equivocados en paralelo de 5 cajeros compara como mucho ${PIN_FALLOS_SUPERVISOR_MAX}`, async () => {
    const { tienda, sup, p } = await tiendaConSupervisor();
    const cajeros = await Promise.all([0, 1, 2, 3, 4].map(() => crearEmpleado(t, tienda.codigo)));
    comparados.delete(sup.pinHash);
    const rs = await Promise.all(Array.from({ length: 25 }, (_, i) => vender(cajeros[i % 5]!.token, p.idProducto, { supervisorId: sup.id, pin: String(7000 + i) })));
    expect(rs.every((r) => r.statusCode === 403 || r.statusCode === 429)).toBe(true);
    expect(comparados.get(sup.pinHash) ?? 0).toBeLessThanOrEqual(PIN_FALLOS_SUPERVISOR_MAX);
  });

  it('la venta se valida antes del PIN: un producto ajeno, sin stock o un pago corto responden igual con el PIN correcto o no, y no gastan intentos', async () => {
    const { tienda, sup, p } = await tiendaConSupervisor(1);
    const otra = await tiendaConSupervisor();
    const cajero = await crearEmpleado(t, tienda.codigo);
    comparados.delete(sup.pinHash);
    const casos: Array<[string, number, Record<string, unknown>]> = [
      ['producto de otra tienda', otra.p.idProducto, {}],
      ['producto que no existe', 2_000_000_000, {}],
      ['sin stock', p.idProducto, { lineas: [{ productoId: p.idProducto, cantidad: 5, descuento: { tipo: 'valor', valor: 500 } }], montoRecibido: 100_000 }],
      ['pago corto', p.idProducto, { montoRecibido: 100 }],
    ];
    for (const [caso, productoId, extra] of casos) {
      const bueno = await vender(cajero.token, productoId, { supervisorId: sup.id, pin: PIN }, extra);
      const malo = await vender(cajero.token, productoId, { supervisorId: sup.id, pin: '8155' }, extra);
      expect(bueno.statusCode, caso).toBeGreaterThanOrEqual(400);
      expect(malo.statusCode, caso).toBe(bueno.statusCode);
      expect(malo.json(), caso).toEqual(bueno.json());
    }
    // No PIN was compared, so none of the 8 tries counted: the cashier still has all 5.
    expect(comparados.get(sup.pinHash) ?? 0).toBe(0);
    const [c] = await db().select({ n: usuario.pinIntentos }).from(usuario).where(eq(usuario.documento, cajero.documento));
    expect(c!.n).toBe(0);
    expect(await ventasDe(tienda.id)).toBe(0);
  });

  it('el bloqueo de 10 minutos del cajero dice en Retry-After el tiempo que falta', async () => {
    const { tienda, sup, p } = await tiendaConSupervisor();
    const cajero = await crearEmpleado(t, tienda.codigo);
    for (let i = 0; i < PIN_FALLOS_MAX; i++) expect((await vender(cajero.token, p.idProducto, { supervisorId: sup.id, pin: String(3000 + i) })).statusCode).toBe(403);
    const r = await vender(cajero.token, p.idProducto, { supervisorId: sup.id, pin: PIN });
    expect(r.statusCode).toBe(429);
    const espera = Number(r.headers['retry-after']);
    expect(espera).toBeGreaterThan(500);
    expect(espera).toBeLessThanOrEqual(600);
  });

  it('un PIN correcto no gasta intentos: un cajero da más de 5 descuentos autorizados seguidos', async () => {
    const { tienda, sup, p } = await tiendaConSupervisor();
    const cajero = await crearEmpleado(t, tienda.codigo);
    for (let i = 0; i < PIN_FALLOS_MAX + 2; i++) expect((await vender(cajero.token, p.idProducto, { supervisorId: sup.id, pin: PIN })).statusCode).toBe(201);
  });

  it('se rechazan los PIN triviales; se aceptan de 4 a 8 dígitos', async () => {
    const { sup } = await tiendaConSupervisor();
    for (const pin of ['0000', '1111', '99999999', '1234', '4321', '0123', '9876', '12345678', '87654321', '1900', '1987', '2024', '2099']) {
      expect(esPinTrivial(pin), pin).toBe(true);
      const r = await t.request({ method: 'PUT', url: '/api/cuenta/pin', token: sup.token, payload: { contrasena: PASSWORD, pin } });
      expect(r.statusCode, pin).toBe(400);
      expect(r.json().error.fields?.pin ?? r.json().error.message, pin).toBe(V.pinTrivial);
    }
    for (const pin of ['1899', '2100', '4827', '13579', '48273916']) {
      expect(esPinTrivial(pin), pin).toBe(false);
      const r = await t.request({ method: 'PUT', url: '/api/cuenta/pin', token: sup.token, payload: { contrasena: PASSWORD, pin } });
      expect(r.statusCode, `${pin} ${r.body}`).toBe(200);
    }
  });

  it('una tienda nueva empieza con «Aprobar empleados nuevos» encendido', async () => {
    const r = await t.request({ method: 'POST', url: '/api/tiendas/registro', payload: { nombreTienda: 'Tienda Nueva', email: 'aprobar-nueva@prueba.co', contrasena: PASSWORD } });
    expect(r.statusCode, r.body).toBe(201);
    const [row] = await db().select({ aprobar: tiendaTabla.aprobarEmpleados }).from(tiendaTabla).where(eq(tiendaTabla.idTienda, r.json().id_Tienda));
    expect(row!.aprobar).toBe(true);
    // A new employee waits for the owner's approval before signing in.
    const codigo = r.json().codigo_invitacion as string;
    const reg = await t.request({
      method: 'POST',
      url: '/api/usuarios/registro',
      payload: { nombre: 'Eva', apellido: 'Rojas', documento: '7700112233', tipoDoc: 'CC', email: 'eva-nueva@prueba.co', contrasena: PASSWORD, codigo_invitacion: codigo },
    });
    expect(reg.statusCode, reg.body).toBe(201);
    const login = await t.request({ method: 'POST', url: '/api/sesion/login', payload: { tipo: 'empleado', email: 'eva-nueva@prueba.co', contrasena: PASSWORD } });
    expect(login.statusCode).not.toBe(200);
  });
});
