/**
 * Helpers of the back-office journeys (not a spec itself): a fresh store per test, so the demo
 * store that other journeys use is never touched; sessions put straight into the browser's storage;
 * rows created through the API when a journey only needs them to exist.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { buscarEnLista, unique } from './support/fixtures';

export const OPERADOR = { email: 'operador@e2e.adax.co', password: 'Operador2024' };
export const CLAVE = 'Clave2024x';

interface Sesion {
  tipo: string;
  documento: string | null;
  usuario: string;
  tienda: string | null;
  id_Tienda: number | null;
  rol: number;
  codigo_invitacion: string | null;
}

export interface Cuenta {
  token: string;
  sesion: Sesion;
}

export interface TiendaNueva extends Cuenta {
  id: number;
  codigo: string;
  email: string;
  nombre: string;
}

export async function iniciarSesion(request: APIRequestContext, tipo: 'tienda' | 'empleado', email: string, contrasena: string): Promise<Cuenta> {
  const r = await request.post('/api/sesion/login', { data: { tipo, email, contrasena } });
  expect(r.status(), await r.text()).toBe(200);
  return (await r.json()) as Cuenta;
}

/** Registers a store through the API and signs it in. */
export async function nuevaTienda(request: APIRequestContext): Promise<TiendaNueva> {
  const email = `${unique('crud')}@e2e.co`;
  const nombre = `Tienda ${unique('crud')}`;
  const r = await request.post('/api/tiendas/registro', { data: { nombreTienda: nombre, email, contrasena: CLAVE } });
  expect(r.status(), await r.text()).toBe(201);
  const { id_Tienda, codigo_invitacion } = (await r.json()) as { id_Tienda: number; codigo_invitacion: string };
  const cuenta = await iniciarSesion(request, 'tienda', email, CLAVE);
  // The store sells only with its drawer open (issue #27): the back-office's sales are the account's.
  const caja = await request.post('/api/caja/turnos', { data: { fondoInicial: 0 }, headers: { authorization: `Bearer ${cuenta.token}` } });
  expect(caja.status(), await caja.text()).toBe(201);
  return { ...cuenta, id: id_Tienda, codigo: codigo_invitacion, email, nombre };
}

export const operador = (request: APIRequestContext) => iniciarSesion(request, 'empleado', OPERADOR.email, OPERADOR.password);

/** Puts the session in localStorage under the app's keys before the first page loads. */
export async function entrarComo(page: Page, cuenta: Cuenta) {
  await page.addInitScript((c: Cuenta) => {
    if (window.localStorage.getItem('token')) return;
    const s = c.sesion;
    const values: Record<string, string | number | null> = {
      token: c.token,
      tipo: s.tipo,
      id_Tienda: s.id_Tienda,
      documento: s.documento,
      usuario: s.usuario,
      tienda: s.tienda,
      codigo_invitacion: s.codigo_invitacion,
      rol: s.rol,
    };
    for (const [k, v] of Object.entries(values)) if (v != null && v !== '') window.localStorage.setItem(k, String(v));
  }, cuenta);
}

/** A fresh store signed in on the page, at its start screen. */
export async function entrarEnTiendaNueva(page: Page): Promise<TiendaNueva> {
  const tienda = await nuevaTienda(page.request);
  await entrarComo(page, tienda);
  await page.goto('/inicio');
  return tienda;
}

/** Opens a branch of the account's empresa through the API (ADR 043): its name, unique to the run, and its id. */
export async function abrirSucursal(request: APIRequestContext, cuenta: Cuenta): Promise<{ nombre: string; id: number }> {
  const nombre = `Sede Norte ${unique('n').slice(-5)}`;
  const r = await request.post('/api/sucursales', { headers: { authorization: `Bearer ${cuenta.token}` }, data: { nombreTienda: nombre } });
  expect(r.status(), await r.text()).toBe(201);
  return { nombre, id: ((await r.json()) as { idTienda: number }).idTienda };
}

/** The top bar's switcher between the stores of an empresa. */
export const selectorTienda = (page: Page) => page.getByRole('combobox', { name: 'Tienda', exact: true });

/**
 * Chooses a store of the empresa in the top bar: done when the footer names it. Another store than the
 * one shown takes the app to /inicio; choosing the one shown changes nothing.
 */
export async function cambiarDeTienda(page: Page, nombre: string) {
  const selector = selectorTienda(page);
  const otra = (await selector.locator('option:checked').textContent()) !== nombre;
  await selector.selectOption({ label: nombre });
  if (otra) await expect(page).toHaveURL(/\/inicio$/);
  await expect(page.getByTestId('footer-tienda')).toHaveText(nombre);
}

/** Creates a back-office row through the API; returns its id. */
export async function crearFila(request: APIRequestContext, cuenta: Cuenta, entidad: string, data: object): Promise<number> {
  const r = await request.post(`/api/crud/${entidad}`, { data, headers: { authorization: `Bearer ${cuenta.token}` } });
  expect(r.status(), await r.text()).toBe(201);
  return ((await r.json()) as { id: number }).id;
}

export async function leerFila<T = Record<string, unknown>>(request: APIRequestContext, cuenta: Cuenta, entidad: string, id: number): Promise<T> {
  const r = await request.get(`/api/crud/${entidad}/${id}`, { headers: { authorization: `Bearer ${cuenta.token}` } });
  expect(r.status()).toBe(200);
  return (await r.json()) as T;
}

/** The 'Operacion' message of the top bar. */
export const operacion = (page: Page) => page.getByTestId('crud-operacion');

/** The list row of a record that contains a text (not the "nothing matches" row). */
export const fila = (page: Page, texto: string | RegExp) =>
  page.getByRole('row').filter({ hasText: texto }).filter({ has: page.getByRole('button', { name: /^Modificar/ }) });

/** Types in the list's search box (the list pages on the server). */
export async function buscar(page: Page, texto: string) {
  await buscarEnLista(page, 'Buscar', texto);
}

/** Confirms the delete dialog. */
export async function confirmarEliminar(page: Page) {
  const popup = page.locator('.swal2-popup');
  await expect(popup.locator('.swal2-title')).toHaveText('¿Eliminar este registro?');
  await popup.getByRole('button', { name: 'Sí, eliminar' }).click();
  await expect(popup).toBeHidden();
}

/** The success dialog of a register form, then back on the list. */
export async function registroExitoso(page: Page, boton = 'Aceptar') {
  const popup = page.locator('.swal2-popup');
  await expect(popup.locator('.swal2-title')).toHaveText('Registro exitoso');
  await expect(popup.locator('.swal2-html-container')).toHaveText('El registro fue exitoso');
  await popup.getByRole('button', { name: boton }).click();
  await expect(popup).toBeHidden();
}

/** Fills a form: label → value (selects by option value). */
export async function llenar(page: Page, valores: Record<string, string>) {
  for (const [label, value] of Object.entries(valores)) {
    const field = page.getByLabel(label, { exact: true });
    if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption(value);
    else await field.fill(value);
  }
}
