/**
 * The old client's sale through the legacy API only: a whole session replayed call by call, the
 * race for the last units, and the rules of each step.
 */
import zlib from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { movimiento, producto, venta } from '../db/schema';
import { abrirCaja, PASSWORD } from '../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { expectRefusal, legacy, type Legacy } from './test-client';

let t: TestApp;
let L: Legacy;
beforeAll(async () => {
  t = await createTestApp();
  L = legacy(t);
});
afterAll(() => t?.close());

/** A store registered, signed in and stocked through the legacy calls only. */
async function tiendaHeredada(email: string, productos: [string, number, number][]) {
  const reg = await L.form('tienda', { registroTienda: 'true', nombreTienda: `Tienda ${email}`, telefono: '', email, contrasena: PASSWORD, direccion: '' });
  expect(reg.body).toMatchObject({ success: true });
  const codigo = reg.body.codigo_invitacion as string;
  const token = await L.login('tienda', email);
  // The store account's shift (issue #27: the legacy sale, too, needs the seller's open shift).
  await abrirCaja(t, token);
  const ids: number[] = [];
  for (const [nombre, precio, cantidad] of productos) {
    const r = await L.json('POST', 'producto', { registrarProductoUnico: true, nombre, precio, cantidad, codigo_invitacion: codigo }, token);
    expect(r.body).toMatchObject({ registro: true });
    ids.push(r.body.id_Producto);
  }
  return { codigo, token, ids };
}

const stockDe = async (id: number) => (await t.database.db.select({ stock: producto.stock }).from(producto).where(eq(producto.idProducto, id)))[0]!.stock;

async function nuevaVenta(token: string, codigo: string, extra: Record<string, unknown> = {}) {
  const r = await L.json('POST', 'venta', { registro: true, EstadoVenta: 'Pendiente', documento_Cliente: '', tienda_idtienda: null, metododepago_ID_Met_Pago: 5, usuarios_documento: null, codigo_invitacion: codigo, ...extra }, token);
  expect(r.body, JSON.stringify(r.body)).toMatchObject({ id_Venta: expect.any(Number) });
  return r.body.id_Venta as number;
}

const linea = (token: string, ventaId: number, productoId: number, Cantidad: number, Precio = 1) =>
  L.json('POST', 'factura', { registro: true, venta_id_Venta: ventaId, producto_id_Producto: productoId, Precio, Cantidad, Estado: 'Pendiente' }, token);

