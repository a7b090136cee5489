// Browser measures of `npm run bench` (issue #20): the low-end phone (`phone`) and the scanner (`scan`).
// Both run in the system's Chromium through Playwright; the phone is emulated through the DevTools
// protocol (CPU throttled 4×, DevTools' "Fast 3G" network profile).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from '@playwright/test';

/** DevTools' "Fast 3G" preset (Chromium's front_end/core/sdk/NetworkManager.ts): 562.5 ms RTT, 1.44 Mbit/s down, 675 kbit/s up. */
export const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9, uploadThroughput: ((750 * 1000) / 8) * 0.9 };
export const CPU_SLOWDOWN = 4;

export interface Sesion {
  token: string;
  sesion: { rol: number; usuario: string; tienda: string; id_Tienda: number; codigo_invitacion?: string | null };
}

/** The signed-in session as the web app keeps it, written before any page script runs. */
export async function withSession(context: BrowserContext, s: Sesion) {
  await context.addInitScript((s: Sesion) => {
    if (localStorage.getItem('token')) return;
    localStorage.setItem('token', s.token);
    localStorage.setItem('tipo', 'tienda');
    localStorage.setItem('rol', String(s.sesion.rol));
    localStorage.setItem('usuario', s.sesion.usuario);
    localStorage.setItem('tienda', s.sesion.tienda);
    localStorage.setItem('id_Tienda', String(s.sesion.id_Tienda));
    localStorage.setItem('codigo_invitacion', s.sesion.codigo_invitacion ?? '');
  }, s);
}

/**
 * Records, in the page, the moment (ms since navigation start) the till is usable: the search box is
 * in the page and enabled, and the first page of products is shown (an "Agregar" button).
 */
export function watchUsable(context: BrowserContext) {
  // As text: a function from this file would carry tsx's name helpers into the page.
  return context.addInitScript({
    content: `(() => {
      const check = () => {
        if (window.__usable !== undefined) return;
        const input = document.getElementById('pos-buscar');
        if (!input || input.disabled) return;
        const agregar = [...document.querySelectorAll('button')].some((b) => /^Agregar/.test(b.getAttribute('aria-label') ?? b.textContent ?? ''));
        if (agregar) window.__usable = performance.now();
      };
      new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
    })();`,
  });
}

async function throttle(page: Page, network = true) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  if (network) await cdp.send('Network.emulateNetworkConditions', FAST_3G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return cdp;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)]!;
};

export interface PhoneResult {
  cold: number[];
  warm: number[];
  lcp: number[];
  coldBytes: number[];
  warmBytes: number[];
  landingBytes: number[];
}

