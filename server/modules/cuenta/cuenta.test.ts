import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { codigoRecuperacion, tienda, usuario } from '../../db/schema';
import { crearEmpleado, crearTienda, login, PASSWORD } from '../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ OPERADOR_EMAIL: 'operador@adax.co', OPERADOR_PASSWORD: 'Operador2024' });
});
afterAll(() => t?.close());

const counts = async () => {
  const [u] = await t.database.db.select({ n: count() }).from(usuario);
  const [s] = await t.database.db.select({ n: count() }).from(tienda);
  return { usuarios: u!.n, tiendas: s!.n };
};

const post = (url: string, payload: unknown, token?: string) => t.request({ method: 'POST', url, payload: payload as object, token });

describe('registro y sesión', () => {
  it('una tienda se registra, recibe su código de invitación e inicia sesión con rol 1', async () => {
    const s = await crearTienda(t, { telefono: '3001234567', direccion: 'Calle 1' });
    expect(s.codigo).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const me = await t.request({ method: 'GET', url: '/api/sesion', token: s.token });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ tipo: 'tienda', rol: 1, id_Tienda: s.id, codigo_invitacion: s.codigo });
  });

  it('dos tiendas reciben códigos distintos', async () => {
    const a = await crearTienda(t);
    const b = await crearTienda(t);
    expect(a.codigo).not.toBe(b.codigo);
  });

  it('un empleado se registra con el código, queda con rol 2 y no ve el código', async () => {
    const s = await crearTienda(t);
    const e = await crearEmpleado(t, s.codigo.toLowerCase());
    const res = await post('/api/sesion/login', { tipo: 'empleado', email: e.email, contrasena: PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.sesion).toMatchObject({ tipo: 'empleado', rol: 2, id_Tienda: s.id, codigo_invitacion: null, documento: e.documento });
    const payload = JSON.parse(Buffer.from(body.token.split('.')[1], 'base64url').toString());
    expect(payload).toMatchObject({ documento: e.documento, id_Tienda: s.id, rol: 2, codigo_invitacion: null });
    expect(payload).toHaveProperty('nombreTienda');
  });

  it('una contraseña equivocada o un correo desconocido dan el mismo mensaje', async () => {
    const s = await crearTienda(t);
    for (const payload of [
      { tipo: 'tienda', email: s.email, contrasena: 'Otra12345' },
      { tipo: 'tienda', email: 'nadie@prueba.co', contrasena: 'Otra12345' },
      { tipo: 'empleado', email: s.email, contrasena: PASSWORD },
    ]) {
      const res = await post('/api/sesion/login', payload);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toMatchObject({ code: 'BAD_CREDENTIALS', message: M.login.badCredentialsText, title: M.login.badCredentialsTitle });
    }
  });

  it('el inicio de sesión valida correo y contraseña', async () => {
    const bad = await post('/api/sesion/login', { tipo: 'tienda', email: 'sin-arroba', contrasena: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({ email: M.login.invalidEmailText, contrasena: M.login.emptyPasswordText });
    const tipo = await post('/api/sesion/login', { tipo: 'admin', email: 'a@b.co', contrasena: 'x' });
    expect(tipo.statusCode).toBe(400);
    // In Spanish, never the validator's own English ("Invalid option: expected one of…").
    expect(tipo.json().error.fields).toMatchObject({ tipo: M.login.tipoInvalido });
  });

  it.each([
    [{ documento: '12345' }, 'documento', M.registro.documento],
    [{ documento: '12345678901a' }, 'documento', M.registro.documento],
    [{ nombre: '' }, 'nombre', M.registro.required('Nombre')],
    [{ apellido: '   ' }, 'apellido', M.registro.required('Apellido')],
    [{ email: 'correo@malo' }, 'email', M.registro.email],
    [{ contrasena: 'corta1A' }, 'contrasena', M.registro.password],
    [{ contrasena: 'sinmayuscula1' }, 'contrasena', M.registro.password],
    [{ contrasena: 'SinNumeroAqui' }, 'contrasena', M.registro.password],
    [{ codigo_invitacion: '' }, 'codigo_invitacion', M.registro.required('Código de invitación')],
    [{ tipoDoc: 'XX' }, 'tipoDoc', M.registro.tipoDoc],
    [{ nombre: 42 }, 'nombre', M.registro.required('Nombre')],
    [{ nombre: 'x'.repeat(500), _label: 'nombre de 500 letras' }, 'nombre', M.registro.tooLong],
  ])('el registro de empleado rechaza %o con su mensaje', async (override, field, message) => {
    const s = await crearTienda(t);
    const before = await counts();
    const res = await post('/api/usuarios/registro', {
      nombre: 'Ana',
      apellido: 'Pérez',
      documento: '1234567890',
      tipoDoc: 'CC',
      email: 'ana.valida@prueba.co',
      contrasena: PASSWORD,
      codigo_invitacion: s.codigo,
      ...override,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
    expect(await counts()).toEqual(before);
  });

  it('un código de invitación desconocido no registra a nadie', async () => {
    const before = await counts();
    const res = await post('/api/usuarios/registro', {
      nombre: 'Ana',
      apellido: 'Pérez',
      documento: '1234567899',
      email: 'ana.codigo@prueba.co',
      contrasena: PASSWORD,
      codigo_invitacion: 'ZZZZ-ZZZZ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(M.registro.codigoInvalido);
    expect(await counts()).toEqual(before);
  });

  it('un correo ya usado (por empleado o tienda) no se registra dos veces', async () => {
    const s = await crearTienda(t);
    const e = await crearEmpleado(t, s.codigo);
    const before = await counts();
    const r1 = await post('/api/tiendas/registro', { nombreTienda: 'Otra', email: e.email.toUpperCase(), contrasena: PASSWORD });
    expect(r1.statusCode).toBe(409);
    expect(r1.json().error.message).toBe(M.registro.emailTaken);
    const r2 = await post('/api/usuarios/registro', {
      nombre: 'B',
      apellido: 'C',
      documento: '9876543210',
      email: s.email,
      contrasena: PASSWORD,
      codigo_invitacion: s.codigo,
    });
    expect(r2.statusCode).toBe(409);
    const r3 = await post('/api/usuarios/registro', {
      nombre: 'B',
      apellido: 'C',
      documento: e.documento,
      email: 'otro.doc@prueba.co',
      contrasena: PASSWORD,
      codigo_invitacion: s.codigo,
    });
    expect(r3.statusCode).toBe(409);
    expect(r3.json().error.message).toBe(M.registro.documentoTaken);
    expect(await counts()).toEqual(before);
  });

  it('la tienda exige nombre y correo', async () => {
    const before = await counts();
    const res = await post('/api/tiendas/registro', { nombreTienda: '', email: '', contrasena: PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({ nombreTienda: M.registro.required('Nombre'), email: M.registro.required('Correo') });
    expect(await counts()).toEqual(before);
  });

  it('textos con apariencia de SQL se guardan como texto, sin efecto', async () => {
    const s = await crearTienda(t, { nombreTienda: "Robert'); DROP TABLE usuario;--" });
    const me = await t.request({ method: 'GET', url: '/api/sesion', token: s.token });
    expect(me.json().tienda).toBe("Robert'); DROP TABLE usuario;--");
    expect((await counts()).usuarios).toBeGreaterThanOrEqual(0);
  });
});

describe('entradas malformadas', () => {
  it('JSON roto, tipo de contenido raro y cuerpo enorme responden 4xx en español', async () => {
    const broken = await t.request({ method: 'POST', url: '/api/sesion/login', headers: { 'content-type': 'application/json' }, payload: '{"tipo":' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.message).toBe(M.generic.invalidJson);
    const xml = await t.request({ method: 'POST', url: '/api/sesion/login', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(xml.statusCode).toBe(415);
    const huge = await t.request({
      method: 'POST',
      url: '/api/tiendas/registro',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ nombreTienda: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.message).toBe(M.generic.bodyTooLarge);
    const arr = await post('/api/usuarios/registro', [1, 2, 3]);
    expect(arr.statusCode).toBe(400);
    const health = await t.request({ method: 'GET', url: '/api/health' });
    expect(health.json()).toMatchObject({ status: 'ok' });
  });

  it('una ruta protegida sin token o con token falso responde 401', async () => {
    const none = await t.request({ method: 'GET', url: '/api/sesion' });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('UNAUTHORIZED');
    const fake = await t.request({ method: 'GET', url: '/api/sesion', token: 'eyJhbGciOiJub25lIn0.eyJyb2wiOjF9.' });
    expect(fake.statusCode).toBe(401);
    const unknown = await t.request({ method: 'GET', url: '/api/no-existe' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(M.generic.notFound);
  });
});

describe('recuperación de contraseña', () => {
  const codeIn = (text: string) => /(\d{6})/.exec(text)?.[1] ?? '';

  it('código por correo, verificación, nueva contraseña; la vieja y sus sesiones dejan de valer', async () => {
    const s = await crearTienda(t);
    const e = await crearEmpleado(t, s.codigo);
    const sent = await post('/api/recuperacion/enviar-codigo', { correo: e.email });
    expect(sent.statusCode).toBe(200);
    const mail = t.outbox.findLast((m) => m.to === e.email)!;
    expect(mail.subject).toBe(M.recuperacion.mailSubject);
    const code = codeIn(mail.text);
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await post('/api/recuperacion/verificar-codigo', { correo: e.email, codigo: wrong });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.message).toBe(M.recuperacion.wrongCode);
    const ok = await post('/api/recuperacion/verificar-codigo', { correo: e.email, codigo: code });
    expect(ok.statusCode).toBe(200);
    const weak = await post('/api/recuperacion/restablecer', { correo: e.email, codigo: code, contrasena: 'debil' });
    expect(weak.statusCode).toBe(400);
    const reset = await post('/api/recuperacion/restablecer', { correo: e.email, codigo: code, contrasena: 'NuevaClave99' });
    expect(reset.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/sesion', token: e.token })).statusCode).toBe(401);
    expect((await post('/api/sesion/login', { tipo: 'empleado', email: e.email, contrasena: PASSWORD })).statusCode).toBe(401);
    await login(t, 'empleado', e.email, 'NuevaClave99');
    const again = await post('/api/recuperacion/restablecer', { correo: e.email, codigo: code, contrasena: 'OtraClave99' });
    expect(again.statusCode).toBe(422);
  });

  it('tras 5 intentos fallidos el código deja de servir', async () => {
    const s = await crearTienda(t);
    await post('/api/recuperacion/enviar-codigo', { correo: s.email });
    const code = codeIn(t.outbox.findLast((m) => m.to === s.email)!.text);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await post('/api/recuperacion/verificar-codigo', { correo: s.email, codigo: wrong })).statusCode).toBe(422);
    expect((await post('/api/recuperacion/verificar-codigo', { correo: s.email, codigo: code })).statusCode).toBe(422);
  });

  it('los intentos se cuentan de forma atómica: 20 intentos a la vez comparan como mucho 5', async () => {
    const s = await crearTienda(t);
    await post('/api/recuperacion/enviar-codigo', { correo: s.email });
    const code = codeIn(t.outbox.findLast((m) => m.to === s.email)!.text);
    const wrong = code === '000000' ? '111111' : '000000';
    // Reads answer late, as on PostgreSQL with several connections: every guess reads the code row
    // before any has counted its try. Only a conditional UPDATE keeps the count.
    type Query = { then: (ok: (v: unknown) => unknown, ko?: (e: unknown) => unknown) => unknown };
    const db = t.database.db as unknown as { select: (...a: unknown[]) => { from: (...a: unknown[]) => Query } };
    const realSelect = db.select;
    db.select = (...args: unknown[]) => {
      const builder = realSelect.apply(t.database.db, args);
      const realFrom = builder.from;
      builder.from = (...fromArgs: unknown[]) => {
        const query = realFrom.apply(builder, fromArgs);
        const realThen = query.then;
        query.then = (ok, ko) => realThen.call(query, (v: unknown) => new Promise((r) => setTimeout(r, 50)).then(() => ok(v)), ko);
        return query;
      };
      return builder;
    };
    let guesses: Awaited<ReturnType<typeof post>>[];
    try {
      guesses = await Promise.all(Array.from({ length: 20 }, () => post('/api/recuperacion/verificar-codigo', { correo: s.email, codigo: wrong })));
    } finally {
      db.select = realSelect;
    }
    expect(guesses.map((g) => g.statusCode)).toEqual(Array(20).fill(422));
    const [row] = await t.database.db.select({ intentos: codigoRecuperacion.intentos }).from(codigoRecuperacion).where(eq(codigoRecuperacion.correo, s.email));
    expect(row!.intentos).toBe(5);
    expect((await post('/api/recuperacion/restablecer', { correo: s.email, codigo: code, contrasena: 'NuevaClave99' })).statusCode).toBe(422);
    await login(t, 'tienda', s.email, PASSWORD);
  });

  it('un código correcto no gasta intentos: verificar y luego restablecer con el mismo código tras 4 fallos', async () => {
    const s = await crearTienda(t);
    await post('/api/recuperacion/enviar-codigo', { correo: s.email });
    const code = codeIn(t.outbox.findLast((m) => m.to === s.email)!.text);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) expect((await post('/api/recuperacion/verificar-codigo', { correo: s.email, codigo: wrong })).statusCode).toBe(422);
    expect((await post('/api/recuperacion/verificar-codigo', { correo: s.email, codigo: code })).statusCode).toBe(200);
    expect((await post('/api/recuperacion/restablecer', { correo: s.email, codigo: code, contrasena: 'NuevaClave99' })).statusCode).toBe(200);
    await login(t, 'tienda', s.email, 'NuevaClave99');
  });

  it('restablecer sin código no cambia nada, aunque el código se haya verificado', async () => {
    const s = await crearTienda(t);
    await post('/api/recuperacion/enviar-codigo', { correo: s.email });
    const code = codeIn(t.outbox.findLast((m) => m.to === s.email)!.text);
    expect((await post('/api/recuperacion/verificar-codigo', { correo: s.email, codigo: code })).statusCode).toBe(200);
    const res = await post('/api/recuperacion/restablecer', { correo: s.email, contrasena: 'Atacante123' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.codigo).toBe(M.recuperacion.codeRequired);
    await login(t, 'tienda', s.email, PASSWORD);
  });

  it('los códigos vencidos hace más de un día se borran con el siguiente envío; los recientes quedan', async () => {
    const viejo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    const reciente = new Date(Date.now() - 60 * 60 * 1000);
    const fila = (correo: string, venceEn: Date) => ({ tipo: 'ninguna', cuentaId: 0, correo, codigoHash: 'x', venceEn, creadoEn: venceEn });
    await t.database.db.insert(codigoRecuperacion).values([fila('viejo@prueba.co', viejo), fila('reciente@prueba.co', reciente)]);
    const res = await post('/api/recuperacion/enviar-codigo', { correo: 'otra.persona@prueba.co' });
    expect(res.statusCode).toBe(200);
    const quedan = async (correo: string) =>
      (await t.database.db.select({ n: count() }).from(codigoRecuperacion).where(eq(codigoRecuperacion.correo, correo)))[0]!.n;
    expect(await quedan('viejo@prueba.co')).toBe(0);
    expect(await quedan('reciente@prueba.co')).toBe(1);
  });

  it('un correo no registrado recibe la misma respuesta y ningún mensaje', async () => {
    const before = t.outbox.length;
    const res = await post('/api/recuperacion/enviar-codigo', { correo: 'nadie.aqui@prueba.co' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(M.recuperacion.sent);
    expect(t.outbox.length).toBe(before);
    const noEmail = await post('/api/recuperacion/enviar-codigo', { correo: '' });
    expect(noEmail.json().error.message).toBe(M.recuperacion.email);
    const noCode = await post('/api/recuperacion/verificar-codigo', { correo: 'a@b.co', codigo: '' });
    expect(noCode.json().error.message).toBe(M.recuperacion.codeRequired);
  });
});

describe('operador de la plataforma', () => {
  it('se crea desde la configuración y entra con rol 1 sin tienda', async () => {
    const res = await post('/api/sesion/login', { tipo: 'empleado', email: 'operador@adax.co', contrasena: 'Operador2024' });
    expect(res.statusCode).toBe(200);
    expect(res.json().sesion).toMatchObject({ rol: 1, id_Tienda: null, tienda: null });
  });
});

describe('límite de intentos', () => {
  it('demasiados intentos de inicio de sesión reciben 429 con mensaje en español', { timeout: 120_000 }, async () => {
    const limited = await createTestApp({ RATE_LIMIT_AUTH_MAX: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const r = await limited.request({ method: 'POST', url: '/api/sesion/login', payload: { tipo: 'tienda', email: 'x@y.co', contrasena: 'a' } });
        codes.push(r.statusCode);
        if (r.statusCode === 429) expect(r.json().error.message).toBe(M.generic.tooManyRequests);
      }
      expect(codes).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});
