import { expect, test, type Page } from '@playwright/test';
import { CLAVE, nuevaTienda } from './crud-support';
import { agregarAlCarrito, buscarEnLista, documento, expectToast, signIn, unique, ventaDelRecibo } from './support/fixtures';
import { api } from './support/api';
import { captura } from './support/capturas';

/**
 * Issue #59 point 3, ADR 054: the owner turns loyalty points on in *Puntos* (reached from the store's
 * settings): 1 point per $ 1.000, a point worth $ 10. A $ 100.000 sale to a customer earns 100 points
 * (the receipt says so); a $ 300 sale is paid with Puntos (30 points); returning one of the four units
 * of the first sale takes back its 25 points; the customer's page shows 45 points ($ 450) and the three
 * movements. Screenshots at 1366 and 390 px of the settings, the till with Puntos, the receipt and the
 * customer's panel.
 */
const SHOTS = process.env.SHOTS_DIR ?? 'test-results';

async function fotos(page: Page, nombre: string, visible: () => Promise<void>) {
  await page.setViewportSize({ width: 1366, height: 900 });
  await visible();
  await captura(page, { path: `${SHOTS}/${nombre}-1366.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await visible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await captura(page, { path: `${SHOTS}/${nombre}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
}

/** The payment page with the customer found by document. */
async function cobrarA(page: Page, doc: string, nombre: string) {
  await page.getByRole('button', { name: 'Generar pago' }).first().click();
  await expect(page).toHaveURL(/\/generar_pago$/);
  await page.getByLabel('Documento del cliente (opcional)').fill(doc);
  await page.getByRole('button', { name: 'Buscar cliente' }).click();
  await expect(page.getByRole('status').filter({ hasText: nombre })).toBeVisible();
}

test('puntos: el dueño los enciende, una venta los da, otra se paga con ellos y una devolución los quita', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'Tienda', (await nuevaTienda(page.request)).email, CLAVE, { caja: false });
  const arroz = unique('Arroz 5 kg');
  const chicle = unique('Chicle');
  await api(page, 'POST', '/api/productos', { nombre: arroz, precio: 25_000, cantidad: 20, stockMin: 0 });
  await api(page, 'POST', '/api/productos', { nombre: chicle, precio: 300, cantidad: 20, stockMin: 0 });
  const doc = documento();
  const apellido = unique('Puntos');
  await api(page, 'POST', '/api/clientes', { documento: doc, tipoDocumento: 'CC', nombre: 'Rosa', apellido });
  const cliente = `Rosa ${apellido}`;

  // The owner's settings: from the store's settings to Puntos, off by default.
  await page.goto('/inicio');
  await expect(page.getByRole('link', { name: /^Puntos/ })).toBeVisible();
  await page.getByRole('link', { name: /^Ajustes de la tienda/ }).click();
  await page.getByRole('link', { name: 'Puntos', exact: true }).click();
  await expect(page).toHaveURL(/\/puntos$/);
  const form = page.getByRole('form', { name: 'Puntos' });
  await expect(form.getByLabel('Dar puntos a los clientes')).not.toBeChecked();
  await form.getByLabel('Dar puntos a los clientes').check();
  // Out of bounds: the field says why, nothing is saved.
  await form.getByLabel('Pesos de compra por cada punto').fill('50');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form.getByRole('alert')).toHaveText('Escriba cuántos pesos de compra dan un punto: un número entero entre 100 y 1.000.000.');
  await form.getByLabel('Pesos de compra por cada punto').fill('1000');
  await expect(form.getByRole('alert')).toHaveCount(0);
  await form.getByLabel('Valor de un punto al pagar ($)').fill('10');
  await expect(form.getByTestId('puntos-ejemplo')).toHaveText('Una compra de $ 10.000 da 10 puntos; 10 puntos pagan $ 100.');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expectToast(page, 'Puntos guardados.');
  expect(await api(page, 'GET', '/api/puntos/configuracion')).toEqual({ activo: true, pesosPorPunto: 1000, valorPunto: 10 });
  await fotos(page, 'puntos-ajustes', () => expect(form.getByLabel('Dar puntos a los clientes')).toBeChecked());

  // Sale 1: four bags of rice to Rosa, $ 100.000 in cash: 100 points, on the receipt.
  await page.goto('/ventas');
  await agregarAlCarrito(page, arroz, 4);
  await cobrarA(page, doc, cliente);
  await expect(page.getByTestId('pago-total')).toHaveText('$ 100.000');
  await page.getByLabel('Efectivo').check();
  await page.getByLabel('Monto recibido').fill('100.000');
  await page.getByRole('button', { name: 'Confirmar pago' }).click();
  await expect(page).toHaveURL(/\/factura$/);
  await expect(page.getByTestId('recibo-puntos')).toContainText('Puntos ganados: 100');
  await expect(page.getByTestId('recibo-puntos')).toContainText('Saldo de puntos: 100');
  const primera = await ventaDelRecibo(page);
  await fotos(page, 'puntos-recibo', () => expect(page.getByTestId('recibo-puntos')).toBeVisible());

  // Sale 2: a $ 300 chewing gum paid with Puntos (30 of the 100 points, worth $ 1.000).
  await page.goto('/ventas');
  await agregarAlCarrito(page, chicle);
  await cobrarA(page, doc, cliente);
  const conPuntos = page.getByRole('radio', { name: /^Puntos/ });
  await expect(page.locator('label.metodo').filter({ has: conPuntos })).toContainText('100 puntos ($ 1.000)');
  await conPuntos.check();
  // Nothing received, no reference: the points it spends and what is left.
  await expect(page.getByTestId('pago-puntos')).toHaveText('Se usan 30 puntos del cliente ($ 300); le quedan 70.');
  await expect(page.getByLabel('Monto recibido')).toHaveCount(0);
  await fotos(page, 'puntos-caja', () => expect(conPuntos).toBeChecked());
  await page.getByRole('button', { name: 'Confirmar pago' }).click();
  await expect(page).toHaveURL(/\/factura$/);
  await expect(page.getByTestId('recibo-puntos')).toContainText('Puntos usados: 30');
  await expect(page.getByTestId('recibo-puntos')).toContainText('Saldo de puntos: 70');
  await expect(page.getByTestId('recibo-total')).toHaveText('$ 300');

  // A return of one of the first sale's four bags takes back its share: 25 points.
  await page.goto(`/detalle_factura?id=${primera.id}`);
  const seccion = page.getByRole('region', { name: 'Devoluciones de esta venta' });
  await seccion.getByRole('button', { name: 'Devolver productos' }).click();
  const devolucion = page.getByRole('form', { name: 'Devolver productos de esta venta' });
  await devolucion.getByLabel(`Devuelve: ${arroz}`).fill('1');
  await expect(devolucion.getByTestId('devolucion-total')).toHaveText('$ 25.000');
  await devolucion.getByLabel('Motivo').fill('Bolsa rota');
  await devolucion.getByRole('button', { name: 'Registrar devolución' }).click();
  await expectToast(page, 'Devolución registrada');

  // The customer's page: 45 points ($ 450) and the three movements, newest first.
  await page.goto('/gestionar_clientes');
  await buscarEnLista(page, 'Buscar cliente', doc);
  await page.getByRole('row', { name: new RegExp(apellido) }).getByRole('button', { name: `Modificar ${cliente}` }).click();
  const panel = page.getByTestId('cliente-puntos');
  await expect(panel.getByRole('heading')).toHaveText('Puntos: 45 puntos ($ 450)');
  const movimientos = panel.getByRole('list', { name: 'Movimientos de puntos' }).getByRole('listitem');
  await expect(movimientos).toHaveCount(3);
  await expect(movimientos.nth(0)).toContainText(`Devolución #${primera.numero} · -25`);
  await expect(movimientos.nth(1)).toContainText('Usados');
  await expect(movimientos.nth(1)).toContainText('-30');
  await expect(movimientos.nth(2)).toContainText(`Ganados #${primera.numero} · +100`);
  await fotos(page, 'puntos-cliente', async () => {
    await panel.scrollIntoViewIfNeeded();
    await expect(panel).toBeVisible();
  });

  // The activity log has the owner's change, before → after.
  const log = await api<{ items: { descripcion: string }[] }>(page, 'GET', '/api/actividad?tipo=puntos');
  expect(log.items.map((i) => i.descripcion)).toContain('Cambió los puntos: Dar puntos a los clientes: No → Sí; Valor de un punto al pagar ($): 1 → 10');
});
