import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './support/fixtures';

// The other journeys block service workers (playwright.config.ts); this one is about it.
test.use({ serviceWorkers: 'allow' });

test('después de la primera visita, la aplicación abre desde la caché del navegador, también sin conexión', async ({ page, context }) => {
  await signIn(page, 'Empleado', DEMO.admin, undefined, { ir: '/ventas' });
  await expect(page.getByLabel('Buscar producto')).toBeVisible();
  // index.html's boot script read the till's first answers and kept a copy for the next visit (issue #20).
  await expect
    .poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('lectura:')).sort()))
    .toEqual(['lectura:/caja/turno', 'lectura:/ventas/productos/rapidos', 'lectura:/ventas/productos?page=1&pageSize=10']);
  // The service worker registers after the page loads and takes this page over once installed.
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 30_000 });

  await context.setOffline(true);
  try {
    // Without a network the browser would show its own error page: the shell comes from the cache.
    await page.goto('/inicio');
    await expect(page).toHaveURL(/\/inicio$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The API is never cached: the till sells from the device's own data instead (issue #34,
    // tests/e2e/sin-red.spec.ts), under the offline banner; without them it says how to get them.
    await page.goto('/ventas');
    await expect(page.getByTestId('banner-sin-red')).toContainText('SIN CONEXIÓN');
    // The same till as online (issue #53), or why this device cannot sell offline.
    await expect(page.getByLabel('Buscar producto').or(page.getByText(/no tiene el catálogo guardado/))).toBeVisible();
  } finally {
    await context.setOffline(false);
  }

  // Back online, the same shell talks to the server again.
  await page.reload();
  await expect(page.getByLabel('Buscar producto')).toBeVisible();
});
