import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { crearEmpleado, crearTienda, login } from '../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

/**
 * Issue #15: signing out only forgot the token in the browser, so a stolen copy kept working for
 * its 12 hours; and a token signed with the right secret but without `exp` never expired.
 */
const P = '/adx/ADAX-Store-Manager/Crud';
const SECRET = 'test-secret-test-secret-test-secret-123';

let t: TestApp;
beforeAll(async () => {
  // With the checked-session cache on, as in production: sign-out must empty it.
  t = await createTestApp({ READ_CACHE: 'on' });
});
afterAll(() => t?.close());

const sesion = (token: string) => t.request({ method: 'GET', url: '/api/sesion', token });
const cerrar = (token?: string) => t.request({ method: 'POST', url: '/api/sesion/cerrar', token });
const legacyList = (token: string) => t.request({ method: 'GET', url: `${P}/controlador/controlador.producto.php?listarProductosAppPrecio=true`, token });

describe('cerrar sesión en el servidor', () => {
  it('tras cerrar sesión, el token (y su copia robada) responde 401 en las dos APIs; la otra caja sigue', async () => {
    const s = await crearTienda(t);
    // The store login open on two tills.
    const caja1 = s.token;
    const caja2 = await login(t, 'tienda', s.email);
    const robado = caja1;
    expect((await sesion(robado)).statusCode).toBe(200);
    expect((await legacyList(robado)).statusCode).toBe(200);

    const res = await cerrar(caja1);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: M.sesion.cerrada });

    const after = await sesion(robado);
    expect(after.statusCode).toBe(401);
    expect(after.json().error.message).toBe(M.generic.unauthorized);
    expect((await legacyList(robado)).statusCode).toBe(401);
    expect((await cerrar(robado)).statusCode).toBe(401);
    // The other till keeps its session; signing in again gives a working token.
    expect((await sesion(caja2)).statusCode).toBe(200);
    expect((await sesion(await login(t, 'tienda', s.email))).statusCode).toBe(200);
  });

  it('el cierre de un empleado termina ese token, no los de la tienda ni los de otros empleados', async () => {
    const s = await crearTienda(t);
    const a = await crearEmpleado(t, s.codigo);
    const b = await crearEmpleado(t, s.codigo);
    expect((await cerrar(a.token)).statusCode).toBe(200);
    expect((await sesion(a.token)).statusCode).toBe(401);
    expect((await legacyList(a.token)).statusCode).toBe(401);
    expect((await sesion(b.token)).statusCode).toBe(200);
    expect((await sesion(s.token)).statusCode).toBe(200);
  });

  it('un token emitido antes de llevar id se termina con la versión de la cuenta', async () => {
    const s = await crearTienda(t);
    const claims = JSON.parse(Buffer.from(s.token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    const { sub, exp: _exp, iat: _iat, jti: _jti, ...rest } = claims;
    const antiguo = await new SignJWT(rest).setProtectedHeader({ alg: 'HS256' }).setSubject(String(sub)).setIssuedAt().setExpirationTime('1h').sign(new TextEncoder().encode(SECRET));
    expect((await sesion(antiguo)).statusCode).toBe(200);
    expect((await cerrar(antiguo)).statusCode).toBe(200);
    expect((await sesion(antiguo)).statusCode).toBe(401);
    expect((await sesion(s.token)).statusCode).toBe(401);
  });

  it('sin token responde 401', async () => {
    expect((await cerrar()).statusCode).toBe(401);
  });
});

describe('tokens sin vencimiento', () => {
  it('un token firmado con el secreto correcto pero sin exp responde 401', async () => {
    const s = await crearTienda(t);
    const claims = JSON.parse(Buffer.from(s.token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    const { sub, exp: _exp, iat: _iat, jti: _jti, ...rest } = claims;
    const key = new TextEncoder().encode(SECRET);
    const sinExp = await new SignJWT(rest).setProtectedHeader({ alg: 'HS256' }).setSubject(String(sub)).setIssuedAt().sign(key);
    // The same claims with an expiry are accepted: only the missing `exp` is refused.
    const conExp = await new SignJWT(rest).setProtectedHeader({ alg: 'HS256' }).setSubject(String(sub)).setIssuedAt().setExpirationTime('1h').sign(key);
    expect((await sesion(conExp)).statusCode).toBe(200);

    const res = await sesion(sinExp);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(M.generic.unauthorized);
    expect((await legacyList(sinExp)).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/productos', token: sinExp })).statusCode).toBe(401);
  });
});
