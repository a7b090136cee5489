import { expect, test } from '@playwright/test';
import { closePopup, documento, expectPopup, expectToast, signIn, unique } from './support/fixtures';
import { entrarComo, nuevaTienda } from './crud-support';

const STRONG = 'Clave2024x';

/**
 * Issue #15 point 5: the store's admin gives the invitation code a 7-day expiry and turns on "Aprobar
 * empleados nuevos"; a new employee registers with the code and is told to wait, cannot sign in;
 * the admin approves; the employee signs in.
 */
test('el administrador pone vencimiento de 7 días y aprueba al empleado nuevo, que solo entonces entra', async ({ page, browser, request }) => {
  const tienda = await nuevaTienda(request);
  await entrarComo(page, tienda);
  await page.goto('/inicio');
  await expect(page.getByTestId('footer-codigo')).toHaveText(tienda.codigo);
  await expect(page.getByTestId('footer-codigo-vence')).toHaveText('Sin vencimiento');
  await page.getByTestId('footer-invitacion').click();
  await expect(page).toHaveURL(/\/invitacion$/);
  await expect(page.getByRole('heading', { name: 'Código de invitación y empleados nuevos' })).toBeVisible();

  // 7 days, for the current code.
  await page.getByLabel('Cuánto tiempo sirve el código para registrarse').selectOption('7d');
  await page.getByRole('button', { name: 'Aplicar al código actual' }).click();
  await expectToast(page, 'Vencimiento guardado', /^Vence el /);
  await expect(page.getByTestId('invitacion-vence')).toHaveText(/^Vence el /);
  await expect(page.getByTestId('footer-codigo-vence')).toHaveText(/^Vence el /);

  // The approval switch.
  const interruptor = page.getByRole('switch', { name: 'Aprobar empleados nuevos' });
  // A new store starts with it on (issue #28): anyone with the code could otherwise sign up cashiers.
  await expect(interruptor).toBeChecked();
  await expect(page.getByText('Nadie espera aprobación.')).toBeVisible();

  // A new employee, on another device, registers with the code and is told to wait.
  const otro = await browser.newContext();
  const empleado = await otro.newPage();
  const email = `${unique('aprobar')}@e2e.co`;
  await empleado.goto('/registro');
  await empleado.getByLabel('Nombre', { exact: true }).fill('Julián');
  await empleado.getByLabel('Apellido', { exact: true }).fill('Rojas');
  await empleado.getByLabel('Número de documento').fill(documento());
  await empleado.getByLabel('Correo electrónico').fill(email);
  await empleado.getByLabel('Contraseña', { exact: true }).fill(STRONG);
  await empleado.getByLabel('Repetir contraseña').fill(STRONG);
  await empleado.getByLabel('Código de invitación').fill(tienda.codigo);
  await empleado.getByRole('button', { name: 'Registrarme' }).click();
  await expectPopup(empleado, 'Registro recibido', 'Su cuenta espera la aprobación del administrador de la tienda. Podrá iniciar sesión cuando la apruebe.');
  await closePopup(empleado);
  await expect(empleado).toHaveURL(/\/iniciar_sesion$/);
  // Signing in: refused with the message, still on the sign-in screen.
  await empleado.getByRole('button', { name: 'Empleado', exact: true }).click();
  await empleado.getByLabel('Correo electrónico').fill(email);
  await empleado.getByLabel('Contraseña').fill(STRONG);
  await empleado.getByRole('button', { name: /^Ingresar/ }).click();
  await expectPopup(empleado, 'Cuenta pendiente de aprobación', 'Su cuenta espera la aprobación del administrador de la tienda.');
  await closePopup(empleado);
  await expect(empleado).toHaveURL(/\/iniciar_sesion$/);

  // The admin sees it waiting (the footer too) and approves it.
  await page.reload();
  await expect(page.getByTestId('footer-invitacion')).toHaveText('1 empleado espera aprobación');
  const fila = page.getByTestId('empleado-pendiente');
  await expect(fila).toHaveCount(1);
  await expect(fila).toContainText('Julián Rojas');
  await expect(fila).toContainText(email);
  await fila.getByRole('button', { name: 'Aprobar a Julián Rojas' }).click();
  await expectToast(page, 'Empleado aprobado', 'Julián Rojas ya puede iniciar sesión.');
  await expect(page.getByTestId('empleado-pendiente')).toHaveCount(0);
  await expect(page.getByText('Nadie espera aprobación.')).toBeVisible();

  // Now the employee signs in.
  await signIn(empleado, 'Empleado', email, STRONG);
  await expect(empleado.getByTestId('footer-usuario')).toHaveText('Julián Rojas');
  await otro.close();
});
