/**
 * Contract of the old system's controller API (spec §7): one test per call, sending exactly the
 * spec's request (verb, parameter location, keys) and checking the keys and row shapes it answers.
 * The calls build on each other in order, like a shop's day.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { factura, producto, venta } from '../db/schema';
import { PASSWORD, crearEmpleado } from '../../tests/helpers/factories';
import type { TestApp } from '../../tests/helpers/test-app';
import { usarContrato, type Contrato } from './legacy-contrato.fixtures';
import { PREFIX, setRol, type Legacy } from './test-client';

const c = usarContrato();
let t: TestApp;
let L: Legacy;
let A: Contrato['A'];
beforeAll(() => ({ t, L, A } = c));

const fecha = /^\d{4}-\d{2}-\d{2}$/;
const hora = /^\d{2}:\d{2}:\d{2}$/;

/** Ids the calls create and later calls use. */
const ids = { arroz: 0, leche: 0, pan: 0, proveedor: 0, venta: 0, inventario: 0, movimiento: 0 };

describe('login/procesologin.php', () => {
  it('GET ?tipo&email&contrasena → { success, token } y las claves del PHP antiguo, con la carga del token de la especificación', async () => {
    const res = await t.request({ method: 'GET', url: `${PREFIX}/login/procesologin.php?tipo=tienda&email=${encodeURIComponent(A.email)}&contrasena=${PASSWORD}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      token: expect.any(String),
      codigo_invitacion: A.codigo,
      nombreTienda: 'Tienda Contrato',
      rol: 1,
      id_Tienda: A.id,
      documento: null,
      usuario: 'Tienda Contrato',
      tienda: 'Tienda Contrato',
    });
    const payload = JSON.parse(Buffer.from(res.json().token.split('.')[1], 'base64url').toString());
    expect(payload).toMatchObject({ documento: null, nombreTienda: 'Tienda Contrato', id_Tienda: A.id, rol: 1, codigo_invitacion: A.codigo });
  });
});

describe('controlador.usuarios.php (cuentas)', () => {
  const correo = 'contrato.empleado@prueba.co';

  it('POST registro + campos → { success }', async () => {
    const r = await L.json('POST', 'usuarios', {
      nombre: 'Carla',
      nombre2: '',
      apellido: 'Ríos',
      apellido2: '',
      documento: '1098765432',
      tipoDoc: 'CC',
      email: correo,
      contrasena: PASSWORD,
      codigo_invitacion: A.codigo,
      registro: true,
    });
    expect(r.body).toMatchObject({ success: true });
  });

  it('POST action=enviar_codigo, correo → { success, message }', async () => {
    const r = await L.json('POST', 'usuarios', { action: 'enviar_codigo', correo });
    expect(r.body).toEqual({ success: true, message: M.recuperacion.sent });
  });

  let codigo = '';

  it('POST action=verificar_codigo, correo, codigo → { status, message }', async () => {
    codigo = /(\d{6})/.exec(t.outbox.at(-1)!.text)![1]!;
    const r = await L.json('POST', 'usuarios', { action: 'verificar_codigo', correo, codigo });
    expect(r.body).toEqual({ status: 'success', message: M.recuperacion.verified });
  });

  it('POST olvido, reset, correo, codigo, password → { success, message } (el código viaja con la contraseña)', async () => {
    const r = await L.json('POST', 'usuarios', { olvido: true, reset: true, correo, codigo, password: 'Nueva12345' });
    expect(r.body).toEqual({ success: true, message: M.recuperacion.changed });
    await L.login('empleado', correo, 'Nueva12345');
  });
});

describe('controlador.tienda.php (registro)', () => {
  it('POST nombreTienda, telefono, email, contrasena, direccion, registroTienda → { success }', async () => {
    const r = await L.json('POST', 'tienda', {
      nombreTienda: 'Tienda Nueva',
      telefono: '3001234567',
      email: 'tienda.nueva@prueba.co',
      contrasena: PASSWORD,
      direccion: 'Calle 1',
      registroTienda: true,
    });
    expect(r.body).toMatchObject({ success: true, codigo_invitacion: expect.any(String) });
  });
});

describe('controlador.producto.php', () => {
  it('POST registrarProductoUnico, nombre, precio, cantidad, codigo_invitacion → { registro }', async () => {
    for (const [key, nombre, precio, cantidad] of [
      ['arroz', 'Arroz Diana 500 g', 2500, 40],
      ['leche', 'Leche Alquería 1 L', 4200, 12],
      ['pan', 'Pan tajado', 6000, 5],
    ] as const) {
      const r = await L.json('POST', 'producto', { registrarProductoUnico: true, nombre, precio, cantidad, codigo_invitacion: A.codigo }, A.token);
      expect(r.body).toMatchObject({ registro: true, id_Producto: expect.any(Number) });
      ids[key] = r.body.id_Producto;
    }
  });

  it('PUT modificarProducto (el id), nombre, stock, precio, stock_min, marca, … → { mensaje }', async () => {
    const r = await L.json(
      'PUT',
      'producto',
      {
        modificarProducto: ids.pan,
        nombre: 'Pan tajado integral',
        stock: 5,
        precio: 6500,
        stock_min: 2,
        marca: 'Bimbo',
        presentacion: 'Bolsa',
        descripcion: 'Pan integral',
        categoria: 'Panadería',
        fechaVencimiento: '2031-01-31',
        estado: 0,
        idProveedor: '',
      },
      A.token,
    );
    expect(r.body).toMatchObject({ mensaje: expect.any(String) });
    const [row] = await t.database.db.select().from(producto).where(eq(producto.idProducto, ids.pan));
    expect(row).toMatchObject({ nombre: 'Pan tajado integral', precioUnit: 6500, estado: 0, marca: 'Bimbo', fechaVencimiento: '2031-01-31' });
  });

  it('GET ?listarProductosAppPrecio=true&codigo_invitacion → filas [id, nombre, marca, precio, disponible, stock] de los productos en venta', async () => {
    const r = await L.get('producto', { listarProductosAppPrecio: true, codigo_invitacion: A.codigo }, A.token);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/application\/json/);
    expect(r.body).toEqual([
      [ids.arroz, 'Arroz Diana 500 g', null, 2500, 1, 40],
      [ids.leche, 'Leche Alquería 1 L', null, 4200, 1, 12],
    ]);
    // The old React client posts JSON even for this read.
    const post = await L.json('POST', 'producto', { listarProductosAppPrecio: true, codigo_invitacion: A.codigo }, A.token);
    expect(post.body).toEqual(r.body);
  });

  it('GET ?listarProductosApp=true&codigo_invitacion → filas [id, nombre, marca, precio, stock, estado] de todo el catálogo', async () => {
    const r = await L.get('producto', { listarProductosApp: true, codigo_invitacion: A.codigo }, A.token);
    expect(r.body).toEqual([
      [ids.arroz, 'Arroz Diana 500 g', null, 2500, 40, 1],
      [ids.leche, 'Leche Alquería 1 L', null, 4200, 12, 1],
      [ids.pan, 'Pan tajado integral', 'Bimbo', 6500, 5, 0],
    ]);
  });

  it('GET ?consultaDatosProducto={id} → una fila de 13 posiciones', async () => {
    const r = await L.get('producto', { consultaDatosProducto: ids.pan }, A.token);
    expect(r.body).toEqual([['Pan tajado integral', 'Bimbo', 6500, 'Pan integral', 'Bimbo', 'Panadería', 'Bolsa', '2031-01-31', 5, 2, 0, null, null]]);
  });

  it('GET ?listar=true (administración) → filas de 13 columnas', async () => {
    const r = await L.get('producto', { listar: true }, A.token);
    expect(r.headers['x-total-count']).toBe('3');
    expect(r.body).toHaveLength(3);
    const pan = r.body.find((row: unknown[]) => row[0] === ids.pan);
    expect(pan).toEqual([ids.pan, 'Pan tajado integral', 6500, 'Pan integral', 'Bimbo', 'Panadería', 'Bolsa', '2031-01-31', 5, 2, 0, null, null]);
  });

  it('POST form-data modificarProducto2=true con todos los campos (administración) → { mensaje }', async () => {
    const r = await L.formData(
      'producto',
      {
        modificarProducto2: 'true',
        id_Producto: ids.pan,
        Nombre: 'Pan tajado',
        Precio_unit: 6000,
        Descripcion: '',
        Marca: 'Bimbo',
        Categoria: 'Panadería',
        Presentacion: 'Bolsa',
        Fecha_vencimiento: '',
        Stock: 5,
        Stock_Min: 2,
        estado: 1,
        inventario_id_Inventario: '',
        idProveedor: '',
      },
      A.token,
    );
    expect(r.body).toMatchObject({ mensaje: M.crud.actualizado.producto });
    const [row] = await t.database.db.select().from(producto).where(eq(producto.idProducto, ids.pan));
    expect(row).toMatchObject({ nombre: 'Pan tajado', precioUnit: 6000, estado: 1, stock: 5 });
  });

  it('DELETE ?id_Producto={id} → { Operacion }', async () => {
    const extra = await L.json('POST', 'producto', { registrarProductoUnico: true, nombre: 'Para borrar', precio: 100, cantidad: 0, codigo_invitacion: A.codigo }, A.token);
    const r = await L.del('producto', { id_Producto: extra.body.id_Producto }, A.token);
    expect(r.body).toMatchObject({ Operacion: true });
    const gone = await L.get('producto', { consultaDatosProducto: extra.body.id_Producto }, A.token);
    expect(gone.status).toBe(404);
  });
});

describe('controlador.proveedor.php', () => {
  it('POST agregarProveedor, nombre, telefono, email, codigo_invitacion → { success }', async () => {
    const r = await L.json('POST', 'proveedor', { agregarProveedor: true, nombre: 'Distribuidora Andina', telefono: 3104567890, email: 'ventas@andina.co', codigo_invitacion: A.codigo }, A.token);
    expect(r.body).toMatchObject({ success: true, idproveedor: expect.any(Number) });
    ids.proveedor = r.body.idproveedor;
    // The arroz comes from this supplier.
    const p = await L.get('producto', { consultaDatosProducto: ids.arroz }, A.token);
    const [nombre, marca, precio, descripcion, , categoria, presentacion, fechaV, stock, stockMin, estado] = p.body[0];
    const put = await L.json(
      'PUT',
      'producto',
      { modificarProducto: ids.arroz, nombre, marca, precio, descripcion, categoria, presentacion, fechaVencimiento: fechaV, stock, stock_min: stockMin, estado, idProveedor: ids.proveedor },
      A.token,
    );
    expect(put.body.success).toBe(true);
  });

  it('GET ?listarPorTienda=true&codigo_invitacion → filas [nombre, telefono, email, id]', async () => {
    const r = await L.get('proveedor', { listarPorTienda: true, codigo_invitacion: A.codigo }, A.token);
    expect(r.body).toEqual([['Distribuidora Andina', '3104567890', 'ventas@andina.co', ids.proveedor]]);
  });

  it('GET ?listarProductos=true&idproveedor={id} → filas [nombre, marca, precio, stock, id]', async () => {
    const r = await L.get('proveedor', { listarProductos: true, idproveedor: ids.proveedor }, A.token);
    expect(r.body).toEqual([['Arroz Diana 500 g', null, 2500, 40, ids.arroz]]);
  });

  it('GET ?listarNombreID=true&codigo_invitacion → filas [nombre, id]', async () => {
    const r = await L.get('proveedor', { listarNombreID: true, codigo_invitacion: A.codigo }, A.token);
    expect(r.body).toEqual([['Distribuidora Andina', ids.proveedor]]);
    const detalle = await L.get('producto', { consultaDatosProducto: ids.arroz }, A.token);
    expect(detalle.body[0].slice(11)).toEqual(['Distribuidora Andina', ids.proveedor]);
  });

  it('GET sin parámetros (listar como configuración de axios, administración) → filas [idproveedor, nombre, telefono, email, id_tienda]', async () => {
    const r = await t.request({ method: 'GET', url: `${PREFIX}/controlador/controlador.proveedor.php`, token: A.token });
    expect(r.json()).toEqual([[ids.proveedor, 'Distribuidora Andina', '3104567890', 'ventas@andina.co', A.id]]);
    const conListar = await L.get('proveedor', { listar: true }, A.token);
    expect(conListar.body).toEqual(r.json());
  });

  it('POST registroCrud, idproveedor, nombre, telefono, email, id_tienda (administración) → { success }', async () => {
    const r = await L.json('POST', 'proveedor', { registroCrud: true, idproveedor: 900, nombre: 'Lácteos del Valle', telefono: '6025551234', email: 'pedidos@lacteos.co', id_tienda: A.id }, A.token);
    expect(r.body).toMatchObject({ success: true, idproveedor: 900 });
  });

  it('POST actualizar=true + campos (administración) → { mensaje }', async () => {
    const r = await L.json('POST', 'proveedor', { actualizar: true, idproveedor: 900, nombre: 'Lácteos del Valle S.A.S.', telefono: '6025551234', email: 'pedidos@lacteos.co', id_tienda: A.id }, A.token);
    expect(r.body).toMatchObject({ mensaje: M.crud.actualizado.proveedor });
  });

  it('DELETE ?eliminar={id} → { respuesta }', async () => {
    const r = await L.del('proveedor', { eliminar: 900 }, A.token);
    expect(r.body).toMatchObject({ respuesta: true, mensaje: expect.any(String) });
    const lista = await L.get('proveedor', { listarNombreID: true, codigo_invitacion: A.codigo }, A.token);
    expect(lista.body).toEqual([['Distribuidora Andina', ids.proveedor]]);
  });
});

describe('controlador.cliente.php', () => {
  it('POST registroCliente, Documento, Tipo_documento, NombreCliente, ApellidoCliente, Correo → { success }', async () => {
    for (const [Documento, NombreCliente, ApellidoCliente] of [
      ['1020304050', 'Luisa', 'Gómez'],
      ['80123456', 'Andrés', 'Mora'],
    ]) {
      const r = await L.json('POST', 'cliente', { registroCliente: true, Documento, Tipo_documento: 'CC', NombreCliente, ApellidoCliente, Correo: `${Documento}@correo.co` }, A.token);
      expect(r.body).toMatchObject({ success: true });
    }
  });

  it('un cliente repetido responde success false con el error en español', async () => {
    const r = await L.json('POST', 'cliente', { registroCliente: true, Documento: '80123456', Tipo_documento: 'CC', NombreCliente: 'Otro', ApellidoCliente: 'Más', Correo: '' }, A.token);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: false, error: M.clientes.documentoDuplicado });
  });

  it('GET ?listarClientesTienda=true&codigo_invitacion → filas [Documento, Tipo_documento, Nombre, Apellido, Correo]', async () => {
    const r = await L.get('cliente', { listarClientesTienda: true, codigo_invitacion: A.codigo }, A.token);
    expect(r.body).toEqual([
      ['80123456', 'CC', 'Andrés', 'Mora', '80123456@correo.co'],
      ['1020304050', 'CC', 'Luisa', 'Gómez', '1020304050@correo.co'],
    ]);
  });

  it('PUT actualizar + los mismos campos → { success }', async () => {
    const r = await L.json('PUT', 'cliente', { actualizar: true, Documento: '80123456', Tipo_documento: 'CE', NombreCliente: 'Andrés Felipe', ApellidoCliente: 'Mora', Correo: 'andres@correo.co' }, A.token);
    expect(r.body).toMatchObject({ success: true });
    const lista = await L.get('cliente', { listarClientesTienda: true, codigo_invitacion: A.codigo }, A.token);
    expect(lista.body).toContainEqual(['80123456', 'CE', 'Andrés Felipe', 'Mora', 'andres@correo.co']);
  });

  it('GET ?listar=true (administración) → filas [Documento, Tipo_documento, Nombre_Cliente, Apellido_Cliente, Correo]', async () => {
    const r = await L.get('cliente', { listar: true }, A.token);
    expect(r.body).toHaveLength(2);
    expect(r.body).toContainEqual(['1020304050', 'CC', 'Luisa', 'Gómez', '1020304050@correo.co']);
  });

  it('POST registroCrud + campos (administración) → { success }', async () => {
    const r = await L.json('POST', 'cliente', { registroCrud: true, Documento: '55667788', Tipo_documento: 'CC', NombreCliente: 'Marta', ApellidoCliente: 'Paz', Correo: '' }, A.token);
    expect(r.body).toMatchObject({ success: true });
  });

  it('DELETE con cuerpo eliminar = documento → { respuesta, mensaje }', async () => {
    const r = await L.json('DELETE', 'cliente', { data: { eliminar: '55667788' } }, A.token);
    expect(r.body).toMatchObject({ respuesta: true, success: true, mensaje: expect.any(String) });
    const lista = await L.get('cliente', { listarClientesTienda: true, codigo_invitacion: A.codigo }, A.token);
    expect(lista.body.map((c: unknown[]) => c[0])).not.toContain('55667788');
  });
});

describe('controlador.venta.php y controlador.factura.php: la venta paso a paso', () => {
  it('POST venta registro, EstadoVenta, documento_Cliente, tienda_idtienda, metododepago_ID_Met_Pago, usuarios_documento → { id_Venta }', async () => {
    const r = await L.json(
      'POST',
      'venta',
      { registro: true, EstadoVenta: 'Pendiente', documento_Cliente: '1020304050', tienda_idtienda: A.id, metododepago_ID_Met_Pago: 5, usuarios_documento: null },
      A.token,
    );
    expect(r.body).toMatchObject({ id_Venta: expect.any(Number) });
    ids.venta = r.body.id_Venta;
    const [v] = await t.database.db.select().from(venta).where(eq(venta.idVenta, ids.venta));
    expect(v).toMatchObject({ estado: 'Pendiente', total: 0, tiendaId: A.id, metodoPagoId: 5, usuarioId: null });
    expect(v!.clienteId).not.toBeNull();
  });

  it('POST factura registro, venta_id_Venta, producto_id_Producto, Precio, Cantidad, Estado (una por línea) → { access, mensaje }', async () => {
    const lineas = [
      [ids.arroz, 2500, 3],
      [ids.leche, 4200, 2],
    ];
    for (const [productoId, precio, cantidad] of lineas) {
      const r = await L.json(
        'POST',
        'factura',
        { registro: true, venta_id_Venta: ids.venta, producto_id_Producto: productoId, Precio: precio, Cantidad: cantidad, Estado: 'Pendiente' },
        A.token,
      );
      expect(r.body).toMatchObject({ access: true, mensaje: expect.any(String) });
    }
    const [v] = await t.database.db.select().from(venta).where(eq(venta.idVenta, ids.venta));
    expect(v!.total).toBe(3 * 2500 + 2 * 4200);
  });

  it('POST venta modificarEstado, id_Venta, EstadoVenta → { status, mensaje }', async () => {
    const r = await L.json('POST', 'venta', { modificarEstado: true, id_Venta: ids.venta, EstadoVenta: 'Completada' }, A.token);
    expect(r.body).toMatchObject({ status: 'success', mensaje: expect.any(String) });
  });

  it('POST factura ActualizarEstadoPagado, venta_id_Venta → { success, mensaje }', async () => {
    const r = await L.json('POST', 'factura', { ActualizarEstadoPagado: true, venta_id_Venta: ids.venta }, A.token);
    expect(r.body).toEqual({ success: true, mensaje: expect.any(String) });
    const lineas = await t.database.db.select({ estado: factura.estado }).from(factura).where(eq(factura.ventaId, ids.venta));
    expect(lineas.map((l) => l.estado)).toEqual(['Pagado', 'Pagado']);
  });

  it('GET ?verAnalisisCodigoInv={code} → filas [id, nombre, cantidadVendida]', async () => {
    const r = await L.get('factura', { verAnalisisCodigoInv: A.codigo }, A.token);
    expect(r.body).toEqual([
      [ids.arroz, 'Arroz Diana 500 g', 3],
      [ids.leche, 'Leche Alquería 1 L', 2],
    ]);
  });

  it('GET ?listarTienda=true&codigo_invitacion → filas [id_Venta, fecha, hora, cantidadProductos, total, estado]', async () => {
    const r = await L.get('factura', { listarTienda: true, codigo_invitacion: A.codigo }, A.token);
    expect(r.body).toEqual([[ids.venta, expect.stringMatching(fecha), expect.stringMatching(hora), 5, 3 * 2500 + 2 * 4200, 'Completada']]);
    expect(r.headers['x-total-count']).toBe('1');
  });

  it('GET ?listarProductos=true&codigo_invitacion&venta_id_Venta → filas [nombre, cantidad, precio, subtotal]', async () => {
    const r = await L.get('factura', { listarProductos: true, codigo_invitacion: A.codigo, venta_id_Venta: ids.venta }, A.token);
    expect(r.body).toEqual([
      ['Arroz Diana 500 g', 3, 2500, 7500],
      ['Leche Alquería 1 L', 2, 4200, 8400],
    ]);
  });

  it('POST venta listar=true (administración) → filas de 9 columnas', async () => {
    const r = await L.json('POST', 'venta', { listar: true }, A.token);
    expect(r.body).toEqual([[ids.venta, expect.stringMatching(fecha), expect.stringMatching(hora), 'Completada', '1020304050', A.id, 5, null, null]]);
  });

  it('GET factura ?listar=true (administración) → filas [venta_id_Venta, producto_id_Producto, Cantidad, Precio, Estado, id_Factura]', async () => {
    const r = await L.get('factura', { listar: true }, A.token);
    expect(r.body).toHaveLength(2);
    expect(r.body).toContainEqual([ids.venta, ids.arroz, 3, 2500, 'Pagado', expect.any(Number)]);
  });

  it('POST factura registroCrud + campos (administración) → { success, message }', async () => {
    const r = await L.json('POST', 'factura', { registroCrud: true, venta_id_Venta: ids.venta, producto_id_Producto: ids.pan, Cantidad: 1, Precio: 6000, Estado: 'Pagado' }, A.token);
    expect(r.body).toMatchObject({ success: true, message: M.crud.registrado.factura });
  });

  it('POST factura actualizar=true + campos (administración) → { mensaje }', async () => {
    const r = await L.json('POST', 'factura', { actualizar: true, venta_id_Venta: ids.venta, producto_id_Producto: ids.pan, Cantidad: 2, Precio: 6000, Estado: 'Pagado' }, A.token);
    expect(r.body).toMatchObject({ mensaje: M.crud.actualizado.factura });
    const [linea] = await t.database.db
      .select({ cantidad: factura.cantidad })
      .from(factura)
      .where(and(eq(factura.ventaId, ids.venta), eq(factura.productoId, ids.pan)));
    expect(linea!.cantidad).toBe(2);
  });

  it('POST factura eliminar = primera columna (administración) → { respuesta, mensaje }; de una venta completada se niega (issue #51)', async () => {
    const r = await L.json('POST', 'factura', { eliminar: ids.venta, producto_id_Producto: ids.pan }, A.token);
    expect(r.body).toMatchObject({ respuesta: false, mensaje: M.ventas.lineaDeVentaCompletada });
    const lineas = await t.database.db.select().from(factura).where(eq(factura.ventaId, ids.venta));
    expect(lineas).toHaveLength(3);
  });
});

describe('controlador.inventario.php (administración)', () => {
  it('POST registroCrud, id_inventario, CantidadInventario, fechaModificacion, estado_revision, tienda_idtienda → { success }', async () => {
    const r = await L.json(
      'POST',
      'inventario',
      { registroCrud: true, id_inventario: 700, CantidadInventario: 10, fechaModificacion: '2026-03-01', estado_revision: 'Pendiente', tienda_idtienda: A.id },
      A.token,
    );
    expect(r.body).toMatchObject({ success: true, id_Inventario: 700 });
    ids.inventario = 700;
  });

  it('POST listar=true → filas [id_Inventario, CantidadInventario, fechaModificacion, estado_revision, tienda_idtienda]', async () => {
    const r = await L.json('POST', 'inventario', { listar: true }, A.token);
    expect(r.body).toEqual([[700, 10, '2026-03-01', 'Pendiente', A.id]]);
    expect(r.headers['x-total-count']).toBe('1');
  });

  it('POST actualizar=true, cantidadInventario, fechaModificacion, estado_revisión, tienda_idtienda → { mensaje }', async () => {
    const r = await L.json(
      'POST',
      'inventario',
      { actualizar: true, id_Inventario: 700, cantidadInventario: 12, fechaModificacion: '2026-03-02', 'estado_revisión': 'Revisado', tienda_idtienda: A.id },
      A.token,
    );
    expect(r.body).toMatchObject({ mensaje: M.crud.actualizado.inventario });
    const lista = await L.json('POST', 'inventario', { listar: true }, A.token);
    expect(lista.body).toContainEqual([700, 12, '2026-03-02', 'Revisado', A.id]);
  });
});

describe('controlador.movimiento.php', () => {
  /** The back-office's movement row, as its form sends it (registered once, then refused an edit). */
  const MOVIMIENTO = { id_Movimiento: 5000, cantidad_despues: 8, fecha_movimiento: '2026-03-01', fecha_modificacion: '2026-03-01', estado_despues: 'Entrada', inventario_id_Inventario: 700 };

  it('GET ?listarPorTienda={code} → filas [id, producto, stockAntes, entradas, salidas, stockDespues, fecha]', async () => {
    const r = await L.get('movimiento', { listarPorTienda: A.codigo }, A.token);
    const fechaHora = expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(r.body).toContainEqual([expect.any(Number), 'Arroz Diana 500 g', 40, 0, 3, 37, fechaHora]);
    expect(r.body).toContainEqual([expect.any(Number), 'Leche Alquería 1 L', 12, 0, 2, 10, fechaHora]);
    expect(r.body).toContainEqual([expect.any(Number), 'Arroz Diana 500 g', 0, 40, 0, 40, fechaHora]);
  });

  it('POST registroCrud, id_Movimiento, cantidad_despues, fecha_movimiento, fecha_modificacion, estado_despues, inventario_id_Inventario → { success }', async () => {
    const r = await L.json('POST', 'movimiento', { registroCrud: true, ...MOVIMIENTO }, A.token);
    expect(r.body).toMatchObject({ success: true, id_Movimiento: 5000 });
  });

  it('GET ?listar=true (administración) → filas [id_Movimiento, cantidad_despues, fecha_movimiento, fecha_modificacion, estado_despues, inventario_id_Inventario]', async () => {
    const r = await L.get('movimiento', { listar: true }, A.token);
    expect(r.body).toContainEqual([5000, 8, '2026-03-01', '2026-03-01', 'Entrada', 700]);
    for (const row of r.body) expect(row).toHaveLength(6);
  });

  // Issue #27: the stock ledger is append-only; the old calls answer their refusal shape.
  it('POST actualizar=true + campos (administración) → negado { respuesta: false, mensaje }: el libro solo agrega', async () => {
    const cambios = { cantidad_despues: 9, fecha_modificacion: '2026-03-04', estado_despues: 'Ajuste' };
    const r = await L.json('POST', 'movimiento', { actualizar: true, ...MOVIMIENTO, ...cambios }, A.token);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ respuesta: false, mensaje: M.movimientos.soloLectura });
  });

  it('DELETE ?id_Movimiento (administración) → negado { respuesta: false, mensaje }; el movimiento sigue', async () => {
    const r = await L.del('movimiento', { id_Movimiento: 5000 }, A.token);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ respuesta: false, mensaje: M.movimientos.soloLectura });
    const lista = await L.get('movimiento', { listar: true }, A.token);
    expect((lista.body as unknown[][]).some((f) => f[0] === 5000)).toBe(true);
  });

  it('POST eliminar = id del inventario (administración) → { respuesta, mensaje }', async () => {
    const r = await L.json('POST', 'inventario', { eliminar: 700 }, A.token);
    expect(r.body).toMatchObject({ respuesta: true, mensaje: M.crud.eliminado.inventario });
  });
});

describe('controlador.entregaproductos.php (administración)', () => {
  it('POST listar=true → filas [idproveedor, idProducto, fechaEntrega, cantidad, id_Entrega]', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/crud/entrega_pedidos',
      token: A.token,
      payload: { proveedorId: ids.proveedor, productoId: ids.leche, fechaEntrega: '2026-03-05', cantidad: 6 },
    });
    expect(res.statusCode).toBe(201);
    const r = await L.json('POST', 'entregaproductos', { listar: true }, A.token);
    expect(r.body).toEqual([[ids.proveedor, ids.leche, '2026-03-05', 6, res.json().id]]);
  });
});

describe('lo que toda llamada comparte', () => {
  it('una llamada protegida sin token responde 401 en la forma heredada', async () => {
    const r = await L.get('producto', { listarProductosAppPrecio: true }, undefined);
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ success: false, mensaje: M.generic.unauthorized });
  });

  it('los parámetros se leen igual del query, JSON, urlencoded o form-data', async () => {
    const esperado = (await L.get('proveedor', { listarNombreID: true }, A.token)).body;
    expect((await L.json('POST', 'proveedor', { listarNombreID: true }, A.token)).body).toEqual(esperado);
    expect((await L.form('proveedor', { listarNombreID: 'true' }, A.token)).body).toEqual(esperado);
    expect((await L.formData('proveedor', { listarNombreID: 'true' }, A.token)).body).toEqual(esperado);
    expect((await L.json('POST', 'proveedor', { params: { listarNombreID: true } }, A.token)).body).toEqual(esperado);
  });

  it('responde a otros orígenes (el cliente antiguo corre en su propio servidor) y a la verificación previa', async () => {
    const pre = await t.request({ method: 'OPTIONS', url: `${PREFIX}/controlador/controlador.producto.php`, headers: { origin: 'http://192.168.1.20:3000', 'access-control-request-method': 'POST' } });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('*');
    expect(String(pre.headers['access-control-allow-headers'])).toMatch(/Authorization/);
    const get = await L.get('producto', { listarProductosApp: true }, A.token);
    expect(get.headers['access-control-allow-origin']).toBe('*');
  });

  it('un empleado de rol 2 (sin código en su sesión) envía codigo_invitacion=null y lee su tienda', async () => {
    const emp = await crearEmpleado(t, A.codigo);
    const r = await L.get('producto', { listarProductosAppPrecio: true, codigo_invitacion: 'null' }, emp.token);
    expect(r.body.map((row: unknown[]) => row[0])).toEqual([ids.arroz, ids.leche, ids.pan]);
    await setRol(t, emp.documento, ROL.ENCARGADO);
  });
});
