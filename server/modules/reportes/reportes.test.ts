import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import type { TInicioResumen, TReporte } from '#shared/schemas/reportes';
import { actividad, producto, venta } from '../../db/schema';
import { conRol, crearTienda, type Tienda } from '../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

/** The reports as an owner, a cashier and a supervisor meet them (issue #35). */
let t: TestApp;
let s: Tienda;
let arroz: number;
beforeAll(async () => {
  t = await createTestApp();
  s = await crearTienda(t);
  const crear = await t.request({ method: 'POST', url: '/api/productos', token: s.token, payload: { nombre: 'Arroz; "Diana" 500 g', precio: 2500, cantidad: 40, stockMin: 5, categoria: 'Granos' } });
  expect(crear.statusCode, crear.body).toBe(201);
  arroz = (crear.json() as { producto: { id: number } }).producto.id;
  const venta = await t.request({
    method: 'POST',
    url: '/api/ventas',
    token: s.token,
    payload: { lineas: [{ productoId: arroz, cantidad: 3, descuento: { tipo: 'valor', valor: 500 } }], motivoDescuento: 'Cliente frecuente', metodoPagoId: 5, montoRecibido: 10_000 },
  });
  expect(venta.statusCode, venta.body).toBe(201);
});
afterAll(() => t?.close());

const pedir = (url: string, token = s.token) => t.request({ method: 'GET', url, token });

