import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { crearEmpleado, crearTienda } from '../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';

const REDIS = process.env.TEST_REDIS_URL;
const apps: TestApp[] = [];
afterAll(async () => {
  for (const a of apps) await a.close();
});

const attempt = (t: TestApp, email: string) =>
  t.request({ method: 'POST', url: '/api/sesion/login', payload: { tipo: 'tienda', email, contrasena: 'Mala1234' } });

describe.skipIf(!REDIS)('límite de intentos compartido en Redis', () => {
  it('dos instancias cuentan juntas los intentos de una misma cuenta', { timeout: 120_000 }, async () => {
    // The address's own bucket is tested below (it outlives a run in Redis: not this test's subject).
    const a = await createTestApp({ RATE_LIMIT_AUTH_MAX: '4', RATE_LIMIT_AUTH_ADDRESS_MAX: '1000000', REDIS_URL: REDIS! });
    const b = await createTestApp({ RATE_LIMIT_AUTH_MAX: '4', RATE_LIMIT_AUTH_ADDRESS_MAX: '1000000', REDIS_URL: REDIS! });
    apps.push(a, b);
    const email = `rl-${Date.now()}@prueba.co`;
    const codes = [];
    for (const t of [a, b, a, b, a, b]) codes.push((await attempt(t, email)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 429, 429]);
    const limited = await attempt(b, email);
    expect(limited.json().error.message).toBe(M.generic.tooManyRequests);
    // Another account from the same address is not locked out.
    expect((await attempt(a, `otra-${email}`)).statusCode).toBe(401);
  });

  it('dos instancias comparten también el contador por dirección y el de las consultas del área de administración', { timeout: 120_000 }, async () => {
    const a = await createTestApp({ RATE_LIMIT_AUTH_MAX: '2', RATE_LIMIT_AUTH_ADDRESS_MAX: '3', REDIS_URL: REDIS! });
    const b = await createTestApp({ RATE_LIMIT_AUTH_MAX: '2', RATE_LIMIT_AUTH_ADDRESS_MAX: '3', REDIS_URL: REDIS! }, { database: a.database });
    apps.push(b, a);
    // A fresh address per run: the counters outlive the test in Redis.
    const from = `10.${Date.now() % 200}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const codes = [];
    for (const [i, t] of [a, b, a, b].entries())
      codes.push((await t.request({ method: 'POST', url: '/api/sesion/login', payload: { tipo: 'tienda', email: `dir-${i}-${Date.now()}@prueba.co`, contrasena: 'Mala1234' }, remoteAddress: from })).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);

    // The accounts are made on an instance of their own (no Redis), so this address's sign-ups do not count.
    const setup = await createTestApp({}, { database: a.database });
    apps.unshift(setup);
    const s = await crearTienda(setup);
    const e = await crearEmpleado(setup, s.codigo);
    const list = await a.request({ method: 'GET', url: `/api/crud/usuarios?q=${encodeURIComponent(e.email)}`, token: s.token });
    const id = list.json().items[0].idUsuario as number;
    // A new database reuses store ids: an earlier run's count for this store is cleared.
    const redis = new Redis(REDIS!);
    const stale = await redis.keys(`adax-rl:*crud:consulta:tienda:${s.id}`);
    if (stale.length) await redis.del(...stale);
    await redis.quit();
    const put = (t: TestApp, codigo_invitacion: string) =>
      t.request({
        method: 'PUT',
        url: `/api/crud/usuarios/${id}`,
        payload: { documento: e.documento, tipoDoc: 'CC', nombre: 'Ana', apellido: 'Pérez', email: e.email, idRol: 2, codigo_invitacion },
        token: s.token,
      });
    const guesses = [];
    for (const [i, t] of [a, b, a].entries()) guesses.push((await put(t, `QQQ${i}-ZZZZ`)).statusCode);
    expect(guesses).toEqual([400, 400, 429]);
  });
});
