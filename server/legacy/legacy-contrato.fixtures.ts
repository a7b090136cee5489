/**
 * The set-up the old API's contract tests share (not a test file itself): an app with the platform's
 * operator, the store "Tienda Contrato" (A), another store (B) and the operator's legacy token.
 */
import { afterAll, beforeAll } from 'vitest';
import { crearTienda } from '../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { OPERADOR, legacy, type Legacy } from './test-client';

export interface Contrato {
  t: TestApp;
  L: Legacy;
  A: Awaited<ReturnType<typeof crearTienda>>;
  B: Awaited<ReturnType<typeof crearTienda>>;
  op: string;
}

/** Registers the hooks; the returned object is filled before the file's own `beforeAll`s run. */
export function usarContrato(): Contrato {
  const c = {} as Contrato;
  beforeAll(async () => {
    c.t = await createTestApp({ OPERADOR_EMAIL: OPERADOR.email, OPERADOR_PASSWORD: OPERADOR.password });
    c.L = legacy(c.t);
    c.A = await crearTienda(c.t, { nombreTienda: 'Tienda Contrato' });
    c.B = await crearTienda(c.t, { nombreTienda: 'Otra Tienda' });
    c.op = await c.L.login('empleado', OPERADOR.email, OPERADOR.password);
  });
  afterAll(() => c.t?.close());
  return c;
}
