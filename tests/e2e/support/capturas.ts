import { expect, type Locator, type LocatorScreenshotOptions, type Page, type PageScreenshotOptions } from '@playwright/test';

/**
 * Whether the journeys save their screenshots: the screens a change touched, at 1366 and 390 px, for
 * a person to open and look at. Off unless SHOTS=1 (or SHOTS_DIR is set): CI keeps none of them, and
 * 160-odd full-page captures cost its 2-core machine minutes every run (issue #54 point 7). Locally:
 * `SHOTS=1 npx playwright test <spec>`. No journey asserts anything through them.
 */
export const CAPTURAS = process.env.SHOTS === '1' || Boolean(process.env.SHOTS_DIR);

/** A screenshot of the page or of one element, taken only when CAPTURAS is on. */
export async function captura(objetivo: Page, opciones: PageScreenshotOptions): Promise<void>;
export async function captura(objetivo: Locator, opciones: LocatorScreenshotOptions): Promise<void>;
export async function captura(objetivo: Page | Locator, opciones: PageScreenshotOptions & LocatorScreenshotOptions): Promise<void> {
  if (CAPTURAS) await objetivo.screenshot(opciones);
}

/**
 * The page at 1366 and at 390 px: at each width it must fit (nothing scrolls sideways, asserted always),
 * and its full-page capture `<SHOTS_DIR or test-results>/<nombre>-<ancho>.png` is taken when CAPTURAS is
 * on. Ends back at 1366 px.
 */
export async function fotosEnDosAnchos(page: Page, nombre: string): Promise<void> {
  const dir = process.env.SHOTS_DIR ?? 'test-results';
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await captura(page, { path: `${dir}/${nombre}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}
