import { expect, type Page } from '@playwright/test';
import { agregarAlCarrito, documento, unique, ventaDelRecibo } from './fixtures';

/** The counter's journeys' helpers (tests/e2e/mostrador*.spec.ts): products, sales and a store of their own. */

// Issue #36: the counter, third pass. Products of the demo store that the other journeys leave alone
// where stock is compared; every check compares before and after (journeys share one database).
export const SAL = 'Sal refinada 1 kg'; // $ 2.400

export interface Producto {
  id: number;
  nombre: string;
  precio: number;
  stock: number;
  codigoBarras: string | null;
}

export async function authHeaders(page: Page) {
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  expect(token).toBeTruthy();
  return { authorization: `Bearer ${token}` };
}

/** A demo product with a barcode and stock, as the sales API sees it now. */
export async function conCodigo(page: Page, q: string): Promise<Producto> {
  const res = await page.request.get('/api/ventas/productos', { params: { q }, headers: await authHeaders(page) });
  expect(res.ok()).toBe(true);
  const found = ((await res.json()) as { items: Producto[] }).items.find((p) => p.codigoBarras && p.stock > 0);
  expect(found, `a demo product "${q}" with a barcode and stock`).toBeTruthy();
  return found!;
}

/**
 * A scanner's burst into whatever has the focus, as the page receives it: every key within a
 * millisecond, then Enter. Sent from inside the page in one go (typed through the DevTools protocol
 * on a loaded machine the keys arrive at a person's speed). A key the page does not take lands in the
 * focused field, as the browser would type it.
 */
export async function escanearAqui(page: Page, codigo: string) {
  await page.evaluate((keys) => {
    for (const key of [...keys, 'Enter']) {
      const el = document.activeElement as HTMLElement | null;
      const init = { key, code: key === 'Enter' ? 'Enter' : `Digit${key}`, bubbles: true, cancelable: true };
      const typed = el?.dispatchEvent(new KeyboardEvent('keydown', init));
      if (typed && key !== 'Enter' && el instanceof HTMLInputElement) {
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(el, el.value + key);
        el.dispatchEvent(new Event('input', { bubbles: true }));
      }
      el?.dispatchEvent(new KeyboardEvent('keyup', init));
    }
  }, codigo.split(''));
}

/** The width in points of a PDF's first page (its MediaBox). */
export const anchoPdf = (pdf: Buffer) => {
  const m = /\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)/.exec(pdf.toString('latin1'));
  expect(m, 'a MediaBox in the PDF').toBeTruthy();
  return Number(m![3]) - Number(m![1]);
};

/** Pesos as the app shows them: $ 3.600. */
export const pesos = (n: number) => `$ ${String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;

export const cart = (page: Page) => page.getByRole('list', { name: 'Productos en el carrito' });

export async function ventaApi(page: Page, id: number) {
  const res = await page.request.get(`/api/ventas/${id}`, { headers: await authHeaders(page) });
  expect(res.ok()).toBe(true);
  return (await res.json()) as { estado: string; total: number; montoFiado: number; lineas: { nombre: string; cantidad: number }[] };
}

/** From the till with one product in the cart to the receipt, paying with `pagar`; the sale's id and number. */
export async function cobrar(page: Page, nombre: string, pagar: (page: Page) => Promise<void>) {
  await page.goto('/ventas');
  await agregarAlCarrito(page, nombre);
  await page.getByRole('button', { name: 'Generar pago' }).click();
  await expect(page).toHaveURL(/\/generar_pago$/);
  await pagar(page);
  await page.getByRole('button', { name: 'Confirmar pago' }).click();
  await expect(page).toHaveURL(/\/factura$/);
  return ventaDelRecibo(page);
}


/** A customer of the demo store with fiado and a limit, through the API (role 1); its documento and name. */
export async function clienteFiado(page: Page, nombre: string, cupo = 500_000, extra: Record<string, unknown> = {}) {
  const doc = String(3_000_000_000 + Math.floor(Math.random() * 999_999_999));
  const res = await page.request.post('/api/clientes', {
    headers: await authHeaders(page),
    data: { documento: doc, tipoDocumento: 'CC', nombre, apellido: 'Mostrador', telefono: '3001234567', fiado: true, cupo, ...extra },
  });
  expect(res.status(), await res.text()).toBe(201);
  return doc;
}

/** A product of its own at a round price (the demo's prices and stock are other journeys'). */
export async function productoPropio(page: Page, nombre: string, precio: number, cantidad = 20) {
  const res = await page.request.post('/api/productos', { headers: await authHeaders(page), data: { nombre, precio, cantidad, stockMin: 0 } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { producto: { id: number; nombre: string } }).producto;
}

export const unico = (prefijo: string) => `${prefijo} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

export const CLAVE = 'Clave1234';

/**
 * A store of its own (its supervisors, numbers and settings are no other journey's): registered and
 * signed in through the API, letting its cashier in at once, with one product and that cashier.
 */
export async function tiendaPropia(page: Page, producto: { nombre: string; precio: number; cantidad: number; codigoBarras?: string } = { nombre: 'Arroz 500 g', precio: 3000, cantidad: 20 }) {
  const email = `${unique('mostrador')}@prueba.co`;
  const nombreTienda = unique('Tienda Mostrador');
  const r = await page.request.post('/api/tiendas/registro', { data: { nombreTienda, email, contrasena: CLAVE } });
  expect(r.status(), await r.text()).toBe(201);
  const { codigo_invitacion } = await r.json();
  const { token } = await (await page.request.post('/api/sesion/login', { data: { tipo: 'tienda', email, contrasena: CLAVE } })).json();
  const headers = { authorization: `Bearer ${token}` };
  expect((await page.request.put('/api/tienda/invitacion', { data: { aprobar_empleados: false }, headers })).status()).toBe(200);
  const cajero = `${unique('cajero')}@prueba.co`;
  const e = await page.request.post('/api/usuarios/registro', {
    data: { nombre: 'Julián', apellido: 'Mora', documento: documento(), tipoDoc: 'CC', email: cajero, contrasena: CLAVE, codigo_invitacion },
  });
  expect(e.status(), await e.text()).toBe(201);
  const p = await page.request.post('/api/productos', { data: { ...producto, stockMin: 0 }, headers });
  expect(p.status(), await p.text()).toBe(201);
  return { email, nombreTienda, cajero, headers, producto: (await p.json()).producto as { id: number; nombre: string } };
}
