import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { tienda, usuario } from '../../db/schema';
import { legacy, PREFIX } from '../../legacy/test-client';
import { crearEmpleado, crearTienda, login, PASSWORD } from '../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

/**
 * Issue #15 point 5, replayed: the invitation code's optional expiry and the "approve new
 * employees" switch. Rules in invitacion.domain.ts; every face (web API, legacy controllers,
 * back-office through the same sign-in and session check) asks it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

let doc = 1_900_000_000;
const nuevoDoc = () => String(doc++);
let n = 0;
const nuevoCorreo = () => `inv-${Date.now().toString(36)}-${n++}@prueba.co`;

const registro = (codigo: string, documento = nuevoDoc(), email = nuevoCorreo()) =>
  t.request({ method: 'POST', url: '/api/usuarios/registro', payload: { nombre: 'Luis', apellido: 'Mora', documento, email, contrasena: PASSWORD, codigo_invitacion: codigo } });
const registroLegado = (codigo: string, documento = nuevoDoc(), email = nuevoCorreo()) =>
  t.request({
    method: 'POST',
    url: `${PREFIX}/controlador/controlador.usuarios.php`,
    payload: { registro: true, nombre: 'Luis', apellido: 'Mora', documento, tipoDoc: 'CC', email, contrasena: PASSWORD, codigo_invitacion: codigo },
  });
const loginWeb = (email: string, contrasena = PASSWORD) => t.request({ method: 'POST', url: '/api/sesion/login', payload: { tipo: 'empleado', email, contrasena } });
const loginLegado = (email: string, contrasena = PASSWORD) =>
  t.request({ method: 'GET', url: `${PREFIX}/login/procesologin.php?${new URLSearchParams({ tipo: 'empleado', email, contrasena })}` });
const invitacion = (token: string) => t.request({ method: 'GET', url: '/api/tienda/invitacion', token });
const configurar = (token: string, payload: object) => t.request({ method: 'PUT', url: '/api/tienda/invitacion', token, payload });
const pendientes = (token: string) => t.request({ method: 'GET', url: '/api/tienda/empleados-pendientes', token });
const aprobar = (token: string, id: number) => t.request({ method: 'POST', url: `/api/tienda/empleados-pendientes/${id}/aprobar`, token });
const rechazar = (token: string, id: number) => t.request({ method: 'DELETE', url: `/api/tienda/empleados-pendientes/${id}`, token });
const idDe = async (email: string) => (await t.database.db.select({ id: usuario.idUsuario }).from(usuario).where(eq(usuario.correo, email)))[0]?.id;
/** Moves the store's expiry into the past, as time would (no test waits or asserts on the clock). */
const vencer = (tiendaId: number) => t.database.db.update(tienda).set({ codigoExpira: sql`now() - interval '1 minute'` }).where(eq(tienda.idTienda, tiendaId));

