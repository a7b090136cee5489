import { afterAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';

const REDIS = process.env.TEST_REDIS_URL;
const apps: TestApp[] = [];
afterAll(async () => {
  for (const a of apps) await a.close();
});

const attempt = (t: TestApp, email: string) =>
  t.request({ method: 'POST', url: '/api/sesion/login', payload: { tipo: 'tienda', email, contrasena: 'Mala1234' } });

describe.skipIf(!REDIS)('límite de intentos compartido en Redis', () => {
  it('dos instancias cuentan juntas los intentos de una misma cuenta', async () => {
    const a = await createTestApp({ RATE_LIMIT_AUTH_MAX: '4', REDIS_URL: REDIS! });
    const b = await createTestApp({ RATE_LIMIT_AUTH_MAX: '4', REDIS_URL: REDIS! });
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
});
