import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import config from '../../playwright.config';

/**
 * Issue #34 point 1: over the shop's HTTPS origin, a browser that installed the shop's authority (as
 * a phone does from *Teléfonos de la tienda*) gets a secure context: the service worker registers and
 * the camera's API exists. The server runs here on its own (the build, HTTPS_PORT set); the browser
 * trusts the authority through its own certificate store (NSS, as Chromium on Linux and Android keep
 * user-installed authorities), never by ignoring certificate errors.
 */
const libre = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

let servidor: ChildProcess | undefined;
const temporales: string[] = [];
test.afterAll(() => {
  servidor?.kill('SIGTERM');
  temporales.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
});

test('por HTTPS en la red de la tienda, un navegador que instaló la autoridad registra el service worker y tiene la cámara', async () => {
  test.setTimeout(180_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'adax-red-'));
  temporales.push(dir);
  const [http, https] = [await libre(), await libre()];
  servidor = spawn(process.execPath, [path.resolve(process.env.E2E_DIST ?? 'dist', 'server', 'main.js')], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(http),
      HTTPS_PORT: String(https),
      DATA_DIR: path.join(dir, 'datos'),
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'red-local-secret-red-local-secret-0123',
    },
    stdio: 'ignore',
  });
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`http://127.0.0.1:${http}/api/health`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 120_000 },
    )
    .toBe(200);

  // The phone's first step: the authority, downloaded over plain HTTP and installed in the browser's store.
  const der = Buffer.from(await (await fetch(`http://127.0.0.1:${http}/api/red-local/autoridad.crt`)).arrayBuffer());
  const home = path.join(dir, 'home');
  const nssdb = path.join(home, '.pki', 'nssdb');
  fs.mkdirSync(nssdb, { recursive: true });
  fs.writeFileSync(path.join(dir, 'autoridad.crt'), der);
  execFileSync('certutil', ['-N', '-d', `sql:${nssdb}`, '--empty-password']);
  execFileSync('certutil', ['-A', '-d', `sql:${nssdb}`, '-t', 'C,,', '-n', 'Autoridad de la tienda', '-i', path.join(dir, 'autoridad.crt')]);

  const browser = await chromium.launch({ ...config.use?.launchOptions, env: { ...process.env, HOME: home } });
  try {
    // Service workers on (the other journeys block them: playwright.config.ts, whose options apply here too).
    const page = await (await browser.newContext({ serviceWorkers: 'allow' })).newPage();
    // No certificate error to ignore: the navigation fails if the browser does not trust the server.
    await page.goto(`https://127.0.0.1:${https}/iniciar_sesion`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
    await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 60_000 });
    expect(await page.evaluate(() => typeof navigator.mediaDevices?.getUserMedia)).toBe('function');
  } finally {
    await browser.close();
  }
});
