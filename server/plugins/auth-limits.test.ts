import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { HASH_QUEUE_MAX, enTurnoDeHash, hashesRun, hashesWaiting, verifyPassword } from '../lib/password';
import { PASSWORD } from '../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { REFUSAL_HOLD_MAX_MS, REFUSALS_AT_ONCE, esperaDeNegativa, normalizeAccount } from './auth-limits';

/**
 * Issue #15 (MEDIUM), "rate limits dodged, sign-in starved": the sign-in limiter took its key from
 * the raw body (`email ?? correo`), not from the value the handler uses, so a decoy `correo` (or
 * leading spaces) opened a fresh bucket for every try; one address could try any number of
 * accounts; and password hashes queued without bound, so 20 sign-ins with made-up emails made a
 * real one wait 15.7 s.
 */
const P = '/adx/ADAX-Store-Manager/Crud';
const ATACANTE = '10.66.66.66';
const apps: TestApp[] = [];
afterAll(async () => {
  for (const a of apps) await a.close();
});

async function app(env: Record<string, string>) {
  const t = await createTestApp(env);
  apps.push(t);
  return t;
}

/** A store registered from an address of its own, so the attacker's buckets start empty. */
async function tiendaVictima(t: TestApp): Promise<string> {
  const email = `victima-${randomBytes(4).toString('hex')}@prueba.co`;
  const res = await t.request({ method: 'POST', url: '/api/tiendas/registro', payload: { nombreTienda: 'Víctima', email, contrasena: PASSWORD }, remoteAddress: '10.1.1.1' });
  expect(res.statusCode).toBe(201);
  return email;
}

const loginApi = (t: TestApp, email: string, from = ATACANTE, contrasena = 'Mala12345') =>
  t.request({ method: 'POST', url: '/api/sesion/login', payload: { tipo: 'tienda', email, contrasena }, remoteAddress: from });

const decoy = () => `senuelo-${randomBytes(6).toString('hex')}@x.co`;

describe('la clave del límite es la cuenta que usa el manejador', { timeout: 120_000 }, () => {
  it('15 contraseñas con un `correo` señuelo en el inicio de sesión heredado: 429 desde el intento 4', { timeout: 120_000 }, async () => {
    const t = await app({ RATE_LIMIT_AUTH_MAX: '3', RATE_LIMIT_AUTH_ADDRESS_MAX: '1000' });
    const victima = await tiendaVictima(t);
    const codes: number[] = [];
    for (let i = 0; i < 15; i++) {
      // The attack as reported: the account in the query (or wrapped in `data`), a new random
      // `correo` in the body each time.
      const res =
        i % 2
          ? await t.request({
              method: 'POST',
              url: `${P}/login/procesologin.php?${new URLSearchParams({ tipo: 'tienda', email: victima, contrasena: `Mala${i}x` })}`,
              payload: { correo: decoy() },
              remoteAddress: ATACANTE,
            })
          : await t.request({
              method: 'POST',
              url: `${P}/login/procesologin.php`,
              payload: { data: { tipo: 'tienda', email: victima, contrasena: `Mala${i}x` }, correo: decoy() },
              remoteAddress: ATACANTE,
            });
      codes.push(res.statusCode);
      if (res.statusCode === 200) expect(res.json()).toMatchObject({ success: false, mensaje: M.login.badCredentialsText });
      else expect(res.json()).toMatchObject({ success: false, mensaje: M.generic.tooManyRequests });
    }
    expect(codes).toEqual([200, 200, 200, ...Array(12).fill(429)]);
  });

  it('la API limpia y la heredada comparten el contador: con la limpia en 429, el señuelo también recibe 429', async () => {
    const t = await app({ RATE_LIMIT_AUTH_MAX: '3' });
    const victima = await tiendaVictima(t);
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await loginApi(t, victima)).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
    const legacy = await t.request({
      method: 'POST',
      url: `${P}/login/procesologin.php?${new URLSearchParams({ tipo: 'tienda', email: victima, contrasena: 'Mala9999' })}`,
      payload: { correo: decoy() },
      remoteAddress: ATACANTE,
    });
    expect(legacy.statusCode).toBe(429);
    // The right password from the same address waits too; from the shop's own address it works.
    expect((await loginApi(t, victima, ATACANTE, PASSWORD)).statusCode).toBe(429);
    expect((await loginApi(t, victima, '10.1.1.1', PASSWORD)).statusCode).toBe(200);
  });

  it('espacios al principio o al final y mayúsculas no abren un contador nuevo', async () => {
    const t = await app({ RATE_LIMIT_AUTH_MAX: '3', RATE_LIMIT_AUTH_ADDRESS_MAX: '1000' });
    const victima = await tiendaVictima(t);
    const codes: number[] = [];
    for (const email of [`  ${victima}`, `${victima}   `, victima.toUpperCase(), `\t ${victima}`]) codes.push((await loginApi(t, email)).statusCode);
    const legacy = await t.request({
      method: 'GET',
      url: `${P}/login/procesologin.php?${new URLSearchParams({ tipo: 'tienda', email: `   ${victima.toUpperCase()}`, contrasena: 'Mala1234' })}`,
      remoteAddress: ATACANTE,
    });
    codes.push(legacy.statusCode);
    const recuperacion = await t.request({ method: 'POST', url: '/api/recuperacion/enviar-codigo', payload: { correo: ` ${victima} ` }, remoteAddress: ATACANTE });
    codes.push(recuperacion.statusCode);
    expect(codes).toEqual([401, 401, 401, 429, 429, 429]);
  });

  it('una dirección que prueba muchas cuentas choca con el límite por dirección', async () => {
    const t = await app({ RATE_LIMIT_AUTH_MAX: '3', RATE_LIMIT_AUTH_ADDRESS_MAX: '5' });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await loginApi(t, `cuenta-${i}@prueba.co`)).statusCode);
    codes.push((await loginApi(t, 'cuenta-5@prueba.co')).statusCode);
    // Every sign-in, registration and recovery face counts in the same address bucket.
    codes.push(
      (await t.request({ method: 'GET', url: `${P}/login/procesologin.php?${new URLSearchParams({ tipo: 'empleado', email: 'cuenta-6@prueba.co', contrasena: 'x' })}`, remoteAddress: ATACANTE }))
        .statusCode,
    );
    codes.push((await t.request({ method: 'POST', url: '/api/recuperacion/enviar-codigo', payload: { correo: 'cuenta-7@prueba.co' }, remoteAddress: ATACANTE })).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    const limited = await loginApi(t, 'cuenta-8@prueba.co');
    expect(limited.json().error.message).toBe(M.generic.tooManyRequests);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not locked out.
    expect((await loginApi(t, 'cuenta-0@prueba.co', '10.2.2.2')).statusCode).toBe(401);
  });
});

