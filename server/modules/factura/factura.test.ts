import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { cliente, factura, producto, usuario, venta } from '../../db/schema';
import { crearEmpleado, crearTienda } from '../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Store = Awaited<ReturnType<typeof crearTienda>>;

const get = (s: Store, url: string) => t.request({ method: 'GET', url, token: s.token });

async function productos(tiendaId: number, items: [nombre: string, precio: number][]) {
  const rows = await t.database.db
    .insert(producto)
    .values(items.map(([nombre, precioUnit]) => ({ tiendaId, nombre, precioUnit, stock: 100 })))
    .returning({ id: producto.idProducto, nombre: producto.nombre });
  return Object.fromEntries(rows.map((r) => [r.nombre, r.id])) as Record<string, number>;
}

/** One sale with its invoice lines, written straight to the database. */
async function vender(
  tiendaId: number,
  lineas: [productoId: number, cantidad: number, precio: number][],
  extra: Partial<typeof venta.$inferInsert> = {},
) {
  const total = lineas.reduce((a, [, c, p]) => a + c * p, 0);
  const estado = extra.estado ?? 'Completada';
  const [v] = await t.database.db
    .insert(venta)
    .values({ tiendaId, metodoPagoId: 5, total, montoRecibido: total, ...extra, estado })
    .returning({ id: venta.idVenta });
  await t.database.db.insert(factura).values(
    lineas.map(([productoId, cantidad, precio]) => ({
      tiendaId,
      ventaId: v!.id,
      productoId,
      cantidad,
      precio,
      estado: estado === 'Completada' ? 'Pagado' : estado,
    })),
  );
  return v!.id;
}

const TIENDA = 'Minimercado Los Pinos';

/** What the store's first sale carried, by unit: three units (two rice, one milk), nothing by weight or volume. */
const CANTIDADES_UNO = { unidades: 3, kilos: 0, litros: 0, metros: 0, metrosCuadrados: 0, galones: 0 };