describe('una sesión completa, solo por la API heredada', () => {
  it('inicio de sesión → lista de productos → venta de tres líneas → estados → análisis, stock y movimientos', async () => {
    const { codigo, token, ids } = await tiendaHeredada('sesion@legado.co', [
      ['Café Sello Rojo 250 g', 9800, 20],
      ['Azúcar Manuelita 1 kg', 4500, 15],
      ['Aceite Premier 900 ml', 12900, 8],
    ]);
    const [cafe, azucar, aceite] = ids as [number, number, number];

    // The till loads the whole catalogue once and filters it locally.
    const lista = await L.get('producto', { listarProductosAppPrecio: true, codigo_invitacion: codigo }, token);
    expect(lista.body).toEqual([
      [aceite, 'Aceite Premier 900 ml', null, 12900, 1, 8],
      [azucar, 'Azúcar Manuelita 1 kg', null, 4500, 1, 15],
      [cafe, 'Café Sello Rojo 250 g', null, 9800, 1, 20],
    ]);

    // Generar pago: the sale, one line per cart line, then the status, then the lines paid.
    const ventaId = await nuevaVenta(token, codigo);
    const carrito: [number, number][] = [
      [cafe, 2],
      [azucar, 5],
      [aceite, 1],
    ];
    for (const [id, cantidad] of carrito) {
      const r = await linea(token, ventaId, id, cantidad);
      expect(r.body).toMatchObject({ access: true });
    }
    const estado = await L.json('POST', 'venta', { modificarEstado: true, id_Venta: ventaId, EstadoVenta: 'Completada' }, token);
    expect(estado.body).toMatchObject({ status: 'success' });
    const pagado = await L.json('POST', 'factura', { ActualizarEstadoPagado: true, venta_id_Venta: ventaId }, token);
    expect(pagado.body).toMatchObject({ success: true });

    // Analysis: the quantities sold.
    const analisis = await L.get('factura', { verAnalisisCodigoInv: codigo }, token);
    expect(analisis.body).toEqual([
      [azucar, 'Azúcar Manuelita 1 kg', 5],
      [cafe, 'Café Sello Rojo 250 g', 2],
      [aceite, 'Aceite Premier 900 ml', 1],
    ]);

    // Stock down exactly, as the next catalogue load shows.
    const despues = await L.get('producto', { listarProductosAppPrecio: true, codigo_invitacion: codigo }, token);
    expect(despues.body.map((r: unknown[]) => [r[0], r[5]])).toEqual([
      [aceite, 7],
      [azucar, 10],
      [cafe, 18],
    ]);

    // One movimiento per line: stock before, exit, stock after.
    const movs = await L.get('movimiento', { listarPorTienda: codigo }, token);
    const salidas = movs.body.filter((m: unknown[]) => (m[4] as number) > 0).map((m: unknown[]) => m.slice(1, 6));
    expect(salidas).toHaveLength(3);
    expect(salidas).toEqual(
      expect.arrayContaining([
        ['Café Sello Rojo 250 g', 20, 0, 2, 18],
        ['Azúcar Manuelita 1 kg', 15, 0, 5, 10],
        ['Aceite Premier 900 ml', 8, 0, 1, 7],
      ]),
    );

    // The invoice: priced from the database (the Precio of 1 sent by the client is ignored).
    const total = 2 * 9800 + 5 * 4500 + 12900;
    const facturas = await L.get('factura', { listarTienda: true, codigo_invitacion: codigo }, token);
    expect(facturas.body).toEqual([[ventaId, expect.any(String), expect.any(String), 8, total, 'Completada']]);
    const detalle = await L.get('factura', { listarProductos: true, codigo_invitacion: codigo, venta_id_Venta: ventaId }, token);
    expect(detalle.body).toEqual([
      ['Café Sello Rojo 250 g', 2, 9800, 19600],
      ['Azúcar Manuelita 1 kg', 5, 4500, 22500],
      ['Aceite Premier 900 ml', 1, 12900, 12900],
    ]);
    const [v] = await t.database.db.select().from(venta).where(eq(venta.idVenta, ventaId));
    expect(v).toMatchObject({ estado: 'Completada', total });
  });
});

describe('la carrera por las últimas unidades', () => {
  it('10 líneas simultáneas de 10 cajas por un producto con stock 3: se aceptan exactamente 3 y el stock queda en 0', async () => {
    const { codigo, token, ids } = await tiendaHeredada('carrera@legado.co', [['Gaseosa 400 ml', 2500, 3]]);
    const gaseosa = ids[0]!;
    const ventas = await Promise.all(Array.from({ length: 10 }, () => nuevaVenta(token, codigo)));
    const results = await Promise.all(ventas.map((v) => linea(token, v, gaseosa, 1)));
    const aceptadas = results.filter((r) => r.body.access === true);
    const rechazadas = results.filter((r) => r.body.access === false);
    expect(aceptadas).toHaveLength(3);
    expect(rechazadas).toHaveLength(7);
    for (const r of rechazadas) expectRefusal(r, 200, `${M.ventas.sinStockPrefix}Gaseosa 400 ml`);
    expect(await stockDe(gaseosa)).toBe(0);
    // The ledger agrees with the stock: 3 entries of the opening stock, 3 exits.
    const [sum] = await t.database.db
      .select({ entradas: sql<number>`sum(${movimiento.entradas})::int`, salidas: sql<number>`sum(${movimiento.salidas})::int` })
      .from(movimiento)
      .where(eq(movimiento.productoId, gaseosa));
    expect(sum).toEqual({ entradas: 3, salidas: 3 });
    // Only the accepted sales have a total.
    const totales = await t.database.db.select({ total: venta.total }).from(venta).where(sql`${venta.idVenta} in ${ventas}`);
    expect(totales.map((x) => x.total).sort()).toEqual([0, 0, 0, 0, 0, 0, 0, 2500, 2500, 2500]);
  });

  it('10 líneas simultáneas en la misma venta: tampoco pasan de 3', async () => {
    const { codigo, token, ids } = await tiendaHeredada('carrera2@legado.co', [['Pila AA', 3000, 3]]);
    const ventaId = await nuevaVenta(token, codigo);
    const results = await Promise.all(Array.from({ length: 10 }, () => linea(token, ventaId, ids[0]!, 1)));
    expect(results.filter((r) => r.body.access === true)).toHaveLength(3);
    expect(await stockDe(ids[0]!)).toBe(0);
    const [v] = await t.database.db.select({ total: venta.total }).from(venta).where(eq(venta.idVenta, ventaId));
    expect(v!.total).toBe(9000);
  });
});

