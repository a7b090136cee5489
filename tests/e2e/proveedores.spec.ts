import { expect, test, type Page } from '@playwright/test';
import { closePopup, DEMO, expectPopup, expectToast, signIn, unique } from './support/fixtures';
import { api } from './support/api';
import { fotosEnDosAnchos } from './support/capturas';
import { abrirSucursal, cambiarDeTienda, entrarEnTiendaNueva } from './crud-support';

const fieldError = (page: Page, label: string) =>
  page.locator('.field', { has: page.getByLabel(label, { exact: true }) }).locator('.field__error');

async function llenar(page: Page, nombre: string, telefono: string, correo: string) {
  const form = page.getByRole('form', { name: 'Agregar proveedor' });
  await form.getByLabel('Nombre').fill(nombre);
  await form.getByLabel('Teléfono').fill(telefono);
  await form.getByLabel('Correo').fill(correo);
  await form.getByRole('button', { name: 'Agregar proveedor' }).click();
}

test('agregar, buscar, ver sus productos y eliminar un proveedor', async ({ page }) => {
  const nombre = unique('Distribuidora E2E');
  await signIn(page, 'Tienda', DEMO.tienda, undefined, { ir: '/gestionar_productos' });
  await page.getByRole('link', { name: 'Gestionar proveedores' }).click();
  await expect(page).toHaveURL(/\/gestionar_proveedores$/);
  await expect(page.getByRole('heading', { name: 'Gestionar Proveedores' })).toBeVisible();

  await page.getByRole('button', { name: 'Agregar proveedor' }).click();
  await expectPopup(page, 'Por favor llene todos los campos');
  await closePopup(page);

  await llenar(page, nombre, '310-abc', 'pedidos@e2e.co');
  await expect(fieldError(page, 'Teléfono')).toHaveText('Escriba un teléfono de 7 a 15 dígitos, sin letras.');
  await llenar(page, nombre, '310 456 7890', 'pedidos@e2e');
  await expect(fieldError(page, 'Correo')).toHaveText('Por favor, ingrese un correo electrónico válido.');

  await llenar(page, nombre, '310 456 7890', 'Pedidos@E2E.co');
  await expectToast(page, 'Proveedor registrado', `${nombre} se agregó a la lista de proveedores.`);

  await page.getByLabel('Buscar proveedor').fill(nombre.slice(0, -3).toLowerCase());
  const row = page.getByRole('row', { name: new RegExp(nombre) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('3104567890');
  await expect(row).toContainText('pedidos@e2e.co');
  await expect(page.getByRole('row')).toHaveCount(2);

  // Its products: none yet; then one assigned to it.
  await row.getByRole('button', { name: nombre, exact: true }).click();
  const panel = page.getByRole('region', { name: `Productos de ${nombre}` });
  await expect(panel).toContainText('Este proveedor todavía no tiene productos asignados.');
  await panel.getByRole('button', { name: 'Cerrar productos del proveedor' }).click();
  await expect(panel).toBeHidden();

  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const headers = { authorization: `Bearer ${token}` };
  const opciones = (await (await page.request.get('/api/proveedores/opciones', { headers })).json()) as { id: number; nombre: string }[];
  const idProveedor = opciones.find((o) => o.nombre === nombre)!.id;
  const producto = unique('Galletas E2E');
  const created = await page.request.post('/api/productos', { headers, data: { nombre: producto, precio: 2500, cantidad: 8, idProveedor } });
  expect(created.status()).toBe(201);

  await page.reload();
  await page.getByLabel('Buscar proveedor').fill(nombre);
  await expect(row.getByRole('cell', { name: '1', exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Ver productos de ${nombre}` }).click();
  await expect(panel.getByRole('row', { name: new RegExp(producto) })).toContainText('$ 2.500');
  await expect(panel.getByRole('link', { name: producto })).toHaveAttribute('href', /\/detalle_producto\?id=\d+/);

  // Delete: the product stays, without supplier.
  await row.getByRole('button', { name: `Eliminar ${nombre}` }).click();
  await expectPopup(page, '¿Eliminar este proveedor?');
  await page.getByRole('button', { name: 'Sí, eliminar' }).click();
  await expectToast(page, 'Proveedor eliminado');
  await expect(page.getByText(`No hay proveedores que coincidan con «${nombre}».`)).toBeVisible();
  await expect(panel).toBeHidden();

  const id = (await created.json()).producto.id as number;
  await page.goto(`/detalle_producto?id=${id}`);
  await expect(page.getByLabel('Proveedor actual')).toHaveValue('Sin proveedor');
  await page.request.delete(`/api/productos/${id}`, { headers });
});

test('el encargado no agrega ni elimina proveedores: Acceso Denegado', async ({ page }) => {
  await signIn(page, 'Empleado', DEMO.encargado, undefined, { ir: '/gestionar_proveedores' });

  await llenar(page, unique('No permitido'), '3001234567', 'no@e2e.co');
  await expectPopup(page, 'Acceso Denegado', 'No tienes permiso para agregar proveedores.');
  await closePopup(page);

  const row = page.getByRole('row', { name: /Distribuidora El Sol/ });
  await row.getByRole('button', { name: 'Eliminar Distribuidora El Sol' }).click();
  await expectPopup(page, 'Acceso Denegado', 'No tienes permiso para agregar proveedores.');
  await closePopup(page);
  await expect(row).toBeVisible();

  // The server refuses the same actions when called directly.
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const headers = { authorization: `Bearer ${token}` };
  const add = await page.request.post('/api/proveedores', { headers, data: { nombre: 'X', telefono: '3001234567', email: 'x@e2e.co' } });
  expect(add.status()).toBe(403);
  expect((await add.json()).error).toMatchObject({ title: 'Acceso Denegado', message: 'No tienes permiso para agregar proveedores.' });
  const opciones = (await (await page.request.get('/api/proveedores/opciones', { headers })).json()) as { id: number; nombre: string }[];
  const sol = opciones.find((o) => o.nombre === 'Distribuidora El Sol')!;
  const del = await page.request.delete(`/api/proveedores/${sol.id}`, { headers });
  expect(del.status()).toBe(403);
  expect((await del.json()).error).toMatchObject({ title: 'Acceso Denegado', message: 'No tienes permiso para agregar proveedores.' });
});

// Issue #56 point 2, ADR 064: suppliers are the empresa's. The owner creates one in the main store; the
// branch, switched from the top bar, lists it saying where it was created, and the main store's list
// does not. Screenshots of the branch's list at 1366 and 390 px (SHOTS=1, SHOTS_DIR).
test('un proveedor creado en la tienda principal aparece en la sucursal, diciendo dónde se creó', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const tienda = await entrarEnTiendaNueva(page);
  const { nombre: norte } = await abrirSucursal(page.request, tienda);
  const nombre = unique('Distribuidora Compartida');
  await api(page, 'POST', '/api/proveedores', { nombre, telefono: '3104567890', email: 'pedidos@compartida.co' });

  await page.goto('/gestionar_proveedores');
  const enPrincipal = page.getByRole('row', { name: new RegExp(nombre) });
  await expect(enPrincipal).toBeVisible();
  await expect(enPrincipal).not.toContainText('Creado en');

  await cambiarDeTienda(page, norte);
  await page.goto('/gestionar_proveedores');
  const enNorte = page.getByRole('row', { name: new RegExp(nombre) });
  await expect(enNorte).toContainText(`Creado en ${tienda.nombre}`);
  await fotosEnDosAnchos(page, 'proveedores-de-la-empresa');
});
