import { expect, test } from '@playwright/test';
import { CLAVE, nuevaTienda } from './crud-support';
import { abrirCaja, agregarAlCarrito, expectToast, signIn, unique } from './support/fixtures';
import { api } from './support/api';
import { captura } from './support/capturas';

/**
 * Issue #59 point 2, ADR 052: the owner makes a 3×2 valid today on *Promociones*; at 390 px the till
 * shows it applied to three units with its Ahorro, the payment and the receipt charge $ 6.000 for
 * three of $ 3.000, and the receipt says *Ahorro*. Screenshots at 1366 and 390 px.
 */
const SHOTS = process.env.SHOTS_DIR ?? 'test-results';

/** Today in the store's zone (Bogotá), as the date field is typed: dd/mm/aaaa. */
const hoy = () => {
  const [a, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date()).split('-');
  return `${d}/${m}/${a}`;
};

test('un 3×2 válido hoy: la caja lo aplica con su Ahorro y el total de la venta es el de la promoción', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'Tienda', (await nuevaTienda(page.request)).email, CLAVE, { caja: false });
  const gaseosa = unique('Gaseosa 400');
  await api(page, 'POST', '/api/productos', { nombre: gaseosa, precio: 3_000, cantidad: 50, stockMin: 0 });

  // The owner's screen, next to the price lists.
  await page.goto('/inicio');
  await page.getByRole('link', { name: /^Promociones/ }).click();
  await expect(page).toHaveURL(/\/promociones$/);
  await expect(page.getByText('Todavía no hay promociones.')).toBeVisible();
  await page.getByLabel('Nombre', { exact: true }).fill('3×2 Gaseosa');
  await expect(page.getByLabel('Tipo')).toHaveValue('nxm');
  await page.getByLabel('Producto', { exact: true }).fill(gaseosa.slice(0, 12));
  await page.getByRole('button', { name: new RegExp(gaseosa) }).click();
  await expect(page.getByLabel('Lleve (unidades)')).toHaveValue('3');
  await expect(page.getByLabel('Pague (unidades)')).toHaveValue('2');
  await page.getByLabel('Desde el día').fill(hoy());
  await page.getByLabel('Hasta el día').fill(hoy());
  await page.getByRole('button', { name: 'Crear promoción' }).click();
  await expectToast(page, 'Promoción «3×2 Gaseosa» creada.');
  const fila = page.getByRole('table', { name: 'Promociones' }).getByRole('row', { name: /3×2 Gaseosa/ });
  await expect(fila).toContainText(`3×2 · ${gaseosa}`);
  await expect(fila).toContainText('Activa');
  await captura(page, { path: `${SHOTS}/promociones-1366.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(fila).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await captura(page, { path: `${SHOTS}/promociones-390.png`, fullPage: true });

  // The till at 390 px (the drawer opened through the API): three units, the promotion applied.
  await abrirCaja(page);
  await page.goto('/ventas');
  await agregarAlCarrito(page, gaseosa, 3);
  const carrito = page.locator('#carrito');
  await expect(carrito.getByText('3×2 Gaseosa −$ 3.000')).toBeVisible();
  await expect(page.getByTestId('carrito-ahorro')).toContainText('−$ 3.000');
  await expect(page.getByTestId('carrito-total')).toHaveText('$ 6.000');
  await carrito.scrollIntoViewIfNeeded();
  await captura(page, { path: `${SHOTS}/promociones-caja-390.png`, fullPage: true });

  await page.getByRole('button', { name: 'Generar pago' }).first().click();
  await expect(page).toHaveURL(/\/generar_pago$/);
  await expect(page.getByTestId('pago-ahorro')).toContainText('−$ 3.000');
  await expect(page.getByTestId('pago-total')).toHaveText('$ 6.000');
  await page.getByLabel('Efectivo').check();
  await page.getByLabel('Monto recibido').fill('10.000');
  await expect(page.getByTestId('pago-cambio')).toHaveText('$ 4.000');
  await page.getByRole('button', { name: 'Confirmar pago' }).click();
  await expect(page).toHaveURL(/\/factura$/);
  await expect(page.getByTestId('recibo-total')).toHaveText('$ 6.000');
  await expect(page.getByTestId('recibo-ahorro')).toContainText('Ahorro · 3×2 Gaseosa');
  await expect(page.getByTestId('recibo-ahorro')).toContainText('−$ 3.000');
  await captura(page, { path: `${SHOTS}/promociones-recibo-390.png`, fullPage: true });

  // The activity log says who made the promotion and what it gives.
  const log = await api<{ items: { descripcion: string }[] }>(page, 'GET', '/api/actividad?tipo=promocion');
  expect(log.items.map((i) => i.descripcion)).toEqual([expect.stringContaining('Creó la promoción «3×2 Gaseosa»')]);
  await page.setViewportSize({ width: 1366, height: 900 });
  await captura(page, { path: `${SHOTS}/promociones-recibo-1366.png`, fullPage: true });
});
