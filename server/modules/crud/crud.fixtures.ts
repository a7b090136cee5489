/**
 * Test helpers of the back-office API tests (not a test file itself): stores, sessions of every kind,
 * and a small client that remembers every body it received, so a test can check that no password
 * or password hash ever left the server.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { ROL } from '#shared/roles';
import { usuario } from '../../db/schema';
import { crearEmpleado, crearTienda, login, PASSWORD } from '../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

export const OPERADOR = { email: 'operador@adax.co', password: 'Operador2024' };

export async function createCrudTestApp(): Promise<TestApp> {
  return createTestApp({ OPERADOR_EMAIL: OPERADOR.email, OPERADOR_PASSWORD: OPERADOR.password });
}

export interface Reply {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON read by the assertions
}

/** Every body any helper client received in this file. */
export const seenBodies: string[] = [];

export function client(t: TestApp, token: string) {
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object): Promise<Reply> => {
    const res = await t.request({ method, url: `/api/crud${url}`, payload, token });
    seenBodies.push(res.body);
    return { status: res.statusCode, body: res.body ? res.json() : undefined };
  };
  return {
    get: (url: string, query: Record<string, string | number> = {}) => {
      const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
      return call('GET', qs ? `${url}?${qs}` : url);
    },
    post: (url: string, payload: object) => call('POST', url, payload),
    put: (url: string, payload: object) => call('PUT', url, payload),
    del: (url: string) => call('DELETE', url),
  };
}
export type Client = ReturnType<typeof client>;

/** Creates a row and returns its id, failing the test with the server's answer otherwise. */
export async function crear(c: Client, path: string, payload: object): Promise<number> {
  const r = await c.post(`/${path}`, payload);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id as number;
}

export async function setRol(t: TestApp, documento: string, rol: number) {
  await t.database.db.update(usuario).set({ rolId: rol }).where(eq(usuario.documento, documento));
}

let doc = 1_500_000_000 + Math.floor(Math.random() * 1_000_000);
export const nuevoDocumento = () => String(doc++);

/** A store with what the other areas point to: an inventory, a supplier, a product with stock, a client, a sale. */
export async function tiendaConDatos(t: TestApp) {
  const tienda = await crearTienda(t);
  const admin = client(t, tienda.token);
  const inventarioId = await crear(admin, 'inventario', {
    cantidadInventario: 0,
    fechaModificacion: '2024-05-01',
    estadoRevision: 'Pendiente',
    idTienda: tienda.id,
  });
  const proveedorId = await crear(admin, 'proveedor', { nombre: 'Distribuidora Base', telefono: '3001234567', email: 'base@prov.co', idTienda: tienda.id });
  const productoId = await crear(admin, 'producto', {
    nombre: 'Arroz 500 g',
    precioUnit: 2800,
    stock: 10,
    stockMin: 2,
    estado: 1,
    inventarioId,
    proveedorId,
  });
  const clienteDocumento = nuevoDocumento();
  const clienteId = await crear(admin, 'cliente', { documento: clienteDocumento, tipoDocumento: 'CC', nombre: 'María', apellido: 'Gómez' });
  const ventaId = await crear(admin, 'ventas', { fecha: '2024-05-02', hora: '10:30', estado: 'Completada', metodoPagoId: 5, clienteDocumento });
  return { ...tienda, admin, inventarioId, proveedorId, productoId, clienteId, clienteDocumento, ventaId };
}

export async function empleadoConRol(t: TestApp, codigo: string, rol: number) {
  // The back-office's tests do not sell: no cash-register shift (which would keep the user from being deleted).
  const e = await crearEmpleado(t, codigo, { sinCaja: true });
  if (rol !== ROL.EMPLEADO) await setRol(t, e.documento, rol);
  return e;
}

export const operadorToken = (t: TestApp) => login(t, 'empleado', OPERADOR.email, OPERADOR.password);

export { PASSWORD };
