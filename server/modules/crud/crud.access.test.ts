import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { CRUD_ENTIDADES } from '#shared/schemas/crud';
import { abrirCaja } from '../../../tests/helpers/factories';
import type { TestApp } from '../../../tests/helpers/test-app';
import { client, crear, createCrudTestApp, empleadoConRol, nuevoDocumento, operadorToken, PASSWORD, tiendaConDatos, type Client } from './crud.fixtures';

let t: TestApp;
let a: Awaited<ReturnType<typeof tiendaConDatos>>;
let b: Awaited<ReturnType<typeof tiendaConDatos>>;
let operador: Client;
let empleado: Client;
let encargado: Client;
let adminEmpleado: { client: Client; documento: string; token: string };

beforeAll(async () => {
  t = await createCrudTestApp();
  a = await tiendaConDatos(t);
  b = await tiendaConDatos(t);
  operador = client(t, await operadorToken(t));
  empleado = client(t, (await empleadoConRol(t, a.codigo, ROL.EMPLEADO)).token);
  encargado = client(t, (await empleadoConRol(t, a.codigo, ROL.ENCARGADO)).token);
  const adm = await empleadoConRol(t, a.codigo, ROL.ADMIN);
  adminEmpleado = { client: client(t, adm.token), documento: adm.documento, token: adm.token };
});
afterAll(() => t?.close());

const ROUTES = CRUD_ENTIDADES.flatMap((path) => [
  ['GET', `/${path}`],
  ['GET', `/${path}/1`],
  ['POST', `/${path}`],
  ['PUT', `/${path}/1`],
  ['DELETE', `/${path}/1`],
]) as [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string][];

