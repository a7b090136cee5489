import { expect, test, type Page } from '@playwright/test';
import { closePopup, DEMO, expectPopup, expectToast, signIn, unique } from './support/fixtures';

/*
 * Products as a shop owner: add, search, open, edit, delete. Every journey works on products it
 * creates itself (unique names), so the demo products other journeys sell stay untouched.
 */

const fieldError = (page: Page, label: string) =>
  page.locator('.field', { has: page.getByLabel(label, { exact: true }) }).locator('.field__error');

async function agregar(page: Page, nombre: string, precio: string, cantidad: string) {
  const form = page.getByRole('form', { name: 'Agregar producto' });
  await form.getByLabel('Nombre', { exact: true }).fill(nombre);
  await form.getByLabel('Precio', { exact: true }).fill(precio);
  await form.getByLabel('Cantidad').fill(cantidad);
  await form.getByRole('button', { name: 'Agregar producto' }).click();
}

async function buscar(page: Page, texto: string) {
  await page.getByLabel('Buscar producto').fill(texto);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(texto).replace(/%20/g, '\\+')}`));
}

test('agregar, buscar, editar y eliminar un producto', async ({ page }) => {
  const nombre = unique('Panela E2E');
  await signIn(page, 'Tienda', DEMO.tienda);
  await page.getByRole('link', { name: /^Gestionar Productos/ }).click();
  await expect(page).toHaveURL(/\/gestionar_productos$/);
  await expect(page.getByRole('heading', { name: 'Gestionar Productos' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Gestionar proveedores' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Gestionar clientes' })).toBeVisible();

  // Empty form: the spec's warning, nothing sent.
  await page.getByRole('button', { name: 'Agregar producto' }).click();
  await expectPopup(page, 'Campos vacios');
  await closePopup(page);

  // A price is typed as in Colombia ("3.200"); one beyond $ 100.000.000 is refused on the spot.
  await agregar(page, nombre, '999999999', '12');
  await expect(page.getByRole('form', { name: 'Agregar producto' }).getByLabel('Precio', { exact: true })).toHaveValue('999.999.999');
  await expect(fieldError(page, 'Precio')).toHaveText('El precio no puede pasar de $ 100.000.000.');

  // Confirmation first; cancelling adds nothing.
  await agregar(page, nombre, '3200', '12');
  await expectPopup(page, '¿Agregar este producto?', `${nombre} a $ 3.200, con 12 unidades en stock.`);
  await page.locator('.swal2-cancel').click();
  await buscar(page, nombre);
  await expect(page.getByText(`No hay productos que coincidan con «${nombre}».`)).toBeVisible();

  await agregar(page, nombre, '3200', '12');
  await page.getByRole('button', { name: 'Sí, agregar' }).click();
  await expectToast(page, 'Producto registrado', `${nombre} se agregó a la lista de productos.`);
  await expect(page.getByRole('form', { name: 'Agregar producto' }).getByLabel('Nombre', { exact: true })).toHaveValue('');

  // The list refreshes and finds it by a case-insensitive part of its name.
  await buscar(page, nombre.toUpperCase().slice(0, -2));
  const row = page.getByRole('row', { name: new RegExp(nombre) });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell', { name: '$ 3.200' })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Disponible' })).toBeVisible();
  await expect(row).not.toContainText('Stock bajo');

  // Opening the row: the id travels in the state and in the address.
  await row.getByRole('link', { name: nombre }).click();
  await expect(page).toHaveURL(/\/detalle_producto\?id=\d+$/);
  await expect(page.getByRole('heading', { name: nombre })).toBeVisible();
  await expect(page.getByLabel('Stock', { exact: true })).toHaveValue('12');
  await expect(page.getByLabel('Proveedor actual')).toHaveValue('Sin proveedor');

  await page.getByLabel('Marca', { exact: true }).fill('La Molienda');
  await page.getByLabel('Categoría').fill('Endulzantes');
  await page.getByLabel('Presentación').fill('Unidad');
  await page.getByLabel('Precio', { exact: true }).fill('200000000');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(fieldError(page, 'Precio')).toHaveText('El precio no puede pasar de $ 100.000.000.');

  await page.getByLabel('Precio', { exact: true }).fill('3500');
  await page.getByLabel('Stock', { exact: true }).fill('4');
  await expect(page.getByText('Antes: 12. El cambio queda en los movimientos.')).toBeVisible();
  await page.getByLabel('Stock mínimo').fill('5');
  await page.getByLabel('Estado').selectOption({ label: 'No disponible' });
  await page.getByLabel('Proveedor', { exact: true }).selectOption({ label: 'Bebidas Andinas' });
  await page.getByLabel('Fecha de vencimiento').fill('2030-01-15');
  await page.getByLabel('Descripción').fill('Panela redonda de caña');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expectToast(page, 'Producto actualizado');
  await expect(page.getByLabel('Proveedor actual')).toHaveValue('Bebidas Andinas');
  await expect(page.locator('.gp-summary')).toContainText('Stock bajo');

  // A reload keeps the product (the id is in the address) and shows what was saved.
  await page.reload();
  await expect(page.getByLabel('Precio', { exact: true })).toHaveValue('3.500');
  await expect(page.getByLabel('Stock', { exact: true })).toHaveValue('4');
  await expect(page.getByLabel('Estado')).toHaveValue('0');
  await expect(page.getByLabel('Fecha de vencimiento')).toHaveValue('15/01/2030');
  await expect(page.getByLabel('Proveedor actual')).toHaveValue('Bebidas Andinas');

  // Back in the list, as it was left; the row stands out: at or below its minimum, no longer available.
  await page.getByRole('link', { name: 'Volver a productos' }).click();
  await expect(page.getByLabel('Buscar producto')).toHaveValue(nombre.toUpperCase().slice(0, -2));
  await buscar(page, nombre);
  const edited = page.getByRole('row', { name: new RegExp(nombre) });
  await expect(edited).toContainText('Stock bajo');
  await expect(edited).toContainText('No disponible');
  await expect(edited).toContainText('$ 3.500');
  await expect(edited).toHaveClass(/gp-row--low/);

  // Delete, after a confirmation.
  await edited.getByRole('button', { name: `Eliminar ${nombre}` }).click();
  await expectPopup(page, '¿Eliminar este producto?');
  await page.getByRole('button', { name: 'Sí, eliminar' }).click();
  await expectToast(page, 'Producto eliminado');
  await expect(page.getByText(`No hay productos que coincidan con «${nombre}».`)).toBeVisible();
});

test('el código de barras: se agrega, se ve en la lista y en el detalle, y no se repite en la tienda', async ({ page }) => {
  const nombre = unique('Arepa E2E');
  const codigo = `770${String(Date.now()).slice(-10)}`;
  const duplicado = 'Ya existe otro producto con ese código de barras en su tienda.';
  await signIn(page, 'Tienda', DEMO.tienda, undefined, { ir: '/gestionar_productos' });
  const form = page.getByRole('form', { name: 'Agregar producto' });
  await form.getByLabel('Código de barras (opcional)').fill(codigo);
  await agregar(page, nombre, '2500', '6');
  await page.getByRole('button', { name: 'Sí, agregar' }).click();
  await expectToast(page, 'Producto registrado');
  await expect(form.getByLabel('Código de barras (opcional)')).toHaveValue('');

  await buscar(page, nombre);
  const row = page.getByRole('row', { name: new RegExp(nombre) });
  await expect(row.getByRole('cell', { name: codigo })).toBeVisible();
  await row.getByRole('link', { name: nombre }).click();
  await expect(page.getByLabel('Código de barras (opcional)')).toHaveValue(codigo);
  await expect(page.locator('.gp-summary')).toContainText(`Código ${codigo}`);

  // The code of a demo product (EAN-13, Colombia's 770): refused on the detail form, nothing saved.
  await page.getByLabel('Código de barras (opcional)').fill('7702001000012');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expectPopup(page, 'Error al actualizar', duplicado);
  await closePopup(page);
  await expect(fieldError(page, 'Código de barras (opcional)')).toHaveText(duplicado);

  // And on the add form.
  await page.getByRole('link', { name: 'Volver a productos' }).click();
  await form.getByLabel('Código de barras (opcional)').fill(codigo);
  await agregar(page, unique('Arepa E2E'), '2500', '1');
  await page.getByRole('button', { name: 'Sí, agregar' }).click();
  await expectPopup(page, 'El producto no se pudo registrar', duplicado);
  await closePopup(page);
  await expect(fieldError(page, 'Código de barras (opcional)')).toHaveText(duplicado);
});

test('el detalle sin producto vuelve a la lista; uno que no existe lo dice', async ({ page }) => {
  await signIn(page, 'Tienda', DEMO.tienda, undefined, { ir: '/detalle_producto' });
  await expect(page).toHaveURL(/\/gestionar_productos$/);
  await page.goto('/detalle_producto?id=99999999');
  await expect(page.getByText('No encontramos este producto. Puede que se haya eliminado.')).toBeVisible();
  await page.getByRole('link', { name: 'Ir a la lista de productos' }).click();
  await expect(page).toHaveURL(/\/gestionar_productos$/);
});

test('la lista pagina en el servidor y la búsqueda vuelve a la primera página', async ({ page }) => {
  await signIn(page, 'Tienda', DEMO.tienda, undefined, { ir: '/gestionar_productos' });
  const pager = page.getByRole('navigation', { name: 'Paginación' });
  await expect(pager).toContainText('Página 1 de');
  await pager.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(pager).toContainText('Página 2 de');
  await buscar(page, 'harina de MAÍZ');
  await expect(page.getByRole('row', { name: /Harina de maíz 1 kg/ })).toBeVisible();
  await expect(page).not.toHaveURL(/page=2/);
});

test('el encargado no elimina productos: ni en la pantalla ni llamando al servidor', async ({ page }) => {
  const nombre = unique('Vela E2E');
  await signIn(page, 'Empleado', DEMO.encargado, undefined, { ir: '/gestionar_productos' });
  // Role 3 may add.
  await agregar(page, nombre, '900', '3');
  await page.getByRole('button', { name: 'Sí, agregar' }).click();
  await expectToast(page, 'Producto registrado');

  await buscar(page, nombre);
  const row = page.getByRole('row', { name: new RegExp(nombre) });
  await row.getByRole('button', { name: `Eliminar ${nombre}` }).click();
  await expectPopup(page, 'No tienes permisos para eliminar productos');
  await closePopup(page);
  await expect(row).toBeVisible();

  // The server refuses too, whatever the screen does.
  await row.getByRole('link', { name: nombre }).click();
  const id = new URL(page.url()).searchParams.get('id');
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const res = await page.request.delete(`/api/productos/${id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(403);
  expect((await res.json()).error.message).toBe('No tienes permisos para eliminar productos');
  await page.reload();
  await expect(page.getByRole('heading', { name: nombre })).toBeVisible();
});

