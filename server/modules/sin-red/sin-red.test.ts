/**
 * Issue #34 points 3–5 (ADR 029): a device's prefix, the incremental download, and an offline sale
 * arriving from a device's outbox: recorded once whatever is retried, past stock (flagged revisar
 * stock, the ledger agrees) and past the customer's limit (noted), with the device's number kept and
 * its clock's skew flagged. Everything else is still refused as for any sale.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { totalConDescuentos } from '#shared/descuento';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import type { TDatosSinRed, TDispositivo } from '#shared/schemas/sin-red';
import type { TFacturaDetalle, TFacturasPage } from '#shared/schemas/factura';
import type { TRecibo } from '#shared/schemas/venta';
import { actividad, creditoMovimiento, movimiento, producto, venta } from '../../db/schema';
import { crearEmpleado, crearTienda, dispositivoAutorizado, peticion, type Tienda } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';
import { ventaSinRed } from './sin-red.fixtures';

const t = usarApp();
const req = peticion(t);
const db = () => t.database.db;

async function productoCon(s: Tienda, stock: number, nombre: string, codigoBarras: string | null = null) {
  const [p] = await db().insert(producto).values({ tiendaId: s.id, nombre, precioUnit: 2500, stock, estado: 1, codigoBarras }).returning();
  await db().insert(movimiento).values({ tiendaId: s.id, productoId: p!.idProducto, stockAntes: 0, entradas: stock, salidas: 0, cantidadDespues: stock, estadoDespues: 'Entrada', motivo: 'Inicial' });
  return p!.idProducto;
}
/** A device that asked and that the owner (`dueno`, the store account) authorised (issue #51 point 5), with its prefix. */
const dispositivo = (token: string, dueno = token): Promise<TDispositivo> => dispositivoAutorizado(t, token, dueno);
const datos = async (token: string, query = ''): Promise<TDatosSinRed> => {
  const r = await req('GET', `/api/sin-red/datos${query}`, token);
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
};
const ahora = () => new Date().toISOString();

describe('dispositivos', () => {
  it('cada equipo recibe un prefijo propio de su tienda, nunca repetido', async () => {
    const a = await crearTienda(t);
    const b = await crearTienda(t);
    const cajero = (await crearEmpleado(t, a.codigo)).token;
    const [d1, d2, d3] = await Promise.all([dispositivo(a.token), dispositivo(cajero, a.token), dispositivo(a.token)]);
    expect(new Set([d1.prefijo, d2.prefijo, d3.prefijo]).size).toBe(3);
    expect((await dispositivo(b.token)).prefijo).toBe('D1');
  });
});