describe('el código de invitación puede vencer', () => {
  it('un código cambiado con 24 horas de vigencia deja de registrar al vencer, con la misma respuesta que un código inexistente (API y heredada)', { timeout: 240_000 }, async () => {
    const s = await crearTienda(t, { sinCaja: true });
    const res = await t.request({ method: 'POST', url: '/api/tienda/codigo-invitacion/regenerar', token: s.token, payload: { vigencia: '24h' } });
    expect(res.statusCode).toBe(200);
    const codigo = res.json().codigo_invitacion as string;
    const info = (await invitacion(s.token)).json();
    expect(info).toMatchObject({ codigo_invitacion: codigo, vencido: false, aprobar_empleados: false, pendientes: 0 });
    expect(info.codigo_expira).toEqual(expect.any(String));

    // Still valid: it registers.
    expect((await registro(codigo)).statusCode).toBe(201);

    await vencer(s.id);
    expect((await invitacion(s.token)).json().vencido).toBe(true);
    const vencido = await registro(codigo);
    const inexistente = await registro('ZZZZ-ZZZZ');
    expect(vencido.statusCode).toBe(400);
    expect(vencido.statusCode).toBe(inexistente.statusCode);
    expect(vencido.json()).toEqual(inexistente.json());
    expect(vencido.json().error.message).toBe(M.registro.codigoInvalido);

    const vencidoLegado = await registroLegado(codigo);
    const inexistenteLegado = await registroLegado('ZZZZ-ZZZZ');
    expect(vencidoLegado.statusCode).toBe(inexistenteLegado.statusCode);
    expect(vencidoLegado.json()).toEqual(inexistenteLegado.json());
    expect(vencidoLegado.json()).toMatchObject({ success: false, mensaje: M.registro.codigoInvalido });

    // Only the one registered in time is in the store.
    const empleados = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(usuario).where(eq(usuario.tiendaId, s.id));
    expect(empleados[0]!.n).toBe(1);
  });

  it('el vencimiento se elige aparte (desde ahora) y "sin vencimiento" lo quita; un cambio de código sin vigencia no vence', { timeout: 240_000 }, async () => {
    const s = await crearTienda(t, { sinCaja: true });
    expect((await invitacion(s.token)).json()).toMatchObject({ codigo_expira: null, vencido: false });
    await vencer(s.id);
    expect((await registro(s.codigo)).statusCode).toBe(400);
    const siete = await configurar(s.token, { vigencia: '7d' });
    expect(siete.statusCode).toBe(200);
    const expira = Date.parse(siete.json().codigo_expira as string);
    const dias = ((await t.database.db.execute(sql`select extract(epoch from (${tienda.codigoExpira} - now())) / 86400 as dias from ${tienda} where ${tienda.idTienda} = ${s.id}`)) as unknown as { rows: { dias: number }[] }).rows[0]!.dias;
    expect(Number(dias)).toBeGreaterThan(6.9);
    expect(Number(dias)).toBeLessThanOrEqual(7);
    expect(Number.isFinite(expira)).toBe(true);
    expect((await registro(s.codigo)).statusCode).toBe(201);
    expect((await configurar(s.token, { vigencia: 'sin' })).json()).toMatchObject({ codigo_expira: null, vencido: false });

    await configurar(s.token, { vigencia: '30d' });
    const nuevo = await t.request({ method: 'POST', url: '/api/tienda/codigo-invitacion/regenerar', token: s.token });
    expect(nuevo.statusCode).toBe(200);
    expect((await invitacion(s.token)).json()).toMatchObject({ codigo_invitacion: nuevo.json().codigo_invitacion, codigo_expira: null });

    for (const payload of [{}, { vigencia: '1h' }, { vigencia: 'sin', extra: 1 }, { aprobar_empleados: 'si' }]) {
      expect((await configurar(s.token, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await t.request({ method: 'POST', url: '/api/tienda/codigo-invitacion/regenerar', token: s.token, payload: { vigencia: '1h' } })).statusCode).toBe(400);
  });

  it('un empleado eliminado no vuelve con el código viejo tras cambiarlo, aunque este no hubiera vencido', { timeout: 240_000 }, async () => {
    const s = await crearTienda(t, { sinCaja: true });
    await configurar(s.token, { vigencia: '30d' });
    const e = await crearEmpleado(t, s.codigo, { sinCaja: true });
    const id = (await idDe(e.email))!;
    expect((await t.request({ method: 'DELETE', url: `/api/crud/usuarios/${id}`, token: s.token })).statusCode).toBe(200);
    await t.request({ method: 'POST', url: '/api/tienda/codigo-invitacion/regenerar', token: s.token, payload: { vigencia: '7d' } });
    const again = await registro(s.codigo, e.documento, e.email);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(M.registro.codigoInvalido);
  });

  it('en el área de administración el código nombra la tienda aunque haya vencido: el vencimiento limita el autorregistro', { timeout: 240_000 }, async () => {
    const s = await crearTienda(t, { sinCaja: true });
    await vencer(s.id);
    const res = await t.request({
      method: 'POST',
      url: '/api/crud/usuarios',
      token: s.token,
      payload: { documento: nuevoDoc(), tipoDoc: 'CC', nombre: 'Eva', apellido: 'Ríos', email: nuevoCorreo(), contrasena: PASSWORD, idRol: 2, codigo_invitacion: s.codigo },
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('aprobar empleados nuevos', () => {
  it('con el interruptor encendido, el empleado nuevo no entra por ninguna cara hasta que el administrador lo aprueba', { timeout: 240_000 }, async () => {
    const s = await crearTienda(t, { sinCaja: true });
    const on = await configurar(s.token, { aprobar_empleados: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ aprobar_empleados: true, pendientes: 0 });

    const email = nuevoCorreo();
    const reg = await registro(s.codigo, nuevoDoc(), email);
    expect(reg.statusCode).toBe(201);
    expect(reg.json()).toEqual({ message: M.invitacion.registroPendiente, pendiente: true });
    const id = (await idDe(email))!;

    // The web API: 403 with the message, only once the password is right.
    const web = await loginWeb(email);
    expect(web.statusCode).toBe(403);
    expect(web.json().error).toMatchObject({ code: 'FORBIDDEN', message: M.invitacion.cuentaPendiente, title: M.invitacion.cuentaPendienteTitulo });
    const wrong = await loginWeb(email, 'Otra1234x');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe(M.login.badCredentialsText);
    // The legacy API: its refusal shape (200, every flag false) with the same message, and no token.
    const old = await loginLegado(email);
    expect(old.statusCode).toBe(200);
    expect(old.json()).toMatchObject({ success: false, mensaje: M.invitacion.cuentaPendiente });
    expect(old.json().token).toBeUndefined();
    const oldWrong = await loginLegado(email, 'Otra1234x');
    expect(oldWrong.json()).toMatchObject({ success: false, mensaje: M.login.badCredentialsText });

    // Even a token made for it (none is ever issued) is refused on the store API, the back-office and the legacy API.
    const forjado = await t.app.tokens.sign({ sub: `u:${id}`, tipo: 'empleado', documento: null, nombreTienda: null, id_Tienda: s.id, rol: ROL.EMPLEADO, codigo_invitacion: null, tv: 0 });
    expect((await t.request({ method: 'GET', url: '/api/sesion', token: forjado })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/productos', token: forjado })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/crud/usuarios', token: forjado })).statusCode).toBe(401);
    expect((await legacy(t).get('producto', { listarProductosAppPrecio: true }, forjado)).status).toBe(401);

    // The admin sees it waiting, and approves it.
    const lista = await pendientes(s.token);
    expect(lista.statusCode).toBe(200);
    expect(lista.json().items).toEqual([expect.objectContaining({ idUsuario: id, nombre: 'Luis Mora', correo: email })]);
    expect((await invitacion(s.token)).json().pendientes).toBe(1);
    const ok = await aprobar(s.token, id);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(M.invitacion.aprobadoText('Luis Mora'));
    expect((await pendientes(s.token)).json().items).toEqual([]);

    // Now every face lets it in.
    const token = await login(t, 'empleado', email);
    expect((await t.request({ method: 'GET', url: '/api/sesion', token })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/sesion', token: forjado })).statusCode).toBe(200);
    await legacy(t).login('empleado', email);
    // Approving twice: nothing is pending any more.
    expect((await aprobar(s.token, id)).statusCode).toBe(404);
  });

  it('la cuenta de la tienda, los empleados registrados antes y los creados en el área de administración no esperan', { timeout: 240_000 }, async () => {
    const s = await crearTienda(t, { sinCaja: true });
    const antes = await crearEmpleado(t, s.codigo, { sinCaja: true });
    await configurar(s.token, { aprobar_empleados: true });
    expect((await loginWeb(antes.email)).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/sesion/login', payload: { tipo: 'tienda', email: s.email, contrasena: PASSWORD } })).statusCode).toBe(200);
    const email = nuevoCorreo();
    const res = await t.request({
      method: 'POST',
      url: '/api/crud/usuarios',
      token: s.token,
      payload: { documento: nuevoDoc(), tipoDoc: 'CC', nombre: 'Eva', apellido: 'Ríos', email, contrasena: PASSWORD, idRol: 2, codigo_invitacion: s.codigo },
    });
    expect(res.statusCode).toBe(201);
    expect((await loginWeb(email)).statusCode).toBe(200);
  });

  it('rechazar elimina la cuenta pendiente; apagar el interruptor no aprueba a los que esperan', { timeout: 240_000 }, async () => {
    const s = await crearTienda(t, { sinCaja: true });
    await configurar(s.token, { aprobar_empleados: true });
    const a = nuevoCorreo();
    const b = nuevoCorreo();
    expect((await registroLegado(s.codigo, nuevoDoc(), a)).json()).toMatchObject({ success: true, mensaje: M.invitacion.registroPendiente, pendiente: true });
    expect((await registro(s.codigo, nuevoDoc(), b)).statusCode).toBe(201);

    const off = await configurar(s.token, { aprobar_empleados: false });
    expect(off.json()).toMatchObject({ aprobar_empleados: false, pendientes: 2 });
    expect((await loginWeb(a)).statusCode).toBe(403);
    // New sign-ups no longer wait.
    const c = nuevoCorreo();
    expect((await registro(s.codigo, nuevoDoc(), c)).json()).toEqual({ message: M.registro.successText, pendiente: false });
    expect((await loginWeb(c)).statusCode).toBe(200);

    const idA = (await idDe(a))!;
    const r = await rechazar(s.token, idA);
    expect(r.statusCode).toBe(200);
    expect(r.json().message).toBe(M.invitacion.rechazado);
    expect(await idDe(a)).toBeUndefined();
    const after = await loginWeb(a);
    expect(after.statusCode).toBe(401);
    expect(after.json().error.message).toBe(M.login.badCredentialsText);
    expect((await rechazar(s.token, idA)).statusCode).toBe(404);
    // Rejection never deletes an approved account.
    const idC = (await idDe(c))!;
    expect((await rechazar(s.token, idC)).statusCode).toBe(404);
    expect(await idDe(c)).toBe(idC);
    expect((await pendientes(s.token)).json().items.map((i: { correo: string }) => i.correo)).toEqual([b]);
  });

  it('el administrador de otra tienda recibe 404 al aprobar o rechazar; encargado y empleado 403; el encargado ve el vencimiento', { timeout: 240_000 }, async () => {
    const s = await crearTienda(t, { sinCaja: true });
    const otra = await crearTienda(t, { sinCaja: true });
    const encargado = await crearEmpleado(t, s.codigo, { sinCaja: true });
    const empleado = await crearEmpleado(t, s.codigo, { sinCaja: true });
    await t.database.db.update(usuario).set({ rolId: ROL.ENCARGADO }).where(eq(usuario.correo, encargado.email));
    await configurar(s.token, { aprobar_empleados: true });
    const email = nuevoCorreo();
    await registro(s.codigo, nuevoDoc(), email);
    const id = (await idDe(email))!;

    for (const res of [await aprobar(otra.token, id), await rechazar(otra.token, id)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(M.invitacion.pendienteNoEncontrado);
    }
    expect((await pendientes(otra.token)).json().items).toEqual([]);
    for (const token of [encargado.token, empleado.token]) {
      for (const res of [await aprobar(token, id), await rechazar(token, id), await pendientes(token), await configurar(token, { aprobar_empleados: false })]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().error.message).toBe(M.invitacion.soloAdministrador);
      }
    }
    expect((await invitacion(encargado.token)).json()).toMatchObject({ codigo_invitacion: s.codigo, aprobar_empleados: true, pendientes: null });
    expect((await invitacion(empleado.token)).statusCode).toBe(403);
    // Still pending, still there.
    expect((await loginWeb(email)).statusCode).toBe(403);
    // An admin employee (role 1) approves.
    const admin = await crearEmpleado(t, s.codigo, { sinCaja: true }).catch(() => null);
    expect(admin).toBeNull(); // the switch holds new sign-ups, admins too: approved below by the store
    const adminEmail = (await pendientes(s.token)).json().items.find((i: { correo: string }) => i.correo !== email).correo as string;
    const adminId = (await idDe(adminEmail))!;
    await aprobar(s.token, adminId);
    await t.database.db.update(usuario).set({ rolId: ROL.ADMIN }).where(eq(usuario.idUsuario, adminId));
    const adminToken = await login(t, 'empleado', adminEmail);
    expect((await aprobar(adminToken, id)).statusCode).toBe(200);
  });
});
