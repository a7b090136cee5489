import { expect, test, type Page } from '@playwright/test';
import { api } from './support/api';
import { abrirCaja, agregarAlCarrito, closePopup, documento, expectPopup, expectToast, unique, ventaDelRecibo } from './support/fixtures';
import { abrirSucursal, cambiarDeTienda, CLAVE, entrarComo, iniciarSesion, nuevaTienda, selectorTienda } from './crud-support';

/**
 * One owner, several stores (issue #56 steps 2 and 3, ADR 043): the owner opens a second store from
 * Sucursales (it starts with the first store's products at stock 0), switches to it from the top bar,
 * sells there (its own caja, its sale number 1), switches back, and the first store's sales list does
 * not show that sale; *Todas mis tiendas* shows both stores' sales and the total (issue #56 point 4). Screenshots of Sucursales and the switcher at 1366 and 390 px go to SHOTS_DIR.
 */
const SHOTS = process.env.SHOTS_DIR;
const CAFE = 'Café Sello Rojo 250 g';

/** One cash sale of `producto` at the till, paid with `recibido`; returns its receipt's sale. */
async function vender(page: Page, producto: string, recibido: string) {
  await page.getByRole('link', { name: /^Ventas/ }).click();
  await expect(page).toHaveURL(/\/ventas$/);
  await agregarAlCarrito(page, producto);
  await page.getByRole('button', { name: 'Generar pago' }).click();
  await expect(page).toHaveURL(/\/generar_pago$/);
  await page.getByRole('radio', { name: /^Efectivo/ }).check();
  await page.getByLabel('Monto recibido').fill(recibido);
  await page.getByRole('button', { name: 'Confirmar pago' }).click();
  await expect(page).toHaveURL(/\/factura$/);
  const venta = await ventaDelRecibo(page);
  await page.getByRole('button', { name: 'Nueva venta' }).click();
  await expect(page).toHaveURL(/\/ventas$/);
  return venta;
}

const selector = selectorTienda;

async function cambiarA(page: Page, nombre: string) {
  await cambiarDeTienda(page, nombre);
  await expect(selector(page)).toHaveValue(/\d+/);
}

