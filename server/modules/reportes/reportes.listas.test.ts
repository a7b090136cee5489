/**
 * Issue #59 point 4: *Ventas por lista de precios*, through the store API, on PGlite and PostgreSQL
 * (TEST_DATABASE_URL), with exact pesos: a *Mayorista* customer buying 12 units at the break price and
 * 5 at the list's %, with a discount and a return; a *Domicilios* customer; sales with no list (a
 * customer without one, no customer, and an offline sale of the Mayorista customer, which the device
 * priced normally); an annulled sale. What each line records (migration 0085), the ranking, a deleted
 * and a renamed list, the export, permissions, range and tenancy.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import type { TReporte } from '#shared/schemas/reportes';
import { factura } from '../../db/schema';
import { conRol, crearTienda, type Tienda } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';
import { usarPrecios } from '../lista-precio/precios.fixtures';
import { generarReporte } from './reportes.service';

const R = M.reportes;
const t = usarApp();
const { req, db, nuevoProducto, cliente, vender, equipoSinRed } = usarPrecios(t, { producto: 'por lista', documentoDesde: 74_000_000, cliente: { nombre: 'Cliente', apellido: 'Lista' } });

const reporte = async (s: Tienda, token = s.token) => {
  const r = await req('GET', '/api/reportes/listas-precios?periodo=hoy', token);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as TReporte;
};
/**
 * Issue #55 point 2: the report read from the lists' summary (resumen_lista_dia) answers what every line
 * read directly answers, this month and the one before (the comparison periods), every row.
 */
const comoDirecto = async (s: Tienda, deResumen = true) => {
  for (const periodo of ['hoy', 'mes', 'mesAnterior'] as const) {
    const filtros = { periodo, dias: 30 };
    const resumido = await generarReporte({ db: db(), tiendaId: s.id, informe: 'listas-precios', filtros, completo: true });
    expect(resumido, periodo).toEqual(await generarReporte({ db: db(), tiendaId: s.id, informe: 'listas-precios', filtros, completo: true, directo: true }));
  }
  // Read from the summary indeed: its rows hold the store's lines, each with the cost it kept (a line
  // that kept none makes the report read the lines: the back office's product below has no cost).
  const [x] = ((await db().execute(sql`select coalesce(sum(lineas), 0)::int as lineas, coalesce(sum(sin_costo), 0)::int as sin_costo from resumen_lista_dia where tienda_id = ${s.id}`)) as unknown as { rows: { lineas: number; sin_costo: number }[] }).rows;
  expect(x!.lineas).toBeGreaterThan(0);
  expect(x!.sin_costo === 0).toBe(deResumen);
};
const indicadores = (rep: TReporte) => Object.fromEntries(rep.indicadores.map((i) => [i.clave, i.valor]));
const lineasDe = async (ventaId: number) =>
  (await db().select({ lista: factura.listaPrecioId, nombre: factura.listaNombre, precio: factura.precio, base: factura.precioBase }).from(factura).where(eq(factura.ventaId, ventaId))).map((f) => ({ ...f }));

