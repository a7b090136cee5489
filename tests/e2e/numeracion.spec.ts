import { expect, test, type Page } from '@playwright/test';
import { agregarAlCarrito, expectToast, signIn, unique } from './support/fixtures';
import { captura } from './support/capturas';

// Issue #30 point 5: the owner of a store of its own adds a till and its DIAN range on
// "Cajas y numeración", is warned as the range nears its end date, sells, and the receipt shows the
// prefixed number and the resolution. The screen at 1366 and 390 px.
const CLAVE = 'Clave1234';

async function nuevaTienda(page: Page) {
  const email = `${unique('numeracion')}@prueba.co`;
  const r = await page.request.post('/api/tiendas/registro', { data: { nombreTienda: unique('Tienda Numeración'), email, contrasena: CLAVE } });
  expect(r.status(), await r.text()).toBe(201);
  const { token } = await (await page.request.post('/api/sesion/login', { data: { tipo: 'tienda', email, contrasena: CLAVE } })).json();
  const p = await page.request.post('/api/productos', { data: { nombre: 'Panela 500 g', precio: 3200, cantidad: 50, categoria: 'Granos' }, headers: { authorization: `Bearer ${token}` } });
  expect(p.status(), await p.text()).toBe(201);
  return email;
}
/** dd/mm/aaaa, `dias` days from today (margins of days either side of the store's date). */
const dia = (dias: number) => new Date(Date.now() + dias * 86_400_000).toISOString().slice(0, 10).split('-').reverse().join('/');

test('el dueño registra una caja con su rango DIAN, recibe el aviso de vencimiento, y el recibo muestra el número con prefijo y la resolución', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'Tienda', await nuevaTienda(page), CLAVE);

  await page.getByRole('link', { name: /^Cajas y numeración/ }).click();
  await expect(page).toHaveURL(/\/numeracion$/);
  await expect(page.getByText('Aún no hay cajas.', { exact: false })).toBeVisible();

  const nueva = page.getByRole('form', { name: 'Agregar caja' });
  await nueva.getByRole('button', { name: 'Guardar caja' }).click();
  await expect(nueva.getByText('Escriba el nombre o la placa de la caja (hasta 60 caracteres).')).toBeVisible();
  await nueva.getByLabel('Nombre o placa').fill('Caja 1');
  await nueva.getByLabel('Ubicación').fill('Mostrador principal');
  await nueva.getByRole('button', { name: 'Guardar caja' }).click();
  await expectToast(page, 'Caja creada.');

  const caja = page.getByRole('region', { name: /Caja 1/ });
  await expect(caja.getByText('Sin rango: esta caja no numera ventas con la DIAN.')).toBeVisible();
  await caja.getByRole('button', { name: 'Registrar rango' }).click();
  const form = caja.getByRole('form', { name: 'Registrar rango' });
  await form.getByLabel('Prefijo').fill('pos1');
  await form.getByLabel('N.º de resolución').fill('18764000000001');
  await form.getByLabel('Desde', { exact: true }).fill('1');
  await form.getByLabel('Hasta', { exact: true }).fill('5000');
  await form.getByLabel('Vigente desde').fill(dia(-2));
  await form.getByLabel('Vigente hasta').fill(dia(20));
  await form.getByRole('button', { name: 'Guardar rango' }).click();
  // The prefix is kept upper-case.
  await expectToast(page, 'Rango guardado. Las próximas ventas de esta caja toman sus números.');
  await expect(caja.getByText('POS11 – POS15000')).toBeVisible();
  const avisos = page.getByTestId('avisos-numeracion');
  await expect(avisos).toContainText(/El rango de la caja Caja 1 vence en (19|20|21) días/);
  await captura(page, { path: 'test-results/numeracion-1366.png', fullPage: true });

  // Inicio warns role 1 too.
  await page.goto('/inicio');
  await expect(page.getByTestId('avisos-numeracion')).toContainText('Caja 1');

  // A sale takes the till's first number; the receipt shows it and the resolution.
  await page.goto('/ventas');
  await agregarAlCarrito(page, 'Panela 500 g');
  await page.getByRole('button', { name: 'Generar pago' }).click();
  await page.getByLabel('Efectivo').check();
  await page.getByLabel('Monto recibido').fill('5.000');
  await page.getByRole('button', { name: 'Confirmar pago' }).click();
  await expect(page).toHaveURL(/\/factura$/);
  await expect(page.getByTestId('recibo-numero-fiscal')).toHaveText('POS11');
  // One title, one number (issue #52 point 5): DIAN's, not the store's "1" beside it.
  await expect(page.getByTestId('recibo-id')).toHaveText('Documento equivalente POS N.º POS11');
  await expect(page.getByRole('article')).not.toContainText('Factura de venta');
  await expect(page.getByRole('heading', { level: 1, name: 'Recibo' })).toBeVisible();
  await expect(page.getByTestId('recibo-resolucion')).toContainText('Resolución DIAN N.º 18764000000001');
  await expect(page.getByTestId('recibo-resolucion')).toContainText('numeración POS11 a POS15000');

  // The screen at 390 px: nothing wider than the phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/numeracion');
  await expect(page.getByRole('region', { name: /Caja 1/ }).getByText('POS12')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await captura(page, { path: 'test-results/numeracion-390.png', fullPage: true });

  // The month's tax report says the first and last number used (issue #30 point 7).
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/impuestos');
  await expect(page.getByTestId('informe-numeracion')).toHaveText('Numeración DIAN POS1: del POS11 al POS11; ningún número inhabilitado');
  await captura(page, { path: 'test-results/informe-numeracion-1366.png', fullPage: true });
});