describe('las reglas de cada paso', () => {
  let s: Awaited<ReturnType<typeof tiendaHeredada>>;
  beforeAll(async () => {
    s = await tiendaHeredada('reglas@legado.co', [
      ['Huevos AA x 30', 16000, 4],
      ['Queso campesino', 9000, 10],
    ]);
  });

  it("sin medio de pago (0) la venta no se crea: 'Seleccione un medio de pago'", async () => {
    const antes = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(venta);
    const r = await L.json('POST', 'venta', { registro: true, EstadoVenta: 'Pendiente', documento_Cliente: '', metododepago_ID_Met_Pago: 0, usuarios_documento: '' }, s.token);
    expectRefusal(r, 200, M.ventas.metodoRequerido);
    const despues = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(venta);
    expect(despues).toEqual(antes);
  });

  it('el paso 1 enviado dos veces con la misma clave_Venta (doble clic, reintento) crea una sola venta', async () => {
    const contar = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(venta))[0]!.n;
    const antes = await contar();
    const clave_Venta = crypto.randomUUID();
    const [a, b] = await Promise.all([nuevaVenta(s.token, s.codigo, { clave_Venta }), nuevaVenta(s.token, s.codigo, { clave_Venta })]);
    const c = await nuevaVenta(s.token, s.codigo, { clave_Venta });
    expect(b).toBe(a);
    expect(c).toBe(a);
    expect(await contar()).toBe(antes + 1);
    // Without a key every call is a new sale, as the old client always had it.
    await nuevaVenta(s.token, s.codigo);
    expect(await contar()).toBe(antes + 2);
    const mala = await L.json('POST', 'venta', { registro: true, EstadoVenta: 'Pendiente', metododepago_ID_Met_Pago: 5, clave_Venta: 'x' }, s.token);
    expectRefusal(mala, 200, M.ventas.claveInvalida);
    expect(await contar()).toBe(antes + 2);
  });

  it('un documento de cliente desconocido deja la venta sin cliente', async () => {
    const id = await nuevaVenta(s.token, s.codigo, { documento_Cliente: '99999999' });
    const [v] = await t.database.db.select({ clienteId: venta.clienteId, total: venta.total }).from(venta).where(eq(venta.idVenta, id));
    expect(v).toEqual({ clienteId: null, total: 0 });
  });

  it('una línea sin stock suficiente no escribe nada: ni stock, ni movimiento, ni total', async () => {
    const [huevos] = s.ids as [number];
    const id = await nuevaVenta(s.token, s.codigo);
    const movsAntes = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(movimiento);
    const r = await linea(s.token, id, huevos, 5, 16000);
    expectRefusal(r, 200, 'Estos productos no tienen suficiente stock para la cantidad solicitada: Huevos AA x 30');
    expect(r.body.access).toBe(false);
    expect(await stockDe(huevos)).toBe(4);
    expect(await t.database.db.select({ n: sql<number>`count(*)::int` }).from(movimiento)).toEqual(movsAntes);
    const [v] = await t.database.db.select({ total: venta.total }).from(venta).where(eq(venta.idVenta, id));
    expect(v!.total).toBe(0);
  });

  it('una cantidad no válida se rechaza con el mensaje de la venta', async () => {
    const id = await nuevaVenta(s.token, s.codigo);
    for (const Cantidad of [0, -2, 'dos', 10_000]) {
      const r = await linea(s.token, id, s.ids[1]!, Cantidad as number);
      expectRefusal(r, 200, M.ventas.cantidadLineaInvalida);
    }
  });

  it('un producto no disponible (estado 0) no se vende', async () => {
    const queso = s.ids[1]!;
    await t.database.db.update(producto).set({ estado: 0 }).where(eq(producto.idProducto, queso));
    const id = await nuevaVenta(s.token, s.codigo);
    const r = await linea(s.token, id, queso, 1);
    expectRefusal(r, 200, M.ventas.productosNoDisponibles(['Queso campesino']));
    const lista = await L.get('producto', { listarProductosAppPrecio: true }, s.token);
    expect(lista.body.map((row: unknown[]) => row[0])).not.toContain(queso);
    await t.database.db.update(producto).set({ estado: 1 }).where(eq(producto.idProducto, queso));
  });

  it('una venta sin líneas no se completa; una completada no recibe más líneas ni se anula dos veces el stock', async () => {
    const queso = s.ids[1]!;
    const id = await nuevaVenta(s.token, s.codigo);
    const vacia = await L.json('POST', 'venta', { modificarEstado: true, id_Venta: id, EstadoVenta: 'Completada' }, s.token);
    expect(vacia.body).toMatchObject({ status: 'error' });
    const pagarAntes = await L.json('POST', 'factura', { ActualizarEstadoPagado: true, venta_id_Venta: id }, s.token);
    expectRefusal(pagarAntes, 200, M.ventas.estadoFacturaError);

    expect((await linea(s.token, id, queso, 2)).body.access).toBe(true);
    const stock = await stockDe(queso);
    await L.json('POST', 'venta', { modificarEstado: true, id_Venta: id, EstadoVenta: 'Completada' }, s.token);
    const tarde = await linea(s.token, id, queso, 1);
    expect(tarde.body).toMatchObject({ access: false });
    expect(await stockDe(queso)).toBe(stock);
  });

  it('anular devuelve el stock con movimientos, una sola vez; una anulada no se completa ni se paga', async () => {
    const queso = s.ids[1]!;
    const antes = await stockDe(queso);
    const id = await nuevaVenta(s.token, s.codigo);
    await linea(s.token, id, queso, 3);
    expect(await stockDe(queso)).toBe(antes - 3);
    for (let i = 0; i < 2; i++) {
      const r = await L.json('POST', 'venta', { modificarEstado: true, id_Venta: id, EstadoVenta: 'Anulada' }, s.token);
      expect(r.body).toMatchObject({ status: 'success', EstadoVenta: 'Anulada' });
    }
    expect(await stockDe(queso)).toBe(antes);
    const entradas = await t.database.db
      .select({ entradas: movimiento.entradas })
      .from(movimiento)
      .where(sql`${movimiento.ventaId} = ${id} and ${movimiento.entradas} > 0`);
    expect(entradas).toEqual([{ entradas: 3 }]);
    const completar = await L.json('POST', 'venta', { modificarEstado: true, id_Venta: id, EstadoVenta: 'Completada' }, s.token);
    expectRefusal(completar, 200, M.ventas.estadoVentaError);
    const pagar = await L.json('POST', 'factura', { ActualizarEstadoPagado: true, venta_id_Venta: id }, s.token);
    expectRefusal(pagar, 200, M.ventas.estadoFacturaError);
    const otro = await L.json('POST', 'venta', { modificarEstado: true, id_Venta: id, EstadoVenta: 'Pendiente' }, s.token);
    expect(otro.body).toMatchObject({ status: 'error' });
  });

  it('una venta empieza Pendiente: otro EstadoVenta al crearla se rechaza', async () => {
    const r = await L.json('POST', 'venta', { registro: true, EstadoVenta: 'Completada', metododepago_ID_Met_Pago: 5 }, s.token);
    expect(r.body).toMatchObject({ success: false, status: 'error' });
  });
});

