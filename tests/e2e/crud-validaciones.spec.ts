import { expect, test, type Page } from '@playwright/test';
import { closePopup, documento, expectPopup, unique } from './support/fixtures';
import { buscar, CLAVE, confirmarEliminar, crearFila, entrarComo, fila, leerFila, llenar, nuevaTienda, operacion, operador, registroExitoso } from './crud-support';

/** Spec §5 'Administration': each rule answers with an 'Oops...' popup and its text. */
async function oops(page: Page, text: string) {
  await page.getByRole('button', { name: 'registrar', exact: true }).click();
  await expectPopup(page, 'Oops...', text);
  await closePopup(page);
}

test('registrar usuario: cada campo con su mensaje, en el orden del formulario', async ({ page, request }) => {
  const t = await nuevaTienda(request);
  await entrarComo(page, t);
  await page.goto('/crud/registrar_usuarios');
  await expect(page.getByLabel('Tipo de documento')).toHaveValue('CC');
  await expect(page.getByLabel('Código de invitación')).toHaveValue(t.codigo);
  await page.getByLabel('Código de invitación').fill('');

  await oops(page, 'ingrese un número de documento válido con 10 dígitos');
  await expect(page.getByLabel('Documento', { exact: true })).toBeFocused();
  await llenar(page, { Documento: '123456789' });
  await oops(page, 'ingrese un número de documento válido con 10 dígitos');
  await llenar(page, { Documento: documento() });
  await oops(page, "Por favor, complete el campo 'Nombre'.");
  await llenar(page, { Nombre: 'Ana' });
  await oops(page, "Por favor, complete el campo 'Apellido'.");
  await llenar(page, { Apellido: 'Ruiz' });
  await oops(page, "Por favor, complete el campo 'Correo'.");
  await llenar(page, { Correo: 'ana@sin-punto' });
  await oops(page, 'Por favor, ingrese un correo electrónico válido.');
  await llenar(page, { Correo: `${unique('ana')}@e2e.co` });
  await oops(page, "Por favor, complete el campo 'Contraseña'.");
  await llenar(page, { Contraseña: 'debil1234' });
  await oops(page, 'La contraseña debe tener al menos 8 caracteres, incluyendo una letra mayúscula y un número.');
  await llenar(page, { Contraseña: CLAVE });
  await oops(page, "Por favor, complete el campo 'Código de invitación'.");
  await llenar(page, { 'Código de invitación': t.codigo });
  await oops(page, "Por favor, complete el campo 'Id Rol'.");
  await expect(page.getByLabel('Id Rol')).toBeFocused();

  // The server refuses an email already in use: red 'Credenciales Incorrectas' and the reason.
  await llenar(page, { 'Id Rol': '2', Correo: t.email });
  await page.getByRole('button', { name: 'registrar', exact: true }).click();
  const failure = page.getByRole('alert').filter({ hasText: 'Credenciales Incorrectas' });
  await expect(failure).toContainText('Ya existe una cuenta con ese correo electrónico.');
  await expect(page.locator('.crud-failure__title')).toHaveCSS('color', 'rgb(185, 28, 28)');
  await expect(page).toHaveURL(/registrar_usuarios$/);
});

