import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo2024';
export const DEMO = {
  tienda: 'tienda@demo.adax.co',
  admin: 'admin@demo.adax.co',
  empleado: 'empleado@demo.adax.co',
  encargado: 'encargado@demo.adax.co',
  codigo: 'DEMO-2024',
};

let n = 0;
export const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}${(n++).toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Unique 10-digit document numbers per run. */
export const documento = () => String(3_000_000_000 + Math.floor(Math.random() * 999_999_999));

/**
 * Types into a list's search box and waits until the list shows that search's results. The search
 * applies after a pause and a request, and the previous rows stay on screen meanwhile: a row found,
 * and clicked, before then can move from under the pointer when the results arrive (a click lost so
 * on a loaded machine made crud-entidades "roles" fail).
 */
export async function buscarEnLista(page: Page, label: string, texto: string) {
  await page.getByLabel(label).fill(texto);
  await page.waitForURL((url) => (url.searchParams.get('q') ?? '') === texto.trim());
  // React has painted the list for that address: then no list is still loading.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/**
 * The till: types a product's name, waits for that search's results, and adds it (`veces` times) from its row. The
 * tap grid's tile of the same name stays on screen until the search settles, then goes: a click
 * aimed at it could hit empty space (an empty cart on a loaded machine).
 */
export async function agregarAlCarrito(page: Page, nombre: string, veces = 1) {
  await page.getByLabel('Buscar producto').fill(nombre);
  // The rows of the previous search stay, marked busy, until this one's arrive.
  await expect(page.locator('.pos__productos [aria-busy="true"]')).toHaveCount(0);
  const boton = page.getByRole('row').filter({ hasText: nombre }).getByRole('button', { name: `Agregar ${nombre}`, exact: true }).first();
  for (let i = 0; i < veces; i++) await boton.click();
}

/**
 * Signs in and leaves the page on Inicio (or on `ir`), with the account's caja open unless `caja: false`.
 * A fresh page (nothing loaded yet: every journey's first sign-in) signs in as the form does, through
 * the API (POST /api/sesion/login), and keeps the session under the spec's keys (spec §3 "Session", what
 * web/lib/session.ts saveSession writes) before the first screen loads: typing into the form and
 * rendering it was about a CPU-second a journey on the 2-core CI machine (issue #54 point 7). A page
 * already showing the app (a second account on the same device) and `formulario: true` use the form;
 * the sign-in screen's own journeys (cuenta.spec.ts) type into it.
 */
export async function signIn(
  page: Page,
  tipo: 'Empleado' | 'Tienda',
  email: string,
  password = DEMO_PASSWORD,
  options: { caja?: boolean; formulario?: boolean; ir?: string } = {},
) {
  if (!options.formulario && page.url() === 'about:blank') {
    const res = await page.request.post('/api/sesion/login', { data: { tipo: tipo.toLowerCase(), email, contrasena: password } });
    expect(res.status(), await res.text()).toBe(200);
    const { token, sesion } = (await res.json()) as { token: string; sesion: Record<string, string | number | null> };
    // A same-origin document that loads none of the app (the liveness probe's JSON), to write the device's storage.
    await page.goto('/api/health');
    await page.evaluate(
      ({ token, sesion, tipo }) => {
        const claves: Record<string, string> = { tipo: 'tipo', id_Tienda: 'id_Tienda', documento: 'documento', usuario: 'usuario', tienda: 'tienda', codigo_invitacion: 'codigo_invitacion', rol: 'rol' };
        localStorage.setItem('token', token);
        for (const [campo, clave] of Object.entries(claves)) {
          const v = sesion[campo];
          if (v != null && v !== '') localStorage.setItem(clave, String(v));
        }
        localStorage.setItem('ultimoTipoLogin', tipo);
      },
      { token, sesion, tipo: tipo.toLowerCase() },
    );
    if (options.caja !== false) await abrirCaja(page);
    await page.goto(options.ir ?? '/inicio');
    // On Inicio, signed in: the app's frame shows (the sign-in screen, where a refused session goes, has
    // none). A screen named by `ir` is the journey's to check (it may open with a dialog over it).
    if (!options.ir) {
      await expect(page.locator('main#contenido')).toBeVisible();
      await expect(page).toHaveURL(/\/inicio$/);
    }
    return;
  }
  await page.goto('/iniciar_sesion');
  await page.getByRole('button', { name: tipo, exact: true }).click();
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: /^Ingresar/ }).click();
  await expect(page).toHaveURL(/\/inicio$/);
  if (options.caja !== false) await abrirCaja(page);
  if (options.ir) await page.goto(options.ir);
}

/**
 * The till sells only in an open cash-register shift (issue #18). Journeys about other things open
 * the account's shift through the API (one already open is kept: 409); the caja journeys open and
 * close theirs on screen, with accounts of their own.
 */
