import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { abrirCaja, conRol, crearTienda, type Tienda } from '../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

let t: TestApp;
let s: Tienda;
let otra: Tienda;
const C = M.exportacion.columnas;

async function producto(tienda: Tienda, nombre: string, precio: number, cantidad: number, codigoBarras?: string) {
  const res = await t.request({ method: 'POST', url: '/api/productos', token: tienda.token, payload: { nombre, precio, cantidad, ...(codigoBarras ? { codigoBarras } : {}) } });
  expect(res.statusCode, res.body).toBe(201);
}

beforeAll(async () => {
  t = await createTestApp();
  s = await crearTienda(t);
  otra = await crearTienda(t);
  await producto(s, 'Café molido; 500 g', 12_500, 8, '7702001000012');
  await producto(s, 'Azúcar morena', 4_300, 20);
  await producto(s, '=HIPERVINCULO("x")', 100, 1);
  await producto(otra, 'Producto de otra tienda', 999, 1);
});
afterAll(() => t?.close());

const get = (url: string, token = s.token) => t.request({ method: 'GET', url, token });
const lineas = (body: string) => body.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);

describe('exportar las listas de la tienda', () => {
  it('productos en CSV para Excel en español: BOM, punto y coma, solo la tienda, la búsqueda de la pantalla', async () => {
    const res = await get('/api/productos/exportar/csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="productos-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [cabecera, ...filas] = lineas(res.body);
    expect(cabecera).toBe(Object.values(C.productos).join(';'));
    expect(filas).toHaveLength(3);
    expect(res.body).not.toContain('otra tienda');
    expect(filas.find((f) => f.includes('Café'))).toMatch(/^\d+;7702001000012;"Café molido; 500 g";;;;12500;;;Unidad \(94\);8;0;Sí;No;;;No;$/);
    // A text Excel would run as a formula stays text.
    expect(res.body).toContain(`"'=HIPERVINCULO(""x"")"`);

    const filtrado = await get('/api/productos/exportar/csv?q=azucar');
    expect(lineas(filtrado.body).slice(1)).toEqual([expect.stringMatching(/;Azúcar morena;/)]);
  });

  it('productos en XLSX: números como números', async () => {
    const res = await get('/api/productos/exportar/xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const hoja = libro.getWorksheet(M.exportacion.hojas.productos)!;
    expect(hoja.getRow(1).getCell(3).value).toBe(C.productos.nombre);
    const azucar = hoja.getRows(2, 3)!.find((r) => r.getCell(3).value === 'Azúcar morena')!;
    expect(azucar.getCell(7).value).toBe(4300);
    expect(azucar.getCell(11).value).toBe(20);
  });

  it('movimientos con la fecha dd/mm/aaaa de la tienda; el encargado no los ve (especificación §6)', async () => {
    const res = await get('/api/movimientos/exportar/csv');
    expect(res.statusCode, res.body).toBe(200);
    const [cabecera, ...filas] = lineas(res.body);
    expect(cabecera).toBe(Object.values(C.movimientos).join(';'));
    expect(filas).toHaveLength(3);
    expect(filas[0]).toMatch(/^\d+;\d{2}\/\d{2}\/\d{4} \d{2}:\d{2};/);
    const encargado = await conRol(t, s, ROL.ENCARGADO);
    const r3 = await get('/api/movimientos/exportar/csv', encargado);
    expect(r3.statusCode).toBe(403);
    expect(r3.json().error.message).toBe(M.roles.denyMovimientos);
  });

  it('clientes, proveedores y ventas tienen su cabecera; un formato desconocido es 400 en español', async () => {
    for (const [url, columnas] of [
      ['/api/clientes/exportar/csv', C.clientes],
      ['/api/proveedores/exportar/csv', C.proveedores],
      ['/api/facturas/exportar/csv?estado=Completada', C.ventas],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, res.body).toBe(200);
      expect(lineas(res.body)[0]).toBe(Object.values(columnas).join(';'));
    }
    const malo = await get('/api/productos/exportar/pdf');
    expect(malo.statusCode).toBe(400);
    expect(malo.json().error.message).toBe(M.exportacion.formatoInvalido);
  });

  it('ventas: unidades y kilos en columnas aparte, nunca sumados, y la venta por el número de su recibo (issue #52 punto 3)', async () => {
    const c = await crearTienda(t);
    await abrirCaja(t, c.token);
    const nuevo = async (payload: object) => {
      const r = await t.request({ method: 'POST', url: '/api/productos', token: c.token, payload });
      expect(r.statusCode, r.body).toBe(201);
      return r.json().producto.id as number;
    };
    const queso = await nuevo({ nombre: 'Queso campesino', precio: 12_000, cantidad: 10, unidad: 'KGM' });
    const arroz = await nuevo({ nombre: 'Arroz 500 g', precio: 2_800, cantidad: 20 });
    const venta = await t.request({
      method: 'POST',
      url: '/api/ventas',
      token: c.token,
      payload: { lineas: [{ productoId: queso, cantidad: 0.204 }, { productoId: arroz, cantidad: 13 }], metodoPagoId: 5, montoRecibido: 100_000 },
    });
    expect(venta.statusCode, venta.body).toBe(201);
    const [cabecera, fila] = lineas((await get('/api/facturas/exportar/csv', c.token)).body);
    const col = (titulo: string) => fila!.split(';')[cabecera!.split(';').indexOf(titulo)];
    expect([col(C.ventas.id), col(C.ventas.lineas), col(C.ventas.unidades), col(C.ventas.kilos), col(C.ventas.litros)]).toEqual(['1', '2', '13', '0,204', '0']);

    // The stock movements name the unit their quantities are in.
    const [cab, ...movs] = lineas((await get('/api/movimientos/exportar/csv?q=queso', c.token)).body);
    const i = cab!.split(';').indexOf(C.movimientos.unidad);
    expect(movs.map((m) => m.split(';')[i])).toContain(M.impuestos.unidades.KGM);
    expect(movs.find((m) => m.includes(';0,204;'))).toBeTruthy();
  });
});
