/**
 * The cash threshold (issue #27 points 1 and 5): above the owner's `umbralCaja` (*Permisos*), a
 * cash movement of a role without `cajaSobreUmbral` needs a supervisor's PIN, checked as at the till
 * (autorizacion.ts). Without it, or with a wrong one: 403, nothing written, the attempt in the
 * activity log; with it: the movement is written and its log entry names who authorised it. The
 * movement is validated first, so a PIN is never tried for a movement that would be refused anyway.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { formatPesos } from '#shared/money';
import { ROL } from '#shared/roles';
import { actividad, cajaMovimiento, usuario } from '../../db/schema';
import { abrirCaja, crearEmpleado, crearTienda, PASSWORD } from '../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const db = () => t.database.db;
const UMBRAL = 100_000;

const api = async (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
  const r = await t.request({ method, url, token, ...(payload ? { payload } : {}) });
  return { status: r.statusCode, body: r.json() };
};
const mover = (token: string, body: Record<string, unknown>) => api(token, 'POST', '/api/caja/movimientos', { tipo: 'salida', motivo: 'Pago a proveedor', ...body });

/** The owner's decision: the threshold, and role 2's `cajaSobreUmbral`. */
async function decidir(token: string, cajaSobreUmbral: boolean) {
  const actuales = (await api(token, 'GET', '/api/tienda/permisos')).body;
  actuales.roles[ROL.EMPLEADO].cajaSobreUmbral = cajaSobreUmbral;
  actuales.umbralCaja = UMBRAL;
  const r = await api(token, 'PUT', '/api/tienda/permisos', actuales);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

/** A store with the threshold, a cashier (role 2) whose shift opened with $500.000, and a supervisor (role 3, Laura Díaz) with PIN 4827. */
async function tiendaConTope(cajaSobreUmbral = false) {
  const s = await crearTienda(t);
  const cajero = await crearEmpleado(t, s.codigo, { sinCaja: true });
  await abrirCaja(t, cajero.token, 500_000);
  const sup = await crearEmpleado(t, s.codigo, { nombre: 'Laura', apellido: 'Díaz', rol: ROL.ENCARGADO, sinCaja: true });
  const pin = await api(sup.token, 'PUT', '/api/cuenta/pin', { contrasena: PASSWORD, pin: '4827' });
  expect(pin.status, JSON.stringify(pin.body)).toBe(200);
  const [u] = await db().select({ id: usuario.idUsuario }).from(usuario).where(eq(usuario.documento, sup.documento));
  await decidir(s.token, cajaSobreUmbral);
  return { s, cajero: cajero.token, supId: u!.id };
}

const movimientos = async (tiendaId: number) => (await db().select().from(cajaMovimiento).where(eq(cajaMovimiento.tiendaId, tiendaId))).map((m) => [m.tipo, m.monto]);
const registro = async (tiendaId: number, tipo: 'rechazo' | 'caja_movimiento') =>
  (await db().select().from(actividad).where(and(eq(actividad.tiendaId, tiendaId), eq(actividad.tipo, tipo))).orderBy(actividad.idActividad)).map((a) => a.detalle);

describe('movimientos de caja por encima del tope', { timeout: 180_000 }, () => {
  it('un empleado sin el permiso: sin PIN o con un PIN equivocado, 403 y nada escrito, el intento registrado; con el PIN correcto pasa y el registro nombra al supervisor', async () => {
    const { s, cajero, supId } = await tiendaConTope();
    const tope = M.permisos.denegado.cajaSobreUmbral(formatPesos(UMBRAL));

    const sinPin = await mover(cajero, { monto: 150_000 });
    expect(sinPin.status).toBe(403);
    expect(sinPin.body.error.message).toBe(tope);
    // An entry above the threshold needs it as well.
    expect((await mover(cajero, { tipo: 'entrada', monto: 100_001 })).body.error.message).toBe(tope);

    // A wrong PIN, and a supervisor who is no supervisor: the same 403, whatever was wrong.
    const malo = await mover(cajero, { monto: 150_000, autorizacion: { supervisorId: supId, pin: '1111' } });
    expect(malo.status).toBe(403);
    expect(malo.body.error.message).toBe(M.caja.pinIncorrecto);
    const nadie = await mover(cajero, { monto: 150_000, autorizacion: { supervisorId: 2_000_000_000, pin: '4827' } });
    expect(nadie).toEqual(malo);

    // Validated before the PIN: a movement refused anyway answers its own refusal, and no PIN is tried.
    const [antes] = await db().select({ intentos: usuario.pinIntentos }).from(usuario).where(eq(usuario.idUsuario, supId));
    const demasiado = await mover(cajero, { monto: 900_000, autorizacion: { supervisorId: supId, pin: '1111' } });
    expect(demasiado.body.error.message).toBe(M.caja.salidaMayorQueEfectivo(formatPesos(500_000)));
    expect((await db().select({ intentos: usuario.pinIntentos }).from(usuario).where(eq(usuario.idUsuario, supId)))[0]).toEqual(antes);

    expect(await movimientos(s.id)).toEqual([]);
    expect(await registro(s.id, 'caja_movimiento')).toEqual([]);
    const intento = (mensaje: string, tipo = 'Salida', monto = 150_000) => ({ accion: 'cajaSobreUmbral', mensaje, nombre: `${tipo} de ${formatPesos(monto)}: Pago a proveedor` });
    expect(await registro(s.id, 'rechazo')).toEqual([
      intento(tope),
      intento(tope, 'Entrada', 100_001),
      intento(M.caja.pinIncorrecto),
      intento(M.caja.pinIncorrecto),
    ]);

    const bueno = await mover(cajero, { monto: 150_000, autorizacion: { supervisorId: supId, pin: '4827' } });
    expect(bueno.status, JSON.stringify(bueno.body)).toBe(201);
    expect(bueno.body).toMatchObject({ tipo: 'salida', monto: 150_000, motivo: 'Pago a proveedor' });
    expect(await movimientos(s.id)).toEqual([['salida', 150_000]]);
    const [log] = await registro(s.id, 'caja_movimiento');
    expect(log).toMatchObject({ tipo: 'salida', monto: 150_000, motivo: 'Pago a proveedor', autorizadoPorId: supId, autorizadoPor: 'Laura Díaz' });
    // The log's words say it too.
    expect(M.actividad.describir('caja_movimiento', log)).toContain('autorizada por Laura Díaz');
  });

  it('hasta el tope no se pide PIN; con el permiso cajaSobreUmbral tampoco por encima; el administrador nunca lo necesita', async () => {
    const { s, cajero } = await tiendaConTope();
    // Exactly the threshold is not above it.
    expect((await mover(cajero, { monto: UMBRAL })).status).toBe(201);
    expect((await mover(cajero, { monto: 20_000, motivo: 'Cambio para la caja', tipo: 'entrada' })).status).toBe(201);
    expect((await mover(s.token, { tipo: 'entrada', monto: 300_000, motivo: 'Base del día' })).status).toBe(201);

    await decidir(s.token, true);
    const r = await mover(cajero, { monto: 250_000 });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(await movimientos(s.id)).toEqual([
      ['salida', UMBRAL],
      ['entrada', 20_000],
      ['entrada', 300_000],
      ['salida', 250_000],
    ]);
    expect((await registro(s.id, 'caja_movimiento')).every((d) => !('autorizadoPor' in (d as object)))).toBe(true);
    expect(await registro(s.id, 'rechazo')).toEqual([]);
  });
});
