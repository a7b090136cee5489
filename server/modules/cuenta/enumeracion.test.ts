import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { codigoRecuperacion, usuario } from '../../db/schema';
import type { Mail } from '../../lib/mailer';
import { crearEmpleado, crearTienda, PASSWORD } from '../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

/**
 * Issue #15 (MEDIUM), "enumeration": recovery answered in ~26 ms for a registered email and ~5.6 ms
 * for an unknown one; employee sign-up said whether a documento was registered in ANY store; the
 * back-office user update said which of email/documento was taken, with no limit.
 */
const P = '/adx/ADAX-Store-Manager/Crud';
const apps: TestApp[] = [];
afterAll(async () => {
  for (const a of apps) await a.close();
});
async function app(env: Record<string, string> = {}, mailer?: { send(mail: Mail): Promise<void> }) {
  const t = await createTestApp(env, mailer ? { mailer } : {});
  apps.push(t);
  return t;
}

/** Resolves with 'colgada' when the request has not answered in 10 s (it waits for the mail). */
const orHang = <T>(p: Promise<T>) => Promise.race([p, new Promise<'colgada'>((resolve) => setTimeout(() => resolve('colgada'), 10_000).unref())]);

describe('recuperación: la misma respuesta y el mismo trabajo para cualquier correo', () => {
  let t: TestApp;
  let release: () => void;
  const sent: Mail[] = [];
  beforeAll(async () => {
    const gate = new Promise<void>((resolve) => (release = resolve));
    // A mail server that never answers (until the end of the test).
    t = await app({}, { send: (mail) => (sent.push(mail), gate) });
  });
  afterAll(() => release?.());

  const pending = async (correo: string) => {
    const [row] = await t.database.db.select({ n: count() }).from(codigoRecuperacion).where(and(eq(codigoRecuperacion.correo, correo)));
    return row!.n;
  };

  it('un correo conocido no espera al servidor de correo; uno desconocido deja el mismo rastro', { timeout: 60_000 }, async () => {
    const s = await crearTienda(t);
    const conocido = await orHang(t.request({ method: 'POST', url: '/api/recuperacion/enviar-codigo', payload: { correo: s.email } }));
    expect(conocido).not.toBe('colgada');
    const desconocido = await t.request({ method: 'POST', url: '/api/recuperacion/enviar-codigo', payload: { correo: 'nadie.enum@prueba.co' } });
    for (const res of [conocido, desconocido] as Awaited<ReturnType<TestApp['request']>>[]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: M.recuperacion.sent });
    }
    // The same work behind both answers: one code row each; only the account's gets a mail.
    expect(await pending(s.email)).toBe(1);
    expect(await pending('nadie.enum@prueba.co')).toBe(1);
    expect(sent.map((m) => m.to)).toEqual([s.email]);
    // And checking a code reads the same for both.
    const wrong = async (correo: string) => (await t.request({ method: 'POST', url: '/api/recuperacion/verificar-codigo', payload: { correo, codigo: '000000' } })).json();
    expect(await wrong('nadie.enum@prueba.co')).toEqual(await wrong(s.email));

    const legacy = await orHang(t.request({ method: 'POST', url: `${P}/controlador/controlador.usuarios.php`, payload: { action: 'enviar_codigo', correo: s.email } }));
    expect(legacy).not.toBe('colgada');
    expect((legacy as Awaited<ReturnType<TestApp['request']>>).json()).toEqual({ success: true, message: M.recuperacion.sent });
  });

  it('un código de una fila sin cuenta nunca sirve', async () => {
    // Even a right guess of the code of an unknown email's row changes nothing and says "wrong".
    const correo = 'nadie.fila@prueba.co';
    await t.request({ method: 'POST', url: '/api/recuperacion/enviar-codigo', payload: { correo } });
    const [row] = await t.database.db.select().from(codigoRecuperacion).where(eq(codigoRecuperacion.correo, correo));
    expect(row).toMatchObject({ tipo: 'ninguna', cuentaId: 0 });
  });
});

describe('recuperación con el correo caído', () => {
  it('un envío que falla responde lo mismo que uno que sale (antes 502 solo para correos conocidos)', async () => {
    const t = await app({}, { send: async () => Promise.reject(new Error('SMTP caído')) });
    const s = await crearTienda(t);
    const res = await t.request({ method: 'POST', url: '/api/recuperacion/enviar-codigo', payload: { correo: s.email } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: M.recuperacion.sent });
  });
});