/** Cold and warm loads of /ventas and the landing page's LCP on an emulated low-end phone. */
export async function measurePhone(browser: Browser, base: string, sesion: Sesion, runs = 3): Promise<PhoneResult & { summary: Record<string, number> }> {
  const out: PhoneResult = { cold: [], warm: [], lcp: [], coldBytes: [], warmBytes: [], landingBytes: [] };
  const bytesOf = (page: Page) => {
    let n = 0;
    page.on('requestfinished', (r) => {
      void r.sizes().then((s) => (n += s.responseBodySize + s.responseHeadersSize)).catch(() => {});
    });
    return () => n;
  };
  for (let i = 0; i < runs; i++) {
    // Cold: a fresh profile (nothing cached), already signed in, with its shift open.
    const context = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });
    await withSession(context, sesion);
    await watchUsable(context);
    const page = await context.newPage();
    await throttle(page);
    let bytes = bytesOf(page);
    await page.goto(`${base}/ventas`, { waitUntil: 'commit' });
    await page.waitForFunction(() => (window as unknown as { __usable?: number }).__usable !== undefined, null, { timeout: 60_000, polling: 100 });
    out.cold.push(await page.evaluate(() => (window as unknown as { __usable: number }).__usable));
    await page.waitForLoadState('networkidle');
    out.coldBytes.push(bytes());
    // A cashier opens the till again later, when the service worker (vite.config.ts) has the shell:
    // wait until it is active (a build without one goes on at once).
    await page.evaluate(async () => {
      if (!('serviceWorker' in navigator) || !(await navigator.serviceWorker.getRegistration())) return;
      await navigator.serviceWorker.ready;
    });
    // Warm: the same profile again (the shell and its assets in the browser's cache).
    const warm = await context.newPage();
    await throttle(warm);
    bytes = bytesOf(warm);
    await warm.goto(`${base}/ventas`, { waitUntil: 'commit' });
    await warm.waitForFunction(() => (window as unknown as { __usable?: number }).__usable !== undefined, null, { timeout: 60_000, polling: 100 });
    out.warm.push(await warm.evaluate(() => (window as unknown as { __usable: number }).__usable));
    await warm.waitForLoadState('networkidle');
    out.warmBytes.push(bytes());
    await context.close();

    // The landing page's Largest Contentful Paint, cold, signed out.
    const lc = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });
    const lp = await lc.newPage();
    await throttle(lp);
    bytes = bytesOf(lp);
    await lp.goto(`${base}/`, { waitUntil: 'load', timeout: 60_000 });
    await lp.waitForLoadState('networkidle');
    const lcp = await lp.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let last = 0;
          new PerformanceObserver((l) => {
            for (const e of l.getEntries()) last = e.startTime;
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          setTimeout(() => resolve(last), 1000);
        }),
    );
    // No entry (it happens when the page painted before the observer could be buffered): not a zero.
    if (lcp > 0) out.lcp.push(lcp);
    out.landingBytes.push(bytes());
    await lc.close();
  }
  return {
    ...out,
    summary: {
      coldMs: Math.round(median(out.cold)),
      warmMs: Math.round(median(out.warm)),
      lcpMs: Math.round(median(out.lcp)),
      coldKB: Math.round(median(out.coldBytes) / 1024),
      warmKB: Math.round(median(out.warmBytes) / 1024),
      landingKB: Math.round(median(out.landingBytes) / 1024),
    },
  };
}

/**
 * Scanner speed: each code typed into the till's search box a key every `keyMs` ms, then Enter; the
 * time from the Enter to the product's line in the cart, read in the page (no throttling).
 */