describe('la cola de hashes tiene un tope', () => {
  it('con la cola llena, un inicio de sesión responde 429 enseguida en vez de esperar turno', { timeout: 180_000 }, async () => {
    const t = await app({});
    const conocida = await tiendaVictima(t);
    // The queue held by a task that ends only when the test says so, while HASH_QUEUE_MAX cheap
    // hashes wait behind it (a slow real hash could end before the requests, on a loaded machine).
    let soltar!: () => void;
    const running = enTurnoDeHash(() => new Promise<void>((resolve) => (soltar = resolve)));
    // The queue starts it on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
    expect(hashesWaiting()).toBe(0);
    const cheap = `scrypt$${2 ** 10}$8$1$${randomBytes(16).toString('base64')}$${randomBytes(32).toString('base64')}`;
    // Both levels full: tries naming an account wait at the high one, the others at the low one.
    const waiting = [
      ...Array.from({ length: HASH_QUEUE_MAX }, () => verifyPassword('relleno', cheap)),
      ...Array.from({ length: HASH_QUEUE_MAX }, () => verifyPassword('relleno', cheap, { prioridad: 'baja' })),
    ];
    expect(hashesWaiting()).toBe(2 * HASH_QUEUE_MAX);

    const desconocida = await loginApi(t, 'nadie-cola@prueba.co', '10.3.3.3');
    const real = await loginApi(t, conocida, '10.3.3.4', PASSWORD);
    const legacy = await t.request({
      method: 'GET',
      url: `${P}/login/procesologin.php?${new URLSearchParams({ tipo: 'tienda', email: conocida, contrasena: PASSWORD })}`,
      remoteAddress: '10.3.3.5',
    });
    const registro = await t.request({ method: 'POST', url: '/api/tiendas/registro', payload: { nombreTienda: 'Cola', email: 'cola@prueba.co', contrasena: PASSWORD }, remoteAddress: '10.3.3.6' });
    // Answered while the queue was still full: none of them waited for a turn.
    expect(hashesWaiting()).toBe(2 * HASH_QUEUE_MAX);
    for (const res of [desconocida, real, registro]) {
      expect(res.statusCode).toBe(429);
      expect(res.json().error).toMatchObject({ code: 'RATE_LIMITED', message: M.generic.serverBusy });
    }
    expect(legacy.statusCode).toBe(429);
    expect(legacy.json()).toMatchObject({ success: false, mensaje: M.generic.serverBusy });
    expect(desconocida.headers['retry-after']).toBe('1');

    soltar();
    await Promise.all([running, ...waiting]);
    // Once the queue empties, sign-ins are served again (an unknown email included: the refused
    // first try of its stand-in hash was not kept).
    expect((await loginApi(t, 'nadie-cola@prueba.co', '10.3.3.3')).statusCode).toBe(401);
    expect((await loginApi(t, conocida, '10.3.3.4', PASSWORD)).statusCode).toBe(200);
  });
});

