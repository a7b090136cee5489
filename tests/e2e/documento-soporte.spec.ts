import { expect, test } from '@playwright/test';
import { expectToast, signIn, unique } from './support/fixtures';
import { CLAVE, dia, ferreteria } from './support/ferreteria';
import { buscar, entrarComo, fila, llenar, nuevaTienda, operacion, registroExitoso } from './crud-support';
import { captura } from './support/capturas';

// Issue #57 point 3 (ADR 055): the farmer who brings eggs does not invoice. The owner marks the
// supplier as not invoicing with what the documento soporte names of him; a reception from him gets
// its documento soporte (type 05, CUDS) from the store's DS range, shown with the order's receptions;
// the owner issues its adjustment note (type 95) there, and receiving without an order does the same.
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
  await captura(page, { path: `${SHOTS}/proveedor-form-1366.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await captura(page, { path: `${SHOTS}/proveedor-form-390.png`, fullPage: true });
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
  await captura(page, { path: `${SHOTS}/recepcion-ds-1366.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(recepciones.getByText('Documento soporte DS1')).toBeVisible();
  await captura(page, { path: `${SHOTS}/recepcion-ds-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });

  // Once DIAN accepts it (the server's worker and the fake DIAN), its PDF downloads from the reception (ADR 058).
  const estadoDs = async () => (await (await page.request.get(`/api/compras/recepciones/${r.recepcion.id}/soporte`, { headers })).json()).documento.estado;
  await expect.poll(estadoDs, { timeout: 90_000 }).toBe('aceptado');
  await page.reload();
  const pdfDs = recepciones.getByRole('button', { name: 'Descargar el PDF de DS1' });
  const [descarga] = await Promise.all([page.waitForEvent('download'), pdfDs.click()]);
  expect(descarga.suggestedFilename()).toBe('DS1.pdf');
  await captura(page, { path: '/tmp/shots-d/recepcion-ds-pdf-1366.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(pdfDs).toBeVisible();
  await captura(page, { path: '/tmp/shots-d/recepcion-ds-pdf-390.png', fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });

  // The owner returns 5 screws with the DS's adjustment note (type 95), from the reception: checked in Spanish first.
  await recepciones.getByRole('button', { name: 'Emitir nota de ajuste' }).click();
  const nota = page.getByRole('form', { name: 'Nota de ajuste al documento soporte' });
  await expect(nota.getByText('Queda del documento soporte: $ 15.000').first()).toBeVisible();
  await nota.getByRole('button', { name: 'Emitir nota de ajuste' }).click();
  await expect(nota.getByText('Escriba el motivo de la nota de ajuste.')).toBeVisible();
  await expect(nota.getByText('Indique qué productos y cuántas unidades devuelve al proveedor.')).toBeVisible();
  await nota.getByLabel('Motivo').fill('Tornillos torcidos devueltos');
  const devolver = nota.getByLabel('Unidades de Tornillo drywall x100 que devuelve');
  await devolver.fill('40');
  await nota.getByRole('button', { name: 'Emitir nota de ajuste' }).click();
  await expect(nota.getByText('No puede devolver de Tornillo drywall x100 más de lo recibido en esta compra.')).toBeVisible();
  await devolver.fill('5');
  await captura(page, { path: `${SHOTS}/nota-ajuste-form-1366.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await nota.getByLabel('Motivo').scrollIntoViewIfNeeded();
  await captura(page, { path: `${SHOTS}/nota-ajuste-form-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await nota.getByRole('button', { name: 'Emitir nota de ajuste' }).click();
  await expectToast(page, /^Nota de ajuste NS\d+ emitida\.$/);
  // The note after: its number, CUDS and state, and in the reception's list of notes.
  const emitida = recepciones.getByRole('status');
  await expect(emitida).toContainText(/Nota emitida: NS\d+ · Devolución parcial al proveedor · \$ 2\.500 · /);
  await expect(emitida.locator('code')).toHaveText(/^[0-9a-f]{96}$/);
  await expect(recepciones.getByRole('list', { name: 'Notas de ajuste emitidas' })).toContainText(/NS\d+ · Devolución parcial al proveedor · \$ 2\.500/);
  await expect(nota).toBeHidden();
  await captura(page, { path: `${SHOTS}/nota-ajuste-emitida-1366.png`, fullPage: true });

  // Receiving without an order from the same farmer: the same documento soporte, under the form, and its note there too.
  await api('/api/productos', { nombre: 'Huevos AA x30', precio: 18000, cantidad: 0, categoria: 'Ferretería', idProveedor: proveedorId });
  await page.goto('/ordenes_compra/nueva');
  await page.getByLabel('Proveedor', { exact: true }).selectOption({ label: nombre });
  await page.getByLabel('Cantidad a pedir de Huevos AA x30').fill('4');
  await page.getByLabel('Costo unitario de Huevos AA x30').fill('12000');
  await page.getByRole('button', { name: 'Recibir sin orden' }).click();
  await expectToast(page, /^Recepción RC-\d+ registrada/);
  const sinOrden = page.getByRole('region', { name: /^Recepción RC-\d+$/ });
  await expect(sinOrden.getByText('Documento soporte DS2')).toBeVisible();
  await sinOrden.getByRole('button', { name: 'Emitir nota de ajuste' }).click();
  const rebaja = page.getByRole('form', { name: 'Nota de ajuste al documento soporte' });
  await rebaja.getByLabel('Concepto').selectOption({ label: 'Rebaja o descuento' });
  await rebaja.getByLabel('Motivo').fill('Dos huevos rotos');
  await rebaja.getByLabel('Valor a descontar').fill('60000');
  await rebaja.getByRole('button', { name: 'Emitir nota de ajuste' }).click();
  await expect(rebaja.getByText('La rebaja no puede ser mayor que lo que queda del documento soporte.')).toBeVisible();
  await rebaja.getByLabel('Valor a descontar').fill('800');
  await rebaja.getByRole('button', { name: 'Emitir nota de ajuste' }).click();
  await expect(sinOrden.getByRole('status')).toContainText(/NS\d+ · Rebaja o descuento · \$ 800 · /);
  await expect(sinOrden.getByRole('list', { name: 'Notas de ajuste emitidas' })).toContainText('Rebaja o descuento');
  await captura(page, { path: `${SHOTS}/recepcion-sin-orden-1366.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await sinOrden.scrollIntoViewIfNeeded();
  await captura(page, { path: `${SHOTS}/recepcion-sin-orden-390.png`, fullPage: true });
});

// The same supplier's data on the back-office face (issue #57 point 3): its form asks what the
// documento soporte names, the supplier domain refuses a wrong NIT check digit, its list says who does not invoice.
test('la administración registra un proveedor que no factura con los datos del documento soporte', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const t = await nuevaTienda(request);
  await entrarComo(page, t);
  await page.goto('/crud/proveedor');
  await page.getByRole('link', { name: 'registrar', exact: true }).click();
  const form = page.getByRole('form', { name: 'Registrar proveedor' });
  const nombre = unique('Granja La Esperanza');
  await llenar(page, { Nombre: nombre, Teléfono: '3105550000', Email: 'granja@e2e.co', 'Tipo de documento': 'NIT', 'NIT o cédula': '900123456-2', Dirección: 'Km 3 vía Chía', 'Código DANE del municipio': '25175' });
  await form.getByLabel('Emite factura electrónica').uncheck();
  await form.getByRole('button', { name: 'registrar', exact: true }).click();
  await expect(form.getByText('El dígito de verificación de ese NIT es 8.').first()).toBeVisible();
  await captura(page, { path: `${SHOTS}/admin-proveedor-form-1366.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await captura(page, { path: `${SHOTS}/admin-proveedor-form-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await llenar(page, { 'NIT o cédula': '900123456-8' });
  await form.getByRole('button', { name: 'registrar', exact: true }).click();
  await registroExitoso(page);
  await expect(operacion(page)).toHaveText('Proveedor registrado');
  await buscar(page, nombre);
  const row = fila(page, nombre);
  await expect(row).toContainText('NIT 900123456-8');
  await expect(row).toContainText('No obligado (documento soporte)');
  await captura(page, { path: `${SHOTS}/admin-proveedor-lista-1366.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await captura(page, { path: `${SHOTS}/admin-proveedor-lista-390.png`, fullPage: true });
});
