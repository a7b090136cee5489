import { expect, test, type Page } from '@playwright/test';
import { buscarEnLista, closePopup, DEMO, documento, expectPopup, expectToast, signIn, unique } from './support/fixtures';

async function llenar(page: Page, values: { documento?: string; tipo?: string; nombre?: string; apellido?: string; correo?: string }) {
  const form = page.locator('form.gcl-form');
  if (values.tipo) await form.getByLabel('Tipo de documento').selectOption({ label: values.tipo });
  if (values.documento !== undefined) await form.getByLabel('Documento', { exact: true }).fill(values.documento);
  if (values.nombre !== undefined) await form.getByLabel('Nombre').fill(values.nombre);
  if (values.apellido !== undefined) await form.getByLabel('Apellido').fill(values.apellido);
  if (values.correo !== undefined) await form.getByLabel('Correo (opcional)').fill(values.correo);
}

test('registrar, buscar, modificar y eliminar un cliente', async ({ page }) => {
  const nombre = unique('Camila');
  const doc = documento();
  await signIn(page, 'Tienda', DEMO.tienda, undefined, { ir: '/gestionar_productos' });
  await page.getByRole('link', { name: 'Gestionar clientes' }).click();
  await expect(page).toHaveURL(/\/gestionar_clientes$/);
  await expect(page.getByText('Bienvenido a la lista de clientes')).toBeVisible();

  await page.getByRole('button', { name: 'Agregar cliente' }).click();
  await expectPopup(page, 'Por favor llene todos los campos');
  await closePopup(page);

  // The same document as a demo client: the spec's failure text, then the server's.
  await llenar(page, { documento: '1020304050', nombre, apellido: 'Torres', correo: '' });
  await page.getByRole('button', { name: 'Agregar cliente' }).click();
  await expectPopup(page, 'El cliente no se pudo registrar', 'Ya existe un cliente con ese número de documento en su tienda.');
  await closePopup(page);

  await llenar(page, { documento: doc, tipo: 'Cédula de extranjería', correo: 'camila@e2e.co' });
  await page.getByRole('button', { name: 'Agregar cliente' }).click();
  await expectToast(page, 'Cliente registrado', `${nombre} Torres se agregó a la lista de clientes.`);

  await buscarEnLista(page, 'Buscar cliente', nombre.toLowerCase());
  const row = page.getByRole('row', { name: new RegExp(nombre) });
  await expect(row).toBeVisible();
  await expect(row).toContainText(doc);
  await expect(row).toContainText('CE');
  await expect(row).toContainText('camila@e2e.co');
  await buscarEnLista(page, 'Buscar cliente', doc);
  await expect(row).toBeVisible();

  // Modify: the form fills with the client.
  await row.getByRole('button', { name: `Modificar ${nombre} Torres` }).click();
  await expect(page.getByRole('heading', { name: 'Modificar cliente' })).toBeVisible();
  await expect(page.locator('form.gcl-form').getByLabel('Documento', { exact: true })).toHaveValue(doc);
  await llenar(page, { documento: '1098765432' });
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expectPopup(page, 'El cliente no se pudo actualizar', 'Ya existe un cliente con ese número de documento en su tienda.');
  await closePopup(page);
  await llenar(page, { documento: doc, apellido: 'Torres Ruiz', correo: '' });
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expectToast(page, 'Cliente actualizado');
  await expect(page.getByRole('heading', { name: 'Agregar cliente' })).toBeVisible();
  await expect(row).toContainText('Torres Ruiz');
  await expect(row).not.toContainText('camila@e2e.co');

  // Cancel leaves the client as it was.
  await row.getByRole('button', { name: `Modificar ${nombre} Torres Ruiz` }).click();
  await llenar(page, { nombre: 'Otro nombre' });
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(row).toContainText(nombre);

  await row.getByRole('button', { name: `Eliminar ${nombre} Torres Ruiz` }).click();
  await expectPopup(page, '¿Eliminar este cliente?');
  await page.getByRole('button', { name: 'Sí, eliminar' }).click();
  await expectToast(page, 'Cliente eliminado');
  await expect(page.getByText(`No hay clientes que coincidan con «${doc}».`)).toBeVisible();
});

test('el encargado registra clientes pero no los elimina: Acción no permitida', async ({ page }) => {
  const nombre = unique('Mateo');
  const doc = documento();
  await signIn(page, 'Empleado', DEMO.encargado, undefined, { ir: '/gestionar_clientes' });
  await llenar(page, { documento: doc, nombre, apellido: 'Ríos' });
  await page.getByRole('button', { name: 'Agregar cliente' }).click();
  await expectToast(page, 'Cliente registrado');

  await buscarEnLista(page, 'Buscar cliente', doc);
  const row = page.getByRole('row', { name: new RegExp(nombre) });
  await row.getByRole('button', { name: `Eliminar ${nombre} Ríos` }).click();
  await expectPopup(page, 'Acción no permitida', 'No tienes permisos para eliminar clientes.');
  await closePopup(page);
  await expect(row).toBeVisible();

  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const headers = { authorization: `Bearer ${token}` };
  const list = await (await page.request.get(`/api/clientes?q=${doc}`, { headers })).json();
  const del = await page.request.delete(`/api/clientes/${list.items[0].id}`, { headers });
  expect(del.status()).toBe(403);
  expect((await del.json()).error).toMatchObject({ title: 'Acción no permitida', message: 'No tienes permisos para eliminar clientes.' });
});
