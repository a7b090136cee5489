import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { documento, expectPopup, expectToast, signIn, unique } from './support/fixtures';

// Issue #27 points 1, 2 and 6: the owner decides what a cashier may do; the cashier's screens hide
// the rest and the server refuses a direct request anyway; the owner sees the product's price history
// and the cashier's refused attempts in the activity log. A store of its own: no other journey's
// cashier loses a permission because of this one.
const CLAVE = 'Clave1234';
const PRODUCTO = 'Café molido 250 g';

async function nuevaTienda(page: Page) {
  const email = `${unique('permisos')}@prueba.co`;
  const r = await page.request.post('/api/tiendas/registro', { data: { nombreTienda: unique('Tienda Permisos'), email, contrasena: CLAVE } });
  expect(r.status(), await r.text()).toBe(201);
  const { codigo_invitacion } = await r.json();
  const login = await page.request.post('/api/sesion/login', { data: { tipo: 'tienda', email, contrasena: CLAVE } });
  const { token } = await login.json();
  // A new store approves new employees (issue #28); this one lets its cashier in at once.
  const sinAprobar = await page.request.put('/api/tienda/invitacion', { data: { aprobar_empleados: false }, headers: { authorization: `Bearer ${token}` } });
  expect(sinAprobar.status(), await sinAprobar.text()).toBe(200);
  const cajero = `${unique('cajera')}@prueba.co`;
  const e = await page.request.post('/api/usuarios/registro', {
    data: { nombre: 'Marta', apellido: 'Gil', documento: documento(), tipoDoc: 'CC', email: cajero, contrasena: CLAVE, codigo_invitacion },
  });
  expect(e.status(), await e.text()).toBe(201);
  const p = await page.request.post('/api/productos', { data: { nombre: PRODUCTO, precio: 12000, cantidad: 20 }, headers: { authorization: `Bearer ${token}` } });
  expect(p.status(), await p.text()).toBe(201);
  return { email, cajero, productoId: (await p.json()).producto.id as number };
}

async function abrirProducto(page: Page) {
  await page.getByRole('link', { name: /^Gestionar Productos/ }).click();
  await expect(page.getByRole('row').filter({ hasText: PRODUCTO })).toBeVisible();
}

