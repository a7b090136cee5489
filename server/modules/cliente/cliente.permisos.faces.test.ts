/**
 * Who may delete or archive customers and suppliers, and who may give credit (issue #27 point 1), on
 * every face. A role-2 employee's deletion through the store API and the old controller API is refused
 * by default (the back-office is role 1's door), nothing is deleted, and the attempt is in the activity
 * log; with the owner's permission the same deletion passes and is recorded with its face. Enabling
 * fiado or raising a limit needs the `credito` permission; a fiado sale WITHIN the limit the owner set
 * stays open to every role (ADR 013), one past it needs the permission.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { METODO, ROL } from '#shared/roles';
import { actividad, cliente, creditoMovimiento, producto, proveedor } from '../../db/schema';
import { crearEmpleado, crearTienda } from '../../../tests/helpers/factories';
import type { TestApp } from '../../../tests/helpers/test-app';
import type { Legacy } from '../../legacy/test-client';
import { client, type Client } from '../crud/crud.fixtures';
import { cleanOutcome, legacyOutcome as legacyOutcomeDe, montarCaras, type Outcome } from '../../../tests/helpers/faces';

let t: TestApp;
let L: Legacy;

type Tienda = Awaited<ReturnType<typeof crearTienda>> & { cajero: string; crud: Client };

interface Face {
  name: string;
  cara: 'tienda' | 'crud' | 'legacy';
  /** Whether a role-2 employee reaches the domain through this face (the back-office refuses role 2 at its door). */
  empleado: boolean;
  eliminarCliente(s: Tienda, token: string, id: number, documento: string): Promise<Outcome>;
  eliminarProveedor(s: Tienda, token: string, id: number): Promise<Outcome>;
}

const legacyOutcome = (r: { status: number; body: unknown }) => legacyOutcomeDe(r, (b) => b.success);
const api = async (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
  const r = await t.request({ method, url, token, payload });
  return { status: r.statusCode, body: r.json() };
};

const tienda: Face = {
  name: 'tienda',
  cara: 'tienda',
  empleado: true,
  eliminarCliente: async (_s, token, id) => cleanOutcome(await api(token, 'DELETE', `/api/clientes/${id}`)),
  eliminarProveedor: async (_s, token, id) => cleanOutcome(await api(token, 'DELETE', `/api/proveedores/${id}`)),
};
const administracion: Face = {
  name: 'administración',
  cara: 'crud',
  empleado: false,
  eliminarCliente: async (s, token, id) => cleanOutcome(await (token === s.token ? s.crud : client(t, token)).del(`/cliente/${id}`)),
  eliminarProveedor: async (s, token, id) => cleanOutcome(await (token === s.token ? s.crud : client(t, token)).del(`/proveedor/${id}`)),
};
const heredada: Face = {
  name: 'heredada',
  cara: 'legacy',
  empleado: true,
  eliminarCliente: async (_s, token, _id, documento) => legacyOutcome(await L.json('DELETE', 'cliente', { data: { eliminar: documento } }, token)),
  eliminarProveedor: async (_s, token, id) => legacyOutcome(await L.del('proveedor', { eliminar: id }, token)),
};
const FACES = [tienda, administracion, heredada];

async function nuevaTienda(): Promise<Tienda> {
  const s = await crearTienda(t);
  const cajero = (await crearEmpleado(t, s.codigo)).token;
  return { ...s, cajero, crud: client(t, s.token) };
}

const caras = montarCaras(FACES, nuevaTienda, (app, leg) => {
  t = app;
  L = leg;
});

let seq = 0;
async function nuevoCliente(s: Tienda, extra: object = {}): Promise<{ id: number; documento: string }> {
  const documento = String(71_000_000 + ++seq);
  const r = await api(s.token, 'POST', '/api/clientes', { documento, tipoDocumento: 'CC', nombre: 'Rosa', apellido: `Prieto ${seq}`, ...extra });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return { id: r.body.cliente.id, documento };
}
async function nuevoProveedor(s: Tienda): Promise<number> {
  const r = await api(s.token, 'POST', '/api/proveedores', { nombre: `Distribuidora ${++seq}`, telefono: '3104567890', email: 'pedidos@prueba.co' });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.proveedor.id;
}
async function permitir(s: Tienda, rol: 2 | 3, cambios: Record<string, boolean>) {
  const actuales = (await api(s.token, 'GET', '/api/tienda/permisos')).body;
  Object.assign(actuales.roles[rol], cambios);
  expect((await api(s.token, 'PUT', '/api/tienda/permisos', actuales)).status).toBe(200);
}
const entradas = async (tiendaId: number, tipo: 'rechazo' | 'eliminacion' | 'archivo' | 'credito') =>
  (await t.database.db.select().from(actividad).where(and(eq(actividad.tiendaId, tiendaId), eq(actividad.tipo, tipo)))).map((a) => ({ cara: a.cara, ...(a.detalle as object) }));