describe('descarga incremental', () => {
  it('la primera trae todo; la siguiente solo lo que cambió (precio, stock por una venta, saldo de fiado)', async () => {
    const s = await crearTienda(t);
    const arroz = await productoCon(s, 10, 'Arroz', '7701234567890');
    const panela = await productoCon(s, 10, 'Panela');
    const cli = await req('POST', '/api/clientes', s.token, { documento: '52000111', tipoDocumento: 'CC', nombre: 'Rosa', apellido: 'Gil', fiado: true, cupo: 50_000 });
    expect(cli.statusCode, cli.body).toBe(201);
    const primera = await datos(s.token);
    expect(primera.productos.map((p) => [p.nombre, p.codigoBarras, p.precio, p.stock])).toEqual([
      ['Arroz', '7701234567890', 2500, 10],
      ['Panela', null, 2500, 10],
    ]);
    expect(primera.clientes).toEqual([expect.objectContaining({ documento: '52000111', nombre: 'Rosa Gil', fiado: true, cupo: 50_000, saldo: 0 })]);
    expect(primera.metodos.map((m) => m.id)).toContain(7);
    expect(primera.siguiente).toBeNull();

    // Nothing changed: nothing comes (the cursor is taken exactly).
    expect((await datos(s.token, `?desde=${encodeURIComponent(primera.cursor!)}`)).productos).toEqual([]);
    // A fiado sale of Panela moves its stock and Rosa's balance; Arroz's price changes through the API.
    const v = await req('POST', '/api/ventas', s.token, { lineas: [{ productoId: panela, cantidad: 2 }], metodoPagoId: 7, montoRecibido: 0, documentoCliente: '52000111' });
    expect(v.statusCode, v.body).toBe(201);
    await db().update(producto).set({ precioUnit: 2700 }).where(eq(producto.idProducto, arroz));
    const segunda = await datos(s.token, `?desde=${encodeURIComponent(primera.cursor!)}`);
    expect(segunda.productos.map((p) => [p.nombre, p.precio, p.stock]).sort()).toEqual([
      ['Arroz', 2700, 10],
      ['Panela', 2500, 8],
    ]);
    expect(segunda.clientes).toEqual([expect.objectContaining({ documento: '52000111', saldo: 5000 })]);
  });

  it('pagina los productos sin perder ni repetir ninguno', async () => {
    const s = await crearTienda(t);
    await db().execute(sql`insert into producto (tienda_id, nombre, precio_unit, stock, estado)
      select ${s.id}, 'P' || g, 1000, 5, 1 from generate_series(1, 5003) g`);
    const ids: number[] = [];
    let q = '';
    for (let paginas = 0; ; paginas++) {
      const d = await datos(s.token, q);
      ids.push(...d.productos.map((p) => p.id));
      if (!d.siguiente) break;
      q = `?tras=${d.siguiente.tras}${d.siguiente.desde ? `&desde=${encodeURIComponent(d.siguiente.desde)}` : ''}`;
      expect(paginas).toBeLessThan(3);
    }
    expect(ids.length).toBe(5003);
    expect(new Set(ids).size).toBe(5003);
  });

  it('un cambio hecho con el reloj del servidor atrasado llega igual: el cursor es una secuencia (issue #50 punto 6)', async () => {
    const s = await crearTienda(t);
    const arroz = await productoCon(s, 10, 'Arroz');
    await productoCon(s, 10, 'Panela');
    const cli = await req('POST', '/api/clientes', s.token, { documento: '52000222', tipoDocumento: 'CC', nombre: 'Ana', apellido: 'Paz', fiado: true, cupo: 50_000 });
    expect(cli.statusCode, cli.body).toBe(201);
    const primera = await datos(s.token);
    expect(primera.cursor).toMatch(/^v1\./);
    // The server's clock goes back two hours, then the price changes and Ana buys on credit: their
    // stamps (the trigger's now()) are older than the last download's.
    const atras = sql`now() - interval '2 hours'`;
    await db().update(producto).set({ precioUnit: 2700 }).where(eq(producto.idProducto, arroz));
    const v = await req('POST', '/api/ventas', s.token, { lineas: [{ productoId: arroz, cantidad: 1 }], metodoPagoId: 7, montoRecibido: 0, documentoCliente: '52000222' });
    expect(v.statusCode, v.body).toBe(201);
    // (The stamps are written back by hand with the triggers that would set them to now() held off.)
    await db().execute(sql`alter table producto disable trigger producto_actualizado_en`);
    await db().execute(sql`alter table credito_movimiento disable trigger credito_movimiento_solo_agregar`);
    try {
      await db().execute(sql`update producto set actualizado_en = ${atras} where id_producto = ${arroz}`);
      await db().execute(sql`update credito_movimiento set fecha = ${atras} where tienda_id = ${s.id}`);
    } finally {
      await db().execute(sql`alter table producto enable trigger producto_actualizado_en`);
      await db().execute(sql`alter table credito_movimiento enable trigger credito_movimiento_solo_agregar`);
    }
    const segunda = await datos(s.token, `?desde=${encodeURIComponent(primera.cursor!)}`);
    expect(segunda.productos.map((p) => [p.nombre, p.precio, p.stock])).toEqual([['Arroz', 2700, 9]]);
    expect(segunda.clientes).toEqual([expect.objectContaining({ documento: '52000222', saldo: 2700 })]);
    // A device still holding a timestamp cursor (before this change) gets everything again.
    const vieja = await datos(s.token, `?desde=${encodeURIComponent(primera.servidor)}`);
    expect(vieja.productos.map((p) => p.nombre)).toEqual(['Arroz', 'Panela']);
    expect(vieja.cursor).toMatch(/^v1\./);
  });

  it("otra tienda no ve nada de la tienda", async () => {
    const s = await crearTienda(t);
    await productoCon(s, 3, 'Secreto');
    const otra = await crearTienda(t);
    expect((await datos(otra.token)).productos.map((p) => p.nombre)).not.toContain('Secreto');
  });
});

