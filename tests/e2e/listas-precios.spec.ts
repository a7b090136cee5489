import { expect, test } from '@playwright/test';
import { CLAVE, nuevaTienda } from './crud-support';
import { agregarAlCarrito, documento, expectToast, signIn, unique } from './support/fixtures';
import { api } from './support/api';
import { captura } from './support/capturas';

/**
 * Issue #59 point 1, ADR 047: the owner makes the price list *Mayorista* on its screen, gives a product
 * its own price there and assigns a customer; the till sells to that customer and the server charges
 * the list's price (the receipt says $ 2.300 each, not $ 2.500); *Ventas por lista de precios* shows
 * the sale under Mayorista and what the list cost (issue #59 point 4). Screenshots at 1366 and 390 px.
 */
const SHOTS = process.env.SHOTS_DIR ?? 'test-results';

test('lista Mayorista: precio propio, cliente asignado y la venta cobra el precio de la lista', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'Tienda', (await nuevaTienda(page.request)).email, CLAVE, { caja: false });
  const arroz = unique('Arroz bulto');
  await api(page, 'POST', '/api/productos', { nombre: arroz, precio: 2_500, cantidad: 50, stockMin: 0 });
  const doc = documento();
  await api(page, 'POST', '/api/clientes', { documento: doc, tipoDocumento: 'CC', nombre: 'Don Mario', apellido: 'Tendero' });

  // The owner's screen: a new list with no % off.
  await page.goto('/inicio');
  await page.getByRole('link', { name: /Listas de precios/ }).click();
  await expect(page).toHaveURL(/\/listas_precios$/);
  await expect(page.getByText('Todavía no hay listas de precios.')).toBeVisible();
  await page.getByLabel('Nombre de la lista').fill('Mayorista');
  await page.getByRole('button', { name: 'Crear lista' }).click();
  await expectToast(page, 'Lista «Mayorista» creada.');
  await expect(page).toHaveURL(/\/listas_precios\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mayorista' })).toBeVisible();

  // A product's own price: found by name, $ 2.300 from 1 unit.
  await page.getByLabel('Producto', { exact: true }).fill(arroz.slice(0, 12));
  await page.getByRole('button', { name: new RegExp(arroz) }).click();
  await page.getByLabel('Precio de la lista ($)').fill('2.300');
  await page.getByRole('button', { name: 'Guardar precio' }).click();
  await expectToast(page, 'Precio guardado.');
  const precios = page.getByRole('table', { name: 'Precios propios' });
  await expect(precios.getByRole('row', { name: new RegExp(arroz) })).toContainText('$ 2.300');
  await expect(precios.getByRole('row', { name: new RegExp(arroz) })).toContainText('$ 2.500');

  // The customer, by document.
  await page.getByLabel('Documento del cliente').fill(doc);
  await page.getByRole('button', { name: 'Asignar cliente' }).click();
  await expectToast(page, 'Don Mario Tendero compra ahora con la lista «Mayorista».');
  await expect(page.getByRole('table', { name: 'Clientes con esta lista' })).toContainText(doc);
  await captura(page, { path: `${SHOTS}/lista-precios-1366.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('table', { name: 'Precios propios' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await captura(page, { path: `${SHOTS}/lista-precios-390.png`, fullPage: true });
  await page.goto('/listas_precios');
  await expect(page.getByRole('row', { name: /Mayorista/ })).toContainText('1');
  await captura(page, { path: `${SHOTS}/listas-precios-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });

  // The till (nuevaTienda opened the drawer): two units to Don Mario. The server charges the list's price.
  await page.goto('/ventas');
  await agregarAlCarrito(page, arroz, 2);
  await page.getByRole('button', { name: 'Generar pago' }).click();
  await expect(page).toHaveURL(/\/generar_pago$/);
  // Found by name (one match: the suggestion is taken), the customer is read again with its list.
  await page.getByLabel('Documento del cliente (opcional)').fill('Mario Tendero');
  await page.getByRole('button', { name: 'Buscar cliente' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Don Mario' })).toBeVisible();
  await expect(page.getByTestId('pago-total')).toHaveText('$ 4.600');
  // By document, the same.
  await page.getByLabel('Documento del cliente (opcional)').fill(doc);
  await page.getByRole('button', { name: 'Buscar cliente' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Don Mario' })).toBeVisible();
  // The payment prices with the customer's list as soon as the customer is found.
  await expect(page.getByTestId('pago-total')).toHaveText('$ 4.600');
  await expect(page.getByText('2 × $ 2.300')).toBeVisible();
  await page.getByLabel('Efectivo').check();
  await page.getByLabel('Monto recibido').fill('5.000');
  await expect(page.getByTestId('pago-cambio')).toHaveText('$ 400');
  await captura(page, { path: `${SHOTS}/lista-precios-pago-1366.png`, fullPage: true });
  await page.getByRole('button', { name: 'Confirmar pago' }).click();
  await expect(page).toHaveURL(/\/factura$/);
  const recibo = page.getByRole('article');
  await expect(recibo.getByRole('row', { name: new RegExp(arroz) })).toContainText('$ 4.600');
  await expect(page.getByTestId('recibo-total')).toHaveText('$ 4.600');
  await captura(page, { path: `${SHOTS}/lista-precios-recibo-1366.png`, fullPage: true });

  // Issue #59 point 4: the report by list shows the sale at Mayorista, and what the list cost: $ 400.
  await page.goto('/reportes');
  await page.getByRole('link', { name: /^Ventas por lista de precios/ }).click();
  await expect(page).toHaveURL(/\/reportes\/listas-precios$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ventas por lista de precios' })).toBeVisible();
  const fila = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Mayorista', exact: true }) });
  // Puesto, lista, ventas, líneas, unidades, bruto a precio normal, diferencia, descuentos, cobrado.
  await expect(fila.getByRole('cell').nth(4)).toHaveText('2');
  await expect(fila.getByRole('cell').nth(5)).toHaveText('$ 5.000');
  await expect(fila.getByRole('cell').nth(6)).toHaveText('$ 400');
  await expect(fila.getByRole('cell').nth(8)).toHaveText('$ 4.600');
  await expect(page.getByTestId('indicador-costoListas').locator('strong')).toHaveText('$ 400');
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    // The page fits once the chart has followed the new width; wide tables scroll in their own box.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await captura(page, { path: `${SHOTS}/reporte-listas-precios-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });

  // The activity log says who made the list, the price and the customer.
  const log = await api<{ items: { descripcion: string }[] }>(page, 'GET', '/api/actividad?tipo=lista_precio');
  expect(log.items.map((i) => i.descripcion)).toEqual(
    expect.arrayContaining([expect.stringContaining('Creó la lista de precios «Mayorista»'), expect.stringContaining('$ 2.300'), expect.stringContaining('Don Mario Tendero')]),
  );
});