describe('reportes', () => {
  it('el resumen de hoy cuenta la venta: bruto, descuento, neto, ticket', async () => {
    const res = await pedir('/api/reportes/ventas?periodo=hoy');
    expect(res.statusCode, res.body).toBe(200);
    const rep = res.json() as TReporte;
    const v = Object.fromEntries(rep.indicadores.map((i) => [i.clave, i.valor]));
    expect(v).toMatchObject({ bruto: 7500, descuentos: 500, neto: 7000, tickets: 1, ticketPromedio: 7000, unidades: 3 });
    // Compared with yesterday, when nothing was sold.
    expect(rep.anterior).not.toBeNull();
    expect(rep.indicadores.find((i) => i.clave === 'neto')!.anterior).toBe(0);
  });

  it('exporta CSV para Excel en español: BOM, punto y coma, coma decimal, dd/mm/aaaa', async () => {
    const res = await pedir('/api/reportes/productos?periodo=hoy'.replace('productos?', 'productos/exportar?') + '&formato=csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="reporte-productos-\d{4}-\d{2}-\d{2}-a-\d{4}-\d{2}-\d{2}\.csv"/);
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lineas = bytes.toString('utf8').slice(1).split('\r\n');
    // The quantity's unit beside it (issue #52 point 3).
    expect(lineas[0]).toBe('Puesto;Producto;Categoría;Cantidad;Unidad;Bruto;Descuentos;Devoluciones;Neto;Costo;Margen;Margen %;Participación %;Cantidad periodo anterior');
    // A name with the separator and quotes is quoted; 100 % is written with no decimals, money as whole pesos.
    expect(lineas[1]).toBe('1;"Arroz; ""Diana"" 500 g";Granos;3;und;7500;500;0;7000;;;;100;0');

    const dias = await pedir('/api/reportes/ventas/exportar?periodo=hoy&formato=csv');
    const fila = dias.rawPayload.toString('utf8').split('\r\n')[1]!;
    // Gross, discounts, returns, then net = gross − discounts − returns (issue #52).
    expect(fila).toMatch(/^\d{2}\/\d{2}\/\d{4};1;7500;500;0;0;7000;7000;3;0;0$/);

    const medios = await pedir('/api/reportes/medios-pago/exportar?periodo=hoy&formato=csv');
    expect(medios.rawPayload.toString('utf8').split('\r\n')[1]).toBe('Efectivo;1;7000;0;7000;100;0');
  });

  it('exporta XLSX con una hoja por tabla, dinero y fechas como números', async () => {
    const res = await pedir('/api/reportes/ventas/exportar?periodo=hoy&formato=xlsx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getCell('A1').value).toBe('Resumen de ventas');
    expect(ws.getRow(4).values).toEqual([undefined, 'Día', 'Tickets', 'Bruto', 'Descuentos', 'Devoluciones', 'Devuelto', 'Neto', 'Ticket promedio', 'Unidades', 'Anuladas', 'Monto anulado']);
    expect(ws.getCell('A5').value).toBeInstanceOf(Date);
    expect(ws.getCell('G5').value).toBe(7000);
    expect(ws.getColumn(7).numFmt).toContain('#,##0');
  });

  it('turnos: esperado contra contado después del cierre; kardex del producto', async () => {
    const actual = (await pedir('/api/caja/turno')).json() as { turno: { id: number } };
    const cierre = await t.request({ method: 'POST', url: `/api/caja/turnos/${actual.turno.id}/cerrar`, token: s.token, payload: { efectivo: 6500 } });
    expect(cierre.statusCode, cierre.body).toBe(200);
    const rep = (await pedir('/api/reportes/turnos?periodo=hoy')).json() as TReporte;
    expect(rep.tablas[0]!.filas[0]).toMatchObject({ turno: actual.turno.id, esperado: 7000, contado: 6500, diferencia: -500, estado: 'Cerrado' });
    expect(rep.tablas[1]!.filas).toContainEqual({ turno: actual.turno.id, medio: 'Efectivo', esperado: 7000, contado: 6500, diferencia: -500 });

    const k = (await pedir(`/api/reportes/kardex?periodo=hoy&productoId=${arroz}`)).json() as TReporte;
    expect(Object.fromEntries(k.indicadores.map((i) => [i.clave, i.valor]))).toEqual({ stockInicial: 0, entradas: 40, salidas: 3, stockFinal: 37 });
  });

  it('inventario, sin ventas y cartera responden con lo que hay', async () => {
    await t.database.db.insert(producto).values({ tiendaId: s.id, nombre: 'Jabón quieto', precioUnit: 1000, stock: 2, stockMin: 3 });
    const inv = (await pedir('/api/reportes/inventario')).json() as TReporte;
    expect(Object.fromEntries(inv.indicadores.map((i) => [i.clave, i.valor]))).toEqual({ valorInventario: 37 * 2500 + 2000, unidadesInventario: 39, porPedir: 1, agotados: 0 });
    const sv = (await pedir('/api/reportes/sin-ventas?dias=7')).json() as TReporte;
    expect(sv.tablas[0]!.filas.map((f) => f.producto)).toEqual(['Jabón quieto']);
    const inicio = (await pedir('/api/reportes/inicio')).json() as TInicioResumen;
    expect(inicio.porPedir).toBe(1);
    expect(inicio.top[0]).toEqual({ producto: 'Arroz; "Diana" 500 g', cantidad: 3, neto: 7000, unidad: '94' });
    expect(inicio.indicadores.find((i) => i.clave === 'neto')).toMatchObject({ valor: 7000, anterior: 0 });
  });

  it('inventario: agotados primero, luego por pedir, luego por valor y nombre; los totales cuentan toda la tienda', async () => {
    await t.database.db.insert(producto).values([
      { tiendaId: s.id, nombre: 'Zanahoria agotada', precioUnit: 900, stock: 0, stockMin: 1 },
      { tiendaId: s.id, nombre: 'Azúcar agotada', precioUnit: 4000, stock: 0, stockMin: 1 },
      { tiendaId: s.id, nombre: 'Sal de sobra', precioUnit: 100, stock: 500, stockMin: 1 },
    ]);
    const inv = (await pedir('/api/reportes/inventario')).json() as TReporte;
    const filas = inv.tablas[0]!.filas;
    expect(filas.map((f) => f.producto)).toEqual(['Azúcar agotada', 'Zanahoria agotada', 'Jabón quieto', 'Arroz; "Diana" 500 g', 'Sal de sobra']);
    expect(filas.map((f) => f.valor)).toEqual([0, 0, 2000, 37 * 2500, 50_000]);
    expect(Object.fromEntries(inv.indicadores.map((i) => [i.clave, i.valor]))).toEqual({ valorInventario: 37 * 2500 + 2000 + 50_000, unidadesInventario: 539, porPedir: 3, agotados: 2 });
  });

  it('descuentos: quién vendió y quién autorizó, también cuando autorizó la cuenta de la tienda con su PIN', async () => {
    const [v] = await t.database.db
      .insert(venta)
      .values({ tiendaId: s.id, metodoPagoId: 5, estado: 'Completada', total: 900, descuento: 100, motivoDescuento: 'Vecina', autorizadoPorTienda: true })
      .returning({ id: venta.idVenta, numero: venta.numero });
    const rep = (await pedir('/api/reportes/anulaciones-descuentos?periodo=hoy')).json() as TReporte;
    expect(rep.tablas[0]!.filas.find((f) => f.venta === v!.numero)).toMatchObject({ tipo: 'Descuento', monto: 100, quien: 'Cuenta de la tienda', motivo: 'Vecina' });
    const emp = (await pedir('/api/reportes/empleados?periodo=hoy')).json() as TReporte;
    expect(emp.tablas[0]!.filas.find((f) => f.persona === 'Cuenta de la tienda')).toMatchObject({ autorizados: 1 });
  });

  it('filtros malos: 400 en español y nada cambia; el kardex de otra tienda es 404', async () => {
    for (const q of ['periodo=siempre', 'periodo=rango&desde=2026-02-30', 'periodo=rango&desde=2026-03-02&hasta=2026-03-01', 'usuarioId=-1', 'dias=0', 'turnoId=abc']) {
      const res = await pedir(`/api/reportes/ventas?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.message, q).toMatch(/fecha|filtros/);
    }
    expect((await pedir('/api/reportes/ventas/exportar?periodo=hoy&formato=pdf')).statusCode).toBe(400);
    const otra = await crearTienda(t);
    const res = await pedir(`/api/reportes/kardex?productoId=${arroz}`, otra.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(M.reportes.productoNoEncontrado);
  });

  it('sin el permiso de reportes, el empleado recibe 403 y el intento queda en el registro; Inicio es de los roles 1 y 3', async () => {
    const cajero = await conRol(t, s, ROL.EMPLEADO);
    const encargado = await conRol(t, s, ROL.ENCARGADO);
    // A new store's cashier has no reports until the owner allows them (issue #51 point 8).
    expect((await pedir('/api/reportes/ventas', cajero)).statusCode).toBe(403);
    const actuales = (await pedir('/api/tienda/permisos')).json() as { roles: Record<string, Record<string, boolean>> };
    actuales.roles['2']!.reportes = true;
    expect((await t.request({ method: 'PUT', url: '/api/tienda/permisos', token: s.token, payload: actuales })).statusCode).toBe(200);
    expect((await pedir('/api/reportes/ventas', cajero)).statusCode).toBe(200);
    expect((await pedir('/api/reportes/inicio', cajero)).statusCode).toBe(403);
    expect((await pedir('/api/reportes/inicio', encargado)).statusCode).toBe(200);

    actuales.roles['2']!.reportes = false;
    expect((await t.request({ method: 'PUT', url: '/api/tienda/permisos', token: s.token, payload: actuales })).statusCode).toBe(200);
    for (const url of ['/api/reportes/ventas?periodo=hoy', '/api/reportes/cartera/exportar?formato=csv', '/api/reportes/opciones']) {
      const res = await pedir(url, cajero);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.message).toBe(M.permisos.denegado.reportes);
    }
    const intentos = await t.database.db.select().from(actividad).where(and(eq(actividad.tiendaId, s.id), eq(actividad.tipo, 'rechazo')));
    expect(intentos.some((a) => (a.detalle as { accion?: string }).accion === 'reportes')).toBe(true);
    // The supervisor's own permission is untouched.
    expect((await pedir('/api/reportes/ventas', encargado)).statusCode).toBe(200);
  });
});
