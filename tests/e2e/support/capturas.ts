import type { Locator, LocatorScreenshotOptions, Page, PageScreenshotOptions } from '@playwright/test';

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
