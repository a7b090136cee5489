/**
 * Test helpers of the legacy API tests (not a test file itself): a client that speaks to the old
 * controllers the way the old clients did — query strings, JSON, urlencoded and multipart bodies —
 * and the list of every call of spec §7.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { usuario } from '../db/schema';
import type { TestApp } from '../../tests/helpers/test-app';
import { PASSWORD } from '../../tests/helpers/factories';

export const PREFIX = '/adx/ADAX-Store-Manager/Crud';
export const ctrl = (area: string) => `${PREFIX}/controlador/controlador.${area}.php`;
export const OPERADOR = { email: 'operador-legado@adax.co', password: 'Operador2024' };

export interface Reply {
  status: number;
  headers: Record<string, unknown>;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON read by the assertions
}

type Query = Record<string, string | number | boolean>;
const qs = (q: Query) => new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString();

/** A multipart/form-data body, as a browser's FormData sends it. */
export function multipart(fields: Record<string, string | number>) {
  const boundary = '----adaxlegado' + Math.random().toString(16).slice(2);
  const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  return { payload: `${parts.join('')}--${boundary}--\r\n`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function legacy(t: TestApp) {
  const reply = async (p: ReturnType<TestApp['request']>): Promise<Reply> => {
    const res = await p;
    let body: unknown;
    try {
      body = res.body ? res.json() : undefined;
    } catch {
      body = res.body;
    }
    return { status: res.statusCode, headers: res.headers, body };
  };
  return {
    /** GET with the parameters in the query string. */
    get: (area: string, query: Query, token?: string) => reply(t.request({ method: 'GET', url: `${ctrl(area)}?${qs(query)}`, token })),
    /** A JSON body (axios.post/put), optionally with a query string too. */
    json: (method: 'POST' | 'PUT' | 'DELETE', area: string, body: object, token?: string, query?: Query) =>
      reply(t.request({ method, url: query ? `${ctrl(area)}?${qs(query)}` : ctrl(area), payload: body, token })),
    /** A bodiless DELETE with the parameters in the query string (axios.delete(url?x=…)). */
    del: (area: string, query: Query, token?: string) => reply(t.request({ method: 'DELETE', url: `${ctrl(area)}?${qs(query)}`, token })),
    /** An HTML form post (application/x-www-form-urlencoded). */
    form: (area: string, fields: Query, token?: string) =>
      reply(t.request({ method: 'POST', url: ctrl(area), payload: qs(fields), headers: { 'content-type': 'application/x-www-form-urlencoded' }, token })),
    /** A FormData post (multipart/form-data). */
    formData: (area: string, fields: Record<string, string | number>, token?: string) => {
      const m = multipart(fields);
      return reply(t.request({ method: 'POST', url: ctrl(area), payload: m.payload, headers: m.headers, token }));
    },
    /** GET login/procesologin.php: the token, failing the test otherwise. */
    login: async (tipo: 'empleado' | 'tienda', email: string, contrasena = PASSWORD): Promise<string> => {
      const r = await reply(t.request({ method: 'GET', url: `${PREFIX}/login/procesologin.php?${qs({ tipo, email, contrasena })}` }));
      expect(r.body, JSON.stringify(r.body)).toMatchObject({ success: true });
      return r.body.token as string;
    },
  };
}
export type Legacy = ReturnType<typeof legacy>;

export async function setRol(t: TestApp, documento: string, rol: number) {
  await t.database.db.update(usuario).set({ rolId: rol }).where(eq(usuario.documento, documento));
}

/** A refusal in the legacy shape: every flag the old clients read is false, with a Spanish mensaje. */
export function expectRefusal(r: Reply, status: number, mensaje?: string) {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.body).toMatchObject({ success: false, respuesta: false, access: false, status: 'error', Operacion: false });
  expect(typeof r.body.mensaje).toBe('string');
  if (mensaje) expect(r.body.mensaje).toBe(mensaje);
}

/**
 * Every call of spec §7, as the spec writes it: verb, controller, and the parameters that make it.
 * 29 application calls and 34 administration calls (the client update and delete, and the product
 * delete, are the same call in both areas, counted once as application calls).
 */
export const SPEC_CALLS: { area: 'app' | 'admin'; method: 'GET' | 'POST' | 'PUT' | 'DELETE'; file: string; params: Record<string, unknown> }[] = [
  { area: 'app', method: 'GET', file: 'login/procesologin.php', params: { tipo: 'tienda', email: 'x@y.co', contrasena: 'x' } },
  { area: 'app', method: 'POST', file: 'usuarios', params: { registro: true } },
  { area: 'app', method: 'POST', file: 'tienda', params: { registroTienda: true } },
  { area: 'app', method: 'POST', file: 'usuarios', params: { action: 'enviar_codigo', correo: 'x@y.co' } },
  { area: 'app', method: 'POST', file: 'usuarios', params: { action: 'verificar_codigo', correo: 'x@y.co', codigo: '1' } },
  { area: 'app', method: 'POST', file: 'usuarios', params: { olvido: true, reset: true } },
  { area: 'app', method: 'POST', file: 'venta', params: { registro: true } },
  { area: 'app', method: 'POST', file: 'venta', params: { modificarEstado: true } },
  { area: 'app', method: 'POST', file: 'factura', params: { registro: true } },
  { area: 'app', method: 'POST', file: 'factura', params: { ActualizarEstadoPagado: true } },
  { area: 'app', method: 'GET', file: 'factura', params: { verAnalisisCodigoInv: 'X' } },
  { area: 'app', method: 'GET', file: 'factura', params: { listarTienda: true, codigo_invitacion: 'X' } },
  { area: 'app', method: 'GET', file: 'factura', params: { listarProductos: true, codigo_invitacion: 'X', venta_id_Venta: 1 } },
  { area: 'app', method: 'GET', file: 'producto', params: { listarProductosAppPrecio: true, codigo_invitacion: 'X' } },
  { area: 'app', method: 'GET', file: 'producto', params: { listarProductosApp: true, codigo_invitacion: 'X' } },
  { area: 'app', method: 'GET', file: 'producto', params: { consultaDatosProducto: 1 } },
  { area: 'app', method: 'POST', file: 'producto', params: { registrarProductoUnico: true } },
  { area: 'app', method: 'PUT', file: 'producto', params: { modificarProducto: 1 } },
  { area: 'app', method: 'DELETE', file: 'producto', params: { id_Producto: 1 } },
  { area: 'app', method: 'GET', file: 'proveedor', params: { listarPorTienda: true, codigo_invitacion: 'X' } },
  { area: 'app', method: 'GET', file: 'proveedor', params: { listarProductos: true, idproveedor: 1 } },
  { area: 'app', method: 'GET', file: 'proveedor', params: { listarNombreID: true, codigo_invitacion: 'X' } },
  { area: 'app', method: 'POST', file: 'proveedor', params: { agregarProveedor: true } },
  { area: 'app', method: 'DELETE', file: 'proveedor', params: { eliminar: 1 } },
  { area: 'app', method: 'GET', file: 'cliente', params: { listarClientesTienda: true, codigo_invitacion: 'X' } },
  { area: 'app', method: 'POST', file: 'cliente', params: { registroCliente: true } },
  { area: 'app', method: 'PUT', file: 'cliente', params: { actualizar: true } },
  { area: 'app', method: 'DELETE', file: 'cliente', params: { eliminar: '1' } },
  { area: 'app', method: 'GET', file: 'movimiento', params: { listarPorTienda: 'X' } },
  // Administration: lists.
  { area: 'admin', method: 'POST', file: 'usuarios', params: { listar: true } },
  { area: 'admin', method: 'POST', file: 'tienda', params: { listar: true } },
  { area: 'admin', method: 'POST', file: 'rol', params: { listar: true } },
  { area: 'admin', method: 'POST', file: 'entregaproductos', params: { listar: true } },
  { area: 'admin', method: 'POST', file: 'inventario', params: { listar: true } },
  { area: 'admin', method: 'POST', file: 'metodospago', params: { listar: true } },
  { area: 'admin', method: 'POST', file: 'venta', params: { listar: true } },
  { area: 'admin', method: 'GET', file: 'producto', params: { listar: true } },
  { area: 'admin', method: 'GET', file: 'movimiento', params: { listar: true } },
  { area: 'admin', method: 'GET', file: 'factura', params: { listar: true } },
  { area: 'admin', method: 'GET', file: 'cliente', params: { listar: true } },
  { area: 'admin', method: 'GET', file: 'proveedor', params: {} },
  // Administration: deletes.
  { area: 'admin', method: 'POST', file: 'usuarios', params: { eliminar: '1' } },
  { area: 'admin', method: 'POST', file: 'tienda', params: { eliminar: 1 } },
  { area: 'admin', method: 'POST', file: 'factura', params: { eliminar: 1 } },
  { area: 'admin', method: 'POST', file: 'rol', params: { eliminar: 1 } },
  { area: 'admin', method: 'POST', file: 'inventario', params: { eliminar: 1 } },
  { area: 'admin', method: 'DELETE', file: 'movimiento', params: { id_Movimiento: 1 } },
  // Administration: registers.
  { area: 'admin', method: 'POST', file: 'usuarios', params: { registroCrud: true } },
  { area: 'admin', method: 'POST', file: 'proveedor', params: { registroCrud: true } },
  { area: 'admin', method: 'POST', file: 'factura', params: { registroCrud: true } },
  { area: 'admin', method: 'POST', file: 'cliente', params: { registroCrud: true } },
  { area: 'admin', method: 'POST', file: 'movimiento', params: { registroCrud: true } },
  { area: 'admin', method: 'POST', file: 'inventario', params: { registroCrud: true } },
  { area: 'admin', method: 'POST', file: 'rol', params: { registroCrud: true } },
  // Administration: updates.
  { area: 'admin', method: 'POST', file: 'usuarios', params: { actualizar: true } },
  { area: 'admin', method: 'POST', file: 'inventario', params: { actualizar: true } },
  { area: 'admin', method: 'POST', file: 'proveedor', params: { actualizar: true } },
  { area: 'admin', method: 'POST', file: 'factura', params: { actualizar: true } },
  { area: 'admin', method: 'POST', file: 'movimiento', params: { actualizar: true } },
  { area: 'admin', method: 'POST', file: 'metodospago', params: { actualizar: true } },
  { area: 'admin', method: 'POST', file: 'rol', params: { actualizar: true } },
  { area: 'admin', method: 'POST', file: 'tienda', params: { modificar: true } },
  { area: 'admin', method: 'POST', file: 'producto', params: { modificarProducto2: true } },
  // The product delete of the back-office is the application's DELETE ?id_Producto (above).
];
