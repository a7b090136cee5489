import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
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

  it('recuperación en tres pasos: enviar, verificar (status) y olvido/reset sin código', async () => {
    const url = `${P}/controlador/controlador.usuarios.php`;
    const early = await t.request({ method: 'POST', url, payload: { olvido: true, reset: true, correo: 'legado@prueba.co', password: 'Nueva12345' } });
    expect(early.json().success).toBe(false);
    const sent = await t.request({ method: 'POST', url, payload: { action: 'enviar_codigo', correo: 'legado@prueba.co' } });
    expect(sent.json()).toMatchObject({ success: true, message: M.recuperacion.sent });
    const code = codeIn(t.outbox.at(-1)!.text);
    const wrong = await t.request({ method: 'POST', url, payload: { action: 'verificar_codigo', correo: 'legado@prueba.co', codigo: code === '000000' ? '111111' : '000000' } });
    expect(wrong.json()).toEqual({ status: 'error', message: M.recuperacion.wrongCode });
    const right = await t.request({ method: 'POST', url, payload: { action: 'verificar_codigo', correo: 'legado@prueba.co', codigo: code } });
    expect(right.json().status).toBe('success');
    const reset = await t.request({ method: 'POST', url, payload: { olvido: true, reset: true, correo: 'legado@prueba.co', password: 'Nueva12345' } });
    expect(reset.json()).toMatchObject({ success: true });
    const login = await t.request({ method: 'GET', url: `${P}/login/procesologin.php?tipo=tienda&email=legado@prueba.co&contrasena=Nueva12345` });
    expect(login.json().success).toBe(true);
    const again = await t.request({ method: 'POST', url, payload: { olvido: true, reset: true, correo: 'legado@prueba.co', password: 'Otra123456' } });
    expect(again.json().success).toBe(false);
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