describe('facturas', () => {
  let s: Store;
  let p: Record<string, number>;
  const v: Record<string, number> = {};
  beforeAll(async () => {
    s = await crearTienda(t, { nombreTienda: TIENDA, direccion: 'Calle 10 # 5-23', telefono: '6013456789' });
    p = await productos(s.id, [
      ['Arroz blanco 500 g', 2800],
      ['Leche entera 1 L', 4600],
      ['Agua 600 ml', 1800],
      ['Café 100% colombiano', 9500],
    ]);
    const [c] = await t.database.db
      .insert(cliente)
      .values({ tiendaId: s.id, documento: '1020304050', nombre: 'María', apellido: 'Gómez' })
      .returning();
    const e = await crearEmpleado(t, s.codigo);
    const [u] = await t.database.db.select().from(usuario).where(eq(usuario.correo, e.email));
    v.uno = await vender(s.id, [[p['Arroz blanco 500 g']!, 2, 2800], [p['Leche entera 1 L']!, 1, 4600]], {
      fecha: new Date('2024-03-01T15:00:00Z'),
      metodoPagoId: 5,
      montoRecibido: 20000,
      clienteId: c!.idCliente,
      usuarioId: u!.idUsuario,
    });
    v.dos = await vender(s.id, [[p['Agua 600 ml']!, 3, 1800]], { fecha: new Date('2024-03-02T15:00:00Z'), metodoPagoId: 3 });
    v.tres = await vender(s.id, [[p['Leche entera 1 L']!, 1, 4600]], {
      fecha: new Date('2024-03-03T15:00:00Z'),
      estado: 'Anulada',
    });
    v.cuatro = await vender(s.id, [[p['Café 100% colombiano']!, 1, 9500]], {
      fecha: new Date('2024-03-04T15:00:00Z'),
      estado: 'Pendiente',
      montoRecibido: null,
    });
  });

  it('lista las ventas de la tienda de la más reciente a la más antigua, con productos, total y estado', async () => {
    const res = await get(s, '/api/facturas');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(4);
    expect(body.items.map((f: { idVenta: number }) => f.idVenta)).toEqual([v.cuatro, v.tres, v.dos, v.uno]);
    expect(body.items[3]).toEqual({
      idVenta: v.uno,
      // The store's first sale: its number, whatever its id (issue #36 point 8).
      numero: 1,
      numeroDispositivo: null,
      fecha: '2024-03-01T15:00:00.000Z',
      estado: 'Completada',
      lineas: 2,
      ...CANTIDADES_UNO,
      total: 2 * 2800 + 4600,
      metodoPago: 'Efectivo',
      cliente: 'María Gómez',
      cajero: 'Ana Pérez',
      // Not invoiced to a buyer (issue #57): no invoice number.
      numeroFactura: null,
    });
    // The store's own account sold the others.
    expect(body.items[2]).toMatchObject({ metodoPago: 'Nequi', cliente: null, cajero: TIENDA });
  });

  it('busca por número de venta exacto y por nombre de producto', async () => {
    // The number people see (the store's second sale), with or without '#'; not the internal id.
    for (const q of ['2', '%232']) {
      const porNumero = (await get(s, `/api/facturas?q=${q}`)).json();
      expect(porNumero.items.map((f: { idVenta: number; numero: number }) => [f.idVenta, f.numero])).toEqual([[v.dos, 2]]);
    }
    if (v.dos !== 2) expect((await get(s, `/api/facturas?q=${v.dos}`)).json().items.map((f: { idVenta: number }) => f.idVenta)).not.toContain(v.dos);
    const porProducto = (await get(s, '/api/facturas?q=leche')).json();
    expect(porProducto.items.map((f: { idVenta: number }) => f.idVenta)).toEqual([v.tres, v.uno]);
    // A number inside a product name finds that product's sales too.
    const numero = (await get(s, '/api/facturas?q=600')).json();
    expect(numero.items.map((f: { idVenta: number }) => f.idVenta)).toEqual([v.dos]);
    expect((await get(s, '/api/facturas?q=100%25')).json().items.map((f: { idVenta: number }) => f.idVenta)).toEqual([v.cuatro]);
    expect((await get(s, '/api/facturas?q=99999999999')).json()).toEqual({ items: [], total: 0 });
    expect((await get(s, '/api/facturas?q=yogur')).json()).toEqual({ items: [], total: 0 });
  });

  it('filtra por estado y pagina en el servidor', async () => {
    const anuladas = (await get(s, '/api/facturas?estado=Anulada')).json();
    expect(anuladas).toMatchObject({ total: 1, items: [{ idVenta: v.tres, estado: 'Anulada' }] });
    const p2 = (await get(s, '/api/facturas?pageSize=3&page=2')).json();
    expect(p2).toMatchObject({ total: 4, items: [{ idVenta: v.uno }] });
    expect((await get(s, '/api/facturas?estado=Perdida')).statusCode).toBe(400);
  });

  it('muestra una factura: encabezado, líneas y totales con el cambio', async () => {
    const res = await get(s, `/api/facturas/${v.uno}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      idVenta: v.uno,
      numero: 1,
      numeroDispositivo: null,
      fecha: '2024-03-01T15:00:00.000Z',
      estado: 'Completada',
      tienda: { nombre: TIENDA, direccion: 'Calle 10 # 5-23', telefono: '6013456789' },
      cajero: 'Ana Pérez',
      cliente: { nombre: 'María Gómez', documento: '1020304050', tipoDocumento: 'CC' },
      metodoPago: 'Efectivo',
      lineas: [
        { productoId: p['Arroz blanco 500 g'], producto: 'Arroz blanco 500 g', cantidad: 2, unidad: '94', presentacion: null, factor: 1, precio: 2800, descuento: 0, subtotal: 5600, estado: 'Pagado' },
        { productoId: p['Leche entera 1 L'], producto: 'Leche entera 1 L', cantidad: 1, unidad: '94', presentacion: null, factor: 1, precio: 4600, descuento: 0, subtotal: 4600, estado: 'Pagado' },
      ],
      ...CANTIDADES_UNO,
      descuento: 0,
      motivoDescuento: null,
      autorizadoPor: null,
      total: 10200,
      pagos: [{ metodoPagoId: 5, metodo: 'Efectivo', monto: 10200 }],
      montoRecibido: 20000,
      cambio: 9800,
      fiadoVence: null,
      cambioDe: null,
      facturaElectronica: null,
    });
    const pendiente = (await get(s, `/api/facturas/${v.cuatro}`)).json();
    expect(pendiente).toMatchObject({ estado: 'Pendiente', montoRecibido: null, cambio: null, cliente: null });
  });

  it('la lista cuenta productos, y unidades y kilos aparte, sin sumarlos (issue #52 punto 3)', () => {
    expect(M.facturas.lineas(2, { unidades: 24, kilos: 0.375, litros: 0 })).toBe('2 productos · 24 unidades · 0,375 kg');
    expect(M.facturas.lineas(3, { unidades: 13, kilos: 0.204, litros: 0 })).toBe('3 productos · 13 unidades · 0,204 kg');
    expect(M.facturas.lineas(1, { unidades: 0, kilos: 5.5, litros: 0 })).toBe('1 producto · 5,5 kg');
    expect(M.facturas.lineas(1, { unidades: 1, kilos: 0, litros: 0 })).toBe('1 producto · 1 unidad');
    expect(M.facturas.lineas(2, { unidades: 0, kilos: 0, litros: 1.5 })).toBe('2 productos · 1,5 L');
    // A ferretería's measures (issue #58 point 3), each apart: metres (cm as metres), square metres, gallons.
    expect(M.facturas.lineas(3, { unidades: 4, metros: 2.5, metrosCuadrados: 0.75, galones: 0 })).toBe('3 productos · 4 unidades · 2,5 m · 0,75 m²');
    expect(M.facturas.lineas(1, { unidades: 0, galones: 1.5 })).toBe('1 producto · 1,5 gal');
  });

  it('una paca cuenta sus unidades y un producto por peso sus decimales, en la lista y en el detalle (issue #35)', async () => {
    const [queso] = await t.database.db
      .insert(producto)
      .values({ tiendaId: s.id, nombre: 'Queso campesino', precioUnit: 12_345, stock: 10, unidadDian: 'KGM' })
      .returning({ id: producto.idProducto });
    const id = await vender(s.id, [[queso!.id, 0.375, 12_345]], { total: 4629, montoRecibido: 4629 });
    await t.database.db.insert(factura).values({ tiendaId: s.id, ventaId: id, productoId: p['Leche entera 1 L']!, cantidad: 2, precio: 50_000, factor: 12, presentacion: 'Paca x12', estado: 'Pagado' });

    const detalle = (await get(s, `/api/facturas/${id}`)).json();
    expect(detalle.lineas).toEqual([
      // 0,375 × 12.345 = 4.629,375 → $ 4.629 by the one rounding rule, not 4629.375.
      expect.objectContaining({ producto: 'Queso campesino', cantidad: 0.375, unidad: 'KGM', presentacion: null, factor: 1, subtotal: 4629 }),
      expect.objectContaining({ producto: 'Leche entera 1 L', cantidad: 2, unidad: '94', presentacion: 'Paca x12', factor: 12, subtotal: 100_000 }),
    ]);
    // Units and kilos apart, never 24,375 "unidades" (issue #52 point 3).
    expect(detalle).toMatchObject({ unidades: 24, kilos: 0.375, litros: 0 });
    expect(detalle.total).toBe(104_629);
    const lista = (await get(s, '/api/facturas?q=&page=1&pageSize=50')).json();
    expect(lista.items.find((x: { idVenta: number }) => x.idVenta === id)).toMatchObject({ lineas: 2, unidades: 24, kilos: 0.375, litros: 0, total: 104_629 });

    // The cheese is later sold by unit: its past line still reads 0,375 kg, on the invoice and the
    // receipt (the line kept the unit it was sold in, migration 0048).
    await t.database.db.update(producto).set({ unidadDian: '94', stock: 9 }).where(eq(producto.idProducto, queso!.id));
    expect((await get(s, `/api/facturas/${id}`)).json().lineas[0]).toMatchObject({ producto: 'Queso campesino', cantidad: 0.375, unidad: 'KGM' });
    expect((await get(s, `/api/ventas/${id}`)).json().lineas[0]).toMatchObject({ nombre: 'Queso campesino', cantidad: 0.375, unidad: 'KGM' });
    // A line sold before lines kept their unit reads its product's current one.
    await t.database.db.update(factura).set({ unidadDian: null }).where(eq(factura.ventaId, id));
    expect((await get(s, `/api/facturas/${id}`)).json().lineas[0]).toMatchObject({ unidad: '94' });
  });

  it('un pago dividido se muestra por partes, con cambio solo sobre el efectivo (issue #36)', async () => {
    const mitad = await vender(s.id, [[p['Arroz blanco 500 g']!, 10, 10_000]], { montoRecibido: 50_000, montoFiado: 50_000 });
    const detalle = (await get(s, `/api/facturas/${mitad}`)).json();
    expect(detalle).toMatchObject({
      metodoPago: 'Efectivo',
      pagos: [
        { metodoPagoId: 5, metodo: 'Efectivo', monto: 50_000 },
        { metodoPagoId: 7, metodo: 'Fiado', monto: 50_000 },
      ],
      montoRecibido: 50_000,
      cambio: 0,
    });
    const [{ numero }] = (await t.database.db.select({ numero: venta.numero }).from(venta).where(eq(venta.idVenta, mitad))) as [{ numero: number }];
    const lista = (await get(s, `/api/facturas?q=${numero}`)).json();
    expect(lista.items.find((f: { idVenta: number }) => f.idVenta === mitad)).toMatchObject({ metodoPago: 'Efectivo + Fiado' });
    // A transfer gives no change, whatever was typed as received.
    const nequi = await vender(s.id, [[p['Arroz blanco 500 g']!, 1, 10_000]], { metodoPagoId: 3, montoRecibido: 12_000 });
    expect((await get(s, `/api/facturas/${nequi}`)).json()).toMatchObject({ pagos: [{ metodo: 'Nequi', monto: 10_000 }], montoRecibido: null, cambio: null });
  });

  it('la factura de otra tienda no existe para esta (404)', async () => {
    const otra = await crearTienda(t);
    const res = await get(otra, `/api/facturas/${v.uno}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(M.facturas.noEncontrada);
    expect((await get(otra, '/api/facturas')).json()).toEqual({ items: [], total: 0 });
    expect((await get(otra, `/api/facturas?q=${v.uno}`)).json()).toEqual({ items: [], total: 0 });
    expect((await get(otra, '/api/facturas?q=%231')).json()).toEqual({ items: [], total: 0 });
    expect((await get(s, '/api/facturas/2147483647')).statusCode).toBe(404);
    expect((await get(s, '/api/facturas/abc')).statusCode).toBe(400);
  });

  it('pide sesión', async () => {
    expect((await t.request({ method: 'GET', url: '/api/facturas' })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: `/api/facturas/${v.uno}` })).statusCode).toBe(401);
  });
});
