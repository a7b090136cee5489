import { expect, test } from '@playwright/test';
import { DEMO, expectPopup, agregarAlCarrito, signIn, unique, ventaDelRecibo } from './support/fixtures';
import { apiDe } from './support/api';
import { captura } from './support/capturas';

// Issue #58 point 2: a medicine sold only on a doctor's prescription. The till asks whether the customer
// presented it before the product enters the cart: No leaves it out, Sí adds it and the sale carries the
// confirmation (the server refuses the line without it, venta.formula.ts).

test('la caja pregunta por la fórmula médica: No no lo agrega, Sí lo agrega y la venta se hace', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'Tienda', DEMO.tienda);
  const api = apiDe(page);
  const nombre = unique('Amoxicilina E2E');
  const id = (await api.post('/api/productos', { nombre, precio: 8000, cantidad: 5 })).producto.id as number;
  await api.put(`/api/productos/${id}`, { nombre, precio: 8000, stock: 5, stockMin: 0, bajoFormula: true });

  await page.goto('/ventas');
  await agregarAlCarrito(page, nombre);
  await expectPopup(page, 'Venta bajo fórmula médica: ¿el cliente presentó la fórmula?', `${nombre} se vende solo con fórmula médica.`);
  await captura(page, { path: '/tmp/shots-k/formula-pregunta-1366.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await captura(page, { path: '/tmp/shots-k/formula-pregunta-390.png' });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.getByRole('button', { name: 'No', exact: true }).click();
  await expect(page.locator('.swal2-popup')).toHaveCount(0);
  await expect(page.getByTestId('carrito-total')).toHaveText(/^\$\s*0$/);

  await agregarAlCarrito(page, nombre);
  await expectPopup(page, 'Venta bajo fórmula médica: ¿el cliente presentó la fórmula?');
  await page.getByRole('button', { name: 'Sí, la presentó' }).click();
  await expect(page.getByTestId('carrito-total')).toHaveText(/^\$\s*8\.000$/);
  // The till asked for the payment methods with its first line: the payment opens with them, and its
  // quick-cash buttons do not move when they arrive (a click once landed beside "Pago exacto" so).
  const pedidasEnElPago: string[] = [];
  page.on('request', (r) => new URL(r.url()).pathname === '/api/metodos-pago' && pedidasEnElPago.push(r.url()));
  await page.getByRole('button', { name: 'Generar pago' }).click();
  await expect(page.getByRole('radio', { name: /^Efectivo/ })).toBeChecked();
  expect(pedidasEnElPago).toEqual([]);
  await page.getByRole('button', { name: /^Cobrar pago exacto/ }).click();
  await expect(page.getByTestId('recibo-id')).toBeVisible();
  expect((await ventaDelRecibo(page)).id).toBeGreaterThan(0);
});
