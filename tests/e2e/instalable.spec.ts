import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './support/fixtures';

/** Issue #34 point 2: the app installs on the device, with its icons, and asks to keep its data. */

test('el manifiesto hace la aplicación instalable: nombre, inicio, ventana propia e íconos que existen', async ({ request }) => {
  const res = await request.get('/manifest.webmanifest');
  expect(res.ok()).toBe(true);
  const m = await res.json();
  expect(m).toMatchObject({ name: 'ADAX Store Manager', short_name: 'ADAX', lang: 'es-CO', start_url: '/inicio', display: 'standalone' });
  const tamanos = new Set<string>();
  for (const icono of m.icons as { src: string; sizes: string; purpose: string }[]) {
    const img = await request.get(icono.src);
    expect(img.ok(), icono.src).toBe(true);
    expect(img.headers()['content-type']).toBe('image/png');
    const png = await img.body();
    // The PNG's own width and height (IHDR) are what the manifest says.
    const [w, h] = icono.sizes.split('x').map(Number);
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([w, h]);
    tamanos.add(`${icono.sizes} ${icono.purpose}`);
  }
  // What Chromium needs to offer installing it, and Android's masked icon.
  expect([...tamanos]).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  // Every page links it.
  await request.get('/inicio').then(async (r) => expect(await r.text()).toContain('<link rel="manifest" href="/manifest.webmanifest">'));
});

test('el inicio ofrece instalarla cuando el navegador lo permite, y pide conservar los datos del dispositivo', async ({ page }) => {
  // Count the requests for persistent storage the app makes (the browser would decide silently).
  await page.addInitScript(() => {
    const w = window as unknown as { __persist: number };
    w.__persist = 0;
    navigator.storage.persisted = async () => false;
    navigator.storage.persist = async () => {
      w.__persist++;
      return true;
    };
  });
  await signIn(page, 'Tienda', DEMO.tienda, undefined, { caja: false });
  await expect.poll(() => page.evaluate(() => (window as unknown as { __persist: number }).__persist)).toBeGreaterThan(0);

  const titulo = page.getByRole('heading', { name: 'Instale la aplicación en este dispositivo' });
  // Nothing offered until the browser says it can install.
  await expect(titulo).toHaveCount(0);
  await page.evaluate(() => {
    const e = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: string }> };
    e.prompt = async () => {
      (window as unknown as { __mostrado: boolean }).__mostrado = true;
    };
    e.userChoice = Promise.resolve({ outcome: 'accepted' });
    window.dispatchEvent(e);
  });
  await expect(titulo).toBeVisible();
  await page.getByRole('button', { name: 'Instalar', exact: true }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { __mostrado?: boolean }).__mostrado)).toBe(true);
  // The browser's offer is used once: the card goes away.
  await expect(titulo).toHaveCount(0);
});
