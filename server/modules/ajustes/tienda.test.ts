import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { usuario } from '../../db/schema';
import { crearEmpleado, crearTienda, login, PASSWORD } from '../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

/**
 * Issue #15 (MEDIUM), "invitation codes": a deleted employee re-joined with the code they had seen,
 * and nothing could change a code; the back-office user update told "another store's code" from
 * "no store's code" (~190 guesses a second, never a 429).
 */
const URL = '/api/tienda/codigo-invitacion/regenerar';
const apps: TestApp[] = [];
afterAll(async () => {
  for (const a of apps) await a.close();
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ OPERADOR_EMAIL: 'operador@tienda-test.co', OPERADOR_PASSWORD: 'Operador2024' });
  apps.push(t);
});

const regenerar = (token?: string) => t.request({ method: 'POST', url: URL, token });
const registro = (codigo: string, documento: string, email: string) =>
  t.request({ method: 'POST', url: '/api/usuarios/registro', payload: { nombre: 'Luis', apellido: 'Mora', documento, email, contrasena: PASSWORD, codigo_invitacion: codigo } });

describe('cambiar el código de invitación', () => {
  it('un empleado eliminado ya no vuelve a entrar con el código que vio, una vez cambiado', { timeout: 60_000 }, async () => {
    const s = await crearTienda(t);
    const e = await crearEmpleado(t, s.codigo, { sinCaja: true });
    const list = await t.request({ method: 'GET', url: `/api/crud/usuarios?q=${encodeURIComponent(e.email)}`, token: s.token });
    const id = list.json().items[0].idUsuario as number;
    expect((await t.request({ method: 'DELETE', url: `/api/crud/usuarios/${id}`, token: s.token })).statusCode).toBe(200);

    // The admin changes the code.
    const res = await regenerar(s.token);
    expect(res.statusCode).toBe(200);
    const { codigo_invitacion: nuevo, message } = res.json() as { codigo_invitacion: string; message: string };
    expect(message).toBe(M.codigoInvitacion.regenerado);
    expect(nuevo).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(nuevo).not.toBe(s.codigo);

    // The dismissed employee tries the old code: no store has it any more.
    const again = await registro(s.codigo, e.documento, e.email);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(M.registro.codigoInvalido);
    // A new employee registers with the new one; the session shows it to the store's admins.
    expect((await registro(nuevo, '1777777777', 'nuevo.empleado@prueba.co')).statusCode).toBe(201);
    expect((await t.request({ method: 'GET', url: '/api/sesion', token: s.token })).json().codigo_invitacion).toBe(nuevo);
  });

  it('un administrador empleado (rol 1) también puede; encargado, empleado y operador no', async () => {
    const s = await crearTienda(t);
    const admin = await crearEmpleado(t, s.codigo);
    const encargado = await crearEmpleado(t, s.codigo);
    const empleado = await crearEmpleado(t, s.codigo);
    await t.database.db.update(usuario).set({ rolId: ROL.ADMIN }).where(eq(usuario.correo, admin.email));
    await t.database.db.update(usuario).set({ rolId: ROL.ENCARGADO }).where(eq(usuario.correo, encargado.email));
    expect((await regenerar(admin.token)).statusCode).toBe(200);
    for (const token of [encargado.token, empleado.token]) {
      const res = await regenerar(token);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(M.codigoInvitacion.soloAdministrador);
    }
    const operador = await login(t, 'empleado', 'operador@tienda-test.co', 'Operador2024');
    expect((await regenerar(operador)).statusCode).toBe(403);
    expect((await regenerar()).statusCode).toBe(401);
  });

  it('cada tienda cambia solo su código', async () => {
    const a = await crearTienda(t);
    const b = await crearTienda(t);
    await regenerar(a.token);
    const sesionB = await t.request({ method: 'GET', url: '/api/sesion', token: b.token });
    expect(sesionB.json().codigo_invitacion).toBe(b.codigo);
  });
});

describe('el área de administración no distingue códigos ajenos de inexistentes', () => {
  it('un código de otra tienda y uno de ninguna reciben la misma respuesta, y las conjeturas reciben 429', { timeout: 60_000 }, async () => {
    const limited = await createTestApp({ RATE_LIMIT_AUTH_MAX: '3' });
    apps.push(limited);
    const a = await crearTienda(limited);
    const e = await crearEmpleado(limited, a.codigo);
    const b = await crearTienda(limited);
    const list = await limited.request({ method: 'GET', url: `/api/crud/usuarios?q=${encodeURIComponent(e.email)}`, token: a.token });
    const id = list.json().items[0].idUsuario as number;
    const put = (codigo_invitacion: string) =>
      limited.request({
        method: 'PUT',
        url: `/api/crud/usuarios/${id}`,
        payload: { documento: e.documento, tipoDoc: 'CC', nombre: 'Ana', apellido: 'Pérez', email: e.email, idRol: 2, codigo_invitacion },
        token: a.token,
      });

    const ajeno = await put(b.codigo);
    const inexistente = await put('ZZZZ-ZZZZ');
    expect(ajeno.statusCode).toBe(inexistente.statusCode);
    expect(ajeno.json()).toEqual(inexistente.json());
    expect(ajeno.json().error.fields).toEqual({ codigo_invitacion: M.crud.codigoOtraTienda });
    // Its own code is never a guess.
    for (let i = 0; i < 4; i++) expect((await put(a.codigo)).statusCode).toBe(200);
    const codes: number[] = [];
    for (const guess of ['QQQQ-QQQQ', b.codigo, 'WWWW-WWWW']) codes.push((await put(guess)).statusCode);
    expect(codes).toEqual([400, 429, 429]);
  });
});