describe('la prioridad se decide otra vez cuando el hash va a empezar (issue #28)', () => {
  it('un intento que esperaba en alta y cuya dirección empezó a inundar pasa detrás de uno nuevo', async () => {
    let soltar!: () => void;
    const running = enTurnoDeHash(() => new Promise<void>((resolve) => (soltar = resolve)));
    await new Promise((resolve) => setImmediate(resolve));
    let nivel: 'alta' | 'baja' = 'alta';
    const orden: string[] = [];
    const primero = enTurnoDeHash(async () => void orden.push('inundador'), { prioridad: () => nivel });
    const despues = enTurnoDeHash(async () => void orden.push('persona'), { prioridad: 'alta' });
    nivel = 'baja';
    soltar();
    await Promise.all([running, primero, despues]);
    expect(orden).toEqual(['persona', 'inundador']);
  });

  it('el primer intento de una dirección que inunda, en cola antes que una persona, termina después de ella', { timeout: 180_000 }, async () => {
    const t = await app({});
    const email = await tiendaVictima(t);
    let soltar!: () => void;
    const running = enTurnoDeHash(() => new Promise<void>((resolve) => (soltar = resolve)));
    await new Promise((resolve) => setImmediate(resolve));
    const orden: string[] = [];
    const marca = (quien: string) => (res: { statusCode: number }) => {
      orden.push(`${quien} ${res.statusCode}`);
      return res;
    };
    // The flooder's first try queues at full priority; its next tries make its address noisy.
    const primero = loginApi(t, email, '10.4.4.4').then(marca('inundador'));
    await waitFor(() => hashesWaiting() === 1);
    const siguientes = Array.from({ length: 3 }, () => loginApi(t, email, '10.4.4.4').then(marca('inundador')));
    await waitFor(() => hashesWaiting() === 4);
    const persona = loginApi(t, email, '10.4.4.5', PASSWORD).then(marca('persona'));
    await waitFor(() => hashesWaiting() === 5);
    // A second hold at full priority, queued after the person: whatever runs ahead of it ran ahead of
    // the flooder's tries too. Responses are compared only while it holds: a sign-in that succeeds does
    // more work after its hash (its session) than a refused one, so on a busy machine a later hash's 401
    // could reach the client first.
    let soltarOtra!: () => void;
    const otra = enTurnoDeHash(() => new Promise<void>((resolve) => (soltarOtra = resolve)), { prioridad: 'alta' });
    await waitFor(() => hashesWaiting() === 6);
    soltar();
    await persona;
    expect(orden).toEqual(['persona 200']);
    await waitFor(() => hashesWaiting() === 4);
    soltarOtra();
    await Promise.all([running, otra, primero, ...siguientes]);
    expect(orden.slice(1)).toEqual(Array(4).fill('inundador 401'));
  });

  it('los intentos con correos inventados no hacen hash ni esperan la cola: responden mientras una persona espera su turno (issue #49)', { timeout: 180_000 }, async () => {
    const t = await app({});
    // Registered with a real hash: the made-up tries have a real hash's time to imitate.
    const email = await tiendaVictima(t);
    let soltar!: () => void;
    const running = enTurnoDeHash(() => new Promise<void>((resolve) => (soltar = resolve)));
    await new Promise((resolve) => setImmediate(resolve));
    const hechos = hashesRun();
    const orden: string[] = [];
    const inventados = Array.from({ length: 4 }, (_, i) => loginApi(t, decoy(), `10.5.5.${10 + i}`).then((r) => orden.push(`inventado ${r.statusCode}`)));
    // Answered while the queue is still held: they never waited in it.
    await waitFor(() => orden.length === 4);
    expect(hashesWaiting()).toBe(0);
    const persona = loginApi(t, email, '10.5.5.50', PASSWORD).then((r) => orden.push(`persona ${r.statusCode}`));
    await waitFor(() => hashesWaiting() === 1);
    soltar();
    await Promise.all([running, ...inventados, persona]);
    expect(orden).toEqual([...Array(4).fill('inventado 401'), 'persona 200']);
    // One hash in all: the person's.
    expect(hashesRun() - hechos).toBe(1);
  });
});

