import { expect, test } from '@playwright/test';
import { CLAVE, nuevaTienda } from './crud-support';
import { expectToast, signIn, unique } from './support/fixtures';
import { api } from './support/api';
import { captura } from './support/capturas';

/**
 * Issue #33 point 5, ADR 036: a purchase by pack. The owner scans the paca's barcode twice on the new
 * order, types the cost per paca, creates the order and receives it: the stock rises 24 and the
 * unit cost is $ 30.000 ÷ 12 = $ 2.500.
 */

test('compra por presentación: 2 pacas de 12 escaneadas, pedidas y recibidas suben el stock en 24', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  // A store of its own: its products, packs and barcodes stay out of other journeys.
  await signIn(page, 'Tienda', (await nuevaTienda(page.request)).email, CLAVE);
  const prov = unique('Distribuidora');
  const { proveedor } = await api<{ proveedor: { id: number } }>(page, 'POST', '/api/proveedores', { nombre: prov, telefono: '3104567890', email: 'ventas@distri.co' });
  const nombre = unique('Cerveza lata');
  const { producto } = await api<{ producto: { id: number } }>(page, 'POST', '/api/productos', { nombre, precio: '3.500', cantidad: 5, idProveedor: proveedor.id, stockMin: 30 });
  const codigo = String(7_709_300_000_000 + Math.floor(Math.random() * 999_999_999));
  const pack = await api<{ presentacion: { id: number } }>(page, 'POST', `/api/productos/${producto.id}/presentaciones`, { nombre: 'Paca x12', factor: 12, codigoBarras: codigo, precio: 40_000 });
  expect(pack.presentacion.id).toBeGreaterThan(0);

  await page.goto('/ordenes_compra/nueva');
  await page.getByLabel('Proveedor', { exact: true }).selectOption({ label: prov });
  // The paca's barcode, scanned twice (a scanner types it and presses Enter).
  const escaner = page.getByLabel('Escanear o escribir código de barras');
  for (let i = 0; i < 2; i++) {
    await escaner.fill(codigo);
    await escaner.press('Enter');
  }
  await expect(page.getByLabel(`Presentación de ${nombre}`)).toHaveValue(String(pack.presentacion.id));
  await expect(page.getByLabel(`Cantidad a pedir de ${nombre}`)).toHaveValue('2');
  await page.getByLabel(`Costo por Paca x12 de ${nombre}`).fill('30000');
  const fila = page.getByRole('row', { name: new RegExp(nombre) });
  await expect(fila).toContainText('$ 2.500 por unidad');
  await expect(fila).toContainText('$ 60.000');
  await expect(page.getByTestId('nueva-orden-total')).toHaveText('$ 60.000');
  await captura(page, { path: 'test-results/compras-presentaciones-nueva-1366.png', fullPage: true });

  await page.getByRole('button', { name: 'Crear orden de compra' }).click();
  await expectToast(page, 'Orden de compra creada');
  await expect(page).toHaveURL(/\/ordenes_compra\/\d+$/);
  const lineas = page.getByRole('table', { name: 'Productos de la orden' });
  const linea = lineas.getByRole('row', { name: new RegExp(nombre) });
  await expect(linea).toContainText('2 × Paca x12 (24 u.)');
  await expect(linea).toContainText('$ 30.000 por Paca x12');
  await expect(linea).toContainText('$ 60.000');

  // Receiving: the form offers the 2 pacas at $ 30.000 each.
  const recibir = page.getByRole('form', { name: 'Recibir mercancía' });
  await expect(recibir.getByLabel(`Presentación de ${nombre}`)).toHaveValue(String(pack.presentacion.id));
  await expect(recibir.getByLabel(`Cantidad recibida de ${nombre}`)).toHaveValue('2');
  await expect(recibir.getByLabel(`Costo por Paca x12 de ${nombre}`)).toHaveValue('30000');
  await recibir.getByLabel('Número de factura del proveedor').fill(unique('FE'));
  await captura(page, { path: 'test-results/compras-presentaciones-recibir-1366.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await captura(recibir, { path: 'test-results/compras-presentaciones-recibir-390.png' });
  await page.setViewportSize({ width: 1366, height: 900 });
  await recibir.getByRole('button', { name: 'Registrar recepción' }).click();
  await expectToast(page, /Recepción RC-\d+ registrada/);
  await expect(page.locator('.cmp-resumen')).toContainText('Recibida');
  await expect(linea.getByRole('cell').nth(4)).toHaveText('24');
  await expect(page.getByRole('region', { name: 'Recepciones' })).toContainText('24 unidades');

  // 5 on hand + 2 × 12.
  expect((await api<{ stock: number }>(page, 'GET', `/api/productos/${producto.id}`)).stock).toBe(29);
  expect(await api(page, 'GET', `/api/compras/costos?ids=${producto.id}`)).toEqual([expect.objectContaining({ costo: 2_500, costoPromedio: 2_500 })]);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(linea).toContainText('2 × Paca x12 (24 u.)');
  await captura(page, { path: 'test-results/compras-presentaciones-orden-390.png', fullPage: true });

  // Por pedir asks for it in pacas, as it last arrived: minimum 30, target 60, 29 on hand → 31 missing → 3 pacas.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/por_pedir');
  const grupo = page.getByRole('region', { name: prov });
  const sugerida = grupo.getByRole('row', { name: new RegExp(nombre) });
  await expect(sugerida).toContainText('3 × Paca x12 (36 u.)');
  await expect(grupo.getByLabel(`Paca x12 a pedir de ${nombre}`)).toHaveValue('3');
  await captura(page, { path: 'test-results/compras-presentaciones-por-pedir-1366.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await captura(page, { path: 'test-results/compras-presentaciones-por-pedir-390.png', fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await grupo.getByRole('button', { name: /Crear orden/ }).click();
  await expectToast(page, 'Orden de compra creada');
  await expect(page).toHaveURL(/\/ordenes_compra\/\d+$/);
  const nueva = page.getByRole('table', { name: 'Productos de la orden' }).getByRole('row', { name: new RegExp(nombre) });
  await expect(nueva).toContainText('3 × Paca x12 (36 u.)');
  await expect(nueva).toContainText('$ 30.000 por Paca x12');
  await expect(nueva).toContainText('$ 90.000');
});
