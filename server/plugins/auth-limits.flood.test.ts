import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROL } from '#shared/roles';
import { usuario } from '../db/schema';
import { enTurnoDeHash, HASH_QUEUE_MAX, hashesRun, hashesWaiting } from '../lib/password';
import { crearEmpleado, crearTienda, PASSWORD } from '../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';

/**
 * Issue #28 finding M4: 20 made-up sign-ins from 20 addresses filled the one hash queue, so a real
 * sign-in answered 429 and so did a PIN-authorised discount (the same queue). Now PINs have their own
 * queue, and an address that failed lately waits behind everyone else's, so both still complete.
 * Issue #49 point 6: made-up e-mails no longer cost a hash at all, so the flood that fills the queue
 * here tries a real account's e-mail with wrong passwords; a flood of made-up ones costs no hash.
 */
const INUNDADORES = 20;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** A wrong password for an account that exists: a real hash each. */
const adivinar = (email: string, i: number, k: number) =>
  t.request({ method: 'POST', url: '/api/sesion/login', payload: { tipo: 'empleado', email, contrasena: `Adivina${k}x` }, remoteAddress: `10.9.0.${i + 1}` });

describe('una inundación de inicios de sesión inventados', { timeout: 300_000 }, () => {
  it('no bloquea un inicio de sesión real ni un descuento con PIN', async () => {
    const tienda = await crearTienda(t);
    const cajero = await crearEmpleado(t, tienda.codigo);
    const sup = await crearEmpleado(t, tienda.codigo, { rol: ROL.ENCARGADO });
    expect((await t.request({ method: 'PUT', url: '/api/cuenta/pin', token: sup.token, payload: { contrasena: PASSWORD, pin: '4827' } })).statusCode).toBe(200);
    const [s] = await t.database.db.select({ id: usuario.idUsuario }).from(usuario).where(eq(usuario.documento, sup.documento));
    const p = (await t.request({ method: 'POST', url: '/api/productos', token: tienda.token, payload: { nombre: 'Leche', precio: 4000, cantidad: 50 } })).json().producto;

    // The flood has been going on: each of its addresses already tried a wrong password.
    const victima = (await crearEmpleado(t, tienda.codigo)).email;
    for (let i = 0; i < INUNDADORES; i++) expect((await adivinar(victima, i, 0)).statusCode).toBe(401);
    // Now all 20 at once, while the sign-in queue's one hash is held busy: on a loaded machine the
    // flood's tries reached their (test-sized, ~1 ms) hash one by one and the queue never filled, so
    // the test holds it instead of racing it. Eight wait at the low level; the other twelve are shed.
    // The queue is the process's (modules are shared by the worker's files): hashes a file before this
    // one left behind (requests it did not wait for) would count as the flood's and let one of its tries
    // arrive after the count (a PostgreSQL pass saw 7 waiting instead of 8). They end first; then the
    // holding task runs, waiting for nothing else.
    while (hashesWaiting('sesion') > 0) await new Promise((r) => setTimeout(r, 10));
    let soltar!: () => void;
    let sostenida = false;
    const ocupada = enTurnoDeHash(() => new Promise<void>((r) => ((sostenida = true), (soltar = r))));
    while (!sostenida) await new Promise((r) => setTimeout(r, 10));
    expect(hashesWaiting('sesion')).toBe(0);
    const inundacion = Array.from({ length: INUNDADORES }, (_, i) => adivinar(victima, i, 1));
    const respondidas: number[] = [];
    for (const r of inundacion) void r.then((x) => respondidas.push(x.statusCode));
    while (hashesWaiting('sesion') < HASH_QUEUE_MAX || respondidas.length < INUNDADORES - HASH_QUEUE_MAX) await new Promise((r) => setTimeout(r, 10));
    expect(respondidas.every((c) => c === 429)).toBe(true);
    // A discount with a PIN does not wait for the sign-in queue at all: it completes while it is held.
    const venta = await t.request({
      method: 'POST',
      url: '/api/ventas',
      token: cajero.token,
      payload: {
        lineas: [{ productoId: p.id, cantidad: 1, descuento: { tipo: 'valor', valor: 100 } }],
        motivoDescuento: 'Cliente frecuente',
        metodoPagoId: 5,
        montoRecibido: 5000,
        autorizacion: { supervisorId: s!.id, pin: '4827' },
      },
      remoteAddress: '10.8.0.2',
    });
    expect(venta.statusCode, venta.body).toBe(201);
    // A real sign-in from a quiet address queues at the high level, ahead of the whole flood.
    let realHecho = false;
    const real = t
      .request({ method: 'POST', url: '/api/sesion/login', payload: { tipo: 'empleado', email: cajero.email, contrasena: PASSWORD }, remoteAddress: '10.8.0.1' })
      .then((r) => ((realHecho = true), r));
    while (hashesWaiting('sesion') < HASH_QUEUE_MAX + 1 && !realHecho) await new Promise((r) => setTimeout(r, 10));
    const pendientesAlEntrar = INUNDADORES - respondidas.length;
    expect(pendientesAlEntrar).toBe(HASH_QUEUE_MAX);
    // A second held turn at the high level queues behind the real sign-in: when the real sign-in has
    // been answered, the flood's eight are still waiting behind it. (Counting answers without it raced:
    // the first flood try's ~1 ms hash ran while the real sign-in was still writing its session, and
    // its 401 sometimes came first.)
    let soltarDetras!: () => void;
    let detrasSostenida = false;
    const detras = enTurnoDeHash(() => new Promise<void>((r) => ((detrasSostenida = true), (soltarDetras = r))), { prioridad: 'alta' });
    soltar();
    await ocupada;
    const r = await real;
    expect(r.statusCode, r.body).toBe(200);
    while (!detrasSostenida) await new Promise((r) => setTimeout(r, 10));
    // It was served before any of the flood's eight waiting tries.
    expect(INUNDADORES - respondidas.length).toBe(HASH_QUEUE_MAX);
    expect(hashesWaiting('sesion')).toBe(HASH_QUEUE_MAX);
    soltarDetras();
    await detras;
    const codigos = (await Promise.all(inundacion)).map((x) => x.statusCode);
    // The flood itself is answered 401 or shed with 429, never made to wait without bound.
    expect(codigos.filter((c) => c === 401)).toHaveLength(HASH_QUEUE_MAX);
    expect(codigos.filter((c) => c === 429)).toHaveLength(INUNDADORES - HASH_QUEUE_MAX);
  });
});