test('el dueño abre una segunda tienda, entra desde la barra de arriba, vende allí y al volver la primera no ve esa venta', async ({ page }) => {
  test.setTimeout(120_000);
  const tienda = await nuevaTienda(page.request);
  // The switcher, Inicio's tile and the copy buttons take the session's stores from its own read
  // (GET /api/sesion): no screen asks for them again.
  const leidasAparte: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/sesion/tiendas') leidasAparte.push(r.url());
  });
  await entrarComo(page, tienda);
  await page.goto('/inicio');
  // A one-store shop: no switcher.
  await expect(page.getByRole('link', { name: /^Sucursales/ })).toBeVisible();
  await expect(selector(page)).toHaveCount(0);
  await api(page, 'POST', '/api/productos', { nombre: CAFE, precio: 9_800, cantidad: 10 });
  const primera = await vender(page, CAFE, '10000');

  // Sucursales: the store as it is, then a new one.
  await page.goto('/inicio');
  await page.getByRole('link', { name: /^Sucursales/ }).click();
  await expect(page).toHaveURL(/\/sucursales$/);
  await expect(page.getByRole('heading', { name: 'Sucursales', level: 1 })).toBeVisible();
  const tabla = page.getByRole('table', { name: 'Tiendas de la empresa' });
  await expect(tabla.getByRole('row')).toHaveCount(2);
  await expect(tabla.getByRole('row').nth(1)).toContainText('Tienda actual');
  const norte = `Sede Norte ${unique('n').slice(-5)}`;
  await page.getByLabel('Nombre de la tienda').fill(norte);
  await page.getByLabel('Dirección').fill('Cra 15 # 93-40, Bogotá');
  await page.getByLabel('Teléfono').fill('601 234 5678');
  await page.getByRole('button', { name: 'Crear sucursal' }).click();
  await expectPopup(page, 'Sucursal creada', `${norte} quedó abierta con 1 producto de esta tienda, sin existencias.`);
  await closePopup(page);
  await expect(tabla.getByRole('row')).toHaveCount(3);
  const filaNorte = tabla.getByRole('row').filter({ hasText: norte });
  await expect(filaNorte).toContainText('6012345678');
  await expect(filaNorte.getByRole('button', { name: `Entrar a ${norte}` })).toBeVisible();
  // Now two stores: the switcher shows them, the current one chosen.
  await expect(selector(page)).toBeVisible();
  await expect(selector(page).locator('option:checked')).toHaveText(tienda.nombre);
  if (SHOTS) {
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.screenshot({ path: `${SHOTS}/sucursales-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1366, height: 900 });
  }

  // Into the new store from the top bar: its own products (stock 0), its own caja and numbering.
  await cambiarA(page, norte);
  if (SHOTS) {
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.screenshot({ path: `${SHOTS}/selector-tienda-${width}.png` });
    }
    await page.setViewportSize({ width: 1366, height: 900 });
  }
  const enNorte = (await api<{ items: { id: number; nombre: string; stock: number }[] }>(page, 'GET', '/api/productos')).items;
  expect(enNorte.map((p) => [p.nombre, p.stock])).toEqual([[CAFE, 0]]);
  await api(page, 'PUT', `/api/productos/${enNorte[0]!.id}`, { nombre: CAFE, precio: 10_500, precioPropio: true, stock: 6, stockMin: 0, estado: 1 });
  await abrirCaja(page);
  const enSede = await vender(page, CAFE, '20000');
  expect(enSede.numero).toBe(1);

  // Back to the first store: its sales list shows its own sale only.
  await cambiarA(page, tienda.nombre);
  await page.goto('/gestionar_ventas');
  const ventas = (await api<{ items: { idVenta: number }[] }>(page, 'GET', '/api/facturas')).items.map((v) => v.idVenta);
  expect(ventas).toEqual([primera.id]);
  // On screen: one sale, the first store's $ 9.800 (each store numbers its own #1); not the branch's $ 10.500.
  const lista = page.getByRole('table');
  await expect(lista.getByRole('row')).toHaveCount(2);
  await expect(lista.getByRole('row').nth(1)).toContainText('$ 9.800');
  await expect(lista).not.toContainText('10.500');
  const stock = (await api<{ items: { nombre: string; stock: number }[] }>(page, 'GET', '/api/productos')).items;
  expect(stock.map((p) => [p.nombre, p.stock])).toEqual([[CAFE, 9]]);

  // Todas mis tiendas (issue #56 point 4): from Inicio's tile, both stores' sales side by side and the total.
  await page.goto('/inicio');
  await page.getByRole('link', { name: /^Todas mis tiendas/ }).click();
  await expect(page).toHaveURL(/\/todas_mis_tiendas$/);
  await expect(page.getByRole('heading', { name: 'Todas mis tiendas', level: 1 })).toBeVisible();
  const consolidado = page.getByTestId('empresa-tabla');
  await expect(consolidado.getByRole('row')).toHaveCount(4);
  await expect(consolidado.getByRole('row', { name: new RegExp(`^${tienda.nombre}`) })).toContainText('$ 9.800');
  await expect(consolidado.getByRole('row', { name: new RegExp(`^${norte}`) })).toContainText('$ 10.500');
  await expect(consolidado.getByRole('row', { name: /^Total empresa/ })).toContainText('$ 20.300');
  // Now: each store's today and its open till (the branch's, opened above).
  await expect(page.getByRole('listitem').filter({ hasText: norte }).first()).toContainText('1 caja abierta');
  // The consolidated daily close: both stores and the total.
  const cierre = page.getByTestId('cierre-tabla');
  await expect(cierre.getByRole('row', { name: /^Total empresa/ })).toContainText('$ 20.300');
  await expect(cierre.getByRole('row')).toHaveCount(4);
  if (SHOTS) {
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.screenshot({ path: `${SHOTS}/todas-mis-tiendas-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1366, height: 900 });
  }
  // On a phone: a card per store and the total instead of the table.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(consolidado).toBeHidden();
  await expect(page.getByTestId('tarjeta-total')).toContainText('$ 20.300');
  await page.setViewportSize({ width: 1366, height: 900 });
  expect(leidasAparte).toEqual([]);
});