describe('una venta sin red que llega del equipo', () => {
  it('se registra una sola vez aunque se reenvíe, con el número del equipo; pasa el stock y marca revisar stock; el libro cuadra', async () => {
    const s = await crearTienda(t);
    // A role-2 cashier, who cannot sell past stock online without a supervisor's PIN.
    const cajero = (await crearEmpleado(t, s.codigo, { rol: ROL.EMPLEADO })).token;
    const id = await productoCon(s, 1, 'Leche');
    const d = await dispositivo(cajero, s.token);
    const cuerpo = ventaSinRed(d, 1, id, 3);
    const respuestas = await Promise.all([req('POST', '/api/sin-red/ventas', cajero, cuerpo), req('POST', '/api/sin-red/ventas', cajero, cuerpo)]);
    const otra = await req('POST', '/api/sin-red/ventas', cajero, cuerpo);
    for (const r of [...respuestas, otra]) expect(r.statusCode, r.body).toBe(201);
    const recibos = [...respuestas, otra].map((r) => r.json() as TRecibo);
    expect(new Set(recibos.map((r) => r.id)).size).toBe(1);
    expect(recibos[0]!.sinRed).toEqual({ numero: `${d.prefijo}-1`, fecha: expect.any(String), relojDesfasado: false });
    const [fila] = await db().select({ n: sql<number>`count(*)::int` }).from(venta).where(eq(venta.tiendaId, s.id));
    expect(fila!.n).toBe(1);
    const [p] = await db().select({ stock: producto.stock, revisar: producto.revisarStock }).from(producto).where(eq(producto.idProducto, id));
    expect(p).toEqual({ stock: -2, revisar: true });
    const ms = await db().select().from(movimiento).where(eq(movimiento.productoId, id));
    expect(ms.reduce((a, m) => a + m.entradas - m.salidas, 0)).toBe(-2);
    const log = await db().select().from(actividad).where(and(eq(actividad.tiendaId, s.id), eq(actividad.tipo, 'sin_stock')));
    expect(log.map((a) => (a.detalle as { sinRed?: string }).sinRed)).toEqual([`${d.prefijo}-1`]);
    // Read back later, the receipt still prints the device's number.
    const leido = await req('GET', `/api/ventas/${recibos[0]!.id}`, cajero);
    expect((leido.json() as TRecibo).sinRed?.numero).toBe(`${d.prefijo}-1`);
    // The sales list and the invoice show it, and the printed number finds the sale (in any case).
    const buscada = await req('GET', `/api/facturas?q=${d.prefijo.toLowerCase()}-1`, cajero);
    expect(buscada.statusCode, buscada.body).toBe(200);
    const pagina = buscada.json() as TFacturasPage;
    expect(pagina.items.map((f) => [f.idVenta, f.numeroDispositivo])).toEqual([[recibos[0]!.id, `${d.prefijo}-1`]]);
    const detalle = await req('GET', `/api/facturas/${recibos[0]!.id}`, cajero);
    expect((detalle.json() as TFacturaDetalle).numeroDispositivo).toBe(`${d.prefijo}-1`);
  });

  it('sin la marca sin red, el mismo pedido sigue rechazado por stock', async () => {
    const s = await crearTienda(t);
    const id = await productoCon(s, 1, 'Huevos');
    const { sinRed: _, ...online } = ventaSinRed(await dispositivo(s.token), 1, id, 3);
    const r = await req('POST', '/api/ventas', s.token, online);
    expect(r.statusCode).toBe(422);
    expect(r.json().error.message).toBe(M.ventas.sinStock(['Huevos']));
  });

  it('el número debe ser del equipo y de la tienda, y no se repite con otra clave', async () => {
    const s = await crearTienda(t);
    const otra = await crearTienda(t);
    const id = await productoCon(s, 50, 'Café');
    const d = await dispositivo(s.token);
    const ajeno = await dispositivo(otra.token);
    const malPrefijo = await req('POST', '/api/sin-red/ventas', s.token, { ...ventaSinRed(d, 1, id, 1), sinRed: { ...ventaSinRed(d, 1, id, 1).sinRed, numero: 'D99-1' } });
    expect(malPrefijo.statusCode).toBe(422);
    expect(malPrefijo.json().error.message).toBe(M.sinRed.numeroInvalido);
    const deOtraTienda = await req('POST', '/api/sin-red/ventas', s.token, ventaSinRed(ajeno, 1, id, 1));
    expect(deOtraTienda.statusCode).toBe(422);
    expect((await req('POST', '/api/sin-red/ventas', s.token, ventaSinRed(d, 7, id, 1))).statusCode).toBe(201);
    const repetido = await req('POST', '/api/sin-red/ventas', s.token, ventaSinRed(d, 7, id, 1));
    expect(repetido.statusCode).toBe(409);
    expect(repetido.json().error.message).toBe(M.sinRed.numeroRepetido);
    const [p] = await db().select({ stock: producto.stock }).from(producto).where(eq(producto.idProducto, id));
    expect(p!.stock).toBe(49);
  });

  it('guarda el desfase del reloj del equipo y lo marca pasados 5 minutos', async () => {
    const s = await crearTienda(t);
    const id = await productoCon(s, 50, 'Azúcar');
    const d = await dispositivo(s.token);
    const adelantado = new Date(Date.now() + 10 * 60_000).toISOString();
    const cuerpo = ventaSinRed(d, 1, id, 1);
    const r = await req('POST', '/api/sin-red/ventas', s.token, { ...cuerpo, sinRed: { ...cuerpo.sinRed, fecha: adelantado, reloj: adelantado } });
    expect(r.statusCode, r.body).toBe(201);
    expect((r.json() as TRecibo).sinRed?.relojDesfasado).toBe(true);
    const [v] = await db().select({ desfase: venta.desfaseRelojMs, fecha: venta.fechaDispositivo }).from(venta).where(eq(venta.tiendaId, s.id));
    expect(v!.desfase).toBeGreaterThan(9 * 60_000);
    expect(v!.fecha?.toISOString()).toBe(adelantado);
    const normal = await req('POST', '/api/sin-red/ventas', s.token, ventaSinRed(d, 2, id, 1));
    expect((normal.json() as TRecibo).sinRed?.relojDesfasado).toBe(false);
  });

  it('un fiado sin red por encima del cupo se registra y la deuda lo anota; un cliente sin fiado sigue rechazado', async () => {
    const s = await crearTienda(t);
    const cajero = (await crearEmpleado(t, s.codigo, { rol: ROL.EMPLEADO })).token;
    const id = await productoCon(s, 50, 'Aceite');
    const d = await dispositivo(cajero, s.token);
    for (const [documento, fiado] of [['53000111', true], ['53000222', false]] as const)
      expect((await req('POST', '/api/clientes', s.token, { documento, tipoDocumento: 'CC', nombre: 'C', apellido: 'D', fiado, cupo: fiado ? 3000 : 0 })).statusCode).toBe(201);
    const sobre = await req('POST', '/api/sin-red/ventas', cajero, ventaSinRed(d, 1, id, 2, { metodoPagoId: 7, montoRecibido: 0, documentoCliente: '53000111' }));
    expect(sobre.statusCode, sobre.body).toBe(201);
    const cargos = await db().select().from(creditoMovimiento).where(eq(creditoMovimiento.tiendaId, s.id));
    expect(cargos.map((c) => [c.monto, c.nota])).toEqual([[5000, M.sinRed.motivoSobreCupo]]);
    // Online, the same cashier is refused past the limit.
    const online = await req('POST', '/api/ventas', cajero, { lineas: [{ productoId: id, cantidad: 2 }], metodoPagoId: 7, montoRecibido: 0, documentoCliente: '53000111' });
    expect(online.statusCode).toBe(422);
    const sinFiado = await req('POST', '/api/sin-red/ventas', cajero, ventaSinRed(d, 2, id, 1, { metodoPagoId: 7, montoRecibido: 0, documentoCliente: '53000222' }));
    expect(sinFiado.statusCode).toBe(422);
  });
});

