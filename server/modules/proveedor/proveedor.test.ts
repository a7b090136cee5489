import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { entregaPedido, producto, proveedor } from '../../db/schema';
import { conRol, crearTienda, peticion, type Tienda } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';

const t = usarApp();
let compartida: Tienda;
beforeAll(async () => {
  compartida = await crearTienda(t);
});
const req = peticion(t);

const VALIDO = { nombre: 'Distribuidora El Sol', telefono: '3104567890', email: 'pedidos@elsol.co' };

async function nuevoProveedor(s: Tienda, body: Record<string, unknown> = {}) {
  const res = await req('POST', '/api/proveedores', s.token, { ...VALIDO, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().proveedor as { id: number; nombre: string };
}

async function nuevoProducto(s: Tienda, nombre: string, idProveedor: number | null) {
  const res = await req('POST', '/api/productos', s.token, { nombre, precio: 1000, cantidad: 3, idProveedor });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().producto.id as number;
}

describe('agregar proveedor', () => {
  it('guarda el teléfono como texto de dígitos, también si llega como número o con separadores', async () => {
    const s = await crearTienda(t);
    const res = await req('POST', '/api/proveedores', s.token, { nombre: ' Lácteos del Valle ', telefono: '310 456-7890', email: 'Ventas@Lacteos.CO' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: M.proveedores.registrado,
      proveedor: { id: expect.any(Number), nombre: 'Lácteos del Valle', telefono: '3104567890', email: 'ventas@lacteos.co', documento: null, direccion: null, obligadoFacturar: true, tipoIdentificacion: null, municipio: null, productos: 0 },
    });
    const numero = await nuevoProveedor(s, { telefono: 6014445566 });
    const [row] = await t.database.db.select().from(proveedor).where(eq(proveedor.idProveedor, numero.id));
    expect(row!.telefono).toBe('6014445566');
    expect(row!.tiendaId).toBe(s.id);
  });

  it('guarda el NIT, la dirección y si emite factura electrónica (para un documento soporte futuro, issue #32 punto 7)', async () => {
    const s = await crearTienda(t);
    const res = await req('POST', '/api/proveedores', s.token, { nombre: 'Don Jairo (campesino)', telefono: '3104567890', email: 'jairo@correo.co', documento: '1.098.765.432', direccion: 'Vereda El Hato', obligadoFacturar: false, tipoIdentificacion: 'CC', municipio: '25899' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().proveedor).toMatchObject({ documento: '1098765432', direccion: 'Vereda El Hato', obligadoFacturar: false });
    const malo = await req('POST', '/api/proveedores', s.token, { nombre: 'Otro', telefono: '3104567890', email: 'o@correo.co', documento: 'NIT ABC' });
    expect(malo.statusCode).toBe(400);
    expect(malo.json().error.message).toBe(M.proveedores.documentoInvalido);
  });

  it.each([
    [{ nombre: '' }, 'nombre'],
    [{ nombre: '  ' }, 'nombre'],
    [{ telefono: '' }, 'telefono'],
    [{ email: '' }, 'email'],
    [{ nombre: undefined }, 'nombre'],
    [{ telefono: null }, 'telefono'],
  ])("todos los campos son obligatorios: 'Por favor llene todos los campos' (%o)", async (cambio, campo) => {
    const res = await req('POST', '/api/proveedores', compartida.token, { ...VALIDO, ...cambio });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ message: 'Por favor llene todos los campos', fields: { [campo]: 'Por favor llene todos los campos' } });
  });

  it.each([['310abc4567'], ['123456'], ['1234567890123456'], ['+57 310 456 7890'], [-3104567890]])(
    'el teléfono solo lleva de 7 a 15 dígitos: %o se rechaza',
    async (telefono) => {
      const res = await req('POST', '/api/proveedores', compartida.token, { ...VALIDO, telefono });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ telefono: M.proveedores.telefonoInvalido });
    },
  );

  it('el correo debe ser válido', async () => {
    const res = await req('POST', '/api/proveedores', compartida.token, { ...VALIDO, email: 'pedidos@elsol' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ email: M.registro.email });
  });
});

