import { expect, test } from '@playwright/test';
import { expectToast, signIn, unique } from './support/fixtures';
import { CLAVE, dia, ferreteria } from './support/ferreteria';

// Issue #57 point 3 (ADR 055): the farmer who brings eggs does not invoice. The owner marks the
// supplier as not invoicing with what the documento soporte names of him; a reception from him gets
// its documento soporte (type 05, CUDS) from the store's DS range, shown with the order's receptions.
const SHOTS = '/tmp/shots-f';

test('una recepción de un proveedor que no factura lleva su documento soporte', async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const email = await ferreteria(page);
  await signIn(page, 'Tienda', email, CLAVE);
  const { token } = await (await page.request.post('/api/sesion/login', { data: { tipo: 'tienda', email, contrasena: CLAVE } })).json();
  const headers = { authorization: `Bearer ${token}` };
  const api = async (url: string, data: object) => {
    const r = await page.request.post(url, { data, headers });
    expect(r.status(), await r.text()).toBeLessThan(300);
    return r.json();
  };

  // The supplier form: not invoicing needs the document type, number, address and municipality.
  await page.goto('/gestionar_proveedores');
  const form = page.getByRole('form', { name: 'Agregar proveedor' });
  const nombre = unique('Pedro Campesino');
  await form.getByLabel('Nombre').fill(nombre);
  await form.getByLabel('Teléfono').fill('3104567890');
  await form.getByLabel('Correo').fill('pedro@correo.co');
  await form.getByLabel('Emite factura electrónica').uncheck();
  await expect(form.getByText('la tienda le hace un documento soporte')).toBeVisible();
  await form.getByRole('button', { name: 'Agregar proveedor' }).click();
  await expect(page.getByRole('dialog').getByText(/necesita, para el documento soporte/)).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Aceptar' }).click();
  await form.getByLabel('Tipo de documento (opcional)').selectOption('CC');
  await form.getByLabel('NIT o cédula (opcional)').fill('1020304050');
  await form.getByLabel('Dirección (opcional)').fill('Vereda El Rosal');
  await form.getByLabel('Código DANE del municipio (opcional)').fill('25899');
  await page.screenshot({ path: `${SHOTS}/proveedor-form-1366.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/proveedor-form-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await form.getByRole('button', { name: 'Agregar proveedor' }).click();
  await expectToast(page, 'Proveedor registrado');

  // The store's DS range, an order to the farmer and its reception (the order's own journeys test the screens).
  const { items } = await (await page.request.get(`/api/proveedores?q=${encodeURIComponent(nombre)}`, { headers })).json();
  const proveedorId = items[0].id as number;
  const cajas = await (await page.request.get('/api/numeracion', { headers })).json();
  await api(`/api/numeracion/cajas/${cajas.puntos[0].id}/rangos`, { resolucion: '18760000009', fechaDesde: dia(-5), fechaHasta: dia(300), prefijo: 'DS', desde: 1, hasta: 1000, tipo: 'soporte', claveTecnica: 'a1b2c3d4e5f60718293a4b5c6d7e8f90' });
  const productos = await (await page.request.get(`/api/productos?q=Tornillo`, { headers })).json();
  const productoId = (productos.items ?? productos)[0].id as number;
  const { orden } = await api('/api/compras/ordenes', { proveedorId, lineas: [{ productoId, cantidad: 30, costoUnit: 500 }], nota: null });
  const r = await api('/api/compras/recepciones', { ordenId: orden.id, facturaNumero: null, cufe: null, lineas: [{ productoId, cantidad: 30, costoUnit: 500, vence: null, lote: null }] });
  expect(r.soporte.documento.numero).toBe('DS1');

  await page.goto(`/ordenes_compra/${orden.id}`);
  const recepciones = page.getByRole('region', { name: 'Recepciones' });
  await expect(recepciones.getByText('Documento soporte DS1')).toBeVisible();
  await expect(recepciones.getByText(r.soporte.documento.cuds)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/recepcion-ds-1366.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(recepciones.getByText('Documento soporte DS1')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/recepcion-ds-390.png`, fullPage: true });
});
