import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { legacy as L } from '#shared/messages/legacy';
import { tienda as tiendaTabla } from '../db/schema';
import { PASSWORD } from '../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';

const P = '/adx/ADAX-Store-Manager/Crud';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const codeIn = (text: string) => /(\d{6})/.exec(text)?.[1] ?? '';

describe('API heredada: cuentas', () => {
  it('registro de tienda (form-data) y de empleado (JSON), inicio de sesión por GET con token', async () => {
    const form = new URLSearchParams({ registroTienda: 'true', nombreTienda: 'Legado', telefono: '', email: 'legado@prueba.co', contrasena: PASSWORD, direccion: '' });
    const tienda = await t.request({ method: 'POST', url: `${P}/controlador/controlador.tienda.php`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form.toString() });
    expect(tienda.statusCode).toBe(200);
    expect(tienda.json()).toMatchObject({ success: true });
    const codigo = tienda.json().codigo_invitacion as string;
    // A new store approves its new employees (issue #28); this store lets them in at once, as a store
    // that turned the switch off does, so the employee's sign-in below is answered.
    await t.database.db.update(tiendaTabla).set({ aprobarEmpleados: false }).where(eq(tiendaTabla.correo, 'legado@prueba.co'));

    const emp = await t.request({
      method: 'POST',
      url: `${P}/controlador/controlador.usuarios.php`,
      payload: { registro: true, nombre: 'Lu', nombre2: '', apellido: 'Paz', apellido2: '', documento: '1234500000', tipoDoc: 'CC', email: 'lu@prueba.co', contrasena: PASSWORD, codigo_invitacion: codigo },
    });
    expect(emp.json()).toEqual(expect.objectContaining({ success: true }));

    const ok = await t.request({ method: 'GET', url: `${P}/login/procesologin.php?tipo=empleado&email=lu@prueba.co&contrasena=${PASSWORD}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().success).toBe(true);
    const payload = JSON.parse(Buffer.from(ok.json().token.split('.')[1], 'base64url').toString());
    expect(payload).toMatchObject({ documento: '1234500000', nombreTienda: 'Legado', rol: 2 });

    const bad = await t.request({ method: 'GET', url: `${P}/login/procesologin.php?tipo=tienda&email=legado@prueba.co&contrasena=mala` });
    expect(bad.statusCode).toBe(200);
    expect(bad.json()).toMatchObject({ success: false, mensaje: M.login.badCredentialsText });
  });

  it('un registro inválido responde success false con el mensaje en español', async () => {
    const res = await t.request({ method: 'POST', url: `${P}/controlador/controlador.usuarios.php`, payload: { registro: true, documento: '12', email: '', contrasena: '' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, mensaje: M.registro.documento });
  });

  it('recuperación en tres pasos: enviar, verificar (status) y olvido/reset con el código', async () => {
    const url = `${P}/controlador/controlador.usuarios.php`;
    const early = await t.request({ method: 'POST', url, payload: { olvido: true, reset: true, correo: 'legado@prueba.co', password: 'Nueva12345' } });
    expect(early.json()).toMatchObject({ success: false, mensaje: L.restablecerSinCodigo });
    const sent = await t.request({ method: 'POST', url, payload: { action: 'enviar_codigo', correo: 'legado@prueba.co' } });
    expect(sent.json()).toMatchObject({ success: true, message: M.recuperacion.sent });
    const code = codeIn(t.outbox.at(-1)!.text);
    const wrong = await t.request({ method: 'POST', url, payload: { action: 'verificar_codigo', correo: 'legado@prueba.co', codigo: code === '000000' ? '111111' : '000000' } });
    expect(wrong.json()).toEqual({ status: 'error', message: M.recuperacion.wrongCode });
    const right = await t.request({ method: 'POST', url, payload: { action: 'verificar_codigo', correo: 'legado@prueba.co', codigo: code } });
    expect(right.json().status).toBe('success');
    const reset = await t.request({ method: 'POST', url, payload: { olvido: true, reset: true, correo: 'legado@prueba.co', codigo: code, password: 'Nueva12345' } });
    expect(reset.json()).toMatchObject({ success: true });
    const login = await t.request({ method: 'GET', url: `${P}/login/procesologin.php?tipo=tienda&email=legado@prueba.co&contrasena=Nueva12345` });
    expect(login.json().success).toBe(true);
    const again = await t.request({ method: 'POST', url, payload: { olvido: true, reset: true, correo: 'legado@prueba.co', codigo: code, password: 'Otra123456' } });
    expect(again.json()).toMatchObject({ success: false, mensaje: M.recuperacion.wrongCode });
  });

  // Issue #15 (HIGH): the web flow verifies the code, then waits while the person types the new
  // password; an attacker polling the legacy reset with only the email and a password of theirs used
  // to set it first.
  it('olvido/reset con solo correo y password tras una verificación de la web no cambia la contraseña', async () => {
    const correo = 'victima@prueba.co';
    const reg = await t.request({ method: 'POST', url: '/api/tiendas/registro', payload: { nombreTienda: 'Víctima', email: correo, contrasena: PASSWORD } });
    expect(reg.statusCode).toBe(201);
    expect((await t.request({ method: 'POST', url: '/api/recuperacion/enviar-codigo', payload: { correo } })).statusCode).toBe(200);
    const code = codeIn(t.outbox.findLast((m) => m.to === correo)!.text);
    expect((await t.request({ method: 'POST', url: '/api/recuperacion/verificar-codigo', payload: { correo, codigo: code } })).statusCode).toBe(200);

    // The attacker's polling: email and password only, as the old clients' step 3 sent them.
    const url = `${P}/controlador/controlador.usuarios.php`;
    for (const payload of [
      { olvido: true, reset: true, correo, password: 'Atacante123' },
      { olvido: true, correo, contrasena: 'Atacante123' },
      { reset: 'true', correo, password: 'Atacante123', codigo: '' },
    ]) {
      const r = await t.request({ method: 'POST', url, payload });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toMatchObject({ success: false, mensaje: L.restablecerSinCodigo });
    }
    const form = new URLSearchParams({ olvido: 'true', reset: 'true', correo, password: 'Atacante123' });
    const formReply = await t.request({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form.toString() });
    expect(formReply.json()).toMatchObject({ success: false });
    const guessed = await t.request({ method: 'POST', url, payload: { olvido: true, reset: true, correo, codigo: code === '000000' ? '111111' : '000000', password: 'Atacante123' } });
    expect(guessed.json()).toMatchObject({ success: false, mensaje: M.recuperacion.wrongCode });

    const loginAs = (contrasena: string) => t.request({ method: 'GET', url: `${P}/login/procesologin.php?${new URLSearchParams({ tipo: 'tienda', email: correo, contrasena })}` });
    expect((await loginAs(PASSWORD)).json().success).toBe(true);
    expect((await loginAs('Atacante123')).json().success).toBe(false);

    // The person, still on the web screen, finishes with the code they typed.
    const done = await t.request({ method: 'POST', url: '/api/recuperacion/restablecer', payload: { correo, codigo: code, contrasena: 'Propia12345' } });
    expect(done.statusCode).toBe(200);
    expect((await loginAs('Propia12345')).json().success).toBe(true);
  });

  it('una operación desconocida responde 404 y una protegida sin token 401', async () => {
    const unknown = await t.request({ method: 'POST', url: `${P}/controlador/controlador.usuarios.php`, payload: { algoRaro: true } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().success).toBe(false);
  });
});

describe('API heredada: límite de intentos', () => {
  it('registro y recuperación por los controladores heredados también se limitan', { timeout: 120_000 }, async () => {
    const limited = await createTestApp({ RATE_LIMIT_AUTH_MAX: '2' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const r = await limited.request({ method: 'POST', url: `${P}/controlador/controlador.usuarios.php`, payload: { action: 'enviar_codigo', correo: 'mismo@prueba.co' } });
        codes.push(r.statusCode);
        if (r.statusCode === 429) expect(r.json()).toMatchObject({ success: false, mensaje: M.generic.tooManyRequests });
      }
      expect(codes).toEqual([200, 200, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});
