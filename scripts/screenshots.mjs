// Takes screenshots of the given paths (after signing in when asked) into ./screenshots/.
// Usage: node scripts/screenshots.mjs http://127.0.0.1:3000 [--login tienda:email:pass] /path1 /path2 ...
import fs from 'node:fs';
import { chromium } from '@playwright/test';

const [base, ...rest] = process.argv.slice(2);
let login = null;
const pathsToShoot = [];
for (let i = 0; i < rest.length; i++) {
  if (rest[i] === '--login') login = rest[++i].split(':');
  else pathsToShoot.push(rest[i]);
}
const mobile = process.env.MOBILE === '1';
fs.mkdirSync('screenshots', { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
});
const page = await browser.newPage({ viewport: mobile ? { width: 390, height: 844 } : { width: 1280, height: 800 }, locale: 'es-CO' });
if (login) {
  const [tipo, email, pass] = login;
  await page.goto(`${base}/iniciar_sesion`);
  await page.getByRole('button', { name: tipo === 'tienda' ? 'Tienda' : 'Empleado', exact: true }).click();
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(pass);
  await page.getByRole('button', { name: /^Ingresar/ }).click();
  await page.waitForURL(/\/inicio$/);
}
for (const p of pathsToShoot) {
  await page.goto(`${base}${p}`);
  await page.waitForTimeout(700);
  const name = `screenshots/${(mobile ? 'm-' : '') + (p.replace(/[^\w]+/g, '_') || 'root')}.png`;
  await page.screenshot({ path: name, fullPage: true });
  console.log(name);
}
await browser.close();