describe('lista de proveedores', () => {
  it('busca por nombre, pagina y cuenta los productos de cada uno', async () => {
    const s = await crearTienda(t);
    const sol = await nuevoProveedor(s, { nombre: 'Distribuidora El Sol' });
    await nuevoProveedor(s, { nombre: 'Aseo Total 100%' });
    await nuevoProveedor(s, { nombre: 'Bebidas Andinas' });
    await nuevoProducto(s, 'Arroz', sol.id);
    await nuevoProducto(s, 'Lentejas', sol.id);
    await nuevoProducto(s, 'Sin proveedor', null);

    const todos = (await req('GET', '/api/proveedores', s.token)).json();
    expect(todos.total).toBe(3);
    expect(todos.items.map((p: { nombre: string }) => p.nombre)).toEqual(['Aseo Total 100%', 'Bebidas Andinas', 'Distribuidora El Sol']);
    expect(todos.items[2]).toEqual({ id: sol.id, nombre: 'Distribuidora El Sol', telefono: '3104567890', email: 'pedidos@elsol.co', documento: null, direccion: null, obligadoFacturar: true, tipoIdentificacion: null, municipio: null, productos: 2 });

    const sol2 = (await req('GET', '/api/proveedores?q=el%20SOL', s.token)).json();
    expect(sol2.items.map((p: { nombre: string }) => p.nombre)).toEqual(['Distribuidora El Sol']);
    expect((await req('GET', '/api/proveedores?q=0%25', s.token)).json().total).toBe(1);
    expect((await req('GET', '/api/proveedores?q=_', s.token)).json().total).toBe(0);

    const p2 = (await req('GET', '/api/proveedores?page=2&pageSize=2', s.token)).json();
    expect(p2).toMatchObject({ total: 3, items: [{ nombre: 'Distribuidora El Sol' }] });
  });

  it('las opciones para los selectores traen id y nombre de la tienda, nada más', async () => {
    const s = await crearTienda(t);
    const otra = await crearTienda(t);
    const b = await nuevoProveedor(s, { nombre: 'B' });
    const a = await nuevoProveedor(s, { nombre: 'A' });
    await nuevoProveedor(otra, { nombre: 'De otra tienda' });
    const res = await req('GET', '/api/proveedores/opciones', s.token);
    expect(res.json()).toEqual([
      { id: a.id, nombre: 'A' },
      { id: b.id, nombre: 'B' },
    ]);
  });

  it('los productos de un proveedor, paginados; otra tienda recibe 404', async () => {
    const s = await crearTienda(t);
    const otra = await crearTienda(t);
    const sol = await nuevoProveedor(s);
    const valle = await nuevoProveedor(s, { nombre: 'Lácteos del Valle' });
    await nuevoProducto(s, 'Queso', valle.id);
    await nuevoProducto(s, 'Leche', valle.id);
    await nuevoProducto(s, 'Arroz', sol.id);

    const res = (await req('GET', `/api/proveedores/${valle.id}/productos`, s.token)).json();
    expect(res).toEqual({
      total: 2,
      items: [
        { id: expect.any(Number), nombre: 'Leche', marca: null, precio: 1000, stock: 3, estado: 1, unidad: '94', codigoBarras: null, manejaLotes: false, presentaciones: [] },
        { id: expect.any(Number), nombre: 'Queso', marca: null, precio: 1000, stock: 3, estado: 1, unidad: '94', codigoBarras: null, manejaLotes: false, presentaciones: [] },
      ],
    });
    expect((await req('GET', `/api/proveedores/${valle.id}/productos?pageSize=1&page=2`, s.token)).json().items[0].nombre).toBe('Queso');
    const ajeno = await req('GET', `/api/proveedores/${valle.id}/productos`, otra.token);
    expect(ajeno.statusCode).toBe(404);
    expect((await req('GET', '/api/proveedores', otra.token)).json()).toEqual({ items: [], total: 0 });
  });
});

