/**
 * Tenancy and roles through the legacy API: another store's rows answer 404, another store's code
 * or id answers 403 and is never obeyed, role 3 is refused what the spec refuses it, and the
 * administration calls are for role 1 only.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { cliente, producto, proveedor, venta } from '../db/schema';
import { crearEmpleado, crearTienda } from '../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { findAction, type LegacyAction } from './legacy';
import { legacyControllers } from './legacy.routes';
import { PREFIX, expectRefusal, legacy, setRol, type Legacy } from './test-client';

let t: TestApp;
let L: Legacy;
type Tienda = Awaited<ReturnType<typeof crearTienda>> & { producto: number; proveedor: number; venta: number; cliente: string };
let A: Tienda;
let B: Tienda;
let empleado: string;
let encargado: string;

/** A store with a product (stock 10), a supplier, a client and a Pendiente sale with one line. */
async function tienda(nombre: string): Promise<Tienda> {
  const s = await crearTienda(t, { nombreTienda: nombre });
  const p = await L.json('POST', 'producto', { registrarProductoUnico: true, nombre: `Producto de ${nombre}`, precio: 1000, cantidad: 10 }, s.token);
  const pr = await L.json('POST', 'proveedor', { agregarProveedor: true, nombre: `Proveedor de ${nombre}`, telefono: '3001112233', email: 'p@p.co' }, s.token);
  const documento = String(70_000_000 + s.id);
  await L.json('POST', 'cliente', { registroCliente: true, Documento: documento, Tipo_documento: 'CC', NombreCliente: 'Cliente', ApellidoCliente: nombre, Correo: '' }, s.token);
  const v = await L.json('POST', 'venta', { registro: true, EstadoVenta: 'Pendiente', metododepago_ID_Met_Pago: 5 }, s.token);
  await L.json('POST', 'factura', { registro: true, venta_id_Venta: v.body.id_Venta, producto_id_Producto: p.body.id_Producto, Precio: 1000, Cantidad: 1, Estado: 'Pendiente' }, s.token);
  return { ...s, producto: p.body.id_Producto, proveedor: pr.body.idproveedor, venta: v.body.id_Venta, cliente: documento };
}

beforeAll(async () => {
  t = await createTestApp();
  L = legacy(t);
  A = await tienda('Tienda A');
  B = await tienda('Tienda B');
  empleado = (await crearEmpleado(t, A.codigo)).token;
  const e3 = await crearEmpleado(t, A.codigo);
  await setRol(t, e3.documento, ROL.ENCARGADO);
  encargado = e3.token;
});
afterAll(() => t?.close());

/** Rows the back-office calls could add or remove. */
const filas = async () =>
  ((await t.database.db.execute(
    sql`select (select count(*) from usuario)::int as u, (select count(*) from tienda)::int as t, (select count(*) from factura)::int as f, (select count(*) from proveedor)::int as p, (select count(*) from cliente)::int as c, (select count(*) from movimiento)::int as m, (select count(*) from inventario)::int as i, (select count(*) from rol)::int as r`,
  )) as unknown as { rows: unknown[] }).rows[0];

const stockDe = async (id: number) => (await t.database.db.select({ stock: producto.stock }).from(producto).where(eq(producto.idProducto, id)))[0]!.stock;