/** Issue #34 (ADR 034): what the device needs to sell by weight and by pack, and such a sale arriving. */
describe('venta bajo fórmula en el catálogo del equipo (issue #58 punto 2)', () => {
  it('la descarga trae bajoFormula de cada producto, y marcarlo vuelve a traer el producto', async () => {
    const s = await crearTienda(t);
    const jarabe = await productoCon(s, 5, 'Jarabe');
    await productoCon(s, 5, 'Jabón');
    const primera = await datos(s.token);
    expect(primera.productos.map((p) => [p.nombre, p.bajoFormula])).toEqual([['Jarabe', false], ['Jabón', false]]);
    const r = await req('PUT', `/api/productos/${jarabe}`, s.token, { nombre: 'Jarabe', precio: 2500, stock: 5, stockMin: 0, bajoFormula: true });
    expect(r.statusCode, r.body).toBe(200);
    const segunda = await datos(s.token, `?desde=${encodeURIComponent(primera.cursor!)}`);
    expect(segunda.productos.map((p) => [p.nombre, p.bajoFormula])).toEqual([['Jarabe', true]]);
  });
});

describe('el recibo sin red es el recibo (issue #53 punto 2)', () => {
  it('la descarga trae los datos fiscales de la tienda y el impuesto de cada producto, el propio o el de su categoría', async () => {
    const s = await crearTienda(t);
    expect((await datos(s.token)).fiscal).toBeNull();
    const perfil = { razonSocial: 'La Esquina S.A.S.', tipoPersona: 'juridica', nit: '800197268', dv: 4, responsabilidades: ['O-13'], responsableIva: true, departamento: '11', municipio: '11001', direccion: 'Calle 10 # 5-23', telefono: '6013456789', correo: 'f@esquina.co', documentoInformativo: false, valorIncBolsa: 66 };
    const r = await req('PUT', '/api/tienda/perfil-fiscal', s.token, perfil);
    expect(r.statusCode, r.body).toBe(200);
    const [gaseosa] = await db().insert(producto).values({ tiendaId: s.id, nombre: 'Gaseosa', precioUnit: 3000, stock: 5, estado: 1, categoria: 'Bebidas' }).returning();
    const [arroz] = await db().insert(producto).values({ tiendaId: s.id, nombre: 'Arroz', precioUnit: 2500, stock: 5, estado: 1, categoria: 'Bebidas', impuesto: 'excluido' }).returning();
    const [pan] = await db().insert(producto).values({ tiendaId: s.id, nombre: 'Pan', precioUnit: 500, stock: 5, estado: 1 }).returning();
    expect((await req('PUT', '/api/impuestos/categorias', s.token, { categoria: 'Bebidas', impuesto: 'iva19' })).statusCode).toBe(200);
    const d = await datos(s.token);
    expect(d.fiscal).toEqual({ razonSocial: 'La Esquina S.A.S.', nit: '800197268', dv: 4, responsableIva: true, documentoInformativo: false });
    const impuesto = new Map(d.productos.map((p) => [p.id, p.impuesto]));
    // Its category's; its own wins over its category's; neither: none.
    expect([impuesto.get(gaseosa!.idProducto), impuesto.get(arroz!.idProducto), impuesto.get(pan!.idProducto)]).toEqual(['iva19', 'excluido', null]);
    // Every download brings them (with its first page), so a change reaches the device.
    expect((await datos(s.token, `?desde=${encodeURIComponent(d.cursor!)}`)).fiscal?.nit).toBe('800197268');
  });
});

