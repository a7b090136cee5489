import { expect, test, type Page } from '@playwright/test';
import { CLAVE, nuevaTienda } from './crud-support';
import { signIn, unique } from './support/fixtures';
import { captura } from './support/capturas';

/** Issue #33 point 5 (ADR 033): the owner adds "Paca x12" on the product's screen; the till scans it; stock drops by 12. */

async function api<T>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const res = await fetch(url, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('token')}` },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return res.json();
    },
    { method, url, body },
  ) as Promise<T>;
}

const stockDe = async (page: Page, id: number) => (await api<{ stock: number }>(page, 'GET', `/api/productos/${id}`)).stock;

for (const ancho of [1366, 390]) {
  test(`presentación: la tienda agrega Paca x12, la caja la escanea y se descuentan 12 (${ancho} px)`, async ({ page }) => {
    await page.setViewportSize({ width: ancho, height: ancho > 800 ? 900 : 844 });
    // A store of its own: its packs' barcodes and products stay out of other journeys' searches.
    await signIn(page, 'Tienda', (await nuevaTienda(page.request)).email, CLAVE);
    const nombre = unique('Cerveza lata');
    const codigo = String(7_709_000_000_000 + Math.floor(Math.random() * 999_999_999));
    const creado = await api<{ producto: { id: number } }>(page, 'POST', '/api/productos', { nombre, precio: '3.000', cantidad: 30 });
    const id = creado.producto.id;

    await page.goto(`/detalle_producto?id=${id}`);
    const seccion = page.getByRole('region', { name: 'Presentaciones' });
    await expect(seccion.getByText('Este producto se vende solo por unidad.')).toBeVisible();
    await seccion.getByRole('button', { name: 'Agregar presentación' }).click();
    const form = seccion.getByRole('form', { name: 'Agregar presentación' });
    await form.getByLabel('Nombre').fill('Paca x12');
    await form.getByLabel('Unidades').fill('12');
    await form.getByLabel('Código de barras').fill(codigo);
    await form.getByLabel('Precio').fill('33000');
    await expect(form.getByLabel('Precio')).toHaveValue('33.000');
    await form.getByRole('button', { name: 'Guardar' }).click();
    const fila = seccion.getByRole('listitem').filter({ hasText: 'Paca x12' });
    await expect(fila).toContainText('12 unidades');
    await expect(fila).toContainText('33.000');
    await captura(seccion, { path: `test-results/presentaciones-producto-${ancho}.png` });

    // The till: the pack's barcode typed in the search box, then Enter, as a scanner does.
    await page.goto('/ventas');
    await page.getByLabel('Buscar producto').fill(codigo);
    await page.getByLabel('Buscar producto').press('Enter');
    const carrito = page.getByRole('list', { name: 'Productos en el carrito' });
    const linea = carrito.getByRole('listitem').filter({ hasText: nombre });
    await expect(linea).toContainText('Paca x12');
    await expect(page.getByTestId('carrito-total')).toHaveText(/33\.000/);
    await captura(page.locator('#carrito'), { path: `test-results/presentaciones-carrito-${ancho}.png` });

    await page.getByRole('button', { name: 'Generar pago' }).click();
    await page.getByLabel('Efectivo').check();
    await page.getByLabel('Monto recibido').fill('50.000');
    await page.getByRole('button', { name: 'Confirmar pago' }).click();
    await expect(page).toHaveURL(/\/factura$/);
    await expect(page.getByText('Paca x12').first()).toBeVisible();
    expect(await stockDe(page, id)).toBe(18);
  });
}
