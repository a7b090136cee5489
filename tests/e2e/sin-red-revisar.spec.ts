import { expect, test } from '@playwright/test';
import { CLAVE, nuevaTienda } from './crud-support';
import { documento, signIn, unique } from './support/fixtures';
import { agregarEnCaja, cajaConCatalogo, numeroDelRecibo, salida } from './support/sin-red';
import { captura } from './support/capturas';

/**
 * Issue #51 point 5, "Done when": an offline sale over the customer's fiado limit arrives and is
 * listed under Revisar with its reason; the owner marks it reviewed. The owner's own device is
 * authorised to sell offline when it first opens the till, and is listed under Equipos sin red.
 */
test.use({ serviceWorkers: 'allow' });

test('una venta sin red por encima del cupo llega y queda en Revisar; el dueño la marca revisada', async ({ page, context, request }) => {
  test.setTimeout(180_000);
  const t = await nuevaTienda(request);
  const auth = { authorization: `Bearer ${t.token}` };
  const queso = unique('Queso');
  const p = await request.post('/api/productos', { headers: auth, data: { nombre: queso, precio: 25_000, cantidad: 10 } });
  expect(p.status(), await p.text()).toBe(201);
  const doc = documento();
  const c = await request.post('/api/clientes', { headers: auth, data: { documento: doc, tipoDocumento: 'CC', nombre: 'Rosa', apellido: 'Gil', fiado: true, cupo: 20_000 } });
  expect(c.status(), await c.text()).toBe(201);

  // Online: the device asks and, being the owner's, is authorised; the catalogue comes down.
  await signIn(page, 'Tienda', t.email, CLAVE, { caja: false });
  await cajaConCatalogo(page, 1);
  await page.goto('/equipos_sin_red');
  await expect(page.getByTestId('equipo-sin-red')).toHaveCount(1);
  await expect(page.getByTestId('equipo-sin-red')).toContainText('Autorizado');
  await page.goto('/ventas');
  await expect(page.getByLabel('Buscar producto')).toBeVisible();

  // Offline: a fiado sale of $ 25.000 for a customer with $ 20.000 of limit.
  await context.setOffline(true);
  await page.reload();
  // The same till and payment as online (issue #53): past the limit the device knows, the owner authorises it, as online.
  await agregarEnCaja(page, [{ buscar: queso, nombre: queso }]);
  await page.getByRole('button', { name: 'Generar pago' }).click();
  await page.getByRole('radio', { name: 'Fiado' }).check();
  await page.getByLabel(/^Documento del cliente/).fill(doc);
  await page.getByRole('button', { name: 'Confirmar pago' }).click();
  await expect(page.getByText('La venta pasa el cupo de fiado del cliente. Disponible: $ 20.000.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Sí, autorizar' }).click();
  const numero = await numeroDelRecibo(page);
  expect(numero).toMatch(/^D\d+-1$/);
  // Its receipt says it is flagged (issue #53: the note the old offline receipt had).
  await expect(page.getByTestId('recibo-sobregiro')).toHaveText('Sobregiro de fiado: revisar');

  // Back online: it arrives, and the owner finds it under Revisar with the reason.
  await context.setOffline(false);
  await expect.poll(async () => (await salida(page)).map((v) => v.estado), { timeout: 60_000 }).toEqual(['enviada']);
  await page.goto('/revisar_sin_red');
  const item = page.getByTestId('venta-revisar');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(`Venta ${numero}`);
  await expect(item).toContainText('Fiado de $ 25.000 a Rosa Gil por encima de su cupo (disponible $ 20.000)');
  await page.setViewportSize({ width: 1366, height: 768 });
  await captura(page, { path: '/tmp/shots/revisar-1366.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await captura(page, { path: '/tmp/shots/revisar-390.png', fullPage: true });
  await page.goto('/equipos_sin_red');
  await expect(page.getByTestId('equipo-sin-red')).toContainText('Autorizado');
  await captura(page, { path: '/tmp/shots/equipos-390.png', fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });
  await captura(page, { path: '/tmp/shots/equipos-1366.png', fullPage: true });

  // Marked reviewed: it leaves the list, and shows who reviewed it among all.
  await page.goto('/revisar_sin_red');
  await page.getByRole('button', { name: `Marcar revisada la venta ${numero}` }).click();
  await expect(page.getByText('No hay ventas sin red por revisar.')).toBeVisible();
  await page.getByLabel('Ver también las revisadas').check();
  await expect(page.getByTestId('venta-revisar')).toContainText('Revisada por');
});