test('el dueño da a una cajera de la primera tienda el rol de cajera en la sucursal; ella cambia de tienda y vende allí; el dueño le quita el acceso', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const tienda = await nuevaTienda(page.request);
  const dueno = { authorization: `Bearer ${tienda.token}` };
  expect((await page.request.put('/api/tienda/invitacion', { headers: dueno, data: { aprobar_empleados: false } })).status()).toBe(200);
  const correo = `${unique('cajera')}@e2e.co`;
  const registro = await page.request.post('/api/usuarios/registro', {
    data: { nombre: 'Marta', apellido: 'Gil', documento: documento(), tipoDoc: 'CC', email: correo, contrasena: CLAVE, codigo_invitacion: tienda.codigo },
  });
  expect(registro.status(), await registro.text()).toBe(201);
  expect((await page.request.post('/api/productos', { headers: dueno, data: { nombre: CAFE, precio: 9_800, cantidad: 10 } })).status()).toBe(201);
  const { nombre: norte, id: idNorte } = await abrirSucursal(page.request, tienda);
  // The branch's copy of the coffee gets stock there (the owner switched to it, through the API).
  const enNorte = await page.request.post('/api/sesion/tienda', { headers: dueno, data: { idTienda: idNorte } });
  const duenoNorte = { authorization: `Bearer ${(await enNorte.json()).token}` };
  const [cafe] = (await (await page.request.get('/api/productos', { headers: duenoNorte })).json()).items as { id: number }[];
  expect((await page.request.put(`/api/productos/${cafe!.id}`, { headers: duenoNorte, data: { nombre: CAFE, precio: 10_500, precioPropio: true, stock: 6, stockMin: 0, estado: 1 } })).status()).toBe(200);

  // The owner, on Sucursales: each store's people; Marta only in her home store.
  await entrarComo(page, tienda);
  await page.goto('/sucursales');
  const casa = page.getByRole('region', { name: tienda.nombre, exact: true });
  const sede = page.getByRole('region', { name: norte, exact: true });
  await expect(casa.getByRole('list', { name: `Personas de ${tienda.nombre}` }).getByRole('listitem')).toHaveText([/Marta Gil\s*Empleado\s*Tienda principal/]);
  await expect(sede).toContainText('Nadie trabaja aún en esta tienda.');
  // Dar acceso: Marta as Empleado (the cashier's role) in the branch.
  const dar = sede.getByRole('form', { name: `Dar acceso en ${norte}` });
  await dar.getByRole('button', { name: 'Dar acceso' }).click();
  await expect(dar.getByRole('alert')).toHaveText('Elija a quién dar acceso.');
  await dar.getByLabel('Persona').selectOption({ label: `Marta Gil (${tienda.nombre})` });
  await expect(dar.getByLabel('Rol')).toHaveValue('2');
  await expect(dar.getByLabel('Rol').locator('option:checked')).toHaveText('Empleado');
  await dar.getByRole('button', { name: 'Dar acceso' }).click();
  await expectToast(page, 'Rol en la tienda guardado.');
  const gente = sede.getByRole('list', { name: `Personas de ${norte}` });
  await expect(gente.getByRole('listitem')).toHaveText([/Marta Gil\s*Empleado\s*Quitar acceso/]);
  if (SHOTS) {
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.screenshot({ path: `${SHOTS}/sucursales-personas-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1366, height: 900 });
  }

  // Marta signs in on her own browser: the switcher shows both stores; she enters the branch and sells there.
  const suya = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const cajera = await suya.newPage();
  await entrarComo(cajera, await iniciarSesion(cajera.request, 'empleado', correo, CLAVE));
  await cajera.goto('/inicio');
  await expect(selector(cajera)).toBeVisible();
  await expect(selector(cajera).locator('option')).toHaveText([tienda.nombre, norte]);
  await expect(selector(cajera).locator('option:checked')).toHaveText(tienda.nombre);
  await cambiarA(cajera, norte);
  await abrirCaja(cajera);
  const venta = await vender(cajera, CAFE, '20000');
  expect(venta.numero).toBe(1);
  const tokenEnNorte = await cajera.evaluate(() => localStorage.getItem('token'));
  expect((await cajera.request.get('/api/sesion', { headers: { authorization: `Bearer ${tokenEnNorte}` } })).status()).toBe(200);

  // The owner takes the access away, after a confirmation; her session in the branch ends at once.
  await gente.getByRole('button', { name: `Quitar acceso a Marta Gil en ${norte}` }).click();
  await expectPopup(page, '¿Quitar el acceso?', `Marta Gil ya no podrá entrar a ${norte}. Su tienda principal no cambia.`);
  await page.locator('.swal2-popup').getByRole('button', { name: 'Quitar acceso', exact: true }).click();
  await expectToast(page, 'La persona ya no tiene rol en esa tienda.');
  await expect(sede).toContainText('Nadie trabaja aún en esta tienda.');
  await expect(casa.getByRole('listitem')).toHaveText([/Marta Gil\s*Empleado\s*Tienda principal/]);
  expect((await cajera.request.get('/api/sesion', { headers: { authorization: `Bearer ${tokenEnNorte}` } })).status()).toBe(401);
  await suya.close();
});