describe('por peso y por paca sin red', () => {
  async function quesoYCerveza(s: Tienda) {
    const [queso] = await db().insert(producto).values({ tiendaId: s.id, nombre: 'Queso', precioUnit: 12_000, stock: 5, estado: 1, unidadDian: 'KGM', codigoBarras: '01234' }).returning();
    await db().insert(movimiento).values({ tiendaId: s.id, productoId: queso!.idProducto, stockAntes: 0, entradas: 5, salidas: 0, cantidadDespues: 5, estadoDespues: 'Entrada', motivo: 'Inicial' });
    const cerveza = await productoCon(s, 30, 'Cerveza', '7702000000011');
    const paca = await req('POST', `/api/productos/${cerveza}/presentaciones`, s.token, { nombre: 'Paca x12', factor: 12, codigoBarras: '7702000000128', precio: 33_000 });
    expect(paca.statusCode, paca.body).toBe(201);
    return { queso: queso!.idProducto, cerveza, paca: (paca.json() as { presentacion: { id: number } }).presentacion.id };
  }

  it('la descarga trae la unidad, las presentaciones y los formatos de balanza; cambiar una paca vuelve a traer su producto', async () => {
    const s = await crearTienda(t);
    const formato = { prefijo: '20', largoCodigo: 5, contenido: 'peso', decimales: 3, digitoPrecio: false };
    expect((await req('PUT', '/api/tienda/balanzas', s.token, { formatos: [formato] })).statusCode).toBe(200);
    const { cerveza, paca } = await quesoYCerveza(s);
    const primera = await datos(s.token);
    expect(primera.formatosBalanza).toEqual([formato]);
    expect(primera.productos.map((p) => [p.nombre, p.unidad, p.presentaciones])).toEqual([
      ['Queso', 'KGM', []],
      ['Cerveza', '94', [{ id: paca, nombre: 'Paca x12', factor: 12, codigoBarras: '7702000000128', precio: 33_000 }]],
    ]);
    const desde = `?desde=${encodeURIComponent(primera.cursor!)}`;
    expect((await datos(s.token, desde)).productos).toEqual([]);
    // The pack's price changes: its product comes again, with the new price.
    const cambio = await req('PUT', `/api/productos/${cerveza}/presentaciones/${paca}`, s.token, { nombre: 'Paca x12', factor: 12, codigoBarras: '7702000000128', precio: 32_000 });
    expect(cambio.statusCode, cambio.body).toBe(200);
    const segunda = await datos(s.token, desde);
    expect(segunda.productos.map((p) => [p.nombre, p.presentaciones.map((u) => u.precio)])).toEqual([['Cerveza', [32_000]]]);
    // Removed: it comes again without it.
    expect((await req('DELETE', `/api/productos/${cerveza}/presentaciones/${paca}`, s.token)).statusCode).toBe(200);
    const tercera = await datos(s.token, `?desde=${encodeURIComponent(segunda.cursor!)}`);
    expect(tercera.productos.map((p) => [p.nombre, p.presentaciones])).toEqual([['Cerveza', []]]);
  });

  it('una venta sin red con 0,375 kg y una paca de 12 cobra y descuenta como en línea, una sola vez', async () => {
    const s = await crearTienda(t);
    const cajero = (await crearEmpleado(t, s.codigo, { rol: ROL.EMPLEADO })).token;
    const { queso, cerveza, paca } = await quesoYCerveza(s);
    const d = await dispositivo(cajero, s.token);
    const cuerpo = {
      ...ventaSinRed(d, 1, queso, 0.375),
      lineas: [
        { productoId: queso, cantidad: 0.375 },
        { productoId: cerveza, cantidad: 1, unidadVentaId: paca },
      ],
    };
    const r1 = await req('POST', '/api/sin-red/ventas', cajero, cuerpo);
    expect(r1.statusCode, r1.body).toBe(201);
    // The outbox replayed (a lost answer): the same sale.
    const r2 = await req('POST', '/api/sin-red/ventas', cajero, cuerpo);
    expect(r2.statusCode, r2.body).toBe(201);
    const recibo = r1.json() as TRecibo;
    expect((r2.json() as TRecibo).id).toBe(recibo.id);
    // round(12 000 × 0,375) = 4 500; the pack at its price.
    expect(recibo.lineas.map((l) => [l.nombre, l.cantidad, l.unidad, l.presentacion ?? null, l.precio, l.subtotal])).toEqual([
      ['Queso', 0.375, 'KGM', null, 12_000, 4_500],
      ['Cerveza', 1, '94', 'Paca x12', 33_000, 33_000],
    ]);
    expect(recibo.total).toBe(37_500);
    expect(recibo.sinRed?.numero).toBe(`${d.prefijo}-1`);
    const stock = await db().select({ id: producto.idProducto, stock: producto.stock }).from(producto).where(eq(producto.tiendaId, s.id));
    expect(new Map(stock.map((p) => [p.id, p.stock]))).toEqual(new Map([[queso, 4.625], [cerveza, 18]]));
    // The ledger agrees: one exit of 0,375 kg and one of 12 units.
    const salidas = await db().select({ productoId: movimiento.productoId, salidas: movimiento.salidas }).from(movimiento).where(and(eq(movimiento.tiendaId, s.id), sql`${movimiento.salidas} > 0`));
    expect(salidas.map((m) => [m.productoId, m.salidas]).sort()).toEqual([[cerveza, 12], [queso, 0.375]].sort());
    const [{ n } = { n: 0 }] = await db().select({ n: sql<number>`count(*)::int` }).from(venta).where(eq(venta.tiendaId, s.id));
    expect(n).toBe(1);
  });

  it('una venta sin red por valor ("$ 2.000 de queso") llega cobrando $ 2.000, una sola vez (issue #52 punto 4)', async () => {
    const s = await crearTienda(t);
    const cajero = (await crearEmpleado(t, s.codigo, { rol: ROL.EMPLEADO })).token;
    const { queso } = await quesoYCerveza(s);
    const d = await dispositivo(cajero, s.token);
    // What the device sends (web/features/sin-red/venta-local.ts armarVenta): 0,167 kg would be $ 2.004 by the quantity.
    const cuerpo = { ...ventaSinRed(d, 1, queso, 0.167), lineas: [{ productoId: queso, cantidad: 0.167, importe: 2_000 }], montoRecibido: 2_000 };
    const r1 = await req('POST', '/api/sin-red/ventas', cajero, cuerpo);
    expect(r1.statusCode, r1.body).toBe(201);
    const r2 = await req('POST', '/api/sin-red/ventas', cajero, cuerpo);
    expect((r2.json() as TRecibo).id).toBe((r1.json() as TRecibo).id);
    const recibo = r1.json() as TRecibo;
    expect(recibo.total).toBe(2_000);
    expect(recibo.lineas.map((l) => [l.cantidad, l.subtotal])).toEqual([[0.167, 2_000]]);
    expect((await req('GET', `/api/ventas/${recibo.id}`, s.token)).json()).toMatchObject({ total: 2_000, lineas: [expect.objectContaining({ subtotal: 2_000 })] });
  });

  it('una venta sin red por valor hecha con el precio de antes llega igual, cobrando lo que pagó el cliente, y queda en Revisar', async () => {
    const s = await crearTienda(t);
    const cajero = (await crearEmpleado(t, s.codigo, { rol: ROL.EMPLEADO })).token;
    const { queso } = await quesoYCerveza(s);
    const d = await dispositivo(cajero, s.token);
    // The device weighed "$ 2.000 de queso" at $ 12.000/kg (0,167 kg); the owner raised it to $ 16.000/kg before the sale synced.
    await db().update(producto).set({ precioUnit: 16_000 }).where(eq(producto.idProducto, queso));
    const cuerpo = { ...ventaSinRed(d, 1, queso, 0.167), lineas: [{ productoId: queso, cantidad: 0.167, importe: 2_000 }], montoRecibido: 2_000 };
    const r = await req('POST', '/api/sin-red/ventas', cajero, cuerpo);
    expect(r.statusCode, r.body).toBe(201);
    const recibo = r.json() as TRecibo;
    // The customer paid $ 2.000: that is the sale; the quantity is what $ 2.000 buys at today's price.
    expect(recibo.total).toBe(2_000);
    expect(recibo.lineas.map((l) => [l.cantidad, l.subtotal])).toEqual([[0.125, 2_000]]);
    const revisar = (await req('GET', '/api/sin-red/revisar', s.token)).json() as { items: { ventaId: number; motivos: string[] }[] };
    expect(revisar.items.find((i) => i.ventaId === recibo.id)?.motivos).toEqual([M.sinRed.motivoPrecioPorValor('Queso', '$ 2.000', '0,167 kg', '0,125 kg')]);
  });
});