describe('eliminar proveedor', () => {
  it('sus productos se conservan sin proveedor', async () => {
    const s = await crearTienda(t);
    const sol = await nuevoProveedor(s);
    const prod = await nuevoProducto(s, 'Arroz', sol.id);
    const res = await req('DELETE', `/api/proveedores/${sol.id}`, s.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: M.proveedores.eliminado });
    const detalle = (await req('GET', `/api/productos/${prod}`, s.token)).json();
    expect(detalle).toMatchObject({ nombre: 'Arroz', idProveedor: null, nombrepr: null });
    expect((await req('DELETE', `/api/proveedores/${sol.id}`, s.token)).statusCode).toBe(404);
  });

  it('un proveedor con entregas de pedidos registradas se conserva (409)', async () => {
    const s = await crearTienda(t);
    const sol = await nuevoProveedor(s);
    const prod = await nuevoProducto(s, 'Arroz', sol.id);
    await t.database.db.insert(entregaPedido).values({ tiendaId: s.id, proveedorId: sol.id, productoId: prod, fechaEntrega: '2024-05-01', cantidad: 5 });
    const res = await req('DELETE', `/api/proveedores/${sol.id}`, s.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(M.proveedores.conEntregas);
    expect((await req('GET', '/api/proveedores', s.token)).json().total).toBe(1);
  });

  it('otra tienda no elimina proveedores ajenos (404)', async () => {
    const s = await crearTienda(t);
    const otra = await crearTienda(t);
    const sol = await nuevoProveedor(s);
    const res = await req('DELETE', `/api/proveedores/${sol.id}`, otra.token);
    expect(res.statusCode).toBe(404);
    expect((await req('GET', '/api/proveedores', s.token)).json().total).toBe(1);
  });
});

describe('roles', () => {
  it('el encargado no agrega ni elimina: Acceso Denegado / No tienes permiso para agregar proveedores.', async () => {
    const s = await crearTienda(t);
    const sol = await nuevoProveedor(s);
    const encargado = await conRol(t, s, ROL.ENCARGADO);
    const denied = { code: 'FORBIDDEN', title: 'Acceso Denegado', message: 'No tienes permiso para agregar proveedores.' };

    const add = await req('POST', '/api/proveedores', encargado, VALIDO);
    expect(add.statusCode).toBe(403);
    expect(add.json().error).toEqual(denied);
    // Refused before the form is even looked at.
    const empty = await req('POST', '/api/proveedores', encargado, {});
    expect(empty.statusCode).toBe(403);
    expect(empty.json().error).toEqual(denied);
    const del = await req('DELETE', `/api/proveedores/${sol.id}`, encargado);
    expect(del.statusCode).toBe(403);
    expect(del.json().error).toEqual(denied);

    // Reading stays allowed.
    expect((await req('GET', '/api/proveedores', encargado)).json().total).toBe(1);
    expect((await req('GET', '/api/proveedores/opciones', encargado)).statusCode).toBe(200);
    expect((await req('GET', `/api/proveedores/${sol.id}/productos`, encargado)).statusCode).toBe(200);
  });

  it('el empleado (rol 2) agrega; elimina solo con el permiso de la tienda (issue #27)', async () => {
    const s = await crearTienda(t);
    const empleado = await conRol(t, s, ROL.EMPLEADO);
    const add = await req('POST', '/api/proveedores', empleado, VALIDO);
    expect(add.statusCode).toBe(201);
    const negado = await req('DELETE', `/api/proveedores/${add.json().proveedor.id}`, empleado);
    expect(negado.statusCode).toBe(403);
    expect(negado.json().error.message).toBe(M.permisos.denegado.eliminarClientesProveedores);
    const actuales = (await t.request({ method: 'GET', url: '/api/tienda/permisos', token: s.token })).json();
    actuales.roles[ROL.EMPLEADO].eliminarClientesProveedores = true;
    expect((await t.request({ method: 'PUT', url: '/api/tienda/permisos', token: s.token, payload: actuales })).statusCode).toBe(200);
    expect((await req('DELETE', `/api/proveedores/${add.json().proveedor.id}`, empleado)).statusCode).toBe(200);
    const [left] = await t.database.db.select().from(producto).where(eq(producto.tiendaId, s.id));
    expect(left).toBeUndefined();
  });
});
