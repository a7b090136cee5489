import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { formatPesos } from '../../shared/money';
import { CLAVE, nuevaTienda } from './crud-support';
import { DEMO, signIn, unique } from './support/fixtures';
import { api } from './support/api';
import { captura } from './support/capturas';

/**
 * Issue #35: the owner opens Inicio (today against the same weekday last week), goes from a figure to
 * its report, changes the period, opens two more reports, and downloads a CSV and an XLSX whose bytes
 * are what Excel in Spanish expects. Screenshots at 1366 and 390 px go to test-results/reportes/.
 */
const SHOTS = path.join('test-results', 'reportes');

async function foto(page: Page, nombre: string) {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await captura(page, { path: path.join(SHOTS, `${nombre}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('el dueño ve su día, abre tres reportes, cambia el periodo y exporta CSV y XLSX', async ({ page }) => {
  test.setTimeout(120_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  // A store of its own: Inicio and the report are compared to the peso, and other journeys return and
  // annul sales in the demo store meanwhile (a return of $ 8.000 between the two readings failed it).
  await signIn(page, 'Tienda', (await nuevaTienda(page.request)).email, CLAVE);
  const nombre = unique('Café reporte');
  const { producto } = await api<{ producto: { id: number } }>(page, 'POST', '/api/productos', { nombre, precio: 4200, cantidad: 50, categoria: 'Bebidas' });
  await api(page, 'POST', '/api/ventas', { lineas: [{ productoId: producto.id, cantidad: 2 }], metodoPagoId: 5, montoRecibido: 10_000 });
  const hoy = await api<{ indicadores: { clave: string; valor: number; detalle?: string | null }[] }>(page, 'GET', '/api/reportes/inicio');
  const netoHoy = hoy.indicadores.find((i) => i.clave === 'neto')!.valor;
  expect(netoHoy).toBeGreaterThanOrEqual(8400);

  // Inicio: the day at a glance, each figure one tap from its report.
  await page.goto('/inicio');
  await expect(page.getByRole('heading', { name: 'Su día de un vistazo' })).toBeVisible();
  await expect(page.getByTestId('inicio-neto').locator('strong')).toHaveText(formatPesos(netoHoy));
  // The day's margin, with how much of the net has a known cost when some product has none (issue #52).
  const margenHoy = hoy.indicadores.find((i) => i.clave === 'margen')!;
  await expect(page.getByTestId('inicio-margen').locator('strong')).toHaveText(formatPesos(margenHoy.valor));
  if (margenHoy.detalle) await expect(page.getByTestId('inicio-margen')).toContainText(margenHoy.detalle);
  await expect(page.getByRole('img', { name: /Ventas por hora/ })).toBeVisible();
  await foto(page, 'inicio');
  await page.getByTestId('inicio-neto').click();

  // Report 1: the sales summary, today, then this month.
  await expect(page).toHaveURL(/\/reportes\/ventas$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Resumen de ventas' })).toBeVisible();
  await expect(page.getByTestId('indicador-neto').locator('strong')).toHaveText(formatPesos(netoHoy));
  await page.getByLabel('Periodo').selectOption('mes');
  await expect(page).toHaveURL(/periodo=mes/);
  // On the month's first day (the store's) the month so far is that one day, named once.
  await expect(page.getByTestId('reporte-periodo')).toContainText(/^01\/\d{2}\/\d{4}( a \d{2}\/\d{2}\/\d{4})? · Comparado con 01\//);
  const mes = await api<{ indicadores: { clave: string; valor: number }[] }>(page, 'GET', '/api/reportes/ventas?periodo=mes');
  await expect(page.getByTestId('indicador-neto').locator('strong')).toHaveText(formatPesos(mes.indicadores.find((i) => i.clave === 'neto')!.valor));
  await expect(page.getByRole('img', { name: /Ventas netas por día/ })).toBeVisible();
  await foto(page, 'ventas');

  // Its CSV: BOM, ';', days as dd/mm/aaaa, money as whole pesos.
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'CSV (Excel)' }).click()]);
  expect(csv.suggestedFilename()).toMatch(/^reporte-ventas-\d{4}-\d{2}-01-a-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = fs.readFileSync((await csv.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lineas = bytes.toString('utf8').slice(1).split('\r\n');
  // Net sales = gross − discounts − returns (issue #52): returns come before the net they come off.
  expect(lineas[0]).toBe('Día;Tickets;Bruto;Descuentos;Devoluciones;Devuelto;Neto;Ticket promedio;Unidades;Anuladas;Monto anulado');
  expect(lineas[1]).toMatch(/^01\/\d{2}\/\d{4}(;-?[\d,]+){10}$/);

  // Report 2: by product, from the list of reports; its XLSX.
  await page.getByRole('link', { name: 'Todos los reportes' }).first().click();
  await expect(page).toHaveURL(/\/reportes$/);
  await page.getByRole('link', { name: /^Por producto/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Por producto' })).toBeVisible();
  const fila = page.getByRole('row').filter({ has: page.getByRole('cell', { name: nombre, exact: true }) });
  await expect(fila.getByRole('cell').nth(3)).toHaveText('2');
  // Net after the Devoluciones column (issue #52: the per-product report deducts returns).
  await expect(fila.getByRole('cell').nth(6)).toHaveText(formatPesos(0));
  await expect(fila.getByRole('cell').nth(7)).toHaveText(formatPesos(8400));
  // Cost and margin of the period (issue #32 point 6): this product has no cost yet, so neither.
  await expect(page.getByRole('columnheader', { name: 'Margen', exact: true })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Costo', exact: true })).toBeVisible();
  await foto(page, 'productos');
  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Excel (XLSX)' }).click()]);
  expect(xlsx.suggestedFilename()).toMatch(/^reporte-productos-.*\.xlsx$/);
  const libro = fs.readFileSync((await xlsx.path())!);
  expect(libro.subarray(0, 2).toString()).toBe('PK');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(libro as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  expect(ws.getCell('A1').value).toBe('Por producto');
  expect(ws.getRow(4).getCell(2).value).toBe('Producto');
  // Columns by their heading: the quantity's unit sits beside it (issue #52 point 3).
  const titulos = (ws.getRow(4).values as unknown[]).map(String);
  let encontrada = false;
  ws.eachRow((row) => {
    if (row.getCell(2).value === nombre) {
      encontrada = true;
      expect(row.getCell(titulos.indexOf('Cantidad')).value).toBe(2);
      expect(row.getCell(titulos.indexOf('Neto')).value).toBe(8400);
    }
  });
  expect(encontrada).toBe(true);

  // Report 3: the heat map of weekday × hour.
  await page.goto('/reportes/mapa-calor?periodo=mes');
  await expect(page.getByRole('heading', { level: 1, name: 'Mapa de calor' })).toBeVisible();
  const mapa = page.getByRole('region', { name: /^Ventas netas por día de la semana y hora\. Los datos/ });
  await expect(mapa).toBeVisible();
  // Seven weekdays under the hours' header; this month's sales in at least one cell.
  await expect(mapa.getByRole('row')).toHaveCount(8);
  await expect(mapa.locator('td[style*="background"]').first()).toBeVisible();
  await foto(page, 'mapa-calor');
});

test('el cierre diario por caja: la venta de hoy en su caja, y su CSV para Excel', async ({ page }) => {
  test.setTimeout(120_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  await signIn(page, 'Tienda', DEMO.tienda);
  const nombre = unique('Pan cierre');
  const { producto } = await api<{ producto: { id: number } }>(page, 'POST', '/api/productos', { nombre, precio: 1500, cantidad: 30, categoria: 'Panadería' });
  await api(page, 'POST', '/api/ventas', { lineas: [{ productoId: producto.id, cantidad: 3 }], metodoPagoId: 5, montoRecibido: 5_000 });
  // Other journeys sell in the same demo store meanwhile: figures are checked for what they must hold, not against one reading.
  const cierre = await api<{ indicadores: { clave: string; valor: number }[] }>(page, 'GET', '/api/reportes/cierre-diario?periodo=hoy');
  expect(cierre.indicadores.find((i) => i.clave === 'neto')!.valor).toBeGreaterThanOrEqual(4500);

  await page.goto('/reportes');
  await page.getByRole('link', { name: /^Cierre diario por caja/ }).click();
  await expect(page).toHaveURL(/\/reportes\/cierre-diario$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Cierre diario por caja' })).toBeVisible();
  await expect(page.getByTestId('indicador-neto').locator('strong')).toHaveText(/^\$ [\d.]+$/);
  await expect(page.getByLabel('Caja', { exact: true })).toBeVisible();
  // One row per till and day: today's, with the day in dd/mm/aaaa.
  const tabla = page.getByRole('table', { name: 'Cierre diario por caja' });
  await expect(tabla.getByRole('row').nth(1)).toContainText(/\d{2}\/\d{2}\/\d{4}/);
  await expect(page.getByRole('heading', { name: 'Base e impuesto por tarifa, por caja y día' })).toBeVisible();
  await foto(page, 'cierre-diario');

  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'CSV (Excel)' }).click()]);
  expect(csv.suggestedFilename()).toMatch(/^reporte-cierre-diario-(\d{4}-\d{2}-\d{2})-a-\1\.csv$/);
  const bytes = fs.readFileSync((await csv.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lineas = bytes.toString('utf8').slice(1).split('\r\n');
  expect(lineas[0]).toBe('Día;Caja;Primer número;Último número;Ventas;Anuladas;Inhabilitados;Bruto;Descuentos;Devoluciones;Neto;Fiado dado;Fiado cobrado;Entradas;Salidas;Esperado;Contado;Diferencia');
  const filasCsv = lineas.slice(1, lineas.indexOf(''));
  expect(filasCsv.length).toBeGreaterThanOrEqual(1);
  for (const l of filasCsv) {
    expect(l).toMatch(/^\d{2}\/\d{2}\/\d{4};[^;]+;[^;]*;[^;]*;\d+;\d+;\d+;\d+;\d+;\d+;-?\d+;\d+;\d+;\d+;\d+;-?\d*;-?\d*;-?\d*$/);
    // Each till's net is its gross less discounts less returns.
    const c = l.split(';').map(Number);
    expect(c[10]).toBe(c[7]! - c[8]! - c[9]!);
  }
  // Today's sales, this one's 4 500 among them.
  expect(filasCsv.reduce((a, l) => a + Number(l.split(';')[10]), 0)).toBeGreaterThanOrEqual(4500);
  expect(lineas).toContain('Por medio de pago, por caja y día');
  expect(lineas).toContain('Base e impuesto por tarifa, por caja y día');
});