const existeCliente = async (id: number) => (await t.database.db.select().from(cliente).where(eq(cliente.idCliente, id))).length === 1;
const existeProveedor = async (id: number) => (await t.database.db.select().from(proveedor).where(eq(proveedor.idProveedor, id))).length === 1;

describe.each(FACES)('cara $name', (f) => {
  it('un empleado (rol 2) no elimina clientes ni proveedores por defecto: nada se borra y el intento queda registrado', async () => {
    const s = caras.storeOf(f);
    const c = await nuevoCliente(s);
    const p = await nuevoProveedor(s);
    const antes = await entradas(s.id, 'rechazo');
    const esperado: Outcome = f.empleado
      ? { ok: false, kind: 'prohibido', mensaje: M.permisos.denegado.eliminarClientesProveedores }
      : { ok: false, kind: 'prohibido', mensaje: M.roles.backofficeOnly };
    expect(await f.eliminarCliente(s, s.cajero, c.id, c.documento)).toEqual(esperado);
    expect(await f.eliminarProveedor(s, s.cajero, p)).toEqual(esperado);
    expect(await existeCliente(c.id)).toBe(true);
    expect(await existeProveedor(p)).toBe(true);
    const nuevas = (await entradas(s.id, 'rechazo')).slice(antes.length);
    expect(nuevas).toEqual(
      f.empleado
        ? [
            { cara: f.cara, accion: 'eliminarClientesProveedores', mensaje: M.permisos.denegado.eliminarClientesProveedores, entidad: 'cliente', id: c.id, nombre: expect.stringMatching(/^Rosa Prieto/) },
            { cara: f.cara, accion: 'eliminarClientesProveedores', mensaje: M.permisos.denegado.eliminarClientesProveedores, entidad: 'proveedor', id: p, nombre: expect.stringMatching(/^Distribuidora/) },
          ]
        : [],
    );
  });

  it('con el permiso (o como administrador) la eliminación pasa y queda en el registro de actividad con su cara', async () => {
    const s = caras.storeOf(f);
    if (f.empleado) await permitir(s, ROL.EMPLEADO, { eliminarClientesProveedores: true });
    const quien = f.empleado ? s.cajero : s.token;
    const c = await nuevoCliente(s);
    const p = await nuevoProveedor(s);
    expect(await f.eliminarCliente(s, quien, c.id, c.documento)).toEqual({ ok: true });
    expect(await f.eliminarProveedor(s, quien, p)).toEqual({ ok: true });
    expect(await existeCliente(c.id)).toBe(false);
    const bajas = await entradas(s.id, 'eliminacion');
    expect(bajas).toEqual(
      expect.arrayContaining([
        { cara: f.cara, entidad: 'cliente', id: c.id, nombre: expect.stringMatching(/^Rosa Prieto/) },
        { cara: f.cara, entidad: 'proveedor', id: p, nombre: expect.stringMatching(/^Distribuidora/) },
      ]),
    );
  });
});

