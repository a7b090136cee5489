import { expect, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { unique } from './fixtures';

/**
 * The store API as the signed-in page sees it: the page's own token (localStorage), and an answer
 * outside 2xx fails the journey with its body. For set-up and for reading what the server recorded;
 * what the user does goes through the screen.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the journeys read answers loosely
export async function api<T = any>(page: Page, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown): Promise<T> {
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const res = await page.request.fetch(url, { method, headers: { authorization: `Bearer ${token}` }, ...(body === undefined ? {} : { data: body }) });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

/** The same, bound to one page: `const a = apiDe(page); await a.post('/api/…', {…})`; `a.producto(…)` adds a product. */
export function apiDe(page: Page) {
  return {
    get: <T = any>(url: string) => api<T>(page, 'GET', url), // eslint-disable-line @typescript-eslint/no-explicit-any
    post: <T = any>(url: string, data: unknown) => api<T>(page, 'POST', url, data), // eslint-disable-line @typescript-eslint/no-explicit-any
    put: <T = any>(url: string, data: unknown) => api<T>(page, 'PUT', url, data), // eslint-disable-line @typescript-eslint/no-explicit-any
    /** A new product named `nombre` made unique, for set-up: answers its name and its id. */
    producto: async (nombre: string, precio: number, cantidad: number): Promise<[string, number]> => {
      const unico = unique(nombre);
      return [unico, (await api<{ producto: { id: number } }>(page, 'POST', '/api/productos', { nombre: unico, precio, cantidad })).producto.id];
    },
  };
}

/**
 * The store API with a token through the test's own request context, for set-up before any page
 * signs in: an answer outside 2xx fails the journey with its body; the answer's JSON comes back.
 */
export function apiConToken(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const ok = async (r: APIResponse) => {
    expect(r.status(), await r.text()).toBeLessThan(300);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the journeys read answers loosely
    return (await r.json()) as any;
  };
  const con = (data?: unknown) => ({ headers, ...(data === undefined ? {} : { data }) });
  return {
    headers,
    get: async (url: string) => ok(await request.get(url, { headers })),
    post: async (url: string, data?: unknown) => ok(await request.post(url, con(data))),
    put: async (url: string, data?: unknown) => ok(await request.put(url, con(data))),
  };
}