describe('la lista completa de productos', () => {
  it('10 000 productos en una respuesta, igual comprimida o no, y al día tras cada cambio', async () => {
    const { codigo, token } = await tiendaHeredada('grande@legado.co', []);
    const [{ id: tiendaId }] = (
      (await t.database.db.execute(sql`select id_tienda as id from tienda where correo = 'grande@legado.co'`)) as unknown as { rows: { id: number }[] }
    ).rows as [{ id: number }];
    await t.database.db.execute(sql`
      insert into producto (tienda_id, nombre, precio_unit, stock, estado, marca)
      select ${tiendaId}, 'Producto ' || lpad(g::text, 5, '0'), 100 + g, g % 50, case when g % 10 = 0 then 0 else 1 end, case when g % 3 = 0 then 'Marca' else null end
      from generate_series(1, 10000) g`);
    const r = await L.get('producto', { listarProductosAppPrecio: true, codigo_invitacion: codigo }, token);
    expect(r.body).toHaveLength(9000);
    expect(r.body[0]).toEqual([expect.any(Number), 'Producto 00001', null, 101, 1, 1]);
    expect(r.body[2]).toEqual([expect.any(Number), 'Producto 00003', 'Marca', 103, 1, 3]);

    const gz = await t.request({ method: 'GET', url: `/adx/ADAX-Store-Manager/Crud/controlador/controlador.producto.php?listarProductosAppPrecio=true`, token, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(r.body);
    const br = await t.request({ method: 'GET', url: `/adx/ADAX-Store-Manager/Crud/controlador/controlador.producto.php?listarProductosAppPrecio=true`, token, headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(r.body);

    // A sale changes the stock: the next load shows it (the reused answer is never stale).
    const primero = r.body[0] as [number, string, null, number, number, number];
    const ventaId = await nuevaVenta(token, codigo);
    expect((await linea(token, ventaId, primero[0], 1)).body.access).toBe(true);
    const again = await L.get('producto', { listarProductosAppPrecio: true, codigo_invitacion: codigo }, token);
    expect(again.body[0]).toEqual([primero[0], 'Producto 00001', null, 101, 1, 0]);
    // Even a change made behind the API's back.
    await t.database.db.update(producto).set({ nombre: 'Producto 00001 (renombrado)' }).where(eq(producto.idProducto, primero[0]));
    const third = await L.get('producto', { listarProductosAppPrecio: true, codigo_invitacion: codigo }, token);
    expect(third.body[0][1]).toBe('Producto 00001 (renombrado)');
  });
});

describe('una caja contada queda cerrada (issue #51 punto 7)', () => {
  it('una venta por pasos abierta en un turno y completada después del cierre va al turno abierto de quien la completa, o espera a uno', async () => {
    const s = await tiendaHeredada('turno-cerrado@legado.co', [['Pan tajado', 4_000, 50]]);
    const pan = s.ids[0]!;
    const id = await nuevaVenta(s.token, s.codigo);
    expect((await linea(s.token, id, pan, 2)).body.access).toBe(true);

    const pedir = (method: 'GET' | 'POST', url: string, payload?: object) => t.request({ method, url, token: s.token, ...(payload ? { payload } : {}) });
    const cerrado = (await pedir('GET', '/api/caja/turno')).json().turno.id as number;
    expect((await pedir('POST', `/api/caja/turnos/${cerrado}/cerrar`, { efectivo: 0 })).statusCode).toBe(200);
    const contado = (await pedir('GET', `/api/caja/turnos/${cerrado}`)).json();

    // No shift open: the step is refused in the till's words, and the sale waits, Pendiente.
    const sinCaja = await L.json('POST', 'venta', { modificarEstado: true, id_Venta: id, EstadoVenta: 'Completada' }, s.token);
    expect(sinCaja.body).toMatchObject({ status: 'error', mensaje: M.ventas.turnoRequerido });
    const [pendiente] = await t.database.db.select().from(venta).where(eq(venta.idVenta, id));
    expect(pendiente).toMatchObject({ estado: 'Pendiente', turnoId: cerrado });

    // With a new shift open it is completed there; the counted shift's report stays as it was counted.
    await abrirCaja(t, s.token);
    const nuevo = (await pedir('GET', '/api/caja/turno')).json().turno.id as number;
    const hecha = await L.json('POST', 'venta', { modificarEstado: true, id_Venta: id, EstadoVenta: 'Completada' }, s.token);
    expect(hecha.body).toMatchObject({ status: 'success' });
    const [completada] = await t.database.db.select().from(venta).where(eq(venta.idVenta, id));
    expect(completada).toMatchObject({ estado: 'Completada', turnoId: nuevo });
    expect((await pedir('GET', `/api/caja/turnos/${cerrado}`)).json()).toEqual(contado);
  });
});