describe('una inundación de correos inventados (issue #49)', { timeout: 300_000 }, () => {
  it('no hace ningún hash: cada intento se responde 401 sin hash y, pasado el límite de cada dirección, 429', async () => {
    const limite = 5;
    const u = await createTestApp({ RATE_LIMIT_AUTH_ADDRESS_MAX: String(limite) });
    try {
      // A sign-up first: a real hash's time for the made-up tries to imitate.
      await crearTienda(u);
      const hechos = hashesRun();
      const codigos: number[] = [];
      await Promise.all(
        Array.from({ length: INUNDADORES }, async (_, i) => {
          for (let k = 0; k < limite + 2; k++) {
            const r = await u.request({
              method: 'POST',
              url: '/api/sesion/login',
              payload: { tipo: 'empleado', email: `nadie-${i}-${k}@inventado.co`, contrasena: 'Inventada123' },
              remoteAddress: `10.10.0.${i + 1}`,
            });
            codigos.push(r.statusCode);
          }
        }),
      );
      expect(codigos.filter((c) => c === 401)).toHaveLength(INUNDADORES * limite);
      expect(codigos.filter((c) => c === 429)).toHaveLength(INUNDADORES * 2);
      expect(hashesRun()).toBe(hechos);
    } finally {
      await u.close();
    }
  });
});