export async function abrirCaja(page: Page, fondoInicial = 0) {
  const status = await page.evaluate(async (fondo) => {
    const token = localStorage.getItem('token');
    const res = await fetch('/api/caja/turnos', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ fondoInicial: fondo }),
    });
    return res.status;
  }, fondoInicial);
  expect([201, 409]).toContain(status);
}

/**
 * Signs out from the footer. With the account's caja still open (issue #18) the app first asks
 * whether to go and close it: these journeys sign out anyway.
 */
export async function cerrarSesion(page: Page) {
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  const aviso = page.locator('.swal2-popup', { hasText: 'La caja sigue abierta' });
  await expect(aviso.or(page.getByRole('button', { name: /^Ingresar/ }))).toBeVisible();
  if (await aviso.isVisible()) await aviso.locator('.swal2-deny').click();
  await expect(page).toHaveURL(/\/iniciar_sesion$/);
}

/** The SweetAlert2 popup: its title and text. */
export async function expectPopup(page: Page, title: string | RegExp, text?: string | RegExp) {
  const popup = page.locator('.swal2-popup');
  await expect(popup).toBeVisible();
  await expect(popup.locator('.swal2-title')).toHaveText(title);
  if (text !== undefined) await expect(popup.locator('.swal2-html-container')).toHaveText(text);
}

/**
 * A success toast (issue #16: a save that succeeded no longer opens a dialog): its title and text.
 * It needs no answer; the dialog that asked before it (a confirmation) has closed.
 */
export async function expectToast(page: Page, title: string | RegExp, text?: string | RegExp) {
  const toast = page.locator('.app-toasts .app-toast').filter({ has: page.locator('.app-toast__title', { hasText: title }) }).last();
  await expect(toast).toBeVisible();
  await expect(toast.locator('.app-toast__title')).toHaveText(title);
  if (text !== undefined) await expect(toast.locator('.app-toast__text')).toHaveText(text);
  await focoDevuelto(page);
}

export async function closePopup(page: Page) {
  await page.locator('.swal2-confirm').click();
  await expect(page.locator('.swal2-popup')).toBeHidden();
  await focoDevuelto(page);
}

/**
 * SweetAlert gives the focus back to what had it before (the button that opened the dialog) 100 ms
 * after its container is removed. A step taken in between (typing in a field, pressing Enter) can
 * see the focus jump under it: 'Enter' in the cart then pressed 'Generar pago' (issue #14 point 9).
 * A timer set in the page after the removal fires after SweetAlert's, so this waits for the focus
 * itself, not for a guessed time.
 */
export async function focoDevuelto(page: Page) {
  await expect(page.locator('.swal2-container')).toHaveCount(0);
  await page.evaluate(() => new Promise<void>((resolve) => setTimeout(resolve, 100)));
}

/** The last 6-digit code the real SMTP listener received for an address. */
export async function lastCodeFor(email: string): Promise<string> {
  const dir = process.env.E2E_DIR || path.join(os.tmpdir(), 'adax-e2e');
  const file = path.join(dir, 'mail.jsonl');
  for (let i = 0; i < 50; i++) {
    if (fs.existsSync(file)) {
      const mails = fs
        .readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { to: string[]; raw: string })
        .filter((m) => m.to.includes(email));
      const raw = mails.at(-1)?.raw.replace(/=\r?\n/g, '');
      const code = raw && /es: (\d{6})/.exec(raw)?.[1];
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no llegó ningún código a ${email}`);
}

/**
 * The sale on the receipt page: its internal id (for the API and the invoice's address) and its
 * number in the store, the one the receipt shows (issue #36 point 8, ADR 026).
 */
export async function ventaDelRecibo(page: Page): Promise<{ id: number; numero: number }> {
  const el = page.getByTestId('recibo-id');
  // The title carries the DIAN number when the till has a range (issue #52 point 5): the store's number is its data.
  return { id: Number(await el.getAttribute('data-venta-id')), numero: Number(await el.getAttribute('data-numero')) };
}

/**
 * A scanner's burst, as the page receives it: every key within a millisecond or two, then Enter, to
 * whatever has the focus. Sent from inside the page in one go: typed through the DevTools protocol on
 * a loaded machine, the keys arrived up to hundreds of milliseconds apart, a person's speed, and were
 * rightly not a scan.
 */
export async function rafagaDeEscaner(page: Page, codigo: string) {
  await page.evaluate((keys) => {
    for (const key of [...keys, 'Enter']) {
      const init = { key, code: key === 'Enter' ? 'Enter' : `Digit${key}`, bubbles: true, cancelable: true };
      document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', init));
      document.activeElement?.dispatchEvent(new KeyboardEvent('keyup', init));
    }
  }, codigo.split(''));
}
