import { expect, test } from '@playwright/test';
import { CLAVE, nuevaTienda } from './crud-support';
import { documento, signIn, unique } from './support/fixtures';
import { agregarEnCaja, ajusteLocal, cajaConCatalogo, numeroDelRecibo, salida } from './support/sin-red';
import { captura } from './support/capturas';

/**
 * Issue #53 point 3, ADR 053: offline, a cashier lowers a price with the supervisor's PIN, checked on
 * the device against the verifier the sync brought (the store account's PIN here: supervisor 0). A
 * wrong PIN keeps the dialog open, as online; the right one records the sale with who authorised it.
 * Back online the sale arrives, keeps its authoriser and is listed under Revisar.
 */
test.use({ serviceWorkers: 'allow' });

const PIN = '5937';

test('sin red, un cajero rebaja un precio con el PIN del supervisor comprobado en el equipo; la venta llega y queda en Revisar', async ({ page, context, request }) => {
  test.setTimeout(240_000);
  const t = await nuevaTienda(request);
  const auth = { authorization: `Bearer ${t.token}` };
  const arroz = unique('Arroz');
  expect((await request.post('/api/productos', { headers: auth, data: { nombre: arroz, precio: 4_600, cantidad: 20 } })).status()).toBe(201);
  // The store account's PIN (issue #36 point 5): set now, so its verifier is made with it.
  const pin = await request.put('/api/cuenta/pin', { headers: auth, data: { contrasena: CLAVE, pin: PIN } });
  expect(pin.status(), await pin.text()).toBe(200);
  expect((await request.put('/api/tienda/invitacion', { headers: auth, data: { aprobar_empleados: false } })).status()).toBe(200);
  const email = `${unique('cajero-sin-red')}@e2e.co`;
  const reg = await request.post('/api/usuarios/registro', { data: { nombre: 'Camilo', apellido: 'Rojas', documento: documento(), tipoDoc: 'CC', email, contrasena: CLAVE, codigo_invitacion: t.codigo } });
  expect(reg.status(), await reg.text()).toBe(201);

  // Online: the cashier's device asks to sell offline; the owner authorises it; the next sync brings the verifier.
  await signIn(page, 'Empleado', email, CLAVE);
  await cajaConCatalogo(page, 1);
  await expect
    .poll(async () => ((await (await request.get('/api/sin-red/equipos', { headers: auth })).json()) as { items: { id: number }[] }).items.length, { timeout: 30_000 })
    .toBe(1);
  const [equipo] = ((await (await request.get('/api/sin-red/equipos', { headers: auth })).json()) as { items: { id: number }[] }).items;
  expect((await request.post(`/api/sin-red/equipos/${equipo!.id}/autorizar`, { headers: auth })).status()).toBe(200);
  await page.reload();
  await expect(page.getByLabel('Buscar producto')).toBeVisible();
  await expect.poll(async () => ((await ajusteLocal(page, 'supervisores')) as { nombre: string }[] | undefined)?.map((s) => s.nombre), { timeout: 60_000 }).toEqual([`${t.nombre} (cuenta de la tienda)`]);
  await expect.poll(async () => ((await ajusteLocal(page, 'equipo')) as { estado: string } | undefined)?.estado, { timeout: 30_000 }).toBe('autorizado');

  // Offline: two units at a lower price, paid in cash.
  await context.setOffline(true);
  await page.reload();
  await agregarEnCaja(page, [{ buscar: arroz, nombre: arroz }, { buscar: arroz, nombre: arroz }]);
  await page.getByRole('button', { name: 'Generar pago' }).click();
  await expect(page.getByTestId('pago-total')).toHaveText('$ 9.200');
  await page.getByRole('button', { name: `Cambiar precio de ${arroz}` }).click();
  await page.locator('.swal2-input').fill('4.000');
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page.getByTestId('pago-total')).toHaveText('$ 8.000');
  await page.getByLabel('Motivo del descuento').fill('Empaque roto');
  await page.getByRole('radio', { name: 'Efectivo' }).check();
  await page.getByLabel('Monto recibido').fill('10000');
  await page.getByRole('button', { name: 'Confirmar pago' }).click();

  // The same dialog as online, with the supervisors whose PIN this device can check.
  const dialogo = page.locator('.swal2-popup');
  await expect(dialogo.locator('.swal2-title')).toHaveText('Autorización del supervisor');
  await expect(dialogo.getByLabel('Supervisor', { exact: true }).locator('option:checked')).toHaveText(`${t.nombre} (cuenta de la tienda)`);
  await dialogo.getByLabel('PIN del supervisor').fill('1357');
  await dialogo.getByRole('button', { name: 'Autorizar y cobrar' }).click();
  await expect(dialogo.locator('.app-dialog__validation')).toHaveText('El PIN no es correcto para ese supervisor. No se registró la venta.');
  await expect(dialogo.getByLabel('PIN del supervisor')).toHaveValue('');
  await expect(page).toHaveURL(/\/generar_pago$/);
  for (const [ancho, alto] of [
    [1366, 768],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width: ancho, height: alto });
    await expect(dialogo.locator('.app-dialog__validation')).toBeVisible();
    await captura(page, { path: `/tmp/shots-a/pin-sin-red-${ancho}.png` });
  }
  await page.setViewportSize({ width: 1366, height: 768 });
  await dialogo.getByLabel('PIN del supervisor').fill(PIN);
  await dialogo.getByRole('button', { name: 'Autorizar y cobrar' }).click();
  const numero = await numeroDelRecibo(page);
  await expect(page.getByTestId('recibo-total')).toHaveText('$ 8.000');
  await expect(page.getByTestId('recibo-autorizado')).toHaveText(`${t.nombre} (cuenta de la tienda)`);
  // The outbox keeps who authorised and the PIN's version, never the PIN.
  const cuerpo = await page.evaluate(async () => {
    const d = (await indexedDB.databases()).find((x) => x.name?.startsWith('adax-sin-red:'));
    const db = await new Promise<IDBDatabase>((ok) => {
      const r = indexedDB.open(d!.name!);
      r.onsuccess = () => ok(r.result);
    });
    const filas = await new Promise<unknown[]>((ok) => {
      const r = db.transaction('salida').objectStore('salida').getAll();
      r.onsuccess = () => ok(r.result as unknown[]);
    });
    db.close();
    return JSON.stringify(filas);
  });
  expect(cuerpo).toContain('"autorizacion":{"supervisorId":0,"version":1}');
  expect(cuerpo).not.toContain(PIN);

  // Back online: it arrives, authorised by the store, and is listed under Revisar with the reason.
  await context.setOffline(false);
  await expect.poll(async () => (await salida(page)).map((v) => v.estado), { timeout: 60_000 }).toEqual(['enviada']);
  const revisar = (await (await request.get('/api/sin-red/revisar', { headers: auth })).json()) as { items: { numeroDispositivo: string; motivos: string[] }[] };
  expect(revisar.items).toEqual([
    expect.objectContaining({ numeroDispositivo: numero, motivos: [`Descuento de $ 1.200 autorizado sin conexión con el PIN de ${t.nombre} (cuenta de la tienda), comprobado en el equipo`] }),
  ]);
});
