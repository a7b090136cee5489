import { expect, test } from '@playwright/test';
import { cerrarSesion, closePopup, DEMO, DEMO_PASSWORD, documento, expectPopup, expectToast, lastCodeFor, signIn, unique } from './support/fixtures';
import { entrarComo, nuevaTienda } from './crud-support';

const STRONG = 'Clave2024x';

test('una tienda se registra, entra y ve su código; un empleado se une con él y no lo ve', async ({ page }) => {
  const tiendaEmail = `${unique('tienda')}@e2e.co`;
  await page.goto('/registro');
  await page.getByRole('button', { name: 'Tienda', exact: true }).click();
  await page.getByLabel('Nombre de la tienda').fill('Minimercado Los Pinos');
  await page.getByLabel('Teléfono (opcional)').fill('3001234567');
  await page.getByLabel('Correo electrónico').fill(tiendaEmail);
  await page.getByLabel('Contraseña').fill(STRONG);
  await page.getByRole('button', { name: 'Registrar tienda' }).click();
  await expectPopup(page, 'Registro exitoso', /El registro fue exitoso\. Código de invitación para sus empleados: [A-Z2-9]{4}-[A-Z2-9]{4}/);
  const text = await page.locator('.swal2-html-container').textContent();
  const codigo = /([A-Z2-9]{4}-[A-Z2-9]{4})/.exec(text ?? '')![1]!;
  await closePopup(page);
  await expect(page).toHaveURL(/\/iniciar_sesion$/);
  // Sign-in opens ready for the new store: "Tienda" chosen and its email filled.
  await expect(page.getByRole('button', { name: 'Tienda', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Correo electrónico')).toHaveValue(tiendaEmail);

  await signIn(page, 'Tienda', tiendaEmail, STRONG);
  await expect(page.getByTestId('footer-tienda')).toHaveText('Minimercado Los Pinos');
  await expect(page.getByTestId('footer-codigo')).toHaveText(codigo);
  await expect(page.getByRole('link', { name: 'CRUD' })).toBeVisible();
  for (const name of ['Gestionar Productos', 'Analisis', 'Ventas', 'Gestionar Facturas'])
    await expect(page.getByRole('link', { name: new RegExp(`^${name}`) })).toBeVisible();
  // A new store approves its new employees (issue #28); this owner lets them in at once.
  await page.getByTestId('footer-invitacion').click();
  const interruptor = page.getByRole('switch', { name: 'Aprobar empleados nuevos' });
  await expect(interruptor).toBeChecked();
  await interruptor.click();
  await expectToast(page, 'Aprobar empleados nuevos', 'Los empleados nuevos entrarán sin aprobación.');
  await expect(interruptor).not.toBeChecked();
  await cerrarSesion(page);
  await expect(page).toHaveURL(/\/iniciar_sesion$/);

  const empleadoEmail = `${unique('empleado')}@e2e.co`;
  await page.goto('/registro');
  await page.getByLabel('Nombre', { exact: true }).fill('Camila');
  await page.getByLabel('Apellido', { exact: true }).fill('Torres');
  await page.getByLabel('Número de documento').fill(documento());
  await page.getByLabel('Correo electrónico').fill(empleadoEmail);
  await page.getByLabel('Contraseña', { exact: true }).fill(STRONG);
  await page.getByLabel('Repetir contraseña').fill(STRONG);
  await page.getByLabel('Código de invitación').fill(codigo);
  await page.getByRole('button', { name: 'Registrarme' }).click();
  await expectToast(page, 'Registro exitoso', 'El registro fue exitoso');

  await signIn(page, 'Empleado', empleadoEmail, STRONG);
  await expect(page.getByTestId('footer-usuario')).toHaveText('Camila Torres');
  await expect(page.getByTestId('footer-tienda')).toHaveText('Minimercado Los Pinos');
  await expect(page.getByTestId('footer-codigo')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'CRUD' })).toHaveCount(0);
});

test('el inicio de sesión avisa de correo inválido, contraseña vacía y credenciales incorrectas', async ({ page }) => {
  await page.goto('/iniciar_sesion');
  await page.getByLabel('Correo electrónico').fill('sin-arroba');
  await page.getByRole('button', { name: /^Ingresar/ }).click();
  await expectPopup(page, 'Correo no válido', 'Escriba un correo válido');
  await closePopup(page);
  await page.getByLabel('Correo electrónico').fill(DEMO.empleado);
  await page.getByRole('button', { name: /^Ingresar/ }).click();
  await expectPopup(page, 'Contraseña vacia', 'Por favor ingrese una contraseña');
  await closePopup(page);
  await page.getByLabel('Contraseña').fill('Equivocada1');
  await page.getByRole('button', { name: /^Ingresar/ }).click();
  await expectPopup(page, 'Credenciales incorrectas', 'Usuario o contraseña incorrectos');
  await closePopup(page);
  await expect(page).toHaveURL(/\/iniciar_sesion$/);
});

test('cada regla del registro de empleado muestra su mensaje', async ({ page }) => {
  await page.goto('/registro');
  const submit = page.getByRole('button', { name: 'Registrarme' });
  const errorOf = (label: string, exact = false) =>
    page.locator('.field', { has: page.getByLabel(label, { exact }) }).locator('.field__error');

  await submit.click();
  await expect(errorOf('Nombre', true)).toHaveText('Por favor, complete el campo Nombre.');
  await expect(errorOf('Apellido', true)).toHaveText('Por favor, complete el campo Apellido.');
  await expect(errorOf('Número de documento')).toHaveText('ingrese un número de documento válido con 10 dígitos');
  await expect(errorOf('Correo electrónico')).toHaveText('Por favor, complete el campo Correo.');
  await expect(errorOf('Contraseña', true)).toHaveText('Por favor, complete el campo Contraseña.');
  await expect(errorOf('Repetir contraseña')).toHaveText('Por favor, complete el campo Repetir contraseña.');
  await expect(errorOf('Código de invitación')).toHaveText('Por favor, complete el campo Código de invitación.');

  await page.getByLabel('Número de documento').fill('123456789');
  await page.getByLabel('Correo electrónico').fill('ana@correo');
  await page.getByLabel('Contraseña', { exact: true }).fill('debil');
  await page.getByLabel('Repetir contraseña').fill('otra');
  await submit.click();
  await expect(errorOf('Número de documento')).toHaveText('ingrese un número de documento válido con 10 dígitos');
  await expect(errorOf('Correo electrónico')).toHaveText('Por favor, ingrese un correo electrónico válido.');
  await expect(errorOf('Contraseña', true)).toHaveText(
    'La contraseña debe tener al menos 8 caracteres, incluyendo una letra mayúscula y un número.',
  );

  await page.getByLabel('Nombre', { exact: true }).fill('Ana');
  await page.getByLabel('Apellido', { exact: true }).fill('Gil');
  await page.getByLabel('Número de documento').fill(documento());
  await page.getByLabel('Correo electrónico').fill(`${unique('ana')}@e2e.co`);
  await page.getByLabel('Contraseña', { exact: true }).fill(STRONG);
  await page.getByLabel('Repetir contraseña').fill('Clave2024y');
  await page.getByLabel('Código de invitación').fill('ZZZZ-ZZZZ');
  await submit.click();
  await expect(errorOf('Repetir contraseña')).toHaveText('Las contraseñas no coinciden');

  await page.getByLabel('Repetir contraseña').fill(STRONG);
  await submit.click();
  await expectPopup(page, 'Error', 'El código de invitación no corresponde a ninguna tienda.');
  await closePopup(page);
  await expect(errorOf('Código de invitación')).toHaveText('El código de invitación no corresponde a ninguna tienda.');
});

test('la tienda exige nombre y correo válido', async ({ page }) => {
  await page.goto('/registro');
  await page.getByRole('button', { name: 'Tienda', exact: true }).click();
  await page.getByRole('button', { name: 'Registrar tienda' }).click();
  const errorOf = (label: string) => page.locator('.field', { has: page.getByLabel(label) }).locator('.field__error');
  await expect(errorOf('Nombre de la tienda')).toHaveText('Por favor, complete el campo Nombre.');
  await expect(errorOf('Correo electrónico')).toHaveText('Por favor, complete el campo Correo.');
});

test('recuperación de contraseña con el código recibido por SMTP: la nueva vale y la vieja no', async ({ page }) => {
  const email = `${unique('olvido')}@e2e.co`;
  await page.goto('/registro');
  await page.getByRole('button', { name: 'Tienda', exact: true }).click();
  await page.getByLabel('Nombre de la tienda').fill('Droguería Olvido');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(STRONG);
  await page.getByRole('button', { name: 'Registrar tienda' }).click();
  await closePopup(page);

  await page.getByRole('link', { name: '¿Olvidó su contraseña?' }).click();
  await expect(page).toHaveURL(/\/restablecer_contrasena$/);
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await expect(page.getByText('Por favor, ingresa un correo electrónico válido.')).toBeVisible();
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await expectToast(page, 'Código enviado');

  await page.getByLabel('Código').fill('000000');
  const code = await lastCodeFor(email);
  if (code !== '000000') {
    await page.getByRole('button', { name: 'Verificar código' }).click();
    await expectPopup(page, 'Código no válido', 'El código es incorrecto o ha vencido.');
    await closePopup(page);
  }
  await page.getByLabel('Código').fill(code);
  await page.getByRole('button', { name: 'Verificar código' }).click();
  await page.getByLabel('Nueva contraseña').fill('Renovada2025');
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expectToast(page, 'Contraseña actualizada');
  await expect(page).toHaveURL(/\/iniciar_sesion$/);

  await page.getByRole('button', { name: 'Tienda', exact: true }).click();
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(STRONG);
  await page.getByRole('button', { name: /^Ingresar/ }).click();
  await expectPopup(page, 'Credenciales incorrectas', 'Usuario o contraseña incorrectos');
  await closePopup(page);
  await signIn(page, 'Tienda', email, 'Renovada2025');
});

test('sin sesión, las pantallas de la aplicación llevan a iniciar sesión', async ({ page }) => {
  for (const path of ['/ventas', '/inicio', '/gestionar_productos', '/crud/usuarios']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/iniciar_sesion$/);
  }
});

