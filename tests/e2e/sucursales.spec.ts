import { expect, test, type Page } from '@playwright/test';
import { api } from './support/api';
import { abrirCaja, agregarAlCarrito, closePopup, expectPopup, unique, ventaDelRecibo } from './support/fixtures';
import { entrarComo, nuevaTienda } from './crud-support';

/**
 * One owner, several stores (issue #56 steps 2 and 3, ADR 043): the owner opens a second store from
 * Sucursales (it starts with the first store's products at stock 0), switches to it from the top bar,
 * sells there (its own caja, its sale number 1), switches back, and the first store's sales list does
 * not show that sale. Screenshots of Sucursales and the switcher at 1366 and 390 px go to SHOTS_DIR.
 */
const SHOTS = process.env.SHOTS_DIR;
const CAFE = 'Café Sello Rojo 250 g';

/** One cash sale of `producto` at the till, paid with `recibido`; returns its receipt's sale. */
async function vender(page: Page, producto: string, recibido: string) {
  await page.getByRole('link', { name: /^Ventas/ }).click();
  await expect(page).toHaveURL(/\/ventas$/);
  await agregarAlCarrito(page, producto);
  await page.getByRole('button', { name: 'Generar pago' }).click();
  await expect(page).toHaveURL(/\/generar_pago$/);
  await page.getByRole('radio', { name: /^Efectivo/ }).check();
  await page.getByLabel('Monto recibido').fill(recibido);
  await page.getByRole('button', { name: 'Confirmar pago' }).click();
  await expect(page).toHaveURL(/\/factura$/);
  const venta = await ventaDelRecibo(page);
  await page.getByRole('button', { name: 'Nueva venta' }).click();
  await expect(page).toHaveURL(/\/ventas$/);
  return venta;
}

const selector = (page: Page) => page.getByRole('combobox', { name: 'Tienda', exact: true });

async function cambiarA(page: Page, nombre: string) {
  await selector(page).selectOption({ label: nombre });
  await expect(page).toHaveURL(/\/inicio$/);
  await expect(page.getByTestId('footer-tienda')).toHaveText(nombre);
  await expect(selector(page)).toHaveValue(/\d+/);
}

test('el dueño abre una segunda tienda, entra desde la barra de arriba, vende allí y al volver la primera no ve esa venta', async ({ page }) => {
  test.setTimeout(120_000);
  const tienda = await nuevaTienda(page.request);
  await entrarComo(page, tienda);
  await page.goto('/inicio');
  // A one-store shop: no switcher.
  await expect(page.getByRole('link', { name: /^Sucursales/ })).toBeVisible();
  await expect(selector(page)).toHaveCount(0);
  await api(page, 'POST', '/api/productos', { nombre: CAFE, precio: 9_800, cantidad: 10 });
  const primera = await vender(page, CAFE, '10000');

  // Sucursales: the store as it is, then a new one.
  await page.goto('/inicio');
  await page.getByRole('link', { name: /^Sucursales/ }).click();
  await expect(page).toHaveURL(/\/sucursales$/);
  await expect(page.getByRole('heading', { name: 'Sucursales', level: 1 })).toBeVisible();
  const tabla = page.getByRole('table', { name: 'Tiendas de la empresa' });
  await expect(tabla.getByRole('row')).toHaveCount(2);
  await expect(tabla.getByRole('row').nth(1)).toContainText('Tienda actual');
  const norte = `Sede Norte ${unique('n').slice(-5)}`;
  await page.getByLabel('Nombre de la tienda').fill(norte);
  await page.getByLabel('Dirección').fill('Cra 15 # 93-40, Bogotá');
  await page.getByLabel('Teléfono').fill('601 234 5678');
  await page.getByRole('button', { name: 'Crear sucursal' }).click();
  await expectPopup(page, 'Sucursal creada', `${norte} quedó abierta con 1 producto de esta tienda, sin existencias.`);
  await closePopup(page);
  await expect(tabla.getByRole('row')).toHaveCount(3);
  const filaNorte = tabla.getByRole('row').filter({ hasText: norte });
  await expect(filaNorte).toContainText('6012345678');
  await expect(filaNorte.getByRole('button', { name: `Entrar a ${norte}` })).toBeVisible();
  // Now two stores: the switcher shows them, the current one chosen.
  await expect(selector(page)).toBeVisible();
  await expect(selector(page).locator('option:checked')).toHaveText(tienda.nombre);
  if (SHOTS) {
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.screenshot({ path: `${SHOTS}/sucursales-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1366, height: 900 });
  }

  // Into the new store from the top bar: its own products (stock 0), its own caja and numbering.
  await cambiarA(page, norte);
  if (SHOTS) {
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.screenshot({ path: `${SHOTS}/selector-tienda-${width}.png` });
    }
    await page.setViewportSize({ width: 1366, height: 900 });
  }
  const enNorte = (await api<{ items: { id: number; nombre: string; stock: number }[] }>(page, 'GET', '/api/productos')).items;
  expect(enNorte.map((p) => [p.nombre, p.stock])).toEqual([[CAFE, 0]]);
  await api(page, 'PUT', `/api/productos/${enNorte[0]!.id}`, { nombre: CAFE, precio: 10_500, stock: 6, stockMin: 0, estado: 1 });
  await abrirCaja(page);
  const enSede = await vender(page, CAFE, '20000');
  expect(enSede.numero).toBe(1);

  // Back to the first store: its sales list shows its own sale only.
  await cambiarA(page, tienda.nombre);
  await page.goto('/gestionar_ventas');
  const ventas = (await api<{ items: { idVenta: number }[] }>(page, 'GET', '/api/facturas')).items.map((v) => v.idVenta);
  expect(ventas).toEqual([primera.id]);
  // On screen: one sale, the first store's $ 9.800 (each store numbers its own #1); not the branch's $ 10.500.
  const lista = page.getByRole('table');
  await expect(lista.getByRole('row')).toHaveCount(2);
  await expect(lista.getByRole('row').nth(1)).toContainText('$ 9.800');
  await expect(lista).not.toContainText('10.500');
  const stock = (await api<{ items: { nombre: string; stock: number }[] }>(page, 'GET', '/api/productos')).items;
  expect(stock.map((p) => [p.nombre, p.stock])).toEqual([[CAFE, 9]]);
});