describe('archivar y crédito (issue #27)', () => {
  it('archivar un cliente o un proveedor pide el mismo permiso que eliminar, y queda registrado', async () => {
    const s = caras.storeOf(tienda);
    await permitir(s, ROL.EMPLEADO, { eliminarClientesProveedores: false });
    const c = await nuevoCliente(s);
    const p = await nuevoProveedor(s);
    const negadoC = await api(s.cajero, 'POST', `/api/clientes/${c.id}/archivar`);
    const negadoP = await api(s.cajero, 'POST', `/api/proveedores/${p}/archivar`);
    expect([negadoC.status, negadoC.body.error.message]).toEqual([403, M.permisos.denegado.eliminarClientesProveedores]);
    expect([negadoP.status, negadoP.body.error.message]).toEqual([403, M.permisos.denegado.eliminarClientesProveedores]);
    expect((await t.database.db.select({ activo: cliente.activo }).from(cliente).where(eq(cliente.idCliente, c.id)))[0]!.activo).toBe(true);
    // Through the back-office (role 1): archived, and recorded once however often it is asked.
    expect(cleanOutcome(await s.crud.post(`/cliente/${c.id}/archivar`, {}))).toEqual({ ok: true });
    expect(cleanOutcome(await s.crud.post(`/cliente/${c.id}/archivar`, {}))).toEqual({ ok: true });
    expect(cleanOutcome(await s.crud.post(`/proveedor/${p}/archivar`, {}))).toEqual({ ok: true });
    const archivos = (await entradas(s.id, 'archivo')).filter((a) => ('id' in a && a.id === c.id) || ('id' in a && a.id === p));
    expect(archivos).toEqual([
      { cara: 'crud', entidad: 'cliente', id: c.id, nombre: expect.stringMatching(/^Rosa Prieto/) },
      { cara: 'crud', entidad: 'proveedor', id: p, nombre: expect.stringMatching(/^Distribuidora/) },
    ]);
  });

  it('habilitar el fiado o subir el cupo pide el permiso de crédito; cada cambio de cupo queda registrado', async () => {
    const s = caras.storeOf(heredada);
    const c = await nuevoCliente(s);
    const base = { documento: c.documento, tipoDocumento: 'CC', nombre: 'Rosa', apellido: 'Prieto' };
    const negado = await api(s.cajero, 'PUT', `/api/clientes/${c.id}`, { ...base, fiado: true, cupo: 50_000 });
    expect([negado.status, negado.body.error.message]).toEqual([403, M.permisos.denegado.credito]);
    expect((await t.database.db.select({ fiado: cliente.fiado }).from(cliente).where(eq(cliente.idCliente, c.id)))[0]!.fiado).toBe(false);
    expect((await entradas(s.id, 'rechazo')).at(-1)).toMatchObject({ cara: 'tienda', accion: 'credito', entidad: 'cliente', id: c.id });

    await permitir(s, ROL.EMPLEADO, { credito: true });
    expect((await api(s.cajero, 'PUT', `/api/clientes/${c.id}`, { ...base, fiado: true, cupo: 50_000 })).status).toBe(200);
    expect((await api(s.token, 'PUT', `/api/clientes/${c.id}`, { ...base, fiado: true, cupo: 80_000 })).status).toBe(200);
    expect((await entradas(s.id, 'credito')).filter((e) => 'clienteId' in e && e.clienteId === c.id)).toEqual([
      { cara: 'tienda', clienteId: c.id, cliente: expect.stringMatching(/^Rosa Prieto/), anterior: null, nuevo: 50_000 },
      { cara: 'tienda', clienteId: c.id, cliente: expect.stringMatching(/^Rosa Prieto/), anterior: 50_000, nuevo: 80_000 },
    ]);
  });

  it('fiar dentro del cupo está abierto a todos (ADR 013); pasarlo pide el permiso de crédito y el intento queda registrado', async () => {
    const s = caras.storeOf(administracion);
    await permitir(s, ROL.EMPLEADO, { credito: false });
    const c = await nuevoCliente(s, { fiado: true, cupo: 30_000 });
    const pid = (await api(s.token, 'POST', '/api/productos', { nombre: 'Aceite 1 L', precio: 20_000, cantidad: 10 })).body.producto.id as number;
    const pedido = { lineas: [{ productoId: pid, cantidad: 1 }], metodoPagoId: METODO.FIADO, montoRecibido: 0, documentoCliente: c.documento };
    expect((await api(s.cajero, 'POST', '/api/ventas', pedido)).status).toBe(201);
    const sobre = await api(s.cajero, 'POST', '/api/ventas', { ...pedido, autorizarSobreCupo: true });
    expect([sobre.status, sobre.body.error.message]).toEqual([403, M.ventas.sobreCupoSinPermiso]);
    expect((await entradas(s.id, 'rechazo')).at(-1)).toMatchObject({ cara: 'tienda', accion: 'credito', entidad: 'cliente', id: c.id });
    const cargos = await t.database.db.select().from(creditoMovimiento).where(eq(creditoMovimiento.clienteId, c.id));
    expect(cargos.map((m) => m.monto)).toEqual([20_000]);
    expect((await t.database.db.select({ stock: producto.stock }).from(producto).where(eq(producto.idProducto, pid)))[0]!.stock).toBe(9);
    await permitir(s, ROL.EMPLEADO, { credito: true });
    expect((await api(s.cajero, 'POST', '/api/ventas', { ...pedido, autorizarSobreCupo: true })).status).toBe(201);
  });
});