test('las cuentas de demostración entran; Cerrar sesión borra la sesión guardada', async ({ page }) => {
  await signIn(page, 'Tienda', DEMO.tienda, DEMO_PASSWORD, { formulario: true });
  await expect(page.getByTestId('footer-codigo')).toHaveText(DEMO.codigo);
  await cerrarSesion(page);
  await expect(page).toHaveURL(/\/iniciar_sesion$/);

  await signIn(page, 'Empleado', DEMO.encargado, DEMO_PASSWORD);
  await expect(page.getByTestId('footer-codigo')).toHaveText(DEMO.codigo);
  await expect(page.getByRole('link', { name: 'CRUD' })).toHaveCount(0);
  // A signed-in user opening the sign-in screen goes to /inicio.
  await page.goto('/iniciar_sesion');
  await expect(page).toHaveURL(/\/inicio$/);
  await cerrarSesion(page);
  await expect(page).toHaveURL(/\/iniciar_sesion$/);
  const stored = await page.evaluate(() => Object.keys(window.localStorage));
  expect(stored.filter((k) => ['token', 'rol', 'usuario', 'tienda', 'codigo_invitacion', 'prodCarrito'].includes(k))).toEqual([]);
  await page.goto('/inicio');
  await expect(page).toHaveURL(/\/iniciar_sesion$/);

  await signIn(page, 'Empleado', DEMO.empleado);
  await expect(page.getByTestId('footer-codigo')).toHaveCount(0);
});

