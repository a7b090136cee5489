import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, documento, expectPopup, expectToast, signIn, unique } from './support/fixtures';
import { apiDe } from './support/api';
import { captura } from './support/capturas';

// Issue #51 point 3 (ADR 039): giving money back is the `devolver` permission, which a cashier (role 2)
// does not have by default: the return screen asks for a supervisor's PIN. A fiado sale's return lowers
// what the customer owes and the drawer does not move. The demo's encargado (Laura Díaz, role 3) is the
// supervisor, with the PIN the discount journey uses; the cashier is a new employee of the demo store.
const PIN = '2468';

/** The API as the signed-in page (its token). */
/** Expected cash in the account's open drawer. */
async function efectivoEsperado(api: Awaited<ReturnType<typeof apiDe>>) {
  const { turno } = await api.get('/api/caja/turno');
  const z = await api.get(`/api/caja/turnos/${turno.id}`);
  return z.lineas.find((l: { metodoPagoId: number }) => l.metodoPagoId === 5).esperado as number;
}

test('un cajero devuelve una venta fiada con el PIN del encargado: baja la deuda y la caja no se mueve', async ({ page }) => {
  // Three sign-ins and two PIN checks (hashed): on a loaded machine this takes over two minutes.
  test.setTimeout(240_000);
  // The supervisor's PIN (set again: the journeys may run in any order).
  await signIn(page, 'Empleado', DEMO.encargado, DEMO_PASSWORD, { caja: false });
  await apiDe(page).put('/api/cuenta/pin', { contrasena: DEMO_PASSWORD, pin: PIN });

  // The owner stocks a product and gives a customer credit.
  await page.evaluate(() => window.localStorage.clear());
  await signIn(page, 'Tienda', DEMO.tienda);
  const duena = apiDe(page);
  const nombre = unique('Panela E2E');
  const id = (await duena.post('/api/productos', { nombre, precio: 4000, cantidad: 20 })).producto.id as number;
  const doc = documento();
  const { cliente } = await duena.post('/api/clientes', { documento: doc, tipoDocumento: 'CC', nombre: 'Rosa', apellido: unique('Fiada'), correo: '', fiado: true, cupo: 100000 });

  // A new cashier of the store, with an open drawer.
  await page.evaluate(() => window.localStorage.clear());
  const email = `${unique('cajero-devuelve')}@prueba.co`;
  const reg = await page.request.post('/api/usuarios/registro', {
    data: { nombre: 'Camilo', apellido: 'Rojas', documento: documento(), tipoDoc: 'CC', email, contrasena: 'Clave1234', codigo_invitacion: DEMO.codigo },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  await signIn(page, 'Empleado', email, 'Clave1234');
  const cajero = apiDe(page);
  // The cashier sells $ 8.000 on fiado: a new store's cashier sees only its own sales (issue #51
  // point 8, ventasDeOtros), so the sale to return is one it made.
  const venta = await cajero.post('/api/ventas', { lineas: [{ productoId: id, cantidad: 2 }], metodoPagoId: 7, montoRecibido: 0, aCredito: true, documentoCliente: doc });
  expect((await duena.get(`/api/clientes/${cliente.id}/cuenta`)).credito.saldo).toBe(8000);
  const antes = await efectivoEsperado(cajero);

  await page.goto(`/detalle_factura?id=${venta.id}`);
  const seccion = page.getByRole('region', { name: 'Devoluciones de esta venta' });
  await seccion.getByRole('button', { name: 'Devolver productos' }).click();
  const form = page.getByRole('form', { name: 'Devolver productos de esta venta' });
  await form.getByLabel(`Devuelve: ${nombre}`).fill('2');
  await form.getByLabel('Motivo').fill('Llegó húmeda');
  // How the money goes back: all of it off what the customer owes; and the PIN it will need.
  const reembolso = form.getByTestId('devolucion-reembolso');
  await expect(reembolso).toContainText('Cómo vuelve el dinero');
  await expect(reembolso).toContainText('Se descuenta de lo que debe (fiado)');
  await expect(reembolso).toContainText('$ 8.000');
  await expect(reembolso).not.toContainText('En efectivo');
  await expect(form).toContainText('Devolver dinero necesita el PIN de un administrador o encargado');
  await page.setViewportSize({ width: 1366, height: 900 });
  await captura(page, { path: '/tmp/shots/devolucion-pin-1366.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await form.scrollIntoViewIfNeeded();
  await captura(page, { path: '/tmp/shots/devolucion-pin-390.png', fullPage: true });

  // Registering asks for the supervisor and the PIN; a wrong one records nothing.
  await form.getByRole('button', { name: 'Registrar devolución' }).click();
  await expectPopup(page, 'Autorización del supervisor');
  const dialogo = page.locator('.swal2-popup');
  await expect(dialogo).toContainText('Un cajero necesita el PIN de un administrador o encargado para devolver dinero al cliente.');
  await dialogo.getByLabel('Supervisor', { exact: true }).selectOption({ label: 'Laura Díaz' });
  await dialogo.getByLabel('PIN del supervisor').fill('1357');
  await dialogo.getByRole('button', { name: 'Autorizar y devolver' }).click();
  await expect(dialogo).toContainText('El PIN no es correcto para ese supervisor. No se registró la devolución.', { timeout: 30_000 });
  expect((await duena.get(`/api/clientes/${cliente.id}/cuenta`)).credito.saldo).toBe(8000);
  await captura(page, { path: '/tmp/shots/devolucion-pin-dialogo-390.png' });
  await dialogo.getByLabel('PIN del supervisor').fill(PIN);
  await dialogo.getByRole('button', { name: 'Autorizar y devolver' }).click();
  await expect(dialogo).toBeHidden({ timeout: 30_000 });
  await expectToast(page, 'Devolución registrada');
  await expect(seccion.getByRole('article', { name: /^Devolución N\.º \d+$/ })).toContainText('Reembolsado con: Fiado');

  // The debt went down; the cashier's drawer did not move.
  expect((await duena.get(`/api/clientes/${cliente.id}/cuenta`)).credito.saldo).toBe(0);
  expect(await efectivoEsperado(cajero)).toBe(antes);
  expect((await duena.get(`/api/productos/${id}`)).stock).toBe(20);
});
