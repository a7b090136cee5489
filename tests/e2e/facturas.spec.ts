import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { DEMO, signIn } from './support/fixtures';

const pesos = (text: string) => Number(text.replace(/[^\d]/g, ''));

async function openList(page: Page) {
  await signIn(page, 'Tienda', DEMO.tienda);
  await page.getByRole('link', { name: /^Gestionar Facturas/ }).click();
  await expect(page).toHaveURL(/\/gestionar_ventas$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Gestionar Facturas' })).toBeVisible();
  await expect(page.locator('tbody tr').first()).toBeVisible();
}

test('la tienda busca una venta por su número, abre su factura y vuelve a la lista', async ({ page }) => {
  await openList(page);
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['N.º venta', 'Fecha', 'Productos', 'Cliente', 'Método de pago', 'Total', 'Estado']);
  // 28 demo sales, and whatever the till's journeys, running alongside, have sold by now.
  await expect(page.getByRole('navigation', { name: 'Paginación' })).toContainText(/Página 1 de [2-9] · [2-9]\d registros/);
  // Newest first.
  const ids = (await table.locator('tbody tr td:first-child').allTextContents()).map((t) => Number(t.replace('#', '')));
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  expect(ids).toEqual([...ids].sort((a, b) => b - a));

  const target = ids[4]!;
  const listed = table.locator('tbody tr').nth(4);
  const listedTotal = pesos(await listed.locator('td').nth(5).textContent() ?? '');
  const productos = await listed.locator('td').nth(2).textContent();

  // With its '#': the bare digits also find the products whose name holds them ("500 g" for 50).
  await page.getByLabel('Buscar por N.º de venta o producto').fill(`#${target}`);
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.locator('tbody tr td').first()).toHaveText(`#${target}`);

  await page.getByRole('link', { name: `Ver factura de la venta ${target}` }).click();
  // The address carries the sale's internal id; the page shows its number (issue #36 point 8).
  await expect(page).toHaveURL(/\/detalle_factura\?id=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: `Venta #${target}` })).toBeVisible();
  await expect(page.getByTestId('factura-tienda')).toHaveText('Tienda La Esquina');
  await expect(page.getByTestId('factura-id')).toHaveText(`N.º ${target}`);
  await expect(page.getByTestId('factura-estado')).toHaveText('Completada');
  for (const label of ['Fecha', 'Hora', 'Cajero', 'Cliente', 'Método de pago']) await expect(page.getByText(label, { exact: true })).toBeVisible();

  // Lines: subtotal = quantity × price less the line's discount, and they add up (less the sale's own
  // discount) to the total shown in the list. The sale picked is whichever is fifth newest: the till's
  // journeys running alongside may have sold it with discounts.
  const lines = page.getByRole('table').locator('tbody tr');
  const n = await lines.count();
  expect(productos).toMatch(new RegExp(`^${n} productos?`));
  let sum = 0;
  for (const line of await lines.all()) {
    const [cantidad, precio, subtotal] = (await line.locator('td.num').allTextContents()).map(pesos);
    const descuentoLinea = line.locator('.factura-descuento');
    const descuento = (await descuentoLinea.count()) ? pesos((await descuentoLinea.textContent()) ?? '') : 0;
    expect(cantidad! * precio! - descuento).toBe(subtotal);
    sum += subtotal!;
  }
  const descuentoVenta = page.getByTestId('factura-descuento');
  if (await descuentoVenta.count()) sum -= pesos((await descuentoVenta.textContent()) ?? '');
  expect(pesos(await page.getByTestId('factura-total').textContent() ?? '')).toBe(sum);
  expect(sum).toBe(listedTotal);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // A reload keeps the invoice; 'Imprimir' prints it.
  await page.reload();
  await expect(page.getByTestId('factura-id')).toHaveText(`N.º ${target}`);
  await page.evaluate(() => {
    (window as unknown as { printed: boolean }).printed = false;
    window.print = () => ((window as unknown as { printed: boolean }).printed = true);
  });
  await page.getByRole('button', { name: 'Imprimir', exact: true }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: boolean }).printed)).toBe(true);

  // Back to the list, with the search kept.
  await page.getByRole('link', { name: 'Volver a las facturas' }).click();
  await expect(page).toHaveURL(new RegExp(`/gestionar_ventas\\?q=%23${target}$`));
  await expect(page.getByLabel('Buscar por N.º de venta o producto')).toHaveValue(`#${target}`);
  await expect(table.locator('tbody tr')).toHaveCount(1);
});

test('la tienda busca las ventas de un producto y filtra las anuladas', async ({ page }) => {
  await openList(page);
  const rows = page.locator('tbody tr');
  await page.getByLabel('Buscar por N.º de venta o producto').fill('queso campesino');
  await expect(page).toHaveURL(/q=queso/);
  await expect(page.getByRole('navigation', { name: 'Paginación' })).toHaveCount(0);
  const found = await rows.count();
  expect(found).toBeGreaterThan(0);
  expect(found).toBeLessThan(20);
  // Every sale found contains the product: open the first one and see it among its lines.
  await rows.first().click();
  await expect(page).toHaveURL(/\/detalle_factura\?id=\d+$/);
  await expect(page.getByRole('cell', { name: 'Queso campesino 500 g' })).toBeVisible();
  // Back keeps the search.
  await page.getByRole('link', { name: 'Volver a las facturas' }).click();
  await expect(page).toHaveURL(/\/gestionar_ventas\?q=queso/);
  await expect(page.getByLabel('Buscar por N.º de venta o producto')).toHaveValue('queso campesino');
  await expect(rows).toHaveCount(found);

  await page.getByLabel('Buscar por N.º de venta o producto').fill('');
  await page.getByLabel('Estado').selectOption('Anulada');
  await expect(rows).toHaveCount(1);
  const badge = rows.first().locator('.badge');
  await expect(badge).toHaveText('Anulada');
  await expect(badge).toHaveClass(/badge--danger/);
  await rows.first().getByRole('link').click();
  await expect(page.getByText('Esta venta fue anulada: sus productos volvieron al inventario.')).toBeVisible();
  await expect(page.getByTestId('factura-estado')).toHaveText('Anulada');

  await page.goto('/gestionar_ventas?q=yogur-inexistente');
  await expect(page.getByText('No hay ventas que coincidan con la búsqueda.')).toBeVisible();

  // A search still settling when the status changes: both end up in the list and the address.
  await page.getByLabel('Buscar por N.º de venta o producto').fill('queso campesino');
  await page.getByLabel('Estado').selectOption('Completada');
  await expect(page).toHaveURL(/q=queso(\+|%20)campesino/);
  await expect(page).toHaveURL(/estado=Completada/);
  await expect(rows.first().locator('.badge')).toHaveText('Completada');
  await expect(page.getByLabel('Estado')).toHaveValue('Completada');
});

test('una factura que no es de la tienda o sin número no se muestra', async ({ page }) => {
  await signIn(page, 'Tienda', DEMO.tienda, undefined, { ir: '/detalle_factura?id=999999' });
  await expect(page.getByText('No encontramos esta venta en su tienda.')).toBeVisible();
  await page.goto('/detalle_factura');
  await expect(page.getByText('No se indicó qué factura abrir. Elíjala en la lista de facturas.')).toBeVisible();
  await page.getByRole('link', { name: 'Volver a las facturas' }).last().click();
  await expect(page).toHaveURL(/\/gestionar_ventas$/);
});
