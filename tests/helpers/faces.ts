/**
 * The harness of the faces divergence tests (issue #14): one operation sent through the store API,
 * the back-office and the old controller API must end the same way. Each face's answer is reduced to
 * an Outcome in the same words, so that the faces can be compared with one `toEqual`.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { createCrudTestApp } from '../../server/modules/crud/crud.fixtures';
import { legacy, type Legacy } from '../../server/legacy/test-client';
import type { TestApp } from './test-app';

/** How an operation ended, the same words for every face. */
export type Outcome = { ok: true } | { ok: false; kind: 'rechazo' | 'no existe' | 'prohibido'; mensaje: string };

interface Answer {
  status: number;
  // The answers are JSON of three different shapes; each reader below knows its own.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export const kindOf = (status: number): 'rechazo' | 'no existe' | 'prohibido' => (status === 404 ? 'no existe' : status === 403 ? 'prohibido' : 'rechazo');

/** A clean API's answer (store or back-office): 2xx, or a refusal with its message. */
export function cleanOutcome(r: Answer): Outcome {
  if (r.status < 300) return { ok: true };
  return { ok: false, kind: kindOf(r.status), mensaje: r.body.error.message };
}

/**
 * The legacy API's answer: business refusals are 200 with every flag false; 404 and 403 stay. Each
 * old controller says success with its own key, which `exito` reads.
 */
export function legacyOutcome(r: Answer, exito: (body: Answer['body']) => unknown): Outcome {
  if (r.status === 404 || r.status === 403) return { ok: false, kind: kindOf(r.status), mensaje: r.body.mensaje };
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return exito(r.body) === true ? { ok: true } : { ok: false, kind: 'rechazo', mensaje: r.body.mensaje };
}

/**
 * The stores of a faces test: one for each face, built by the same `nueva`, and one no face signs
 * in to (its rows are "another store's"), on a back-office test app with the old controller's
 * client. `alIniciar` receives the app and that client before any store is built (the file's
 * builders use them); the app closes after the file's tests.
 */
export function montarCaras<T>(faces: readonly { name: string }[], nueva: () => Promise<T>, alIniciar: (t: TestApp, L: Legacy) => void) {
  const stores = new Map<string, T>();
  const caras = { ajena: undefined as unknown as T, stores, storeOf: (f: { name: string }) => stores.get(f.name)! };
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createCrudTestApp();
    alIniciar(app, legacy(app));
    for (const f of faces) stores.set(f.name, await nueva());
    caras.ajena = await nueva();
  });
  afterAll(() => app?.close());
  return caras;
}