describe('las filas de otra tienda responden 404 y no cambian', () => {
  it('producto: detalle, edición y borrado', async () => {
    expectRefusal(await L.get('producto', { consultaDatosProducto: B.producto }, A.token), 404);
    const put = await L.json('PUT', 'producto', { modificarProducto: B.producto, nombre: 'Robado', stock: 0, precio: 1, stock_min: 0, estado: 1 }, A.token);
    expectRefusal(put, 404);
    expectRefusal(await L.del('producto', { id_Producto: B.producto }, A.token), 404);
    const [p] = await t.database.db.select().from(producto).where(eq(producto.idProducto, B.producto));
    expect(p).toMatchObject({ nombre: 'Producto de Tienda B', stock: 9 });
  });

  it('venta: líneas, estados, pago y detalle de la factura', async () => {
    expectRefusal(await L.json('POST', 'factura', { registro: true, venta_id_Venta: B.venta, producto_id_Producto: B.producto, Cantidad: 1 }, A.token), 404);
    // Its own sale with the other store's product: not found either, and no stock moves.
    expectRefusal(await L.json('POST', 'factura', { registro: true, venta_id_Venta: A.venta, producto_id_Producto: B.producto, Cantidad: 1 }, A.token), 404);
    expect(await stockDe(B.producto)).toBe(9);
    expectRefusal(await L.json('POST', 'venta', { modificarEstado: true, id_Venta: B.venta, EstadoVenta: 'Anulada' }, A.token), 404);
    expectRefusal(await L.json('POST', 'factura', { ActualizarEstadoPagado: true, venta_id_Venta: B.venta }, A.token), 404);
    expectRefusal(await L.get('factura', { listarProductos: true, venta_id_Venta: B.venta }, A.token), 404);
    const [v] = await t.database.db.select().from(venta).where(eq(venta.idVenta, B.venta));
    expect(v).toMatchObject({ estado: 'Pendiente', total: 1000 });
    expect(await stockDe(B.producto)).toBe(9);
  });

  it('proveedor: sus productos y el borrado', async () => {
    expectRefusal(await L.get('proveedor', { listarProductos: true, idproveedor: B.proveedor }, A.token), 404);
    expectRefusal(await L.del('proveedor', { eliminar: B.proveedor }, A.token), 404);
    expect(await t.database.db.select().from(proveedor).where(eq(proveedor.idProveedor, B.proveedor))).toHaveLength(1);
  });

  it('cliente: edición y borrado por documento', async () => {
    const put = await L.json('PUT', 'cliente', { actualizar: true, Documento: B.cliente, Tipo_documento: 'CC', NombreCliente: 'X', ApellidoCliente: 'Y', Correo: '' }, A.token);
    expectRefusal(put, 404);
    expectRefusal(await L.json('DELETE', 'cliente', { data: { eliminar: B.cliente } }, A.token), 404);
    const [c] = await t.database.db.select().from(cliente).where(eq(cliente.documento, B.cliente));
    expect(c).toMatchObject({ nombre: 'Cliente', apellido: 'Tienda B' });
  });

  it('las listas solo traen filas de la tienda de la sesión', async () => {
    const todo = JSON.stringify([
      (await L.get('producto', { listarProductosAppPrecio: true }, A.token)).body,
      (await L.get('producto', { listarProductosApp: true }, A.token)).body,
      (await L.get('proveedor', { listarPorTienda: true }, A.token)).body,
      (await L.get('cliente', { listarClientesTienda: true }, A.token)).body,
      (await L.get('factura', { listarTienda: true }, A.token)).body,
      (await L.get('movimiento', { listarPorTienda: '' }, A.token)).body,
      (await L.json('POST', 'venta', { listar: true }, A.token)).body,
      (await L.get('producto', { listar: true }, A.token)).body,
    ]);
    expect(todo).toContain('Tienda A');
    expect(todo).not.toContain('Tienda B');
  });
});

describe('un código, una tienda o un usuario que no son los de la sesión: 403, nunca obedecidos', () => {
  it('codigo_invitacion de otra tienda en listas, análisis, movimientos y altas', async () => {
    const calls = [
      () => L.get('producto', { listarProductosAppPrecio: true, codigo_invitacion: B.codigo }, A.token),
      () => L.get('producto', { listarProductosApp: true, codigo_invitacion: B.codigo }, A.token),
      () => L.get('proveedor', { listarPorTienda: true, codigo_invitacion: B.codigo }, A.token),
      () => L.get('proveedor', { listarNombreID: true, codigo_invitacion: B.codigo }, A.token),
      () => L.get('cliente', { listarClientesTienda: true, codigo_invitacion: B.codigo }, A.token),
      () => L.get('factura', { listarTienda: true, codigo_invitacion: B.codigo }, A.token),
      () => L.get('factura', { verAnalisisCodigoInv: B.codigo }, A.token),
      () => L.get('movimiento', { listarPorTienda: B.codigo }, A.token),
      () => L.json('POST', 'producto', { registrarProductoUnico: true, nombre: 'Intruso', precio: 1, cantidad: 1, codigo_invitacion: B.codigo }, A.token),
      () => L.json('POST', 'proveedor', { agregarProveedor: true, nombre: 'Intruso', telefono: '3001112233', email: 'i@i.co', codigo_invitacion: B.codigo }, A.token),
    ];
    for (const call of calls) {
      const r = await call();
      expectRefusal(r, 403, M.crud.codigoOtraTienda);
      expect(JSON.stringify(r.body)).not.toContain('Tienda B');
    }
    const intrusos = await t.database.db.select().from(producto).where(eq(producto.nombre, 'Intruso'));
    expect(intrusos).toEqual([]);
  });

  it('tienda_idtienda o usuarios_documento ajenos al crear la venta', async () => {
    const antes = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(venta);
    const otraTienda = await L.json('POST', 'venta', { registro: true, EstadoVenta: 'Pendiente', tienda_idtienda: B.id, metododepago_ID_Met_Pago: 5 }, A.token);
    expectRefusal(otraTienda, 403);
    const otroUsuario = await L.json('POST', 'venta', { registro: true, EstadoVenta: 'Pendiente', metododepago_ID_Met_Pago: 5, usuarios_documento: '1000000001' }, empleado);
    expectRefusal(otroUsuario, 403);
    expect(await t.database.db.select({ n: sql<number>`count(*)::int` }).from(venta)).toEqual(antes);
  });

  it('id_tienda o codigo_invitacion ajenos en los registros de administración', async () => {
    const prov = await L.json('POST', 'proveedor', { registroCrud: true, nombre: 'Intruso', telefono: '3001112233', email: 'i@i.co', id_tienda: B.id }, A.token);
    expectRefusal(prov, 403);
    const usr = await L.json(
      'POST',
      'usuarios',
      { registroCrud: true, nombre: 'I', apellido: 'I', documento: '1231231231', tipoDoc: 'CC', email: 'intruso@i.co', contrasena: 'Clave1234', codigo_invitacion: B.codigo, idRol: 1 },
      A.token,
    );
    expectRefusal(usr, 403, M.crud.codigoOtraTienda);
    const inv = await L.json('POST', 'inventario', { registroCrud: true, CantidadInventario: 1, fechaModificacion: '2026-01-01', estado_revision: 'x', tienda_idtienda: B.id }, A.token);
    expectRefusal(inv, 403);
    const tiendaB = await L.formData('tienda', { modificar: 'true', idtienda: B.id, nombreTienda: 'Robada', correo: B.email }, A.token);
    expect(tiendaB.status).toBe(404);
    expect(tiendaB.body.respuesta).toBe(false);
  });
});

