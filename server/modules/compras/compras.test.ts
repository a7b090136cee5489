import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { cufeDeQr } from '#shared/schemas/compras';
import { actividad, entregaPedido, historialPrecio, movimiento, perfilFiscal, producto } from '../../db/schema';
import { conRol, crearTienda, peticion, type Tienda } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';

const t = usarApp();
const req = peticion(t);
let s: Tienda;
beforeAll(async () => {
  s = await crearTienda(t);
});

async function nuevoProveedor(st: Tienda, nombre = 'Distribuidora El Sol') {
  const res = await req('POST', '/api/proveedores', st.token, { nombre, telefono: '3104567890', email: 'pedidos@elsol.co' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().proveedor.id as number;
}

async function nuevoProducto(st: Tienda, nombre: string, stock: number, stockMin: number, idProveedor: number | null) {
  const res = await req('POST', '/api/productos', st.token, { nombre, precio: 3000, cantidad: stock, idProveedor });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().producto.id as number;
  await t.database.db.update(producto).set({ stockMin }).where(eq(producto.idProducto, id));
  return id;
}

const stockDe = async (id: number) => (await t.database.db.select({ s: producto.stock }).from(producto).where(eq(producto.idProducto, id)))[0]!.s;

/** An order's or a reception's lines, one [productoId, cantidad, costoUnit] each. */
const lineas = (...filas: [number, number, number][]) => filas.map(([productoId, cantidad, costoUnit]) => ({ productoId, cantidad, costoUnit }));

const CUFE = 'a'.repeat(96);

describe('por pedir', () => {
  it('lista lo que está en su mínimo o por debajo, por proveedor, con lo sugerido hasta el doble del mínimo', async () => {
    const st = await crearTienda(t);
    const sol = await nuevoProveedor(st, 'Distribuidora El Sol');
    const ana = await nuevoProveedor(st, 'Abarrotes Ana');
    const arroz = await nuevoProducto(st, 'Arroz 500 g', 3, 10, sol);
    const leche = await nuevoProducto(st, 'Leche 1 L', 5, 5, ana);
    await nuevoProducto(st, 'Azúcar 1 kg', 11, 10, sol); // above its minimum
    await nuevoProducto(st, 'Sal', 0, 0, sol); // no minimum
    const velas = await nuevoProducto(st, 'Velas', 1, 4, null);
    const res = await req('GET', '/api/compras/por-pedir', st.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.pedidoObjetivo).toBe(200);
    expect(body.grupos.map((g: { proveedor: { nombre: string } | null }) => g.proveedor?.nombre ?? null)).toEqual(['Abarrotes Ana', 'Distribuidora El Sol', null]);
    expect(body.grupos[0].productos).toEqual([expect.objectContaining({ id: leche, stock: 5, stockMin: 5, sugerido: 5, enCamino: 0 })]);
    expect(body.grupos[1].productos).toEqual([expect.objectContaining({ id: arroz, stock: 3, stockMin: 10, sugerido: 17 })]);
    expect(body.grupos[2].productos).toEqual([expect.objectContaining({ id: velas, sugerido: 7 })]);

    // The owner's target level: 150 % of the minimum, rounded up.
    expect((await req('PUT', '/api/compras/objetivo', st.token, { pedidoObjetivo: 150 })).statusCode).toBe(200);
    const otra = (await req('GET', '/api/compras/por-pedir', st.token)).json();
    expect(otra.grupos[1].productos[0].sugerido).toBe(12);

    // What open orders still bring is not suggested again.
    const orden = await req('POST', '/api/compras/ordenes', st.token, { proveedorId: sol, lineas: [{ productoId: arroz, cantidad: 5, costoUnit: 2000 }] });
    expect(orden.statusCode, orden.body).toBe(201);
    const luego = (await req('GET', '/api/compras/por-pedir', st.token)).json();
    expect(luego.grupos[1].productos[0]).toMatchObject({ enCamino: 5, sugerido: 7 });
  });

  it('el nivel objetivo lo cambia solo el rol 1, entre 100 y 1000 %', { timeout: 90_000 }, async () => {
    const cajero = await conRol(t, s, ROL.EMPLEADO);
    const r2 = await req('PUT', '/api/compras/objetivo', cajero, { pedidoObjetivo: 300 });
    expect(r2.statusCode).toBe(403);
    expect(r2.json().error.message).toBe(M.compras.soloAdministrador);
    for (const v of [99, 1001, 1.5, '200', null]) {
      const r = await req('PUT', '/api/compras/objetivo', s.token, { pedidoObjetivo: v });
      expect(r.statusCode, String(v)).toBe(400);
      expect(r.json().error.message).toBe(M.compras.objetivoInvalido);
    }
    // Every role reads the list.
    expect((await req('GET', '/api/compras/por-pedir', cajero)).statusCode).toBe(200);
  });
});

describe('órdenes de compra y recepción', () => {
  it('una orden recibida en dos partes: stock, movimientos, estado, entregas y registro de actividad después de cada una', async () => {
    const st = await crearTienda(t);
    const prov = await nuevoProveedor(st);
    const a = await nuevoProducto(st, 'Aceite 1 L', 2, 6, prov);
    const b = await nuevoProducto(st, 'Panela', 0, 4, prov);
    const creada = await req('POST', '/api/compras/ordenes', st.token, {
      proveedorId: prov,
      lineas: lineas([a, 10, 8000], [b, 8, 1500]),
      nota: 'Entregar en la mañana',
    });
    expect(creada.statusCode, creada.body).toBe(201);
    const orden = creada.json().orden;
    expect(orden).toMatchObject({ numero: 1, estado: 'borrador', total: 92_000, nota: 'Entregar en la mañana', proveedorTelefono: '3104567890' });

    // Edited while in borrador, then sent: no more edits.
    const editada = await req('PUT', `/api/compras/ordenes/${orden.id}`, st.token, { lineas: lineas([a, 10, 8000], [b, 6, 1500]) });
    expect(editada.statusCode, editada.body).toBe(200);
    expect(editada.json().orden.total).toBe(89_000);
    expect((await req('POST', `/api/compras/ordenes/${orden.id}/enviar`, st.token)).json().orden.estado).toBe('enviada');
    const tarde = await req('PUT', `/api/compras/ordenes/${orden.id}`, st.token, { lineas: [{ productoId: a, cantidad: 1, costoUnit: 1 }] });
    expect(tarde.statusCode).toBe(422);
    expect(tarde.json().error.message).toBe(M.compras.soloBorrador);

    // First part.
    const r1 = await req('POST', '/api/compras/recepciones', st.token, { ordenId: orden.id, facturaNumero: 'FE-101', cufe: CUFE.toUpperCase(), lineas: [{ productoId: a, cantidad: 4, costoUnit: 8000, vence: '2027-03-01', lote: 'L1' }] });
    expect(r1.statusCode, r1.body).toBe(201);
    expect(r1.json().recepcion).toMatchObject({ numero: 1, estadoOrden: 'parcial' });
    expect(await stockDe(a)).toBe(6);
    const tras1 = (await req('GET', `/api/compras/ordenes/${orden.id}`, st.token)).json();
    expect(tras1.items.map((l: { nombre: string; recibido: number }) => [l.nombre, l.recibido])).toEqual([['Aceite 1 L', 4], ['Panela', 0]]);
    expect(tras1.recepciones).toEqual([expect.objectContaining({ numero: 1, facturaNumero: 'FE-101', cufe: CUFE, unidades: 4, total: 32_000 })]);

    // More than pending is refused, nothing changes.
    const demas = await req('POST', '/api/compras/recepciones', st.token, { ordenId: orden.id, lineas: [{ productoId: a, cantidad: 7, costoUnit: 8000 }] });
    expect(demas.statusCode).toBe(422);
    expect(demas.json().error.message).toBe(M.compras.masQuePedido('Aceite 1 L', 6));
    // The same invoice or CUFE twice is refused.
    const dupCufe = await req('POST', '/api/compras/recepciones', st.token, { ordenId: orden.id, cufe: CUFE, lineas: [{ productoId: b, cantidad: 1, costoUnit: 1500 }] });
    expect(dupCufe.statusCode).toBe(409);
    expect(dupCufe.json().error.fields.cufe).toBe(M.compras.cufeDuplicado);
    const dupFactura = await req('POST', '/api/compras/recepciones', st.token, { ordenId: orden.id, facturaNumero: 'fe-101', lineas: [{ productoId: b, cantidad: 1, costoUnit: 1500 }] });
    expect(dupFactura.statusCode).toBe(409);
    expect(dupFactura.json().error.fields.facturaNumero).toBe(M.compras.facturaDuplicada);
    expect(await stockDe(b)).toBe(0);

    // Second part completes it.
    const r2 = await req('POST', '/api/compras/recepciones', st.token, { ordenId: orden.id, facturaNumero: 'FE-102', lineas: lineas([a, 6, 8200], [b, 6, 1500]) });
    expect(r2.statusCode, r2.body).toBe(201);
    expect(r2.json().recepcion).toMatchObject({ numero: 2, estadoOrden: 'recibida' });
    expect(await stockDe(a)).toBe(12);
    expect(await stockDe(b)).toBe(6);
    const otra = await req('POST', '/api/compras/recepciones', st.token, { ordenId: orden.id, lineas: [{ productoId: b, cantidad: 1, costoUnit: 1500 }] });
    expect(otra.statusCode).toBe(422);
    expect(otra.json().error.message).toBe(M.compras.noRecibible);
    expect((await req('POST', `/api/compras/ordenes/${orden.id}/cancelar`, st.token)).statusCode).toBe(422);

    // The ledger: one entry per product and receipt, with its reason.
    const movs = await t.database.db.select().from(movimiento).where(and(eq(movimiento.tiendaId, st.id), eq(movimiento.productoId, a)));
    expect(movs.filter((m) => m.motivo.startsWith('Recepción')).map((m) => [m.stockAntes, m.entradas, m.cantidadDespues, m.motivo])).toEqual([
      [2, 4, 6, M.movimientos.motivos.recepcion(1, 1)],
      [6, 6, 12, M.movimientos.motivos.recepcion(2, 1)],
    ]);
    // The deliveries the back-office lists.
    const entregas = await t.database.db.select().from(entregaPedido).where(eq(entregaPedido.tiendaId, st.id));
    expect(entregas).toHaveLength(3);
    expect(entregas.find((e) => e.cantidad === 4)).toMatchObject({ costoUnit: 8000, vence: '2027-03-01', lote: 'L1', proveedorId: prov });
    // Who, when, which face.
    const log = await t.database.db.select().from(actividad).where(and(eq(actividad.tiendaId, st.id), eq(actividad.tipo, 'recepcion')));
    expect(log.map((l) => [l.cara, (l.detalle as { unidades: number }).unidades])).toEqual([
      ['tienda', 4],
      ['tienda', 12],
    ]);
  });

  it('recibir sin orden: pide el proveedor de la tienda y suma al stock', async () => {
    const st = await crearTienda(t);
    const prov = await nuevoProveedor(st);
    const p = await nuevoProducto(st, 'Jabón', 1, 3, prov);
    const sin = await req('POST', '/api/compras/recepciones', st.token, { lineas: [{ productoId: p, cantidad: 2, costoUnit: 900 }] });
    expect(sin.statusCode).toBe(400);
    expect(sin.json().error.message).toBe(M.compras.elegirProveedorVacio);
    const ok = await req('POST', '/api/compras/recepciones', st.token, { proveedorId: prov, lineas: [{ productoId: p, cantidad: 2, costoUnit: 900 }] });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().recepcion).toMatchObject({ ordenId: null, estadoOrden: null });
    expect(await stockDe(p)).toBe(3);
  });

  it('el back-office corrige o elimina una entrega de una orden y el estado de la orden la sigue', async () => {
    const st = await crearTienda(t);
    const prov = await nuevoProveedor(st);
    const p = await nuevoProducto(st, 'Café', 0, 2, prov);
    const orden = (await req('POST', '/api/compras/ordenes', st.token, { proveedorId: prov, lineas: [{ productoId: p, cantidad: 3, costoUnit: 5000 }] })).json().orden;
    await req('POST', '/api/compras/recepciones', st.token, { ordenId: orden.id, lineas: [{ productoId: p, cantidad: 3, costoUnit: 5000 }] });
    const [e] = await t.database.db.select().from(entregaPedido).where(eq(entregaPedido.productoId, p));
    const lista = await req('GET', `/api/crud/entrega_pedidos?q=${encodeURIComponent('Café')}`, st.token);
    expect(lista.json().items.map((r: { idEntrega: number }) => r.idEntrega)).toContain(e!.idEntrega);
    const del = await req('DELETE', `/api/crud/entrega_pedidos/${e!.idEntrega}`, st.token);
    expect(del.statusCode, del.body).toBe(200);
    expect(await stockDe(p)).toBe(0);
    expect((await req('GET', `/api/compras/ordenes/${orden.id}`, st.token)).json().estado).toBe('enviada');
  });

  it('órdenes: validación en español, productos y proveedores de otra tienda, cancelación', async () => {
    const st = await crearTienda(t);
    const otra = await crearTienda(t);
    const prov = await nuevoProveedor(st);
    const ajeno = await nuevoProveedor(otra);
    const p = await nuevoProducto(st, 'Fósforos', 0, 5, prov);
    const pAjeno = await nuevoProducto(otra, 'Ajeno', 0, 5, ajeno);
    const casos: [unknown, string][] = [
      [{ proveedorId: prov, lineas: [] }, M.compras.sinLineas],
      [{ proveedorId: prov, lineas: [{ productoId: p, cantidad: 0, costoUnit: 1 }] }, M.compras.cantidadInvalida],
      [{ proveedorId: prov, lineas: [{ productoId: p, cantidad: 1, costoUnit: -1 }] }, M.compras.costoInvalido],
      [{ proveedorId: prov, lineas: lineas([p, 1, 1], [p, 2, 1]) }, M.compras.lineaRepetida],
      [{ proveedorId: ajeno, lineas: [{ productoId: p, cantidad: 1, costoUnit: 1 }] }, M.proveedores.noExiste],
      [{ proveedorId: prov, lineas: [{ productoId: pAjeno, cantidad: 1, costoUnit: 1 }] }, M.compras.productoNoExiste],
    ];
    for (const [body, mensaje] of casos) {
      const r = await req('POST', '/api/compras/ordenes', st.token, body);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().error.message).toBe(mensaje);
    }
    const orden = (await req('POST', '/api/compras/ordenes', st.token, { proveedorId: prov, lineas: [{ productoId: p, cantidad: 1, costoUnit: 100 }] })).json().orden;
    // Another store's order: 404 on every route.
    for (const [m, u] of [['GET', `/api/compras/ordenes/${orden.id}`], ['POST', `/api/compras/ordenes/${orden.id}/enviar`], ['POST', `/api/compras/ordenes/${orden.id}/cancelar`]] as const) {
      expect((await req(m, u, otra.token)).statusCode, u).toBe(404);
    }
    const rec = await req('POST', '/api/compras/recepciones', otra.token, { ordenId: orden.id, lineas: [{ productoId: p, cantidad: 1, costoUnit: 1 }] });
    expect(rec.statusCode).toBe(404);
    expect((await req('POST', `/api/compras/ordenes/${orden.id}/cancelar`, st.token)).json().orden.estado).toBe('cancelada');
    const lista = (await req('GET', '/api/compras/ordenes?estado=cancelada', st.token)).json();
    expect(lista.items.map((o: { id: number }) => o.id)).toEqual([orden.id]);
    expect((await req('GET', '/api/compras/ordenes', otra.token)).json().total).toBe(0);
  });

  it('sin el permiso de stock (rol 2 por defecto) no hace pedidos ni recibe; el intento queda registrado', async () => {
    const prov = await nuevoProveedor(s, 'Prov permisos');
    const p = await nuevoProducto(s, 'Permiso prueba', 0, 2, prov);
    const cajero = await conRol(t, s, ROL.EMPLEADO);
    const encargado = await conRol(t, s, ROL.ENCARGADO);
    const orden = await req('POST', '/api/compras/ordenes', cajero, { proveedorId: prov, lineas: [{ productoId: p, cantidad: 1, costoUnit: 100 }] });
    expect(orden.statusCode).toBe(403);
    expect(orden.json().error.message).toBe(M.compras.sinPermiso);
    const rec = await req('POST', '/api/compras/recepciones', cajero, { proveedorId: prov, lineas: [{ productoId: p, cantidad: 1, costoUnit: 100 }] });
    expect(rec.statusCode).toBe(403);
    expect(await stockDe(p)).toBe(0);
    expect((await req('GET', '/api/compras/ordenes', cajero)).statusCode).toBe(403);
    const rechazos = await t.database.db.select().from(actividad).where(and(eq(actividad.tiendaId, s.id), eq(actividad.tipo, 'rechazo')));
    expect(rechazos.filter((r) => (r.detalle as { mensaje: string }).mensaje === M.compras.sinPermiso)).toHaveLength(2);
    // Role 3 may (stock is theirs by default).
    expect((await req('POST', '/api/compras/recepciones', encargado, { proveedorId: prov, lineas: [{ productoId: p, cantidad: 1, costoUnit: 100 }] })).statusCode).toBe(201);
  });

  it('dos recepciones a la vez de la última unidad pendiente: una entra, la otra se rechaza', async () => {
    const st = await crearTienda(t);
    const prov = await nuevoProveedor(st);
    const p = await nuevoProducto(st, 'Pila AA', 0, 2, prov);
    const orden = (await req('POST', '/api/compras/ordenes', st.token, { proveedorId: prov, lineas: [{ productoId: p, cantidad: 1, costoUnit: 700 }] })).json().orden;
    const cuerpo = { ordenId: orden.id, lineas: [{ productoId: p, cantidad: 1, costoUnit: 700 }] };
    const [x, y] = await Promise.all([req('POST', '/api/compras/recepciones', st.token, cuerpo), req('POST', '/api/compras/recepciones', st.token, cuerpo)]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([201, 422]);
    expect(await stockDe(p)).toBe(1);
  });
});

describe('costo y margen', () => {
  const costoDe = async (id: number) => (await t.database.db.select({ c: producto.costo, p: producto.costoPromedio }).from(producto).where(eq(producto.idProducto, id)))[0]!;

  it('cada recepción deja el último costo y el promedio ponderado; el cambio queda en el historial y el registro', async () => {
    const st = await crearTienda(t);
    const prov = await nuevoProveedor(st);
    const a = await nuevoProducto(st, 'Aceite 1 L', 0, 6, prov); // price 3000
    await req('POST', '/api/compras/recepciones', st.token, { proveedorId: prov, lineas: [{ productoId: a, cantidad: 4, costoUnit: 2000 }] });
    expect(await costoDe(a)).toEqual({ c: 2000, p: 2000 });
    await req('POST', '/api/compras/recepciones', st.token, { proveedorId: prov, lineas: [{ productoId: a, cantidad: 6, costoUnit: 2500 }] });
    expect(await costoDe(a)).toEqual({ c: 2500, p: 2300 }); // (4 × 2000 + 6 × 2500) / 10
    const costos = await req('GET', `/api/compras/costos?ids=${a}`, st.token);
    expect(costos.statusCode, costos.body).toBe(200);
    expect(costos.json()).toEqual([{ productoId: a, precio: 3000, costo: 2500, costoPromedio: 2300, margen: 700, margenPorcentaje: 23.3 }]);
    const hist = await t.database.db.select().from(historialPrecio).where(and(eq(historialPrecio.productoId, a), eq(historialPrecio.campo, 'costo')));
    expect(hist.map((h) => [h.anterior, h.nuevo, h.cara])).toEqual([
      [null, 2000, 'tienda'],
      [2000, 2500, 'tienda'],
    ]);
    const log = await t.database.db.select().from(actividad).where(and(eq(actividad.tiendaId, st.id), eq(actividad.tipo, 'costo')));
    expect(log).toHaveLength(2);
    // Another store's products are not there.
    const otra = await crearTienda(t);
    expect((await req('GET', `/api/compras/costos?ids=${a}`, otra.token)).json()).toEqual([]);
  });

  it('para una tienda responsable de IVA el costo es sin el IVA descontable', async () => {
    const st = await crearTienda(t);
    await t.database.db.insert(perfilFiscal).values({ tiendaId: st.id, razonSocial: 'Tienda SAS', tipoPersona: 'juridica', nit: '900123456', dv: 8, responsableIva: true, departamento: '11', municipio: '11001', direccion: 'Calle 1', correo: 'f@t.co' });
    const prov = await nuevoProveedor(st);
    const p = await nuevoProducto(st, 'Gaseosa', 0, 6, prov);
    await t.database.db.update(producto).set({ impuesto: 'iva19' }).where(eq(producto.idProducto, p));
    await req('POST', '/api/compras/recepciones', st.token, { proveedorId: prov, lineas: [{ productoId: p, cantidad: 2, costoUnit: 1190 }] });
    expect(await costoDe(p)).toEqual({ c: 1000, p: 1000 });
  });

  it('con IVA por categoría en dos categorías la recepción entra y el costo es sin el IVA de la categoría del producto (issue #49)', async () => {
    const st = await crearTienda(t);
    await t.database.db.insert(perfilFiscal).values({ tiendaId: st.id, razonSocial: 'Tienda SAS', tipoPersona: 'juridica', nit: '900123456', dv: 8, responsableIva: true, departamento: '11', municipio: '11001', direccion: 'Calle 1', correo: 'f@t.co' });
    const prov = await nuevoProveedor(st);
    const gaseosa = await nuevoProducto(st, 'Gaseosa', 0, 6, prov);
    const arroz = await nuevoProducto(st, 'Arroz', 0, 6, prov);
    await t.database.db.update(producto).set({ categoria: 'Bebidas' }).where(eq(producto.idProducto, gaseosa));
    await t.database.db.update(producto).set({ categoria: 'Granos' }).where(eq(producto.idProducto, arroz));
    expect((await req('PUT', '/api/impuestos/categorias', st.token, { categoria: 'Bebidas', impuesto: 'iva19' })).statusCode).toBe(200);
    expect((await req('PUT', '/api/impuestos/categorias', st.token, { categoria: 'Granos', impuesto: 'iva5' })).statusCode).toBe(200);
    const r = await req('POST', '/api/compras/recepciones', st.token, {
      proveedorId: prov,
      lineas: lineas([gaseosa, 2, 1190], [arroz, 2, 1050]),
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(await costoDe(gaseosa)).toEqual({ c: 1000, p: 1000 });
    expect(await costoDe(arroz)).toEqual({ c: 1000, p: 1000 });
    const costos = await req('GET', `/api/compras/costos?ids=${gaseosa},${arroz}`, st.token);
    expect(costos.statusCode, costos.body).toBe(200);
    expect(costos.json().map((c: { productoId: number; costo: number }) => [c.productoId, c.costo]).sort()).toEqual([[gaseosa, 1000], [arroz, 1000]].sort());
  });

  it('los costos los ve solo quien tiene el permiso de reportes', async () => {
    const st = await crearTienda(t);
    const cajero = await conRol(t, st, ROL.EMPLEADO);
    await t.database.db.execute(
      sql`insert into permiso_rol (tienda_id, rol_id, precios, stock, productos, eliminar_productos, eliminar_clientes_proveedores, credito, anular, caja_sobre_umbral, reportes) values (${st.id}, 2, false, false, true, false, false, false, true, true, false)`,
    );
    const r = await req('GET', '/api/compras/costos?ids=1', cajero);
    expect(r.statusCode).toBe(403);
    expect(r.json().error.message).toBe(M.permisos.denegado.reportes);
    const pp = (await req('GET', '/api/compras/por-pedir', cajero)).json();
    expect(pp.grupos.flatMap((g: { productos: { ultimoCosto: number | null }[] }) => g.productos).every((x: { ultimoCosto: number | null }) => x.ultimoCosto === null)).toBe(true);
  });
});

describe('CUFE desde el QR de la factura', () => {
  it('lee el parámetro documentkey de la URL del QR', () => {
    const cufe = 'ab12'.repeat(24);
    expect(cufeDeQr(`https://catalogo-vpfe.dian.gov.co/document/searchqr?documentkey=${cufe.toUpperCase()}`)).toBe(cufe);
    expect(cufeDeQr(`NumFac: FE1\nCUFE: ${cufe}\nQRCode: https://x`)).toBe(cufe);
    expect(cufeDeQr('https://example.co/?documentkey=123')).toBeNull();
  });
});

describe('editar una orden en borrador (issue #32 punto 4)', () => {
  it('cambia cantidades y costos, quita y agrega líneas; queda en el registro; enviada o cancelada ya no se edita', async () => {
    const st = await crearTienda(t);
    const prov = await nuevoProveedor(st);
    const a = await nuevoProducto(st, 'Café 500 g', 1, 5, prov);
    const b = await nuevoProducto(st, 'Chocolate', 0, 3, prov);
    const c = await nuevoProducto(st, 'Galletas', 2, 2, prov);
    const orden = (
      await req('POST', '/api/compras/ordenes', st.token, {
        proveedorId: prov,
        lineas: lineas([a, 4, 9000], [b, 6, 2500]),
        nota: null,
      })
    ).json().orden;
    // b removed, a changed, c added.
    const editada = await req('PUT', `/api/compras/ordenes/${orden.id}`, st.token, {
      lineas: lineas([a, 5, 8800], [c, 12, 700]),
      nota: 'Llamar antes',
    });
    expect(editada.statusCode, editada.body).toBe(200);
    const o = editada.json().orden;
    expect(o).toMatchObject({ estado: 'borrador', total: 5 * 8800 + 12 * 700, nota: 'Llamar antes', lineas: 2 });
    expect(o.items.map((l: { productoId: number; cantidad: number; costoUnit: number }) => [l.productoId, l.cantidad, l.costoUnit])).toEqual([
      [a, 5, 8800],
      [c, 12, 700],
    ]);
    const log = await t.database.db
      .select({ detalle: actividad.detalle })
      .from(actividad)
      .where(and(eq(actividad.tiendaId, st.id), eq(actividad.tipo, 'orden_compra')));
    expect(log.map((r) => (r.detalle as { accion: string }).accion)).toEqual(['creada', 'editada']);
    // No stock moves while it is a draft.
    expect([await stockDe(a), await stockDe(b), await stockDe(c)]).toEqual([1, 0, 2]);

    // Bad lines are refused with their message and change nothing.
    const mala = await req('PUT', `/api/compras/ordenes/${orden.id}`, st.token, { lineas: [{ productoId: a, cantidad: 0, costoUnit: 1 }] });
    expect(mala.statusCode).toBe(400);
    const ajena = await req('PUT', `/api/compras/ordenes/${orden.id}`, (await crearTienda(t)).token, { lineas: [{ productoId: a, cantidad: 1, costoUnit: 1 }] });
    expect(ajena.statusCode).toBe(404);
    expect((await req('GET', `/api/compras/ordenes/${orden.id}`, st.token)).json().total).toBe(5 * 8800 + 12 * 700);

    // Cancelled: refused too.
    expect((await req('POST', `/api/compras/ordenes/${orden.id}/cancelar`, st.token)).statusCode).toBe(200);
    const tarde = await req('PUT', `/api/compras/ordenes/${orden.id}`, st.token, { lineas: [{ productoId: a, cantidad: 1, costoUnit: 1 }] });
    expect(tarde.statusCode).toBe(422);
    expect(tarde.json().error.message).toBe(M.compras.soloBorrador);
  });
});