export async function measureScan(browser: Browser, base: string, sesion: Sesion, scans: { codigo: string; nombre: string }[], keyMs = 5) {
  const context = await browser.newContext();
  await withSession(context, sesion);
  await watchUsable(context);
  const page = await context.newPage();
  await page.goto(`${base}/ventas`);
  await page.waitForFunction(() => (window as unknown as { __usable?: number }).__usable !== undefined, null, { timeout: 30_000 });
  await page.evaluate(() => {
    const w = window as unknown as { __enterAt: number; __lineAt: Map<string, number> };
    w.__lineAt = new Map();
    window.addEventListener('keydown', (e) => e.key === 'Enter' && (w.__enterAt = performance.now()), true);
    new MutationObserver(() => {
      const now = performance.now();
      for (const el of document.querySelectorAll('.cart-line__name')) {
        const name = el.textContent ?? '';
        if (!w.__lineAt.has(name)) w.__lineAt.set(name, now);
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  const times: number[] = [];
  const pings: number[] = [];
  const box = page.locator('#pos-buscar');
  for (const s of scans) {
    // The reference in the same moment: one round trip of the page to the server's /api/ping.
    pings.push(await page.evaluate(async () => {
      const t0 = performance.now();
      await (await fetch('/api/ping')).text();
      return performance.now() - t0;
    }));
    await box.focus();
    await page.keyboard.type(s.codigo, { delay: keyMs });
    await page.keyboard.press('Enter');
    await page.waitForFunction((n) => (window as unknown as { __lineAt: Map<string, number> }).__lineAt.has(n), s.nombre, { timeout: 10_000, polling: 'raf' });
    const ms = await page.evaluate((n) => {
      const w = window as unknown as { __enterAt: number; __lineAt: Map<string, number> };
      return w.__lineAt.get(n)! - w.__enterAt;
    }, s.nombre);
    times.push(ms);
    // Between scans a cashier hands over the item: the next code starts after a short pause.
    await page.waitForTimeout(60);
  }
  await context.close();
  const q = (xs: number[], p: number) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!);
  };
  return { n: times.length, p50: q(times, 0.5), p95: q(times, 0.95), max: q(times, 1), pingP50: q(pings, 0.5), pingP95: q(pings, 0.95) };
}

/**
 * The limit of a cold till (issue #55 point 4): a minimal page of the same shape on the same machine,
 * from its own loopback server in this process: an HTML, one module script, one API read, then a
 * search box and an "Agregar" button (what watchUsable waits for). Nothing of it can be lighter.
 */
export async function minimalPage(): Promise<{ url: string; close: () => Promise<void> }> {
  const html = '<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Mínima</title><script type="module" src="/m.js"></script></head><body><input id="pos-buscar"><div id="r"></div></body></html>';
  const js = "fetch('/api/ping').then((r) => r.json()).then(() => { const b = document.createElement('button'); b.textContent = 'Agregar'; document.getElementById('r').append(b); });";
  const server = http.createServer((req, res) => {
    const [type, body] = req.url === '/m.js' ? ['text/javascript', js] : req.url === '/api/ping' ? ['application/json', '{"ok":true}'] : ['text/html; charset=utf-8', html];
    res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(() => r())) };
}

/**
 * Cold /ventas against the minimal page, alternated in the same run, on a phone's CPU (4× through
 * the DevTools protocol) with and without "Fast 3G": each load in a fresh profile, usable as watchUsable.
 */
export async function measureColdVsMinimal(browser: Browser, base: string, sesion: Sesion, runs = 3) {
  const minimal = await minimalPage();
  const out: Record<'fast3g' | 'cpu', { till: number[]; minimal: number[] }> = { fast3g: { till: [], minimal: [] }, cpu: { till: [], minimal: [] } };
  const coldLoad = async (url: string, network: boolean, signedIn: boolean) => {
    const context = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });
    if (signedIn) await withSession(context, sesion);
    await watchUsable(context);
    const page = await context.newPage();
    await throttle(page, network);
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => (window as unknown as { __usable?: number }).__usable !== undefined, null, { timeout: 60_000, polling: 100 });
    const ms = await page.evaluate(() => (window as unknown as { __usable: number }).__usable);
    await context.close();
    return ms;
  };
  try {
    for (const profile of ['fast3g', 'cpu'] as const) {
      for (let i = 0; i < runs; i++) {
        out[profile].till.push(await coldLoad(`${base}/ventas`, profile === 'fast3g', true));
        out[profile].minimal.push(await coldLoad(minimal.url, profile === 'fast3g', false));
      }
    }
  } finally {
    await minimal.close();
  }
  const summary = (p: 'fast3g' | 'cpu') => {
    const till = Math.round(median(out[p].till));
    const min = Math.round(median(out[p].minimal));
    return { till, minimal: min, ratio: Number((till / min).toFixed(2)) };
  };
  return { ...out, summary: { fast3g: summary('fast3g'), cpu: summary('cpu') } };
}

/**
 * One sale on the till with the network off, by the cashier's steps (the one till, issue #53, ADR 048;
 * tests/e2e/support/sin-red.ts): search, Agregar, Generar pago, Efectivo, Confirmar pago, Nueva venta.
 * Answers the ms from the click on *Confirmar pago* to the offline receipt's number in the page.
 */
export async function ventaSinRedEnCaja(page: Page, nombre: string): Promise<number> {
  await page.getByLabel('Buscar producto').fill(nombre);
  await page.waitForFunction(() => !document.querySelector('.pos__productos [aria-busy="true"]'));
  await page.getByRole('row').filter({ hasText: nombre }).getByRole('button', { name: `Agregar ${nombre}`, exact: true }).first().click();
  await page.getByRole('button', { name: 'Generar pago' }).click();
  await page.getByRole('radio', { name: 'Efectivo' }).check();
  await page.getByLabel('Monto recibido').fill('100000');
  // As text: a function from this file would carry tsx's name helpers into the page.
  const ms = (await page.evaluate(`new Promise((resolve) => {
    const boton = [...document.querySelectorAll('button')].find((b) => b.textContent.trim().startsWith('Confirmar pago'));
    const obs = new MutationObserver(() => {
      if (document.querySelector('[data-testid="recibo-sin-red-numero"]')) { obs.disconnect(); resolve(performance.now() - t0); }
    });
    obs.observe(document.body, { childList: true, subtree: true });
    const t0 = performance.now();
    boton.click();
  })`)) as number;
  await page.getByRole('button', { name: 'Nueva venta' }).click();
  await page.getByLabel('Buscar producto').waitFor();
  return ms;
}