describe('el documento es único por tienda', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await app();
  });
  const registro = (codigo: string, documento: string, email: string) =>
    t.request({ method: 'POST', url: '/api/usuarios/registro', payload: { nombre: 'Eva', apellido: 'Ríos', documento, email, contrasena: PASSWORD, codigo_invitacion: codigo } });

  it('registrarse en otra tienda con un documento de la tienda A no dice nada de A', async () => {
    const a = await crearTienda(t);
    const b = await crearTienda(t);
    const e = await crearEmpleado(t, a.codigo);
    const enB = await registro(b.codigo, e.documento, `otra-${e.email}`);
    expect(enB.statusCode).toBe(201);
    const legacyEnC = await t.request({
      method: 'POST',
      url: `${P}/controlador/controlador.usuarios.php`,
      payload: { registro: true, nombre: 'Eva', apellido: 'Ríos', documento: e.documento, tipoDoc: 'CC', email: `legacy-${e.email}`, contrasena: PASSWORD, codigo_invitacion: (await crearTienda(t)).codigo },
    });
    expect(legacyEnC.json()).toMatchObject({ success: true });
  });

  it('en la misma tienda el documento repetido se rechaza con un mensaje genérico', async () => {
    const a = await crearTienda(t);
    const e = await crearEmpleado(t, a.codigo);
    const res = await registro(a.codigo, e.documento, `repetido-${e.email}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(M.registro.documentoTaken);
    expect(M.registro.documentoTaken).not.toMatch(/ya existe un usuario/i);
    // The database holds the rule too (unique per store, a race cannot slip past).
    const [row] = await t.database.db.select().from(usuario).where(eq(usuario.correo, e.email));
    await expect(t.database.db.insert(usuario).values({ ...row!, idUsuario: undefined, correo: `carrera-${e.email}` })).rejects.toThrow();
  });
});

describe('respuestas de unicidad del área de administración', () => {
  it('las preguntas por correos de otras cuentas se limitan; las ediciones normales no cuentan', { timeout: 120_000 }, async () => {
    const t = await app({ RATE_LIMIT_AUTH_MAX: '3' });
    const a = await crearTienda(t);
    const e = await crearEmpleado(t, a.codigo);
    const otra = await crearTienda(t);
    const ajena = await crearEmpleado(t, otra.codigo);
    const list = await t.request({ method: 'GET', url: `/api/crud/usuarios?q=${encodeURIComponent(e.email)}`, token: a.token });
    const id = list.json().items[0].idUsuario as number;
    const base = { documento: e.documento, tipoDoc: 'CC', nombre: 'Ana', apellido: 'Pérez', email: e.email, idRol: 2, codigo_invitacion: a.codigo };
    const put = (body: object) => t.request({ method: 'PUT', url: `/api/crud/usuarios/${id}`, payload: { ...base, ...body }, token: a.token });

    // Ordinary edits, with the store's own code as the form sends it, are never limited.
    for (let i = 0; i < 6; i++) expect((await put({ nombre: `Ana ${i}` })).statusCode).toBe(200);

    // A run of guesses at other accounts' emails: three answers, then 429 whatever the guess.
    const guesses = [otra.email, ajena.email, 'libre.1@prueba.co', ajena.email, 'libre.2@prueba.co', otra.email];
    const codes: number[] = [];
    for (const email of guesses) {
      const res = await put({ email });
      codes.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().error.message).toBe(M.generic.tooManyRequests);
    }
    expect(codes).toEqual([409, 409, 200, 429, 429, 429]);
    // The same caller's legacy face and the create form count in the same bucket.
    const legacy = await t.request({
      method: 'POST',
      url: `${P}/controlador/controlador.usuarios.php`,
      payload: { actualizar: true, ...base, email: otra.email },
      token: a.token,
    });
    expect(legacy.statusCode, legacy.body).toBe(429);
    const crear = await t.request({ method: 'POST', url: '/api/crud/usuarios', payload: { ...base, documento: '1999999999', email: 'nuevo@prueba.co', contrasena: PASSWORD }, token: a.token });
    expect(crear.statusCode).toBe(429);
    // Another store's admin is not affected.
    const propia = await t.request({ method: 'GET', url: `/api/crud/usuarios?q=${encodeURIComponent(ajena.email)}`, token: otra.token });
    const idAjena = propia.json().items[0].idUsuario as number;
    const suya = await t.request({
      method: 'PUT',
      url: `/api/crud/usuarios/${idAjena}`,
      payload: { documento: ajena.documento, tipoDoc: 'CC', nombre: 'B', apellido: 'C', email: 'cambiado@prueba.co', idRol: 2, codigo_invitacion: otra.codigo },
      token: otra.token,
    });
    expect(suya.statusCode).toBe(200);
  });

  it('un documento de otra tienda ya no es una respuesta: la edición pasa', async () => {
    const t = await app();
    const a = await crearTienda(t);
    const e = await crearEmpleado(t, a.codigo);
    const b = await crearTienda(t);
    const ajena = await crearEmpleado(t, b.codigo);
    const list = await t.request({ method: 'GET', url: `/api/crud/usuarios?q=${encodeURIComponent(e.email)}`, token: a.token });
    const id = list.json().items[0].idUsuario as number;
    const res = await t.request({
      method: 'PUT',
      url: `/api/crud/usuarios/${id}`,
      payload: { documento: ajena.documento, tipoDoc: 'CC', nombre: 'Ana', apellido: 'Pérez', email: e.email, idRol: 2, codigo_invitacion: a.codigo },
      token: a.token,
    });
    expect(res.statusCode).toBe(200);
  });
});
