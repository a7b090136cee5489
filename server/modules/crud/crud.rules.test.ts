import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import type { TestApp } from '../../../tests/helpers/test-app';
import { abrirCaja, login } from '../../../tests/helpers/factories';
import { movimiento, venta } from '../../db/schema';
import { client, crear, createCrudTestApp, empleadoConRol, nuevoDocumento, operadorToken, PASSWORD, tiendaConDatos } from './crud.fixtures';

let t: TestApp;
let s: Awaited<ReturnType<typeof tiendaConDatos>>;

beforeAll(async () => {
  t = await createCrudTestApp();
  s = await tiendaConDatos(t);
});
afterAll(() => t?.close());

const stockOf = async (id: number) => (await s.admin.get(`/producto/${id}`)).body.stock as number;
const lastMovimiento = async (productoId: number) =>
  (await t.database.db.select().from(movimiento).where(eq(movimiento.productoId, productoId)).orderBy(desc(movimiento.idMovimiento)).limit(1))[0];

describe('entregas de pedidos y stock', () => {
  it('registrar una entrega suma su cantidad al stock con un movimiento; corregirla y eliminarla la mueven', async () => {
    const productoId = await crear(s.admin, 'producto', { nombre: 'Café 250 g', precioUnit: 9500, stock: 4, stockMin: 1 });
    const id = await crear(s.admin, 'entrega_pedidos', { proveedorId: s.proveedorId, productoId, fechaEntrega: '2024-03-01', cantidad: 6 });
    expect(await stockOf(productoId)).toBe(10);
    expect(await lastMovimiento(productoId)).toMatchObject({
      stockAntes: 4,
      entradas: 6,
      salidas: 0,
      cantidadDespues: 10,
      motivo: `Entrega de pedido #${id}`,
      tiendaId: s.id,
    });

    expect((await s.admin.put(`/entrega_pedidos/${id}`, { proveedorId: s.proveedorId, productoId, fechaEntrega: '2024-03-01', cantidad: 8 })).status).toBe(200);
    expect(await stockOf(productoId)).toBe(12);
    expect(await lastMovimiento(productoId)).toMatchObject({ entradas: 2, cantidadDespues: 12 });

    // Most of it was sold: the delivery can no longer be taken back.
    await s.admin.put(`/producto/${productoId}`, { nombre: 'Café 250 g', precioUnit: 9500, stock: 3, stockMin: 1 });
    expect(await lastMovimiento(productoId)).toMatchObject({ stockAntes: 12, salidas: 9, cantidadDespues: 3, motivo: 'Ajuste de stock desde administración' });
    const refused = await s.admin.del(`/entrega_pedidos/${id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(M.crud.entregaSinStock);
    expect(await stockOf(productoId)).toBe(3);
    const shrink = await s.admin.put(`/entrega_pedidos/${id}`, { proveedorId: s.proveedorId, productoId, fechaEntrega: '2024-03-01', cantidad: 1 });
    expect(shrink.status).toBe(409);
    expect((await s.admin.get(`/entrega_pedidos/${id}`)).body.cantidad).toBe(8);

    await s.admin.put(`/producto/${productoId}`, { nombre: 'Café 250 g', precioUnit: 9500, stock: 20, stockMin: 1 });
    expect((await s.admin.del(`/entrega_pedidos/${id}`)).status).toBe(200);
    expect(await stockOf(productoId)).toBe(12);
    expect(await lastMovimiento(productoId)).toMatchObject({ salidas: 8, cantidadDespues: 12 });
  });

  it('proveedor y producto deben ser de la misma tienda', async () => {
    const otra = await tiendaConDatos(t);
    const r = await s.admin.post('/entrega_pedidos', { proveedorId: otra.proveedorId, productoId: s.productoId, fechaEntrega: '2024-03-01', cantidad: 1 });
    expect(r.status).toBe(400);
    expect(r.body.error.fields).toEqual({ proveedorId: M.crud.proveedorNoExiste });
  });
});

describe('lo que tiene historia no se borra', () => {
  it('un producto vendido o entregado, y un proveedor con entregas, responden 409 con el motivo', async () => {
    const vendido = await crear(s.admin, 'producto', { nombre: 'Vendido', precioUnit: 1000, stock: 3, stockMin: 0 });
    await crear(s.admin, 'factura', { ventaId: s.ventaId, productoId: vendido, cantidad: 1, precio: 1000, estado: 'Pagado' });
    const r = await s.admin.del(`/producto/${vendido}`);
    expect(r.status).toBe(409);
    expect(r.body.error.message).toBe(M.crud.productoConHistoria);

    const proveedorId = await crear(s.admin, 'proveedor', { nombre: 'Con entregas', telefono: '3005556666', email: 'e@e.co', idTienda: s.id });
    await crear(s.admin, 'entrega_pedidos', { proveedorId, productoId: s.productoId, fechaEntrega: '2024-03-02', cantidad: 1 });
    const p = await s.admin.del(`/proveedor/${proveedorId}`);
    expect(p.status).toBe(409);
    expect(p.body.error.message).toBe(M.crud.proveedorConHistoria);

    const v = await s.admin.del(`/ventas/${s.ventaId}`);
    expect(v.status).toBe(409);
    expect(v.body.error.message).toBe(M.ventas.ventaNoSeElimina);
  });

  it('el total de una venta sigue a sus líneas de factura', async () => {
    const ventaId = await crear(s.admin, 'ventas', { fecha: '2024-04-01', hora: '12:00', estado: 'Pendiente', metodoPagoId: 1 });
    const l1 = await crear(s.admin, 'factura', { ventaId, productoId: s.productoId, cantidad: 2, precio: 2800, estado: 'Pendiente' });
    await crear(s.admin, 'factura', { ventaId, productoId: s.productoId, cantidad: 1, precio: 1500, estado: 'Pendiente' });
    const total = async () => (await t.database.db.select({ total: venta.total }).from(venta).where(eq(venta.idVenta, ventaId)))[0]!.total;
    expect(await total()).toBe(7100);
    await s.admin.del(`/factura/${l1}`);
    expect(await total()).toBe(1500);
  });
});

describe('ids tecleados', () => {
  it('deben ser mayores que 1 y libres; la base de datos sigue numerando después de ellos', async () => {
    const uno = await s.admin.post('/proveedor', { idProveedor: 1, nombre: 'X', telefono: '3001112222', email: 'x@x.co', idTienda: s.id });
    expect(uno.status).toBe(400);
    expect(uno.body.error.fields).toEqual({ idProveedor: M.crud.idProveedor });
    const alto = 700_000 + Math.floor(Math.random() * 1000);
    expect(await crear(s.admin, 'proveedor', { idProveedor: String(alto), nombre: 'X', telefono: '3001112222', email: 'x@x.co', idTienda: s.id })).toBe(alto);
    const dup = await s.admin.post('/proveedor', { idProveedor: alto, nombre: 'X', telefono: '3001112222', email: 'x@x.co', idTienda: s.id });
    expect(dup.status).toBe(409);
    expect(dup.body.error.fields).toEqual({ idProveedor: M.crud.idDuplicado });
    expect(await crear(s.admin, 'proveedor', { nombre: 'Y', telefono: '3001112222', email: 'y@y.co', idTienda: s.id })).toBe(alto + 1);

    const inv = await s.admin.post('/inventario', { idInventario: '1', cantidadInventario: 1, fechaModificacion: '2024-01-01', estadoRevision: 'x', idTienda: s.id });
    expect(inv.body.error.fields).toEqual({ idInventario: M.crud.idInventario });
    const mov = await s.admin.post('/movimiento', {
      idMovimiento: 0,
      cantidadDespues: 1,
      fechaMovimiento: '2024-01-01',
      fechaModificacion: '2024-01-01',
      estadoDespues: 'x',
      inventarioId: s.inventarioId,
    });
    expect(mov.body.error.fields).toEqual({ idMovimiento: M.crud.idMovimiento });
  });
});

describe('validaciones del área de administración (spec §5), en el servidor', () => {
  const usuario = () => {
    const documento = nuevoDocumento();
    return { documento, tipoDoc: 'CC', nombre: 'Ana', apellido: 'Ruiz', email: `ana-${documento}@prueba.co`, contrasena: PASSWORD, codigo_invitacion: s.codigo, idRol: 2 };
  };

  it.each([
    [{ documento: '123456789' }, 'documento', M.registro.documento],
    [{ tipoDoc: '' }, 'tipoDoc', "Por favor, complete el campo 'Tipo de documento'."],
    [{ nombre: '  ' }, 'nombre', "Por favor, complete el campo 'Nombre'."],
    [{ apellido: '' }, 'apellido', "Por favor, complete el campo 'Apellido'."],
    [{ email: '' }, 'email', "Por favor, complete el campo 'Correo'."],
    [{ email: 'ana@sin-punto' }, 'email', 'Por favor, ingrese un correo electrónico válido.'],
    [{ contrasena: '' }, 'contrasena', "Por favor, complete el campo 'Contraseña'."],
    [{ contrasena: 'debil1234' }, 'contrasena', 'La contraseña debe tener al menos 8 caracteres, incluyendo una letra mayúscula y un número.'],
    [{ codigo_invitacion: '' }, 'codigo_invitacion', "Por favor, complete el campo 'Código de invitación'."],
    [{ idRol: '' }, 'idRol', "Por favor, complete el campo 'Id Rol'."],
  ])('usuario %o → %s: %s', async (patch, field, message) => {
    const r = await s.admin.post('/usuarios', { ...usuario(), ...patch });
    expect(r.status).toBe(400);
    expect(r.body.error.fields[field]).toBe(message);
  });

  it.each([
    ['/factura', { ventaId: 1, productoId: 1, cantidad: 0, precio: 10, estado: 'P' }, 'cantidad', 'Por favor, ingrese una cantidad válida.'],
    ['/factura', { ventaId: 1, productoId: 1, cantidad: 1, precio: 'diez', estado: 'P' }, 'precio', 'Por favor, ingrese un precio válido.'],
    ['/factura', { ventaId: '', productoId: 1, cantidad: 1, precio: 1, estado: 'P' }, 'ventaId', "Por favor, complete el campo 'Venta ID'."],
    ['/factura', { ventaId: 1, productoId: 1, cantidad: 1, precio: 1, estado: '' }, 'estado', "Por favor, complete el campo 'Estado'."],
    ['/roles', { idRol: 1, nombreRol: 'x', descripcion: 'x' }, 'idRol', 'Por favor, complete el campo ID de Rol'],
    ['/roles', { nombreRol: 'x', descripcion: 'x' }, 'idRol', 'Por favor, complete el campo ID de Rol'],
    ['/roles', { idRol: 5, nombreRol: '', descripcion: 'x' }, 'nombreRol', "Por favor, complete el campo 'Nombre del Rol'."],
    ['/roles', { idRol: 5, nombreRol: 'x', descripcion: '' }, 'descripcion', "Por favor, complete el campo 'Descripción'."],
    ['/cliente', { documento: '', nombre: 'a', apellido: 'b' }, 'documento', "Por favor, complete el campo 'Documento'."],
    ['/cliente', { documento: '1', nombre: 'a', apellido: 'b', correo: 'malo' }, 'correo', 'Por favor, ingrese un correo electrónico válido.'],
    ['/proveedor', { nombre: 'a', telefono: '', email: 'a@b.co', idTienda: 1 }, 'telefono', "Por favor, complete el campo 'Teléfono'."],
    ['/movimiento', { cantidadDespues: 1, fechaMovimiento: '2024-02-30', fechaModificacion: '2024-01-01', estadoDespues: 'x', inventarioId: 1 }, 'fechaMovimiento', M.crud.fechaInvalida],
    ['/inventario', { cantidadInventario: 1, fechaModificacion: '2024-01-01', estadoRevision: '', idTienda: 1 }, 'estadoRevision', "Por favor, complete el campo 'Estado de revisión'."],
  ])('%s %o → %s', async (url, body, field, message) => {
    // Roles are a global catalogue: only the platform operator may create them.
    const who = url === '/roles' ? client(t, await operadorToken(t)) : s.admin;
    const r = await who.post(url, body);
    expect(r.status).toBe(400);
    expect(r.body.error.fields[field]).toBe(message);
  });
});

describe('usuarios y contraseñas', () => {
  it('cambiar la contraseña de un usuario cierra sus sesiones; dejarla vacía no la cambia', async () => {
    const e = await empleadoConRol(t, s.codigo, ROL.EMPLEADO);
    const [row] = (await s.admin.get('/usuarios', { q: e.documento })).body.items;
    const body = { ...row, nombre2: '', apellido2: '', contrasena: '', codigo_invitacion: '' };
    expect((await s.admin.put(`/usuarios/${row.idUsuario}`, { ...body, nombre: 'Renombrado' })).status).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/sesion', token: e.token })).statusCode).toBe(200);
    await login(t, 'empleado', e.email, PASSWORD);

    expect((await s.admin.put(`/usuarios/${row.idUsuario}`, { ...body, contrasena: 'NuevaClave99' })).status).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/sesion', token: e.token })).statusCode).toBe(401);
    await login(t, 'empleado', e.email, 'NuevaClave99');
    await expect(login(t, 'empleado', e.email, PASSWORD)).rejects.toThrow();
  });

  it('cambiar la contraseña de la tienda también cierra sus sesiones', async () => {
    const otra = await tiendaConDatos(t);
    const r = await otra.admin.put(`/tienda/${otra.id}`, { nombreTienda: 'X', correo: otra.email, contrasena: 'OtraClave77' });
    expect(r.status).toBe(200);
    expect(r.body.message).toContain(M.crud.contrasenaCambiada);
    expect((await otra.admin.get('/producto')).status).toBe(401);
    const c = client(t, await login(t, 'tienda', otra.email, 'OtraClave77'));
    expect((await c.get('/producto')).status).toBe(200);
  });

  it('correo y documento repetidos responden 409 en su campo', async () => {
    const documento = nuevoDocumento();
    const base = { documento, nombre: 'A', apellido: 'B', email: s.email, contrasena: PASSWORD, codigo_invitacion: s.codigo, idRol: 2 };
    const correo = await s.admin.post('/usuarios', base);
    expect(correo.status).toBe(409);
    expect(correo.body.error.fields).toEqual({ email: M.registro.emailTaken });
    await crear(s.admin, 'usuarios', { ...base, email: `ok-${documento}@prueba.co` });
    const doc = await s.admin.post('/usuarios', { ...base, email: `otro-${documento}@prueba.co` });
    expect(doc.status).toBe(409);
    expect(doc.body.error.fields).toEqual({ documento: M.registro.documentoTaken });
  });

  it('un administrador no se elimina a sí mismo ni se cambia el rol', async () => {
    const adm = await empleadoConRol(t, s.codigo, ROL.ADMIN);
    const c = client(t, adm.token);
    const [me] = (await c.get('/usuarios', { q: adm.documento })).body.items;
    const del = await c.del(`/usuarios/${me.idUsuario}`);
    expect(del.status).toBe(422);
    expect(del.body.error.message).toBe(M.crud.noEliminarseASiMismo);
    const rol = await c.put(`/usuarios/${me.idUsuario}`, { ...me, nombre2: '', apellido2: '', codigo_invitacion: '', idRol: 2 });
    expect(rol.status).toBe(422);
    // The store account may remove that admin.
    expect((await s.admin.del(`/usuarios/${me.idUsuario}`)).status).toBe(200);
  });

  it('un usuario con la caja abierta no se elimina hasta cerrar su turno', async () => {
    const e = await empleadoConRol(t, s.codigo, ROL.EMPLEADO);
    await abrirCaja(t, e.token, 50_000);
    const [fila] = (await s.admin.get('/usuarios', { q: e.documento })).body.items;
    const del = await s.admin.del(`/usuarios/${fila.idUsuario}`);
    expect(del.status).toBe(409);
    expect(del.body.error.message).toBe(M.crud.usuarioConCajaAbierta);
    expect((await s.admin.get(`/usuarios/${fila.idUsuario}`)).status).toBe(200);
  });
});

describe('movimientos del área de administración', () => {
  it('son registros de texto libre: no cambian el stock y guardan las fechas tecleadas', async () => {
    const before = await stockOf(s.productoId);
    const id = await crear(s.admin, 'movimiento', {
      cantidadDespues: 99,
      fechaMovimiento: '2024-09-09',
      fechaModificacion: '2024-09-10',
      estadoDespues: 'Ajuste manual',
      inventarioId: s.inventarioId,
    });
    expect(await stockOf(s.productoId)).toBe(before);
    const row = (await s.admin.get(`/movimiento/${id}`)).body;
    expect(row.fechaMovimiento).toBe('2024-09-09T17:00:00.000Z');
    const [m] = await t.database.db.select().from(movimiento).where(and(eq(movimiento.idMovimiento, id), eq(movimiento.tiendaId, s.id)));
    expect(m).toMatchObject({ cantidadDespues: 99, estadoDespues: 'Ajuste manual' });
  });
});

it('el documento OpenAPI describe las rutas del área', async () => {
  const r = await t.request({ method: 'GET', url: '/api/docs' });
  expect(r.statusCode).toBe(200);
  expect(Object.keys(r.json().paths)).toEqual(expect.arrayContaining(['/api/crud/usuarios', '/api/crud/ventas/{id}']));
});
