import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { formatPesos } from '../../shared/money';
import { CLAVE, nuevaTienda } from './crud-support';
import { documento, signIn, unique } from './support/fixtures';
import { api } from './support/api';
import { captura } from './support/capturas';

/**
 * Issue #59 point 4: the owner sold a 3×2 and gave points; from the list of reports he opens *Ventas
 * por promoción* (the promotion's saving and net) and *Puntos* (the customer's points earned and the
 * balance's value). Screenshots at 1366 and 390 px (SHOTS_DIR, test-results by default).
 */
const SHOTS = process.env.SHOTS_DIR ?? 'test-results';

async function foto(page: Page, nombre: string) {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    // The page fits the phone's width once the chart has followed the new width (a resize observer):
    // wide tables scroll inside their own box.
    if (width < 500) await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    else await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await captura(page, { path: `${SHOTS}/${nombre}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test('el dueño abre Ventas por promoción y Puntos desde la lista de reportes', async ({ page }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'Tienda', (await nuevaTienda(page.request)).email, CLAVE);
  const gaseosa = unique('Gaseosa reporte');
  const { producto } = await api<{ producto: { id: number } }>(page, 'POST', '/api/productos', { nombre: gaseosa, precio: 3_000, cantidad: 50, stockMin: 0 });
  const promo = unique('3×2');
  await api(page, 'POST', '/api/promociones', { nombre: promo, tipo: 'nxm', lleve: 3, pague: 2, productoId: producto.id });
  await api(page, 'PUT', '/api/puntos/configuracion', { activo: true, pesosPorPunto: 1000, valorPunto: 10 });
  const doc = documento();
  const apellido = unique('Puntos');
  await api(page, 'POST', '/api/clientes', { documento: doc, tipoDocumento: 'CC', nombre: 'Rosa', apellido });
  // Six gaseosas to Rosa: 18 000 less 6 000 of the 3×2 is 12 000, 12 points.
  const venta = await api<{ total: number }>(page, 'POST', '/api/ventas', { lineas: [{ productoId: producto.id, cantidad: 6 }], metodoPagoId: 5, montoRecibido: 20_000, documentoCliente: doc });
  expect(venta.total).toBe(12_000);

  await page.goto('/reportes');
  await page.getByRole('link', { name: /^Ventas por promoción/ }).click();
  await expect(page).toHaveURL(/\/reportes\/promociones$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ventas por promoción' })).toBeVisible();
  const fila = page.getByRole('row').filter({ has: page.getByRole('cell', { name: promo, exact: true }) });
  // Puesto, promoción, ventas, líneas, unidades, bruto, ahorro, neto.
  await expect(fila.getByRole('cell').nth(4)).toHaveText('6');
  await expect(fila.getByRole('cell').nth(5)).toHaveText(formatPesos(18_000));
  await expect(fila.getByRole('cell').nth(6)).toHaveText(formatPesos(6_000));
  await expect(fila.getByRole('cell').nth(7)).toHaveText(formatPesos(12_000));
  await expect(page.getByTestId('indicador-ahorro').locator('strong')).toHaveText(formatPesos(6_000));
  await foto(page, 'reporte-promociones');

  await page.getByRole('link', { name: 'Todos los reportes' }).first().click();
  await page.getByRole('link', { name: /^Puntos/ }).click();
  await expect(page).toHaveURL(/\/reportes\/puntos$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Puntos' })).toBeVisible();
  const rosa = page.getByRole('row').filter({ has: page.getByRole('cell', { name: doc, exact: true }) });
  await expect(rosa.getByRole('cell').nth(1)).toHaveText(`Rosa ${apellido}`);
  // Puesto, cliente, documento, saldo inicial, ganados … saldo final, valor.
  await expect(rosa.getByRole('cell').nth(4)).toHaveText('12');
  await expect(rosa.getByRole('cell').nth(8)).toHaveText('12');
  await expect(rosa.getByRole('cell').nth(9)).toHaveText(formatPesos(120));
  await expect(page.getByTestId('indicador-valorSaldoPuntos').locator('strong')).toHaveText(formatPesos(120));
  await foto(page, 'reporte-puntos');
});