/**
 * Issue #34 (ADR 034): a return and an annulment queued offline arrive after their sale through the
 * online endpoints. The device names a returned line by its place in the sale's request: the n-th
 * invoice line by id must be the request's n-th (a pack a line of its own); a return sent twice
 * (its key) and an annulment sent twice are applied once.
 */
describe('devoluciones y anulaciones hechas sin red', () => {
  it('las líneas de la factura siguen el orden del pedido; la devolución con su clave y la anulación se aplican una vez', async () => {
    const s = await crearTienda(t);
    const cajero = (await crearEmpleado(t, s.codigo, { rol: ROL.EMPLEADO })).token;
    const [queso] = await db().insert(producto).values({ tiendaId: s.id, nombre: 'Queso', precioUnit: 12_000, stock: 5, estado: 1, unidadDian: 'KGM' }).returning();
    const cerveza = await productoCon(s, 30, 'Cerveza', '7702000000035');
    const panela = await productoCon(s, 10, 'Panela');
    const paca = await req('POST', `/api/productos/${cerveza}/presentaciones`, s.token, { nombre: 'Paca x12', factor: 12, codigoBarras: '7702000000134', precio: 33_000 });
    const pacaId = (paca.json() as { presentacion: { id: number } }).presentacion.id;
    const d = await dispositivo(cajero, s.token);
    // The request's order: a pack, then the weighed cheese, then a unit of the same beer.
    const lineas = [
      { productoId: cerveza, cantidad: 2, unidadVentaId: pacaId },
      { productoId: queso!.idProducto, cantidad: 0.375 },
      { productoId: cerveza, cantidad: 1 },
    ];
    const v1 = await req('POST', '/api/sin-red/ventas', cajero, { ...ventaSinRed(d, 1, cerveza, 1), lineas });
    expect(v1.statusCode, v1.body).toBe(201);
    const ventaId = (v1.json() as TRecibo).id;
    const servidor = (await req('GET', `/api/ventas/${ventaId}/devoluciones`, cajero)).json() as { lineas: { facturaId: number; productoId: number; vendidas: number }[] };
    const porId = [...servidor.lineas].sort((a, b) => a.facturaId - b.facturaId);
    expect(porId.map((l) => [l.productoId, l.vendidas])).toEqual(lineas.map((l) => [l.productoId, l.cantidad]));

    // One pack back, sent twice with the device's key: 12 units back once.
    const devolucion = { clave: randomUUID(), metodoPagoId: 5, motivo: 'Vencida', lineas: [{ facturaId: porId[0]!.facturaId, cantidad: 1, destino: 'inventario' }] };
    // Giving money back is the `devolver` permission (issue #51 point 3): a cashier's queued return without it is refused, as online.
    const sinPermiso = await req('POST', `/api/ventas/${ventaId}/devoluciones`, cajero, devolucion);
    expect(sinPermiso.statusCode).toBe(403);
    expect(sinPermiso.json().error.message).toBe(M.permisos.denegado.devolver);
    const permisos = (await req('GET', '/api/tienda/permisos', s.token)).json();
    expect((await req('PUT', '/api/tienda/permisos', s.token, { ...permisos, roles: { ...permisos.roles, 2: { ...permisos.roles[2], devolver: true } } })).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await req('POST', `/api/ventas/${ventaId}/devoluciones`, cajero, devolucion)).statusCode).toBe(201);
    const stock = async (id: number) => (await db().select({ stock: producto.stock }).from(producto).where(eq(producto.idProducto, id)))[0]!.stock;
    expect(await stock(cerveza)).toBe(30 - 24 - 1 + 12);
    const hechas = (await req('GET', `/api/ventas/${ventaId}/devoluciones`, cajero)).json() as { devoluciones: unknown[] };
    expect(hechas.devoluciones).toHaveLength(1);
    // With a return, the annulment is refused with its reason (the device keeps it as refused).
    const anularConDevolucion = await req('POST', `/api/ventas/${ventaId}/anular`, cajero);
    expect(anularConDevolucion.statusCode).toBe(422);

    // Another offline sale annulled, sent twice: stock back once.
    const v2 = await req('POST', '/api/sin-red/ventas', cajero, ventaSinRed(d, 2, panela, 3));
    expect(v2.statusCode, v2.body).toBe(201);
    const otra = (v2.json() as TRecibo).id;
    for (let i = 0; i < 2; i++) {
      const r = await req('POST', `/api/ventas/${otra}/anular`, cajero);
      expect(r.statusCode, r.body).toBe(200);
    }
    expect(await stock(panela)).toBe(10);
  });
});