test('un stock que cambió mientras se editaba no se pisa: se avisa y se guarda al confirmar', async ({ page }) => {
  const nombre = unique('Arepas E2E');
  await signIn(page, 'Tienda', DEMO.tienda, undefined, { ir: '/gestionar_productos' });
  await agregar(page, nombre, '4000', '10');
  await page.getByRole('button', { name: 'Sí, agregar' }).click();
  await expectToast(page, 'Producto registrado');
  await buscar(page, nombre);
  await page.getByRole('link', { name: nombre }).click();
  await expect(page.getByLabel('Stock', { exact: true })).toHaveValue('10');

  // Meanwhile, at the counter, two units leave (another session edits the stock to 8).
  const id = Number(new URL(page.url()).searchParams.get('id'));
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const headers = { authorization: `Bearer ${token}` };
  const actual = await (await page.request.get(`/api/productos/${id}`, { headers })).json();
  const { id: _id, nombrepr: _n, ...form } = actual;
  expect((await page.request.put(`/api/productos/${id}`, { headers, data: { ...form, stock: 8, stockAnterior: 10 } })).status()).toBe(200);

  await page.getByLabel('Stock', { exact: true }).fill('25');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expectPopup(
    page,
    'Error al actualizar',
    'El stock de este producto cambió mientras lo editaba (ahora hay 8). Revise el valor y guarde de nuevo.',
  );
  await closePopup(page);
  await expect(fieldError(page, 'Stock')).toContainText('ahora hay 8');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expectToast(page, 'Producto actualizado');
  await expect(page.getByLabel('Stock', { exact: true })).toHaveValue('25');

  expect((await page.request.delete(`/api/productos/${id}`, { headers })).status()).toBe(200);
});
