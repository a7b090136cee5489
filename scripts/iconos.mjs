// node scripts/iconos.mjs — draws the installable app's icons (issue #34 point 2) from web/public/logo.svg
// with Debian's Chromium: 192 and 512 px (the logo as it is), a 512 px maskable one (the glyph inside
// the safe zone on a full-bleed background, for Android's round and squircle masks) and Apple's 180 px
// touch icon. The PNGs are committed (web/public/iconos/); run this again only when the logo changes.
import fs from 'node:fs';
import { chromium } from '@playwright/test';

const logo = fs.readFileSync('web/public/logo.svg', 'utf8');
// The logo's glyph without its rounded background (everything after the first <rect>).
const glyph = logo.replace(/^<svg[^>]*>/, '').replace('</svg>', '').replace(/<rect[^>]*\/>/, '');
const VERDE = '#0f766e';
const variants = [
  { file: 'icono-192.png', size: 192, svg: logo },
  { file: 'icono-512.png', size: 512, svg: logo },
  // Maskable: the safe zone is the centred circle of 80 % of the side; the glyph takes 60 %.
  { file: 'icono-mascara-512.png', size: 512, svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${VERDE}"/><g transform="translate(12.8 12.8) scale(0.6)">${glyph}</g></svg>` },
  // iOS rounds the corners itself and shows transparency as black: a full square.
  { file: 'apple-touch-icon.png', size: 180, svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${VERDE}"/><g transform="translate(6.4 6.4) scale(0.8)">${glyph}</g></svg>` },
];
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
for (const v of variants) {
  await page.setViewportSize({ width: v.size, height: v.size });
  await page.setContent(`<html><body style="margin:0;background:transparent">${v.svg.replace('<svg ', `<svg width="${v.size}" height="${v.size}" `)}</body></html>`);
  await page.locator('svg').screenshot({ path: `web/public/iconos/${v.file}`, omitBackground: true });
  console.log(`web/public/iconos/${v.file}`);
}
await browser.close();