/** Issue #34 (ADR 034): a discount given offline, within the seller's own rule. */
describe('descuento sin red', () => {
  it('el del administrador se registra como lo calcula el equipo; el de un empleado sin PIN (que el equipo no permite) se registra y queda en Revisar (issue #51 punto 5)', async () => {
    const s = await crearTienda(t);
    const cajero = (await crearEmpleado(t, s.codigo, { rol: ROL.EMPLEADO })).token;
    const [queso] = await db().insert(producto).values({ tiendaId: s.id, nombre: 'Queso', precioUnit: 12_345, stock: 5, estado: 1, unidadDian: 'KGM' }).returning();
    const d = await dispositivo(s.token);
    const lineas = [{ productoId: queso!.idProducto, cantidad: 0.375 }];
    const descuento = { tipo: 'porcentaje' as const, valor: 10 };
    const r = await req('POST', '/api/sin-red/ventas', s.token, { ...ventaSinRed(d, 1, queso!.idProducto, 0.375), lineas, descuento, motivoDescuento: 'Cliente fiel' });
    expect(r.statusCode, r.body).toBe(201);
    // What the device printed (shared/descuento.ts): round(12 345 × 0,375) = 4 629, less ⌊10 %⌋ = 462.
    expect(totalConDescuentos([{ precio: 12_345, cantidad: 0.375 }], descuento)).toMatchObject({ subtotal: 4_629, descuentoVenta: 462, total: 4_167 });
    expect((r.json() as TRecibo).total).toBe(4_167);
    const dc = await dispositivo(cajero, s.token);
    const empleado = await req('POST', '/api/sin-red/ventas', cajero, { ...ventaSinRed(dc, 1, queso!.idProducto, 0.375), lineas, descuento, motivoDescuento: 'Cliente fiel' });
    expect(empleado.statusCode, empleado.body).toBe(201);
    const revisar = (await req('GET', '/api/sin-red/revisar', s.token)).json() as { items: { ventaId: number; motivos: string[] }[] };
    expect(revisar.items.find((i) => i.ventaId === (empleado.json() as TRecibo).id)?.motivos).toEqual([M.sinRed.motivoDescuentoSinPin('$ 462')]);
    expect(revisar.items.map((i) => i.ventaId)).not.toContain((r.json() as TRecibo).id);
  });
});

/**
 * Issue #53 point 4: an exchange of a sale made offline reaches the online exchange's endpoint after its
 * sale, with the device's key; the same domain (cambio.domain.ts) moves stock, the drawer and fiado once.
 */