describe('ventas por lista de precios', () => {
  let s: Tienda;
  let mayoristaId: number;
  let domiciliosId: number;
  let gaseosa: number;
  let primera: number;
  let recibo: object;

  beforeAll(async () => {
    s = await crearTienda(t);
    gaseosa = await nuevoProducto(s, 2_500, { costoPromedio: 1_500 });
    const pan = await nuevoProducto(s, 2_000, { costoPromedio: 1_200 });
    mayoristaId = (await req('POST', '/api/listas-precios', s.token, { nombre: 'Mayorista', porcentaje: 10 })).json().lista.id;
    domiciliosId = (await req('POST', '/api/listas-precios', s.token, { nombre: 'Domicilios', porcentaje: 5 })).json().lista.id;
    for (const body of [
      { productoId: gaseosa, precio: 2_400 },
      { productoId: gaseosa, desde: 12, precio: 2_300 },
    ])
      expect((await req('PUT', `/api/listas-precios/${mayoristaId}/precios`, s.token, body)).statusCode).toBe(200);
    const tendero = await cliente(s);
    const vecina = await cliente(s);
    const sinLista = await cliente(s);
    expect((await req('PUT', `/api/listas-precios/${mayoristaId}/clientes`, s.token, { documento: tendero, asignado: true })).statusCode).toBe(200);
    expect((await req('PUT', `/api/listas-precios/${domiciliosId}/clientes`, s.token, { documento: vecina, asignado: true })).statusCode).toBe(200);

    // Mayorista: 12 gaseosas at the break (2 300: 27 600, 2 400 less than 30 000); 5 panes at 10 % off
    // (1 800: 9 000, 1 000 less) with $ 500 off the line.
    const v1 = await vender(s.token, [{ productoId: gaseosa, cantidad: 12 }], { documentoCliente: tendero });
    expect(v1.total).toBe(27_600);
    primera = v1.id;
    recibo = v1.lineas[0]!;
    const v2 = await vender(s.token, [{ productoId: pan, cantidad: 5, descuento: { tipo: 'valor', valor: 500 } }], { documentoCliente: tendero, motivoDescuento: 'Cliente de años' });
    expect(v2.total).toBe(8_500);
    // Domicilios: 4 gaseosas at 5 % off (2 375: 9 500, 500 less).
    expect((await vender(s.token, [{ productoId: gaseosa, cantidad: 4 }], { documentoCliente: vecina })).total).toBe(9_500);
    // No list: a customer without one (7 500) and no customer (4 000).
    expect((await vender(s.token, [{ productoId: gaseosa, cantidad: 3 }], { documentoCliente: sinLista })).total).toBe(7_500);
    expect((await vender(s.token, [{ productoId: pan, cantidad: 2 }])).total).toBe(4_000);
    // Offline, the Mayorista customer pays what the device showed (2 × 2 500): no list priced it.
    const d = await equipoSinRed(s);
    const ahora = new Date().toISOString();
    const sinRed = await req('POST', '/api/sin-red/ventas', s.token, {
      clave: randomUUID(),
      lineas: [{ productoId: gaseosa, cantidad: 2 }],
      metodoPagoId: 5,
      montoRecibido: 5_000,
      documentoCliente: tendero,
      sinRed: { dispositivoId: d.id, numero: `${d.prefijo}-1`, fecha: ahora, reloj: ahora },
    });
    expect(sinRed.statusCode, sinRed.body).toBe(201);
    expect(sinRed.json().total).toBe(5_000);
    expect(await lineasDe(sinRed.json().id)).toEqual([{ lista: null, nombre: null, precio: 2_500, base: 2_500 }]);
    // Annulled: never counts.
    const anulada = await vender(s.token, [{ productoId: gaseosa, cantidad: 12 }], { documentoCliente: tendero });
    expect((await req('POST', `/api/ventas/${anulada.id}/anular`, s.token)).statusCode).toBe(200);
    // 2 of the 12 gaseosas come back to stock: 4 600 refunded.
    const [linea] = (await req('GET', `/api/ventas/${primera}/devoluciones`, s.token)).json().lineas as { facturaId: number }[];
    const dev = await req('POST', `/api/ventas/${primera}/devoluciones`, s.token, { motivo: 'Sobraron', lineas: [{ facturaId: linea!.facturaId, cantidad: 2, destino: 'inventario' }] });
    expect(dev.statusCode, dev.body).toBe(201);
    expect(dev.json().total).toBe(4_600);
  });

  it('cada línea guarda la lista, su nombre y el precio normal; el recibo no cambia', async () => {
    expect(await lineasDe(primera)).toEqual([{ lista: mayoristaId, nombre: 'Mayorista', precio: 2_300, base: 2_500 }]);
    expect(recibo).toMatchObject({ precio: 2_300, subtotal: 27_600 });
    expect(Object.keys(recibo)).not.toContain('precioBase');
  });

  it('por lista: ventas, líneas, unidades, bruto a precio normal, diferencia, descuentos, cobrado, costo y margen exactos; Sin lista al final', async () => {
    const rep = await reporte(s);
    expect(rep.titulo).toBe(R.informes['listas-precios'].titulo);
    const [tabla] = rep.tablas;
    expect(tabla!.total).toBe(3);
    expect(tabla!.filas).toEqual([
      // 17 sold − 2 returned; gross at normal price 30 000 + 10 000 − 5 000; difference 2 400 + 1 000 − 400;
      // 27 600 + 9 000 − 500 − 4 600 charged; cost 18 000 + 6 000 − 3 000.
      { puesto: 1, lista: 'Mayorista', ventas: 2, lineas: 2, unidades: 15, base: 35_000, diferencia: 3_000, descuentos: 500, cobrado: 31_500, costo: 21_000, margen: 10_500, margenPorcentaje: 33.3, margenPrecioBase: 13_500, margenPrecioBasePorcentaje: 39.1 },
      { puesto: 2, lista: 'Domicilios', ventas: 1, lineas: 1, unidades: 4, base: 10_000, diferencia: 500, descuentos: 0, cobrado: 9_500, costo: 6_000, margen: 3_500, margenPorcentaje: 36.8, margenPrecioBase: 4_000, margenPrecioBasePorcentaje: 40 },
      // The customer without a list, the sale without customer and the offline sale.
      { puesto: 3, lista: R.sinLista, ventas: 3, lineas: 3, unidades: 7, base: 16_500, diferencia: 0, descuentos: 0, cobrado: 16_500, costo: 9_900, margen: 6_600, margenPorcentaje: 40, margenPrecioBase: 6_600, margenPrecioBasePorcentaje: 40 },
    ]);
    expect(indicadores(rep)).toEqual({ listas: 2, ventasConLista: 3, costoListas: 3_500, cobradoConLista: 41_000, margen: 14_000 });
    expect(rep.indicadores.find((i) => i.clave === 'margen')!.detalle).toBe(R.margenPrecioBase(17_500));
    expect(rep.grafico).toMatchObject({ etiquetas: ['Mayorista', 'Domicilios'], series: [{ datos: [3_000, 500] }] });
    await comoDirecto(s);
  });

  it('se exporta en CSV con sus columnas', async () => {
    const r = await req('GET', '/api/reportes/listas-precios/exportar?periodo=hoy&formato=csv', s.token);
    expect(r.statusCode, r.body).toBe(200);
    const lineas = r.rawPayload.toString('utf8').slice(1).split('\r\n');
    expect(lineas[0]).toBe(
      'Puesto;Lista de precios;Ventas;Líneas;Unidades;Bruto a precio normal;Diferencia (costo de la lista);Descuentos;Cobrado;Costo;Margen;Margen %;Margen a precio normal;Margen % a precio normal',
    );
    expect(lineas[1]).toBe('1;Mayorista;2;2;15;35000;3000;500;31500;21000;10500;33,3;13500;39,1');
  });

  it('un cajero no lo ve (403); un rango demasiado largo se rechaza en español; otra tienda no ve nada', async () => {
    const cajero = await conRol(t, s, ROL.EMPLEADO);
    expect((await req('GET', '/api/reportes/listas-precios?periodo=hoy', cajero)).statusCode).toBe(403);
    expect((await req('GET', '/api/reportes/listas-precios/exportar?periodo=hoy&formato=csv', cajero)).statusCode).toBe(403);
    const largo = await req('GET', '/api/reportes/listas-precios?periodo=rango&desde=2000-01-01&hasta=2026-01-01', s.token);
    expect(largo.statusCode).toBe(422);
    expect(largo.body).toContain(M.generic.rangoMuyLargo);
    const otra = await crearTienda(t);
    const vacio = await reporte(otra);
    expect([vacio.tablas[0]!.filas, vacio.tablas[0]!.total, indicadores(vacio)]).toEqual([[], 0, { listas: 0, ventasConLista: 0, costoListas: 0, cobradoConLista: 0, margen: 0 }]);
  });

  it('una lista renombrada muestra su nombre nuevo; una eliminada conserva sus ventas con su nombre', async () => {
    expect((await req('PUT', `/api/listas-precios/${mayoristaId}`, s.token, { nombre: 'Mayorista tenderos', porcentaje: 10 })).statusCode).toBe(200);
    expect((await req('DELETE', `/api/listas-precios/${domiciliosId}`, s.token)).statusCode).toBe(200);
    const rep = await reporte(s);
    expect(rep.tablas[0]!.filas.map((f) => [f.lista, f.ventas, f.diferencia, f.cobrado])).toEqual([
      ['Mayorista tenderos', 2, 3_000, 31_500],
      ['Domicilios', 1, 500, 9_500],
      [R.sinLista, 3, 0, 16_500],
    ]);
    expect(indicadores(rep)).toMatchObject({ listas: 2, costoListas: 3_500 });
    await comoDirecto(s);
  });
});

