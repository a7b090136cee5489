import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './support/fixtures';

// The demo store's past sales (server/db/demo.ts) sell 25 products, 150 units: mean 6, so the
// three classes occur; its one annulled sale (3 × Arroz blanco) must not count.

test('la tienda ve la popularidad de sus productos en tabla y gráfico, con los tres colores', async ({ page }) => {
  await signIn(page, 'Tienda', DEMO.tienda);
  await page.getByRole('link', { name: /^Analisis/ }).click();
  await expect(page).toHaveURL(/\/analisis$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Análisis de popularidad' })).toBeVisible();
  await expect(page.getByTestId('analisis-promedio')).toHaveText('6');

  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['Producto', 'Cantidad vendida', 'Popularidad']);
  const row = (name: string) => table.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
  // Annulled sale left out: 24, not 27.
  await expect(row('Arroz blanco 500 g').getByRole('cell')).toHaveText(['Arroz blanco 500 g', '24', 'Popular']);
  await expect(row('Pan tajado 600 g').getByRole('cell')).toHaveText(['Pan tajado 600 g', '6', 'Medio Popular']);
  await expect(row('Salchichas x10').getByRole('cell')).toHaveText(['Salchichas x10', '1', 'No Popular']);

  // Red, yellow and green badges.
  const badge = (name: string) => row(name).locator('.badge');
  await expect(badge('Arroz blanco 500 g')).toHaveClass(/badge--ok/);
  await expect(badge('Pan tajado 600 g')).toHaveClass(/badge--warn/);
  await expect(badge('Salchichas x10')).toHaveClass(/badge--danger/);
  const colours = await Promise.all(
    ['Arroz blanco 500 g', 'Pan tajado 600 g', 'Salchichas x10'].map((n) => badge(n).evaluate((el) => getComputedStyle(el).backgroundColor)),
  );
  expect(new Set(colours).size).toBe(3);
  await expect(table.locator('.badge--ok')).toHaveCount(7);
  await expect(table.locator('.badge--warn')).toHaveCount(3);
  await expect(table.locator('.badge--danger')).toHaveCount(15);

  // The chart is drawn and described for people who cannot see it.
  const chart = page.getByRole('img', { name: /Gráfico de barras con las unidades vendidas de 25 productos\. Promedio: 6\./ });
  await expect(chart).toBeVisible();
  expect(await chart.evaluate((c) => c.tagName)).toBe('CANVAS');
  const box = await chart.boundingBox();
  expect(box!.width).toBeGreaterThan(200);
  expect(box!.height).toBeGreaterThan(200);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});

test('el análisis se puede limitar a unas fechas y avisa cuando no hay ventas en ellas', async ({ page }) => {
  await signIn(page, 'Tienda', DEMO.tienda, undefined, { ir: '/analisis' });
  await expect(page.getByRole('table')).toBeVisible();
  await page.getByLabel('Desde').fill('2099-01-01');
  await expect(page.getByText('No hay ventas en las fechas elegidas.')).toBeVisible();
  await expect(page).toHaveURL(/desde=2099-01-01/);
  await page.getByRole('button', { name: 'Quitar fechas' }).click();
  await expect(page.getByTestId('analisis-promedio')).toHaveText('6');
});