test('proveedor, movimiento e inventario: un id tecleado debe ser mayor que 1', async ({ page, request }) => {
  const t = await nuevaTienda(request);
  await entrarComo(page, t);
  await page.goto('/crud/registrar_proveedor');
  await expect(page.getByLabel('Id de la tienda')).toHaveValue(String(t.id));
  await expect(page.getByLabel('Id de la tienda')).not.toBeEditable();
  await llenar(page, { 'ID de Proveedor (opcional)': '1', Nombre: 'X', Teléfono: '3001112222', Email: 'x@x.co' });
  await oops(page, 'Por favor, complete el campo ID de Proveedor');
  await llenar(page, { 'ID de Proveedor (opcional)': '' , Teléfono: '' });
  await oops(page, "Por favor, complete el campo 'Teléfono'.");
  // The supplier form cancels to /crud/proveedores, which is the supplier list.
  await page.getByRole('link', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL(/\/crud\/proveedor$/);

  await page.goto('/crud/registrar_Movimiento');
  await llenar(page, { 'ID de Movimiento (opcional)': '1' });
  await oops(page, 'Por favor, complete el campo ID de Movimiento');
  await llenar(page, { 'ID de Movimiento (opcional)': '' });
  await oops(page, "Por favor, complete el campo 'Cantidad después'.");

  await page.goto('/crud/registrar_inventario');
  await llenar(page, { 'ID de Inventario (opcional)': '1' });
  await oops(page, 'Por favor, complete el campo ID de Inventario');
  await llenar(page, { 'ID de Inventario (opcional)': '', 'Cantidad Inventario': '5' });
  await oops(page, "Por favor, complete el campo 'Estado de revisión'.");
});

test('factura y cliente: cantidades, precios y campos requeridos; los fallos del servidor con su texto', async ({ page, request }) => {
  const t = await nuevaTienda(request);
  const doc = documento();
  await crearFila(request, t, 'cliente', { documento: doc, nombre: 'María', apellido: 'Gómez' });
  await entrarComo(page, t);
  await page.goto('/crud/registrar_factura');
  await oops(page, "Por favor, complete el campo 'Venta ID'.");
  await llenar(page, { 'Venta ID': '999999', 'Producto ID': '1', Cantidad: '0', Precio: '100' });
  await oops(page, 'Por favor, ingrese una cantidad válida.');
  await llenar(page, { Cantidad: '2', Precio: '0' });
  await oops(page, 'Por favor, ingrese un precio válido.');
  await llenar(page, { Precio: '100' });
  await page.getByRole('button', { name: 'registrar', exact: true }).click();
  // Spec §8: the invoice shows the server's own message.
  await expect(page.locator('.crud-failure')).toHaveText('La venta indicada no existe en la tienda.');

  await page.goto('/crud/registrar_cliente');
  await oops(page, "Por favor, complete el campo 'Documento'.");
  await llenar(page, { Documento: doc });
  await oops(page, "Por favor, complete el campo 'Nombre'.");
  await llenar(page, { Nombre: 'Otra', Apellido: 'Persona', 'Correo (opcional)': 'malo' });
  await oops(page, 'Por favor, ingrese un correo electrónico válido.');
  await llenar(page, { 'Correo (opcional)': '' });
  await page.getByRole('button', { name: 'registrar', exact: true }).click();
  await expect(page.locator('.crud-failure')).toContainText('Error al registrar la cliente');
  await expect(page.locator('.crud-failure')).toContainText('Ya existe un cliente con ese número de documento en su tienda.');
});

test('factura de un producto sin stock en el sistema: negada, y con la casilla se registra y el stock queda negativo', async ({ page, request }) => {
  const t = await nuevaTienda(request);
  const productoId = await crearFila(request, t, 'producto', { nombre: 'Avena 400 g', precioUnit: 3500, stock: 1, stockMin: 0 });
  const ventaId = await crearFila(request, t, 'ventas', { fecha: '2024-05-02', hora: '10:30', estado: 'Pendiente', metodoPagoId: 5 });
  await entrarComo(page, t);
  await page.goto('/crud/registrar_factura');
  await llenar(page, { 'Venta ID': String(ventaId), 'Producto ID': String(productoId), Cantidad: '3', Precio: '3500' });
  const casilla = page.getByRole('checkbox', { name: 'Vender aunque el sistema no tenga stock' });
  await expect(casilla).not.toBeChecked();
  await page.getByRole('button', { name: 'registrar', exact: true }).click();
  await expect(page.locator('.crud-failure')).toHaveText('Estos productos no tienen suficiente stock para la cantidad solicitada: Avena 400 g');
  expect((await leerFila<{ stock: number }>(request, t, 'producto', productoId)).stock).toBe(1);
  // The goods are on the shelf: the owner sells past the recorded stock.
  await casilla.check();
  await page.getByRole('button', { name: 'registrar', exact: true }).click();
  await registroExitoso(page);
  expect((await leerFila<{ stock: number }>(request, t, 'producto', productoId)).stock).toBe(-2);
});

test('roles: registrar y actualizar piden sus tres campos', async ({ page, request }) => {
  await entrarComo(page, await operador(request));
  await page.goto('/crud/registrar_rol');
  await oops(page, 'Por favor, complete el campo ID de Rol');
  await llenar(page, { 'Id del Rol': '1' });
  await oops(page, 'Por favor, complete el campo ID de Rol');
  await llenar(page, { 'Id del Rol': String(1000 + Math.floor(Math.random() * 900_000)) });
  await oops(page, "Por favor, complete el campo 'Nombre del Rol'.");
  await llenar(page, { 'Nombre del Rol': unique('Rol') });
  await oops(page, "Por favor, complete el campo 'Descripción'.");
  await page.getByRole('link', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL(/\/crud\/roles$/);

  await fila(page, 'Empleado').getByRole('button', { name: /^Modificar/ }).click();
  await expect(page.getByLabel('Id del Rol')).toHaveValue('2');
  await llenar(page, { 'Nombre del Rol': '' });
  await page.getByRole('button', { name: 'Actualizar', exact: true }).click();
  await expectPopup(page, 'Oops...', "Por favor, complete el campo 'Nombre del Rol'.");
  await closePopup(page);
  await llenar(page, { 'Nombre del Rol': 'Empleado', 'Descripción del Rol': '' });
  await page.getByRole('button', { name: 'Actualizar', exact: true }).click();
  await expectPopup(page, 'Oops...', "Por favor, complete el campo 'Descripción'.");
  await closePopup(page);
  await page.getByRole('link', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL(/\/crud\/roles$/);
});

test('lo que el servidor no deja borrar muestra su motivo y la lista sigue igual', async ({ page, request }) => {
  const t = await nuevaTienda(request);
  const nombre = unique('Vendido');
  const productoId = await crearFila(request, t, 'producto', { nombre, precioUnit: 1000, stock: 3, stockMin: 0 });
  const ventaId = await crearFila(request, t, 'ventas', { fecha: '2024-05-02', hora: '10:30', estado: 'Completada', metodoPagoId: 5 });
  await crearFila(request, t, 'factura', { ventaId, productoId, cantidad: 1, precio: 1000, estado: 'Pagado' });
  await entrarComo(page, t);
  await page.goto('/crud/producto');
  await buscar(page, nombre);
  await fila(page, nombre).getByRole('button', { name: /^Eliminar/ }).click();
  await confirmarEliminar(page);
  await expect(operacion(page)).toHaveText(
    'No se puede eliminar el producto: tiene ventas o entregas registradas. Márquelo como No disponible (estado 0).',
  );
  await expect(fila(page, nombre)).toHaveCount(1);

  // A store admin reads the global catalogues but does not change them.
  await page.goto('/crud/roles');
  await expect(page.getByText('Solo el operador de la plataforma puede modificar los roles y los métodos de pago.')).toBeVisible();
  await expect(fila(page, 'Administrador').getByRole('button', { name: /^Modificar/ })).toBeDisabled();
  await page.goto('/crud/registrar_Rol');
  await expect(page.getByRole('status')).toHaveText('Solo el operador de la plataforma puede modificar los roles y los métodos de pago.');
});