describe('solo el rol 1 entra al área de administración', () => {
  it.each(ROUTES)('%s %s: 403 para los roles 2 y 3, 401 sin sesión', async (method, url) => {
    for (const c of [empleado, encargado]) {
      const r = method === 'GET' ? await c.get(url) : method === 'DELETE' ? await c.del(url) : await c[method === 'POST' ? 'post' : 'put'](url, {});
      expect(r.status).toBe(403);
      expect(r.body.error).toMatchObject({ code: 'FORBIDDEN', message: M.roles.backofficeOnly });
    }
    const anon = await t.request({ method, url: `/api/crud${url}`, payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
    expect(anon.statusCode).toBe(401);
  });

  it('un empleado con rol 1 administra su tienda como la cuenta de la tienda', async () => {
    const r = await adminEmpleado.client.get('/producto');
    expect(r.status).toBe(200);
    expect(r.body.items.map((p: { idTienda: number }) => p.idTienda)).toEqual([a.id]);
  });
});

describe('cada tienda ve y cambia solo lo suyo', () => {
  /** Rows of store A, by area, as (path, id). */
  const rowsOfA = () =>
    [
      ['producto', a.productoId],
      ['proveedor', a.proveedorId],
      ['inventario', a.inventarioId],
      ['cliente', a.clienteId],
      ['ventas', a.ventaId],
      ['tienda', a.id],
    ] as const;

  it('los datos de otra tienda responden 404 al leerlos, cambiarlos o eliminarlos', async () => {
    for (const [path, id] of rowsOfA()) {
      expect((await b.admin.get(`/${path}/${id}`)).status, path).toBe(404);
      expect((await b.admin.put(`/${path}/${id}`, {})).status, path).toBe(400);
      expect((await b.admin.del(`/${path}/${id}`)).status, path).toBe(path === 'tienda' ? 403 : 404);
      expect((await a.admin.get(`/${path}/${id}`)).status, path).toBe(200);
    }
    // A valid body still cannot reach another store's row.
    const put = await b.admin.put(`/proveedor/${a.proveedorId}`, { nombre: 'Robado', telefono: '3000000000', email: 'x@y.co' });
    expect(put.status).toBe(404);
    const tiendaPut = await b.admin.put(`/tienda/${a.id}`, { nombreTienda: 'Robada', correo: a.email });
    expect(tiendaPut.status).toBe(404);
    expect((await a.admin.get(`/proveedor/${a.proveedorId}`)).body.nombre).toBe('Distribuidora Base');
  });

  it('las listas de una tienda no muestran filas de otra', async () => {
    for (const path of ['usuarios', 'tienda', 'producto', 'factura', 'cliente', 'proveedor', 'movimiento', 'entrega_pedidos', 'inventario', 'ventas']) {
      const r = await b.admin.get(`/${path}`, { pageSize: 100 });
      expect(r.status).toBe(200);
      for (const row of r.body.items) expect(row.idTienda, path).toBe(b.id);
    }
  });

  it('no registra en otra tienda: ni por id de tienda, ni por código de invitación, ni apuntando a sus filas', async () => {
    const prov = await b.admin.post('/proveedor', { nombre: 'X', telefono: '3001112222', email: 'x@x.co', idTienda: a.id });
    expect(prov.status).toBe(400);
    expect(prov.body.error.fields).toEqual({ idTienda: M.crud.otraTienda });

    const user = await b.admin.post('/usuarios', {
      documento: nuevoDocumento(),
      nombre: 'Intruso',
      apellido: 'X',
      email: `intruso-${Date.now()}@prueba.co`,
      contrasena: PASSWORD,
      codigo_invitacion: a.codigo,
      idRol: 1,
    });
    expect(user.status).toBe(400);
    expect(user.body.error.fields).toEqual({ codigo_invitacion: M.crud.codigoOtraTienda });

    const linea = await b.admin.post('/factura', { ventaId: a.ventaId, productoId: b.productoId, cantidad: 1, precio: 100, estado: 'Pendiente' });
    expect(linea.status).toBe(400);
    expect(linea.body.error.fields).toEqual({ ventaId: M.crud.ventaNoExiste });
    const linea2 = await b.admin.post('/factura', { ventaId: b.ventaId, productoId: a.productoId, cantidad: 1, precio: 100, estado: 'Pendiente' });
    expect(linea2.body.error.fields).toEqual({ productoId: M.crud.productoNoExiste });

    const entrega = await b.admin.post('/entrega_pedidos', { proveedorId: a.proveedorId, productoId: b.productoId, fechaEntrega: '2024-01-01', cantidad: 1 });
    expect(entrega.status).toBe(400);
    const mov = await b.admin.post('/movimiento', {
      cantidadDespues: 1,
      fechaMovimiento: '2024-01-01',
      fechaModificacion: '2024-01-01',
      estadoDespues: 'x',
      inventarioId: a.inventarioId,
    });
    expect(mov.body.error.fields).toEqual({ inventarioId: M.crud.inventarioNoExiste });
    const venta = await b.admin.post('/ventas', { fecha: '2024-01-01', hora: '08:00', estado: 'Pendiente', metodoPagoId: 1, clienteDocumento: a.clienteDocumento });
    expect(venta.body.error.fields).toEqual({ clienteDocumento: M.crud.clienteNoExiste });
  });

  it('un usuario creado por el administrador queda en su tienda', async () => {
    const documento = nuevoDocumento();
    await crear(b.admin, 'usuarios', {
      documento,
      nombre: 'Nuevo',
      apellido: 'Cajero',
      email: `nuevo-${documento}@prueba.co`,
      contrasena: PASSWORD,
      codigo_invitacion: b.codigo.toLowerCase(),
      idRol: 2,
    });
    const list = await b.admin.get('/usuarios', { q: documento });
    expect(list.body.items).toEqual([expect.objectContaining({ documento, idTienda: b.id, codigoInvitacion: b.codigo })]);
    expect((await a.admin.get('/usuarios', { q: documento })).body.items).toEqual([]);
  });

  it('la tienda no crea ni elimina tiendas y no cambia roles ni métodos de pago (403); sí los lee', async () => {
    const tienda = await a.admin.post('/tienda', { nombreTienda: 'Otra', correo: 'otra@prueba.co', contrasena: PASSWORD });
    expect(tienda.status).toBe(403);
    expect(tienda.body.error.message).toBe(M.crud.soloOperadorTiendas);
    expect((await a.admin.del(`/tienda/${a.id}`)).status).toBe(403);

    expect((await a.admin.get('/roles')).body.items.map((r: { idRol: number }) => r.idRol)).toEqual([1, 2, 3]);
    expect((await a.admin.get('/metodosdepago')).body.total).toBe(8);
    for (const [path, body] of [
      ['roles', { idRol: 4, nombreRol: 'Cajero', descripcion: 'Cobra.' }],
      ['metodosdepago', { idMetPago: 9, nombre: 'Bono' }],
    ] as const) {
      const post = await a.admin.post(`/${path}`, body);
      expect(post.status).toBe(403);
      expect(post.body.error.message).toBe(M.crud.soloOperadorCatalogo);
      expect((await adminEmpleado.client.put(`/${path}/2`, { ...body, idRol: 2 })).status).toBe(403);
      expect((await a.admin.del(`/${path}/2`)).status).toBe(403);
    }
  });

  it('la tienda actualiza sus propios datos', async () => {
    const r = await a.admin.put(`/tienda/${a.id}`, { nombreTienda: 'La Esquina de A', correo: a.email, telefono: '6011234567' });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(M.crud.actualizado.tienda);
    expect((await a.admin.get('/tienda')).body.items).toEqual([expect.objectContaining({ idTienda: a.id, nombreTienda: 'La Esquina de A' })]);
  });
});

describe('el operador de la plataforma ve todas las tiendas', () => {
  it('lista las filas de todas las tiendas y lee cualquiera', async () => {
    const tiendas = await operador.get('/tienda', { pageSize: 100 });
    expect(tiendas.body.items.map((x: { idTienda: number }) => x.idTienda)).toEqual(expect.arrayContaining([a.id, b.id]));
    const productos = await operador.get('/producto', { pageSize: 100 });
    expect(new Set(productos.body.items.map((x: { idTienda: number }) => x.idTienda))).toEqual(new Set([a.id, b.id]));
    expect((await operador.get(`/producto/${a.productoId}`)).status).toBe(200);
    const usuarios = await operador.get('/usuarios', { pageSize: 100 });
    expect(usuarios.body.items).toEqual(expect.arrayContaining([expect.objectContaining({ idTienda: null, codigoInvitacion: null, idRol: 1 })]));
  });

  it('registra en la tienda que indica (y debe indicarla)', async () => {
    const sin = await operador.post('/cliente', { documento: '123', nombre: 'A', apellido: 'B', tipoDocumento: 'CC' });
    expect(sin.status).toBe(400);
    expect(sin.body.error.fields).toEqual({ idTienda: M.crud.tiendaRequerida });
    const noExiste = await operador.post('/cliente', { documento: '123', nombre: 'A', apellido: 'B', idTienda: 999_999 });
    expect(noExiste.body.error.fields).toEqual({ idTienda: M.crud.tiendaNoExiste });
    const id = await crear(operador, 'cliente', { documento: '123', nombre: 'A', apellido: 'B', idTienda: b.id });
    expect((await b.admin.get(`/cliente/${id}`)).body).toMatchObject({ documento: '123', idTienda: b.id });
    // Through a row of a store, the row's store.
    const linea = await crear(operador, 'factura', { ventaId: a.ventaId, productoId: a.productoId, cantidad: 1, precio: 2800, estado: 'Pendiente' });
    expect((await a.admin.get(`/factura/${linea}`)).body.idTienda).toBe(a.id);
    const mezcla = await operador.post('/factura', { ventaId: a.ventaId, productoId: b.productoId, cantidad: 1, precio: 1, estado: 'x' });
    expect(mezcla.body.error.fields).toEqual({ productoId: M.crud.productoNoExiste });
  });

  it('cambia los catálogos globales, sin tocar los roles y métodos del sistema', async () => {
    expect((await operador.put('/roles/2', { idRol: 2, nombreRol: 'Vendedor', descripcion: 'Vende.' })).status).toBe(200);
    expect((await a.admin.get('/roles/2')).body.nombreRol).toBe('Vendedor');
    const renumera = await operador.put('/roles/3', { idRol: 30, nombreRol: 'Encargado', descripcion: 'x' });
    expect(renumera.status).toBe(422);
    expect(renumera.body.error.message).toBe(M.crud.rolBasico);
    expect((await operador.del('/roles/1')).status).toBe(422);
    expect((await operador.del('/metodosdepago/5')).status).toBe(422);

    await crear(operador, 'roles', { idRol: 4, nombreRol: 'Cajero', descripcion: 'Cobra en caja.' });
    const documento = nuevoDocumento();
    await crear(a.admin, 'usuarios', { documento, nombre: 'C', apellido: 'D', email: `c-${documento}@prueba.co`, contrasena: PASSWORD, codigo_invitacion: a.codigo, idRol: 4 });
    const enUso = await operador.del('/roles/4');
    expect(enUso.status).toBe(409);
    expect(enUso.body.error.message).toBe(M.crud.rolEnUso);
    const dup = await operador.post('/roles', { idRol: 4, nombreRol: 'Otro', descripcion: 'x' });
    expect(dup.status).toBe(409);
    expect(dup.body.error.fields).toEqual({ idRol: M.crud.idDuplicado });

    await crear(operador, 'metodosdepago', { idMetPago: 9, nombre: 'Bono regalo' });
    await crear(a.admin, 'ventas', { fecha: '2024-02-01', hora: '09:00', estado: 'Completada', metodoPagoId: 9 });
    expect((await operador.del('/metodosdepago/9')).status).toBe(409);
  });

  it('crea y cierra tiendas; cerrar una tienda borra todo lo suyo', async () => {
    const correo = `cerrar-${Date.now()}@prueba.co`;
    const id = await crear(operador, 'tienda', { nombreTienda: 'Tienda que cierra', correo, contrasena: PASSWORD });
    const login = await t.request({ method: 'POST', url: '/api/sesion/login', payload: { tipo: 'tienda', email: correo, contrasena: PASSWORD } });
    expect(login.statusCode).toBe(200);
    const c = client(t, login.json().token);
    // A sale is recorded in the seller's open shift (issue #27).
    await abrirCaja(t, login.json().token);
    const productoId = await crear(c, 'producto', { nombre: 'Vendido', precioUnit: 100, stock: 5, stockMin: 0 });
    const ventaId = await crear(c, 'ventas', { fecha: '2024-02-01', hora: '09:00', estado: 'Completada', metodoPagoId: 1 });
    await crear(c, 'factura', { ventaId, productoId, cantidad: 1, precio: 100, estado: 'Pagado' });
    const r = await operador.del(`/tienda/${id}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await operador.get(`/tienda/${id}`)).status).toBe(404);
    expect((await operador.get(`/producto/${productoId}`)).status).toBe(404);
  });
});