describe('en el nivel bajo, el turno va a la dirección servida hace más tiempo (issue #49)', () => {
  it('los intentos de una dirección que inunda no hacen esperar a otra detrás de todos ellos', async () => {
    let soltar!: () => void;
    const running = enTurnoDeHash(() => new Promise<void>((resolve) => (soltar = resolve)));
    await new Promise((resolve) => setImmediate(resolve));
    const orden: string[] = [];
    const de = (clave: string) => enTurnoDeHash(async () => void orden.push(clave), { prioridad: 'baja', clave });
    const inundacion = Array.from({ length: 4 }, () => de('10.77.0.1'));
    const otra = de('10.77.0.2');
    expect(hashesWaiting()).toBe(5);
    soltar();
    await Promise.all([running, ...inundacion, otra]);
    expect(orden).toEqual(['10.77.0.1', '10.77.0.2', '10.77.0.1', '10.77.0.1', '10.77.0.1']);
  });
});

describe('una dirección sobre su límite se rechaza pronto (issue #49)', () => {
  it('429 antes de leer el cuerpo y sin ningún hash, aunque la contraseña sea la buena', { timeout: 180_000 }, async () => {
    const t = await app({ RATE_LIMIT_AUTH_MAX: '3', RATE_LIMIT_AUTH_ADDRESS_MAX: '5' });
    const email = await tiendaVictima(t);
    const desde = '10.6.6.6';
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await loginApi(t, decoy(), desde)).statusCode);
    codes.push((await loginApi(t, decoy(), desde)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
    const hechos = hashesRun();
    // A body that is not even JSON: refused for the address before it is parsed (it was a 400).
    const roto = await t.request({ method: 'POST', url: '/api/sesion/login', headers: { 'content-type': 'application/json' }, payload: '{"tipo":', remoteAddress: desde });
    expect(roto.statusCode).toBe(429);
    expect(roto.json().error).toMatchObject({ code: 'RATE_LIMITED', message: M.generic.tooManyRequests });
    expect(Number(roto.headers['retry-after'])).toBeGreaterThan(0);
    const buena = await loginApi(t, email, desde, PASSWORD);
    expect(buena.statusCode).toBe(429);
    const recuperacion = await t.request({ method: 'POST', url: '/api/recuperacion/enviar-codigo', payload: { correo: email }, remoteAddress: desde });
    expect(recuperacion.statusCode).toBe(429);
    const legacy = await t.request({ method: 'GET', url: `${P}/login/procesologin.php?${new URLSearchParams({ tipo: 'tienda', email, contrasena: PASSWORD })}`, remoteAddress: desde });
    expect(legacy.statusCode).toBe(429);
    expect(legacy.json()).toMatchObject({ success: false, mensaje: M.generic.tooManyRequests });
    expect(hashesRun()).toBe(hechos);
    // Another address still signs in.
    expect((await loginApi(t, email, '10.6.6.7', PASSWORD)).statusCode).toBe(200);
  });

  it('las negativas después de las primeras tardan cada vez más, hasta un tope', () => {
    expect(esperaDeNegativa(1)).toBe(0);
    expect(esperaDeNegativa(REFUSALS_AT_ONCE)).toBe(0);
    expect(esperaDeNegativa(REFUSALS_AT_ONCE + 1)).toBeGreaterThan(0);
    expect(esperaDeNegativa(REFUSALS_AT_ONCE + 2)).toBeGreaterThan(esperaDeNegativa(REFUSALS_AT_ONCE + 1));
    expect(esperaDeNegativa(10_000)).toBe(REFUSAL_HOLD_MAX_MS);
  });
});

async function waitFor(ok: () => boolean) {
  for (let i = 0; i < 600 && !ok(); i++) await new Promise((r) => setTimeout(r, 50));
  expect(ok()).toBe(true);
}

describe('ayudas', () => {
  it('la cuenta se normaliza como lo hace el esquema', () => {
    expect(normalizeAccount('  Ana@Tienda.CO \t')).toBe('ana@tienda.co');
    expect(normalizeAccount(undefined)).toBe('');
    expect(normalizeAccount({ email: 'x' })).toBe('');
  });
});