describe('cambios hechos sin red', () => {
  const stock = async (id: number) => (await db().select({ stock: producto.stock }).from(producto).where(eq(producto.idProducto, id)))[0]!.stock;
  const lineasDe = async (token: string, ventaId: number) => (await req('GET', `/api/ventas/${ventaId}/devoluciones`, token)).json() as { cliente: { saldo: number } | null; lineas: { facturaId: number }[]; devoluciones: unknown[] };
  const cambio = (facturaId: number, productoId: number, extra: Record<string, unknown> = {}) => ({
    clave: randomUUID(),
    metodoPagoId: 5,
    montoRecibido: 2_500,
    motivo: 'No era esa',
    devolver: [{ facturaId, cantidad: 1, destino: 'inventario' }],
    lineas: [{ productoId, cantidad: 2 }],
    ...extra,
  });

  it('en orden: la venta y luego su cambio; reenviados (también a la vez) se aplican una vez', async () => {
    const s = await crearTienda(t);
    const leche = await productoCon(s, 20, 'Leche');
    const arroz = await productoCon(s, 20, 'Arroz');
    const d = await dispositivo(s.token);
    const venta1 = ventaSinRed(d, 1, leche, 2);
    const v = await req('POST', '/api/sin-red/ventas', s.token, venta1);
    expect(v.statusCode, v.body).toBe(201);
    const ventaId = (v.json() as TRecibo).id;
    const c = cambio((await lineasDe(s.token, ventaId)).lineas[0]!.facturaId, arroz);
    const respuestas = await Promise.all([req('POST', `/api/ventas/${ventaId}/cambios`, s.token, c), req('POST', `/api/ventas/${ventaId}/cambios`, s.token, c)]);
    const otra = await req('POST', `/api/ventas/${ventaId}/cambios`, s.token, c);
    for (const r of [...respuestas, otra]) expect(r.statusCode, r.body).toBe(201);
    const nuevas = [...respuestas, otra].map((r) => (r.json() as { venta: TRecibo }).venta);
    expect(new Set(nuevas.map((n) => n.id)).size).toBe(1);
    // 1 milk back (2 500), 2 rice taken (5 000): the customer paid 2 500.
    expect(nuevas[0]!.total).toBe(5_000);
    expect(await stock(leche)).toBe(20 - 2 + 1);
    expect(await stock(arroz)).toBe(20 - 2);
    expect((await lineasDe(s.token, ventaId)).devoluciones).toHaveLength(1);
    // The sale sent again after its exchange (a replay of the outbox) is still the one sale.
    const otraVez = await req('POST', '/api/sin-red/ventas', s.token, venta1);
    expect((otraVez.json() as TRecibo).id).toBe(ventaId);
    expect(await stock(leche)).toBe(19);
    const [n] = await db().select({ n: sql<number>`count(*)::int` }).from(venta).where(eq(venta.tiendaId, s.id));
    expect(n!.n).toBe(2);
  });

  it('fuera de orden: el cambio de una venta que aún no llegó no cambia nada; llegada la venta, se aplica', async () => {
    const s = await crearTienda(t);
    const leche = await productoCon(s, 20, 'Leche');
    const arroz = await productoCon(s, 20, 'Arroz');
    const d = await dispositivo(s.token);
    const c = cambio(2_147_483_000, arroz);
    const antes = await req('POST', '/api/ventas/2147483000/cambios', s.token, c);
    expect(antes.statusCode).toBe(404);
    expect(await stock(arroz)).toBe(20);
    const v = await req('POST', '/api/sin-red/ventas', s.token, ventaSinRed(d, 1, leche, 2));
    const ventaId = (v.json() as TRecibo).id;
    const despues = await req('POST', `/api/ventas/${ventaId}/cambios`, s.token, { ...c, devolver: [{ facturaId: (await lineasDe(s.token, ventaId)).lineas[0]!.facturaId, cantidad: 1, destino: 'inventario' }] });
    expect(despues.statusCode, despues.body).toBe(201);
    expect(await stock(arroz)).toBe(18);
    expect(await stock(leche)).toBe(19);
  });

  it('al fiado: la cuenta del cliente se mueve solo en la diferencia, como en línea', async () => {
    const s = await crearTienda(t);
    const leche = await productoCon(s, 20, 'Leche');
    const arroz = await productoCon(s, 20, 'Arroz');
    expect((await req('POST', '/api/clientes', s.token, { documento: '52000333', tipoDocumento: 'CC', nombre: 'Luz', apellido: 'Paz', fiado: true, cupo: 50_000 })).statusCode).toBe(201);
    const d = await dispositivo(s.token);
    const v = await req('POST', '/api/sin-red/ventas', s.token, ventaSinRed(d, 1, leche, 2, { metodoPagoId: 7, montoRecibido: 0, documentoCliente: '52000333', sinRed: { dispositivoId: d.id, numero: `${d.prefijo}-1`, fecha: ahora(), reloj: ahora(), saldoCliente: 0 } }));
    expect(v.statusCode, v.body).toBe(201);
    const ventaId = (v.json() as TRecibo).id;
    expect((await lineasDe(s.token, ventaId)).cliente!.saldo).toBe(5_000);
    // Both milks back (5 000) for one rice (2 500), on fiado: owes 2 500; the drawer does not move.
    const c = cambio((await lineasDe(s.token, ventaId)).lineas[0]!.facturaId, arroz, { metodoPagoId: 7, montoRecibido: 0, devolver: [{ facturaId: (await lineasDe(s.token, ventaId)).lineas[0]!.facturaId, cantidad: 2, destino: 'inventario' }], lineas: [{ productoId: arroz, cantidad: 1 }] });
    for (let i = 0; i < 2; i++) expect((await req('POST', `/api/ventas/${ventaId}/cambios`, s.token, c)).statusCode).toBe(201);
    expect((await lineasDe(s.token, ventaId)).cliente!.saldo).toBe(2_500);
    expect(await stock(leche)).toBe(20);
    expect(await stock(arroz)).toBe(19);
  });
});