test('el dueño decide los permisos; la cajera no puede cambiar el precio ni eliminar; el dueño ve el historial y los intentos', async ({ page }) => {
  const tienda = await nuevaTienda(page);

  // The owner: Inicio → Permisos. By default an employee may not change prices or stock, nor delete.
  await signIn(page, 'Tienda', tienda.email, CLAVE, { caja: false });
  await page.getByRole('link', { name: /^Permisos/ }).click();
  await expect(page).toHaveURL(/\/permisos$/);
  const precios = page.getByRole('checkbox', { name: 'Empleado: Cambiar precios y costos de los productos' });
  const stock = page.getByRole('checkbox', { name: 'Empleado: Ajustar el stock' });
  await expect(precios).not.toBeChecked();
  await expect(stock).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Encargado: Eliminar productos' })).toBeDisabled();
  // The owner lets employees adjust stock, not prices, and saves.
  await stock.check();
  await page.getByRole('button', { name: 'Guardar permisos' }).click();
  await expectToast(page, 'Permisos guardados');
  await page.evaluate(() => window.localStorage.clear());

  // The cashier: the product's price is read-only, the stock is not, and there is no delete button.
  await signIn(page, 'Empleado', tienda.cajero, CLAVE, { caja: false });
  await expect(page.getByRole('link', { name: /^Registro de actividad/ })).toHaveCount(0);
  await abrirProducto(page);
  await expect(page.getByRole('button', { name: `Eliminar ${PRODUCTO}` })).toHaveCount(0);
  await page.getByRole('row').filter({ hasText: PRODUCTO }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/detalle_producto\?id=\d+$/);
  const form = page.getByRole('form', { name: 'Datos del producto' });
  await expect(form.getByLabel('Precio', { exact: true })).toHaveAttribute('readonly', '');
  await expect(form.getByLabel('Stock', { exact: true })).not.toHaveAttribute('readonly', '');
  await form.getByLabel('Stock', { exact: true }).fill('18');
  await form.getByRole('button', { name: 'Guardar cambios' }).click();
  await expectToast(page, 'Producto actualizado');

  // A direct request does not get round the screen: a new price and a deletion are refused.
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const auth = { authorization: `Bearer ${token}` };
  const put = await page.request.put(`/api/productos/${tienda.productoId}`, {
    headers: auth,
    data: { nombre: PRODUCTO, precio: 100, stock: 18, stockAnterior: 18, stockMin: 0, estado: 1 },
  });
  expect(put.status()).toBe(403);
  expect((await put.json()).error.message).toBe('No tiene permiso para cambiar precios ni costos.');
  const del = await page.request.delete(`/api/productos/${tienda.productoId}`, { headers: auth });
  expect(del.status()).toBe(403);
  await page.evaluate(() => window.localStorage.clear());

  // The owner changes the price, and the product's detail shows its history.
  await signIn(page, 'Tienda', tienda.email, CLAVE, { caja: false });
  await abrirProducto(page);
  await page.getByRole('row').filter({ hasText: PRODUCTO }).getByRole('link').first().click();
  const formDueno = page.getByRole('form', { name: 'Datos del producto' });
  await expect(formDueno.getByLabel('Stock', { exact: true })).toHaveValue('18');
  await formDueno.getByLabel('Precio', { exact: true }).fill('13.500');
  await formDueno.getByRole('button', { name: 'Guardar cambios' }).click();
  await expectToast(page, 'Producto actualizado');
  const historial = page.getByRole('region', { name: 'Historial de precios' });
  const filas = historial.getByRole('row');
  await expect(filas).toHaveCount(3);
  await expect(filas.nth(1)).toContainText('$ 12.000');
  await expect(filas.nth(1)).toContainText('$ 13.500');
  await expect(filas.nth(1)).toContainText('Cuenta de la tienda');
  await expect(filas.nth(2)).toContainText('Precio inicial');

  // The activity log: the cashier's refused attempts, her stock change, the owner's permission change.
  await page.goto('/inicio');
  await page.getByRole('link', { name: /^Registro de actividad/ }).click();
  await expect(page).toHaveURL(/\/registro_actividad/);
  const tabla = page.getByRole('table', { name: 'Registro de actividad' });
  await expect(tabla.getByRole('row').filter({ hasText: 'Ajuste de stock' }).filter({ hasText: 'Marta Gil' })).toContainText(`Stock de «${PRODUCTO}»: 20 → 18`);
  await expect(tabla.getByRole('row').filter({ hasText: 'Cambio de permisos' })).toContainText('Ajustar el stock: no → sí');
  await page.getByLabel('Persona').selectOption({ label: 'Marta Gil' });
  await page.getByLabel('Tipo').selectOption({ label: 'Intento rechazado' });
  await expect(page).toHaveURL(/tipo=rechazo/);
  const intentos = tabla.getByRole('row').filter({ hasText: 'Marta Gil' });
  await expect(intentos).toHaveCount(2);
  await expect(intentos.filter({ hasText: 'Intentó cambiar precios o costos' })).toContainText('No tiene permiso para cambiar precios ni costos.');
  await expect(intentos.filter({ hasText: 'Intentó eliminar un producto' })).toHaveCount(1);

  // The CSV for Excel in Spanish: the same two rows, with a BOM and ';'.
  const descarga = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const archivo = await descarga;
  expect(archivo.suggestedFilename()).toMatch(/^actividad-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = fs.readFileSync((await archivo.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lineas = bytes.subarray(3).toString('utf8').trim().split('\r\n');
  expect(lineas[0]).toBe('Fecha;Persona;Rol;Por;Tipo;Detalle');
  expect(lineas.slice(1).map((l) => l.split(';').slice(1, 5))).toEqual([
    ['Marta Gil', 'Empleado', 'Tienda', 'Intento rechazado'],
    ['Marta Gil', 'Empleado', 'Tienda', 'Intento rechazado'],
  ]);
});

test('sobre el tope de caja que fija el dueño, la cajera necesita un PIN; el registro dice quién lo autorizó', async ({ page }) => {
  const tienda = await nuevaTienda(page);
  // The store account is the supervisor here: its PIN, set as Inicio → Mi PIN would.
  const login = await page.request.post('/api/sesion/login', { data: { tipo: 'tienda', email: tienda.email, contrasena: CLAVE } });
  const { token: tokenTienda } = await login.json();
  const pin = await page.request.put('/api/cuenta/pin', { data: { contrasena: CLAVE, pin: '2468' }, headers: { authorization: `Bearer ${tokenTienda}` } });
  expect(pin.status(), await pin.text()).toBe(200);

  // The owner sets the drawer's threshold on Permisos.
  await signIn(page, 'Tienda', tienda.email, CLAVE, { caja: false });
  await page.getByRole('link', { name: /^Permisos/ }).click();
  await page.getByLabel('Tope de caja sin PIN (pesos)').fill('50000');
  await page.getByRole('button', { name: 'Guardar permisos' }).click();
  await expectToast(page, 'Permisos guardados');
  await page.evaluate(() => window.localStorage.clear());

  // The cashier brings change from the bank: above the threshold the screen says a PIN is needed.
  await signIn(page, 'Empleado', tienda.cajero, CLAVE, { ir: '/caja' });
  const mov = page.getByRole('region', { name: 'Entrada o salida de efectivo' });
  await mov.getByRole('button', { name: 'Entrada' }).click();
  await mov.getByLabel('Valor').fill('80000');
  await expect(mov.getByText('Por encima de $ 50.000, el movimiento necesita el PIN de un administrador o encargado.')).toBeVisible();
  await mov.getByLabel('Motivo').fill('Sencillo del banco');
  await mov.getByRole('button', { name: 'Registrar' }).click();
  await expectPopup(page, 'Autorización del supervisor');
  const dialogo = page.locator('.swal2-popup');
  await dialogo.getByLabel('PIN del supervisor').fill('1357');
  await dialogo.getByRole('button', { name: 'Autorizar y registrar' }).click();
  await expect(dialogo.locator('.app-dialog__validation')).toHaveText('El PIN no es correcto para ese supervisor. No se registró el movimiento.');
  await expect(mov.getByRole('listitem').filter({ hasText: 'Sencillo del banco' })).toHaveCount(0);
  await dialogo.getByLabel('PIN del supervisor').fill('2468');
  await dialogo.getByRole('button', { name: 'Autorizar y registrar' }).click();
  await expectToast(page, 'Movimiento registrado.');
  await expect(mov.getByRole('listitem').filter({ hasText: 'Sencillo del banco' })).toContainText('$ 80.000');

  // A direct request above the threshold, without the PIN, is refused.
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const directo = await page.request.post('/api/caja/movimientos', {
    headers: { authorization: `Bearer ${token}` },
    data: { tipo: 'entrada', monto: 60000, motivo: 'Otra entrada' },
  });
  expect(directo.status()).toBe(403);
  await page.evaluate(() => window.localStorage.clear());

  // The owner's activity log names the supervisor who authorised it.
  await signIn(page, 'Tienda', tienda.email, CLAVE, { caja: false });
  await page.getByRole('link', { name: /^Registro de actividad/ }).click();
  await page.getByLabel('Tipo').selectOption({ label: 'Movimiento de caja' });
  const filas = page.getByRole('table', { name: 'Registro de actividad' }).getByRole('row').filter({ hasText: 'Marta Gil' });
  await expect(filas).toHaveCount(1);
  await expect(filas).toContainText(/Entrada de caja de \$ 80\.000 \(turno #\d+\): Sencillo del banco, autorizada por Tienda Permisos/);
});
