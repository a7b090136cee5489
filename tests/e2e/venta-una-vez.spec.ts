import { expect, test, type Page } from '@playwright/test';
import { agregarAlCarrito, closePopup, DEMO, expectPopup, signIn, unique, ventaDelRecibo } from './support/fixtures';
import { api } from './support/api';

/**
 * A sale is paid once (issue #51 point 1). The report: sell 2 items (#41), press Back twice (the
 * browser's button, or Android's back gesture): the payment page showed the paid cart, and «Pago
 * exacto» recorded #42 with the same items, a new DIAN number and the stock taken twice. The sold
 * cart's only copy left was the history entry's state, and the payment page charged it under a new key.
 */

/** The product's stock and its stock exits, as the API sees them now. */
async function existencias(page: Page, id: number, nombre: string) {
  const productos = await api<{ items: { id: number; stock: number }[] }>(page, 'GET', `/api/ventas/productos?q=${encodeURIComponent(nombre)}`);
  const movimientos = await api<{ items: { motivo: string; salidas: number }[] }>(page, 'GET', `/api/movimientos?productoId=${id}&pageSize=100`);
  return { stock: productos.items.find((p) => p.id === id)?.stock, salidas: movimientos.items.filter((m) => m.salidas > 0).map((m) => `${m.motivo}: ${m.salidas}`) };
}

test('Atrás dos veces después de cobrar no vuelve a cobrar el mismo carrito: una venta, el stock sale una vez', async ({ page }) => {
  await signIn(page, 'Tienda', DEMO.tienda);
  // A product of this journey alone: the other journeys sell in the same store at the same time.
  const nombre = unique('Avena una vez');
  const { producto } = await api<{ producto: { id: number } }>(page, 'POST', '/api/productos', { nombre, precio: '2.000', cantidad: 10 });

  await page.getByRole('link', { name: /^Ventas/ }).click();
  await expect(page).toHaveURL(/\/ventas$/);
  await agregarAlCarrito(page, nombre, 2);
  await expect(page.getByTestId('carrito-total')).toHaveText('$ 4.000');
  await page.getByRole('button', { name: 'Generar pago' }).click();
  await expect(page).toHaveURL(/\/generar_pago$/);
  await page.getByRole('button', { name: 'Cobrar pago exacto, $ 4.000' }).click();
  await expect(page).toHaveURL(/\/factura$/);
  const { numero } = await ventaDelRecibo(page);
  expect(await existencias(page, producto.id, nombre)).toEqual({ stock: 8, salidas: [`Venta #${numero}: 2`] });

  // Back twice, as the report did: the payment page's history entry still holds the sold cart.
  await page.goBack();
  await expect(page).toHaveURL(/\/inicio$/);
  await page.goBack();
  // Tries to pay again, whatever the screen offers: the sold cart is no longer there to pay.
  const exacto = page.getByRole('button', { name: /^Cobrar pago exacto/ });
  const vacio = page.getByText('El carrito está vacío.');
  await expect(exacto.or(vacio)).toBeVisible();
  if (await exacto.isVisible()) {
    await exacto.click();
    await expect(page).toHaveURL(/\/factura$/);
  }
  await expect(page).toHaveURL(/\/ventas$/);
  await expect(vacio).toBeVisible();
  await page.getByRole('button', { name: 'Generar pago' }).click();
  await expectPopup(page, 'Carrito vacío', 'Agregue al menos un producto para generar el pago.');
  await closePopup(page);
  await expect(page).toHaveURL(/\/ventas$/);

  // One sale: the stock left once, by that sale alone.
  expect(await existencias(page, producto.id, nombre)).toEqual({ stock: 8, salidas: [`Venta #${numero}: 2`] });
});
