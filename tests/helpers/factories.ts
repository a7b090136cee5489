import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { METODO } from '#shared/roles';
import type { TDispositivo } from '#shared/schemas/sin-red';
import { tienda, usuario } from '../../server/db/schema';
import type { TestApp } from './test-app';

let seq = 0;
const next = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

export const PASSWORD = 'Clave1234';

export type Tienda = Awaited<ReturnType<typeof crearTienda>>;

/**
 * Registers a store through the API; returns its login token and invitation code. Its employees need
 * no approval unless `aprobarEmpleados: true` (a new store's own default, issue #28).
 */
export async function crearTienda(t: TestApp, overrides: Record<string, unknown> = {}) {
  const email = `tienda-${next()}@prueba.co`;
  const res = await t.request({
    method: 'POST',
    url: '/api/tiendas/registro',
    payload: { nombreTienda: `Tienda ${next()}`, email, contrasena: PASSWORD, ...sinOpciones(overrides) },
  });
  if (res.statusCode !== 201) throw new Error(`crearTienda: ${res.statusCode} ${res.body}`);
  const { id_Tienda, codigo_invitacion } = res.json() as { id_Tienda: number; codigo_invitacion: string };
  // New stores approve new employees (issue #28); the factories' employees sign in at once unless told.
  if (overrides.aprobarEmpleados !== true) await t.database.db.update(tienda).set({ aprobarEmpleados: false }).where(eq(tienda.idTienda, id_Tienda));
  const token = await login(t, 'tienda', email);
  if (overrides.sinCaja !== true) await abrirCaja(t, token);
  return { id: id_Tienda, codigo: codigo_invitacion, email, token };
}

let doc = 1_100_000_000;

/**
 * Registers an employee of a store through the API (role 2, or `rol` set afterwards as an admin
 * would); returns the login token.
 */
export async function crearEmpleado(t: TestApp, codigo: string, overrides: Record<string, unknown> = {}) {
  const email = `empleado-${next()}@prueba.co`;
  const documento = String(doc++);
  const res = await t.request({
    method: 'POST',
    url: '/api/usuarios/registro',
    payload: { nombre: 'Ana', apellido: 'Pérez', documento, tipoDoc: 'CC', email, contrasena: PASSWORD, codigo_invitacion: codigo, ...sinOpciones(overrides) },
  });
  if (res.statusCode !== 201) throw new Error(`crearEmpleado: ${res.statusCode} ${res.body}`);
  if (typeof overrides.rol === 'number') await t.database.db.update(usuario).set({ rolId: overrides.rol }).where(eq(usuario.documento, documento));
  const token = await login(t, 'empleado', email);
  if (overrides.sinCaja !== true) await abrirCaja(t, token);
  return { email, documento, token };
}

export async function login(t: TestApp, tipo: 'empleado' | 'tienda', email: string, contrasena = PASSWORD): Promise<string> {
  const res = await t.request({ method: 'POST', url: '/api/sesion/login', payload: { tipo, email, contrasena } });
  if (res.statusCode !== 200) throw new Error(`login: ${res.statusCode} ${res.body}`);
  return (res.json() as { token: string }).token;
}

/** The factories' own options, kept out of the registration payload. */
function sinOpciones(overrides: Record<string, unknown>): Record<string, unknown> {
  const { sinCaja: _, rol: _rol, aprobarEmpleados: _aprobar, ...rest } = overrides;
  return rest;
}

/**
 * Opens the account's cash-register shift (issue #18: the till sells only in an open shift). The
 * factories do it for every new account unless told `sinCaja: true`; an open one is left as it is.
 */
export async function abrirCaja(t: TestApp, token: string, fondoInicial = 0): Promise<void> {
  const res = await t.request({ method: 'POST', url: '/api/caja/turnos', token, payload: { fondoInicial } });
  if (res.statusCode !== 201 && res.statusCode !== 409) throw new Error(`abrirCaja: ${res.statusCode} ${res.body}`);
}

/** The token of a new employee of store `s` with role `rol`. */
export async function conRol(t: TestApp, s: Tienda, rol: number): Promise<string> {
  return (await crearEmpleado(t, s.codigo, { rol })).token;
}

/** A request as `token`, with a JSON body when given (the module tests' `req`). */
export const peticion =
  (t: TestApp) =>
  (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, token: string, payload?: unknown) =>
    t.request({ method, url, token, ...(payload === undefined ? {} : { payload: payload as object }) });

/** A request that must succeed (any 2xx): its JSON answer. */
export const peticionOk = (t: TestApp) => {
  const req = peticion(t);
  return async (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, token: string, payload?: unknown) => {
    const r = await req(method, url, token, payload);
    expect(r.statusCode, r.body).toBeLessThan(300);
    return r.json();
  };
};

/**
 * A device asked by `token` and authorised by the owner `dueno` (issue #51 point 5), with its prefix:
 * what a till that sells without a connection holds.
 */
export async function dispositivoAutorizado(t: TestApp, token: string, dueno: string): Promise<TDispositivo> {
  const pedir = peticion(t);
  const clave = randomBytes(32).toString('base64url');
  const e = await pedir('POST', '/api/sin-red/equipo', token, { clave });
  expect(e.statusCode, e.body).toBe(200);
  expect((await pedir('POST', `/api/sin-red/equipos/${(e.json() as { id: number }).id}/autorizar`, dueno)).statusCode).toBe(200);
  const d = await pedir('POST', '/api/sin-red/dispositivos', token, { clave });
  expect(d.statusCode, d.body).toBe(201);
  return d.json();
}

/** A cash sale's body (POST /api/ventas): what the customer hands over, and the lines as [productoId, cantidad]. */
export const ventaEnEfectivo = (montoRecibido: number, ...lineas: [number, number][]) => ({
  lineas: lineas.map(([productoId, cantidad]) => ({ productoId, cantidad })),
  metodoPagoId: METODO.EFECTIVO,
  montoRecibido,
});