describe('una línea cambiada a mano en el back-office', () => {
  it('con su precio o producto cambiado deja de contar en la lista; con otro dato, la conserva', async () => {
    const s = await crearTienda(t);
    const gaseosa = await nuevoProducto(s, 2_500);
    const listaId = (await req('POST', '/api/listas-precios', s.token, { nombre: 'Mayorista', porcentaje: 10 })).json().lista.id;
    const tendero = await cliente(s);
    expect((await req('PUT', `/api/listas-precios/${listaId}/clientes`, s.token, { documento: tendero, asignado: true })).statusCode).toBe(200);
    const v = await vender(s.token, [{ productoId: gaseosa, cantidad: 2 }], { documentoCliente: tendero });
    const [{ id }] = await db().select({ id: factura.idFactura }).from(factura).where(eq(factura.ventaId, v.id)) as [{ id: number }];
    const cambiar = async (cantidad: number, precio: number) => {
      const r = await req('PUT', `/api/crud/factura/${id}`, s.token, { ventaId: v.id, productoId: gaseosa, cantidad, precio, estado: 'Pagado' });
      expect(r.statusCode, r.body).toBe(200);
      return lineasDe(v.id);
    };
    expect(await cambiar(3, 2_250)).toEqual([{ lista: listaId, nombre: 'Mayorista', precio: 2_250, base: 2_500 }]);
    expect(await cambiar(3, 2_400)).toEqual([{ lista: null, nombre: null, precio: 2_400, base: null }]);
    const rep = await reporte(s);
    expect(rep.tablas[0]!.filas.map((f) => [f.lista, f.base, f.diferencia, f.cobrado])).toEqual([[R.sinLista, 7_200, 0, 7_200]]);
    await comoDirecto(s, false);
  });
});