test('un token revocado cierra la sesión en la aplicación', async ({ page }) => {
  await signIn(page, 'Empleado', DEMO.empleado);
  await page.evaluate(() => window.localStorage.setItem('token', 'token-invalido'));
  await page.goto('/inicio');
  await expect(page).toHaveURL(/\/iniciar_sesion$/);
});

test('Cerrar sesión termina el token en el servidor: una copia guardada deja de servir', async ({ page, request }) => {
  await signIn(page, 'Tienda', DEMO.tienda);
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const sesion = async () => (await request.get('/api/sesion', { headers: { authorization: `Bearer ${token}` } })).status();
  expect(await sesion()).toBe(200);
  await cerrarSesion(page);
  await expect(page).toHaveURL(/\/iniciar_sesion$/);
  await expect.poll(sesion).toBe(401);
});

test('el administrador cambia el código de invitación desde el pie; el código viejo ya no registra; el encargado no ve el botón', async ({ page, request }) => {
  const tienda = await nuevaTienda(request);
  await entrarComo(page, tienda);
  await page.goto('/inicio');
  await expect(page.getByTestId('footer-codigo')).toHaveText(tienda.codigo);
  await page.getByRole('button', { name: 'Cambiar código' }).click();
  await expectPopup(page, '¿Cambiar el código de invitación?');
  await page.locator('.swal2-confirm').click();
  await expectPopup(page, 'Código de invitación cambiado', /^El nuevo código de invitación es [A-Z2-9]{4}-[A-Z2-9]{4}\.$/);
  const text = await page.locator('.swal2-html-container').textContent();
  const nuevo = /([A-Z2-9]{4}-[A-Z2-9]{4})/.exec(text ?? '')![1]!;
  expect(nuevo).not.toBe(tienda.codigo);
  await closePopup(page);
  await expect(page.getByTestId('footer-codigo')).toHaveText(nuevo);

  const registro = (codigo_invitacion: string) =>
    request.post('/api/usuarios/registro', {
      data: { nombre: 'Rafa', apellido: 'Gil', documento: documento(), email: `${unique('codigo')}@e2e.co`, contrasena: STRONG, codigo_invitacion },
    });
  expect((await registro(tienda.codigo)).status()).toBe(400);
  expect((await registro(nuevo)).status()).toBe(201);

  await cerrarSesion(page);
  await signIn(page, 'Empleado', DEMO.encargado);
  await expect(page.getByTestId('footer-codigo')).toHaveText(DEMO.codigo);
  await expect(page.getByRole('button', { name: 'Cambiar código' })).toHaveCount(0);
});