describe('el rol 3 (Encargado) es rechazado con los mensajes de la especificación', () => {
  it('agregar y eliminar proveedores', async () => {
    const add = await L.json('POST', 'proveedor', { agregarProveedor: true, nombre: 'Nuevo', telefono: '3001112233', email: 'n@n.co', codigo_invitacion: A.codigo }, encargado);
    expectRefusal(add, 403, M.roles.denyProveedoresText);
    expect(add.body.titulo).toBe(M.roles.denyProveedoresTitle);
    const del = await L.del('proveedor', { eliminar: A.proveedor }, encargado);
    expectRefusal(del, 403, M.roles.denyProveedoresText);
    expect(await t.database.db.select().from(proveedor).where(eq(proveedor.tiendaId, A.id))).toHaveLength(1);
  });

  it('eliminar clientes', async () => {
    const r = await L.json('DELETE', 'cliente', { data: { eliminar: A.cliente } }, encargado);
    expectRefusal(r, 403, M.roles.denyClientesText);
    expect(r.body.titulo).toBe(M.roles.denyClientesTitle);
    expect(await t.database.db.select().from(cliente).where(eq(cliente.documento, A.cliente))).toHaveLength(1);
  });

  it('eliminar productos', async () => {
    const r = await L.del('producto', { id_Producto: A.producto }, encargado);
    expectRefusal(r, 403, M.roles.denyProductos);
    expect(r.body.Operacion).toBe(false);
    expect(await t.database.db.select().from(producto).where(eq(producto.idProducto, A.producto))).toHaveLength(1);
  });

  it('ver los movimientos', async () => {
    expectRefusal(await L.get('movimiento', { listarPorTienda: A.codigo }, encargado), 403, M.roles.denyMovimientos);
  });

  it('lo demás sí lo puede hacer: vender, listar, registrar clientes', async () => {
    expect((await L.get('producto', { listarProductosAppPrecio: true, codigo_invitacion: A.codigo }, encargado)).status).toBe(200);
    const v = await L.json('POST', 'venta', { registro: true, EstadoVenta: 'Pendiente', metododepago_ID_Met_Pago: 2 }, encargado);
    expect(v.body).toMatchObject({ id_Venta: expect.any(Number) });
    const r = await L.json('POST', 'cliente', { registroCliente: true, Documento: '44556677', Tipo_documento: 'CC', NombreCliente: 'N', ApellidoCliente: 'M', Correo: '' }, encargado);
    expect(r.body.success).toBe(true);
  });
});

describe('las llamadas de administración son solo para el rol 1', () => {
  const admin: [string, LegacyAction][] = [];
  for (const [file, actions] of Object.entries(legacyControllers())) for (const a of actions) if (a.roles) admin.push([file, a]);

  it.each([
    ['rol 2 (Empleado)', () => empleado],
    ['rol 3 (Encargado)', () => encargado],
  ])('%s recibe 403 en cada una, sin que nada cambie', async (_nombre, token) => {
    expect(admin.length).toBeGreaterThanOrEqual(34);
    const before = await filas();
    for (const [file, a] of admin) {
      // The action's own marker, with the row ids of store A, so that a mistake would really act.
      const params: Record<string, unknown> = a.params.length ? { [a.params[0]!.key]: A.venta } : {};
      const method = a.methods[0]!;
      expect(findAction(legacyControllers()[file]!, params, method), `${file} ${a.name}`).toBe(a);
      const r =
        method === 'GET'
          ? await t.request({ method, url: `${PREFIX}/${file}?${new URLSearchParams(params as Record<string, string>)}`, token: token() })
          : await t.request({ method, url: `${PREFIX}/${file}`, payload: params, token: token() });
      expect(r.statusCode, `${file} ${a.name}`).toBe(403);
      expect(r.json(), `${file} ${a.name}`).toMatchObject({ success: false, respuesta: false, mensaje: M.roles.backofficeOnly });
    }
    expect(await filas()).toEqual(before);
  });

  it('sin token, 401', async () => {
    const r = await L.json('POST', 'usuarios', { listar: true });
    expectRefusal(r, 401, M.generic.unauthorized);
  });
});
