/**
 * Promotions (issue #59 points 2 and 5, ADR 052) through the store API, on PGlite and PostgreSQL
 * (TEST_DATABASE_URL): the owner makes a 3×2, a combo, a % off a category and a minimum purchase; the
 * checkout re-prices every sale with the engine and charges it (units, on a price list, a pack, by
 * weight, on fiado), refuses a total the till did not see, and writes the *Ahorro* on the receipt; a
 * return of a 3×2 line refunds what was paid; an offline sale arrives with the same total; a day that
 * is not the promotion's gives nothing; permissions, the activity log with before/after, and tenancy.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { momentoEn } from '#shared/promociones';
import { actividad, factura, ventaPromocion } from '../../db/schema';
import { crearTienda, type Tienda } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';
import { usarPrecios, type Recibo } from '../lista-precio/precios.fixtures';

const P = M.promociones;
const t = usarApp();
const { req, db, nuevoProducto, cliente, vender, cajaX12, equipoSinRed, empleados, rechazos, permitirAlEncargado } = usarPrecios(t, { producto: 'promo', documentoDesde: 72_000_000, cliente: { nombre: 'Cliente', apellido: 'Promo' } });

async function crear(s: Tienda, body: Record<string, unknown>, token = s.token) {
  const r = await req('POST', '/api/promociones', token, body);
  expect(r.statusCode, r.body).toBe(201);
  return r.json().promocion as { id: number };
}

describe('promociones de punta a punta', () => {
  let s: Tienda;
  let gaseosa: number;
  let pan: number;
  let leche: number;
  let queso: number;
  let aceite: number;
  let caja: number;
  let tres2: number;

  beforeAll(async () => {
    s = await crearTienda(t);
    gaseosa = await nuevoProducto(s, 3_000, { costoPromedio: 1_500 });
    pan = await nuevoProducto(s, 2_000);
    leche = await nuevoProducto(s, 4_000, { categoria: 'Lácteos' });
    queso = await nuevoProducto(s, 20_000, { unidadDian: 'KGM', categoria: 'Lácteos' });
    aceite = await nuevoProducto(s, 10_000, { categoria: 'Aceites' });
    caja = await cajaX12(s, aceite);
  });

  it('el dueño crea un 3×2 y lo cambia; el registro de actividad dice antes y después; los datos malos se rechazan campo por campo', async () => {
    const r = await req('POST', '/api/promociones', s.token, { nombre: ' 3×2 Gaseosa ', tipo: 'nxm', lleve: 3, pague: 2, productoId: gaseosa });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().message).toBe(P.creada('3×2 Gaseosa'));
    tres2 = r.json().promocion.id;
    expect(r.json().promocion).toMatchObject({ tipo: 'nxm', lleve: 3, pague: 2, productoId: gaseosa, dias: 127, activa: true, bajoCosto: false });
    expect((await req('POST', '/api/promociones', s.token, { nombre: '3×2 gaseosa', tipo: 'porcentaje', porcentaje: 5, productoId: pan })).json().error.message).toBe(P.nombreRepetido);
    const malos = [
      [{ nombre: 'X', tipo: 'nxm', lleve: 3, pague: 3, productoId: gaseosa }, P.pagueInvalido],
      [{ nombre: 'X', tipo: 'porcentaje', porcentaje: 95, productoId: gaseosa }, P.porcentajeInvalido],
      [{ nombre: 'X', tipo: 'porcentaje', porcentaje: 10 }, P.productoOCategoria],
      [{ nombre: 'X', tipo: 'combo', precio: 100, productos: [{ productoId: pan, cantidad: 1 }] }, P.comboInvalido],
      [{ nombre: 'X', tipo: 'nxm', lleve: 3, pague: 2, productoId: 999_999 }, P.productoNoExiste],
      [{ nombre: 'X', tipo: 'minimo', minimo: 1000, valor: 100, desde: '2026-12-10', hasta: '2026-12-01' }, P.fechasInvertidas],
      [{ nombre: 'X', tipo: 'minimo', minimo: 1000, valor: 100, horaDesde: '25:00' }, P.horaInvalida],
    ] as const;
    for (const [body, mensaje] of malos) {
      const m = await req('POST', '/api/promociones', s.token, body);
      expect(m.statusCode, m.body).toBeGreaterThanOrEqual(400);
      expect(JSON.stringify(m.json().error)).toContain(mensaje);
    }
    const c = await req('PUT', `/api/promociones/${tres2}`, s.token, { nombre: '3×2 Gaseosa', tipo: 'nxm', lleve: 3, pague: 2, productoId: gaseosa, horaDesde: '06:00', horaHasta: '06:00' });
    expect(c.statusCode, c.body).toBe(200);
    const log = await db().select().from(actividad).where(and(eq(actividad.tiendaId, s.id), eq(actividad.tipo, 'promocion')));
    expect(log.map((e) => (e.detalle as { accion: string }).accion)).toEqual(['creada', 'cambiada']);
    const texto = (await req('GET', '/api/actividad?tipo=promocion', s.token)).json().items.map((i: { descripcion: string }) => i.descripcion);
    expect(texto).toContain(`Cambió la promoción «3×2 Gaseosa»: ${P.campos.dias}: todos los días → todos los días · de 06:00 a 06:00`);
    expect((await req('GET', '/api/promociones', s.token)).json().map((p: { nombre: string }) => p.nombre)).toEqual(['3×2 Gaseosa']);
  });

  it('3×2: siete gaseosas pagan cinco; el recibo dice el Ahorro; la línea lleva el descuento y la venta su promoción', async () => {
    const v = await vender(s.token, [{ productoId: gaseosa, cantidad: 7 }]);
    expect(v.total).toBe(15_000);
    // The line names its promotion: the receipt shows the saving once, as the Ahorro, not as a cashier's Descuento.
    expect(v.lineas[0]).toMatchObject({ precio: 3_000, descuento: 6_000, subtotal: 15_000, promocion: '3×2 Gaseosa' });
    expect(v.ahorros).toEqual([{ nombre: '3×2 Gaseosa', ahorro: 6_000 }]);
    // Read back, the receipt is the same.
    const leido = (await req('GET', `/api/ventas/${v.id}`, s.token)).json();
    expect(leido.ahorros).toEqual([{ nombre: '3×2 Gaseosa', ahorro: 6_000 }]);
    expect(leido.lineas[0]).toMatchObject({ descuento: 6_000, promocion: '3×2 Gaseosa' });
    const filas = await db().select().from(ventaPromocion).where(eq(ventaPromocion.ventaId, v.id));
    expect(filas.map((f) => [f.promocionId, f.ahorro])).toEqual([[tres2, 6_000]]);
    // A promotion is no cashier's discount: nothing in the discounts' log.
    const descuentos = await db().select().from(actividad).where(and(eq(actividad.tiendaId, s.id), eq(actividad.tipo, 'descuento')));
    expect(descuentos).toHaveLength(0);
  });

  it('la caja manda el Ahorro que mostró: el mismo se cobra, otro se rechaza sin registrar nada', async () => {
    expect((await vender(s.token, [{ productoId: gaseosa, cantidad: 3 }], { ahorro: 3_000 })).total).toBe(6_000);
    const antes = (await db().select().from(factura).where(eq(factura.tiendaId, s.id))).length;
    const r = await req('POST', '/api/ventas', s.token, { lineas: [{ productoId: gaseosa, cantidad: 3 }], metodoPagoId: 5, montoRecibido: 10_000, ahorro: 9_000 });
    expect(r.statusCode).toBe(409);
    expect(r.json().error.message).toBe(P.cambiaron);
    expect((await db().select().from(factura).where(eq(factura.tiendaId, s.id))).length).toBe(antes);
  });

  it('una línea con descuento del cajero no toma la promoción', async () => {
    const v = await vender(s.token, [{ productoId: gaseosa, cantidad: 3, descuento: { tipo: 'valor', valor: 500 } }], { motivoDescuento: 'Cliente frecuente' });
    expect(v.total).toBe(8_500);
    expect(v.ahorros).toEqual([]);
    // Its descuento is the cashier's: the line names no promotion, read back either.
    expect(v.lineas[0]).not.toHaveProperty('promocion');
    expect((await req('GET', `/api/ventas/${v.id}`, s.token)).json().lineas[0].promocion).toBeUndefined();
  });

  it('combo, % a una categoría (también la caja y por peso) y compra mínima se suman; nunca por debajo del costo', async () => {
    await crear(s, { nombre: 'Desayuno', tipo: 'combo', precio: 4_500, productos: [{ productoId: gaseosa, cantidad: 1 }, { productoId: pan, cantidad: 1 }] });
    await crear(s, { nombre: 'Lácteos 10 %', tipo: 'porcentaje', porcentaje: 10, categoria: 'lácteos' });
    await crear(s, { nombre: 'Aceite 5 %', tipo: 'porcentaje', porcentaje: 5, productoId: aceite });
    const v = await vender(s.token, [
      { productoId: gaseosa, cantidad: 1 },
      { productoId: pan, cantidad: 1 },
      { productoId: leche, cantidad: 2 },
      { productoId: queso, cantidad: 0.5 },
      { productoId: aceite, cantidad: 1, unidadVentaId: caja },
    ]);
    // Combo: 5 000 → 4 500; leche 8 000 − 10 %; queso 10 000 − 10 %; the box 114 000 − 5 %.
    expect(v.lineas.map((l) => l.descuento)).toEqual([300, 200, 800, 1_000, 5_700]);
    expect(v.total).toBe(4_500 + 7_200 + 9_000 + 108_300);
    expect(v.ahorros).toEqual([
      { nombre: 'Desayuno', ahorro: 500 },
      { nombre: 'Lácteos 10 %', ahorro: 1_800 },
      { nombre: 'Aceite 5 %', ahorro: 5_700 },
    ]);
    const minimo = await crear(s, { nombre: 'Desde $ 100.000', tipo: 'minimo', minimo: 100_000, valor: 5_000 });
    expect((await vender(s.token, [{ productoId: aceite, cantidad: 1, unidadVentaId: caja }])).total).toBe(108_300 - 5_000);
    expect((await req('DELETE', `/api/promociones/${minimo.id}`, s.token)).statusCode).toBe(200);
    // 90 % off a gaseosa that costs 1 500: the price stops at the cost; with bajoCosto it goes below.
    const liquidacion = await crear(s, { nombre: 'Liquidación', tipo: 'porcentaje', porcentaje: 90, productoId: gaseosa, dias: 1 << ((momentoEn(Date.now()).dia + 2) % 7) });
    expect((await vender(s.token, [{ productoId: gaseosa, cantidad: 1 }])).total).toBe(3_000);
    await req('PUT', `/api/promociones/${liquidacion.id}`, s.token, { nombre: 'Liquidación', tipo: 'porcentaje', porcentaje: 90, productoId: gaseosa });
    expect((await vender(s.token, [{ productoId: gaseosa, cantidad: 1 }])).total).toBe(1_500);
    await req('PUT', `/api/promociones/${liquidacion.id}`, s.token, { nombre: 'Liquidación', tipo: 'porcentaje', porcentaje: 90, productoId: gaseosa, bajoCosto: true });
    expect((await vender(s.token, [{ productoId: gaseosa, cantidad: 1 }])).total).toBe(300);
    await req('DELETE', `/api/promociones/${liquidacion.id}`, s.token);
  });

  it('con lista de precios la promoción se calcula sobre el precio de la lista', async () => {
    const doc = await cliente(s);
    const lista = (await req('POST', '/api/listas-precios', s.token, { nombre: 'Mayorista', porcentaje: 0 })).json().lista.id;
    await req('PUT', `/api/listas-precios/${lista}/precios`, s.token, { productoId: gaseosa, precio: 2_700 });
    await req('PUT', `/api/listas-precios/${lista}/clientes`, s.token, { documento: doc, asignado: true });
    const v = await vender(s.token, [{ productoId: gaseosa, cantidad: 3 }], { documentoCliente: doc });
    expect(v.lineas[0]).toMatchObject({ precio: 2_700, descuento: 2_700 });
    expect(v.total).toBe(5_400);
  });

  it('fiado con el 3×2, y la devolución de una gaseosa reembolsa lo pagado por ella', async () => {
    const doc = await cliente(s, { fiado: true, cupo: 1_000_000 });
    const v = await vender(s.token, [{ productoId: gaseosa, cantidad: 3 }], { metodoPagoId: 7, montoRecibido: 0, aCredito: true, documentoCliente: doc });
    expect(v.total).toBe(6_000);
    const info = (await req('GET', `/api/ventas/${v.id}/devoluciones`, s.token)).json();
    expect(info.cliente.saldo).toBe(6_000);
    const d = await req('POST', `/api/ventas/${v.id}/devoluciones`, s.token, { motivo: 'Sobró', lineas: [{ facturaId: info.lineas[0].facturaId, cantidad: 1, destino: 'inventario' }] });
    expect(d.statusCode, d.body).toBe(201);
    expect(d.json().total).toBe(2_000);
    expect((await req('GET', `/api/ventas/${v.id}/devoluciones`, s.token)).json().cliente.saldo).toBe(4_000);
  });

  it('la caja y el equipo sin red leen las promociones activas y los costos; una venta sin red llega con el mismo total', async () => {
    const datos = (await req('GET', '/api/promociones/caja', s.token)).json();
    expect(datos.promociones.map((p: { nombre: string }) => p.nombre)).toContain('3×2 Gaseosa');
    expect(datos.productos).toContainEqual({ productoId: gaseosa, costo: 1_500, categoria: null });
    const d = await equipoSinRed(s);
    const venta = async (n: number, ahorro: number) => {
      const ahora = new Date().toISOString();
      const r = await req('POST', '/api/sin-red/ventas', s.token, {
        clave: randomUUID(),
        lineas: [{ productoId: gaseosa, cantidad: 3 }],
        metodoPagoId: 5,
        montoRecibido: 6_000,
        ahorro,
        sinRed: { dispositivoId: d.id, numero: `${d.prefijo}-${n}`, fecha: ahora, reloj: ahora },
      });
      expect(r.statusCode, r.body).toBe(201);
      return r.json() as Recibo;
    };
    const igual = await venta(1, 3_000);
    expect(igual.total).toBe(6_000);
    expect(igual.ahorros).toEqual([{ nombre: '3×2 Gaseosa', ahorro: 3_000 }]);
    // The device saw another saving (the promotion changed before the sync): the server's is charged, and the sale is reviewed.
    const otra = await venta(2, 1_000);
    expect(otra.total).toBe(6_000);
    const revisar = (await req('GET', '/api/sin-red/revisar', s.token)).json().items;
    expect(revisar.find((i: { ventaId: number }) => i.ventaId === igual.id)).toBeUndefined();
    expect(revisar.find((i: { ventaId: number }) => i.ventaId === otra.id).motivos).toContain(P.motivoSinRed('$ 1.000', '$ 3.000'));
  });

  it('fuera de sus días, o inactiva, la promoción no se aplica', async () => {
    const otroDia = 1 << ((momentoEn(Date.now()).dia + 2) % 7);
    await req('PUT', `/api/promociones/${tres2}`, s.token, { nombre: '3×2 Gaseosa', tipo: 'nxm', lleve: 3, pague: 2, productoId: gaseosa, dias: otroDia });
    expect((await vender(s.token, [{ productoId: gaseosa, cantidad: 3 }])).total).toBe(9_000);
    await req('PUT', `/api/promociones/${tres2}`, s.token, { nombre: '3×2 Gaseosa', tipo: 'nxm', lleve: 3, pague: 2, productoId: gaseosa, activa: false });
    expect((await vender(s.token, [{ productoId: gaseosa, cantidad: 3 }])).total).toBe(9_000);
    // Deleted: past sales keep their Ahorro.
    const v = await vender(s.token, [{ productoId: pan, cantidad: 1 }, { productoId: gaseosa, cantidad: 1 }]);
    expect(v.ahorros).toEqual([{ nombre: 'Desayuno', ahorro: 500 }]);
    const combo = (await req('GET', '/api/promociones', s.token)).json().find((p: { nombre: string }) => p.nombre === 'Desayuno');
    expect((await req('DELETE', `/api/promociones/${combo.id}`, s.token)).statusCode).toBe(200);
    expect((await req('GET', `/api/ventas/${v.id}`, s.token)).json().ahorros).toEqual([{ nombre: 'Desayuno', ahorro: 500 }]);
  });
});

describe('quién puede', () => {
  it('solo el rol 1 por defecto; el rechazo queda registrado; el permiso lo da el dueño; otra tienda no la ve; la caja la lee cualquier vendedor', async () => {
    const s = await crearTienda(t);
    const { cajero, encargado } = await empleados(s);
    const p = await nuevoProducto(s, 1_000);
    const body = { nombre: '2×1', tipo: 'nxm', lleve: 2, pague: 1, productoId: p };
    for (const token of [cajero, encargado]) {
      const r = await req('POST', '/api/promociones', token, body);
      expect(r.statusCode).toBe(403);
      expect(r.json().error.message).toBe(M.permisos.denegado.promociones);
      expect((await req('GET', '/api/promociones', token)).statusCode).toBe(403);
    }
    expect(await rechazos(s)).toEqual(['promociones', 'promociones']);
    await permitirAlEncargado(s, 'promociones');
    const creada = await crear(s, body, encargado);
    expect((await req('GET', '/api/promociones/caja', cajero)).json().promociones.map((x: { id: number }) => x.id)).toEqual([creada.id]);
    const otra = await crearTienda(t);
    expect((await req('GET', `/api/promociones/${creada.id}`, otra.token)).statusCode).toBe(404);
    expect((await req('PUT', `/api/promociones/${creada.id}`, otra.token, body)).statusCode).toBe(404);
    expect((await req('DELETE', `/api/promociones/${creada.id}`, otra.token)).statusCode).toBe(404);
    expect((await req('GET', '/api/promociones/caja', otra.token)).json()).toEqual({ promociones: [], zona: 'America/Bogota', productos: [] });
    // Another store's product in a promotion is not found.
    expect((await req('POST', '/api/promociones', otra.token, body)).statusCode).toBe(404);
  });
});
