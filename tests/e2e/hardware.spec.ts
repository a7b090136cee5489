import { expect, test, type Page } from '@playwright/test';
import { CLAVE, nuevaTienda } from './crud-support';
import { DEMO, expectPopup, rafagaDeEscaner, signIn, unique } from './support/fixtures';

// Issue #19: a barcode scanner types the code very fast and presses Enter, wherever the focus is.

interface Producto {
  id: number;
  nombre: string;
  stock: number;
  codigoBarras: string | null;
}

async function conCodigo(page: Page): Promise<Producto> {
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const res = await page.request.get('/api/ventas/productos', { params: { q: 'Chocolatina' }, headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  const found = ((await res.json()) as { items: Producto[] }).items.find((p) => p.codigoBarras && p.stock > 0);
  expect(found, 'a demo product with a barcode and stock').toBeTruthy();
  return found!;
}

/** The focus leaves the search box (on the page's body), then the scanner "types". */
async function escanear(page: Page, codigo: string) {
  // The till has loaded and focused its search box first.
  await expect(page.getByLabel('Buscar producto')).toBeFocused();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expect(page.getByLabel('Buscar producto')).not.toBeFocused();
  await rafagaDeEscaner(page, codigo);
}

test('un escaneo con el foco fuera del buscador pone el producto en el carrito', async ({ page }) => {
  await signIn(page, 'Empleado', DEMO.admin, undefined, { ir: '/ventas' });
  const p = await conCodigo(page);
  await escanear(page, p.codigoBarras!);
  await expect(page.getByTestId('aviso-escaner')).toHaveText(`Escaneado: ${p.nombre}`);
  const carrito = page.getByRole('list', { name: 'Productos en el carrito' });
  await expect(carrito).toContainText(p.nombre);
  // The search box did not get the code: the scan was taken by the page.
  await expect(page.getByLabel('Buscar producto')).toHaveValue('');
  // Typing slowly is not a scan.
  await page.getByLabel('Buscar producto').focus();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.type(p.codigoBarras!, { delay: 90 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('aviso-escaner')).toHaveText(`Escaneado: ${p.nombre}`);
  await expect(page.getByLabel(`Cantidad de ${p.nombre}`)).toHaveValue('1');
});

test('dos códigos escaneados seguidos en el buscador, el segundo mientras el primero se busca: los dos van al carrito y lo escrito después queda', async ({ page, request }) => {
  const t = await nuevaTienda(request);
  const codigos = [`7701${Date.now().toString().slice(-9)}`, `7702${Date.now().toString().slice(-9)}`];
  const nombres = [unique('Atún'), unique('Galletas')];
  for (const [i, nombre] of nombres.entries()) {
    const r = await request.post('/api/productos', { headers: { authorization: `Bearer ${t.token}` }, data: { nombre, precio: 4000 + i * 500, cantidad: 10, codigoBarras: codigos[i] } });
    expect(r.status(), await r.text()).toBe(201);
  }
  await signIn(page, 'Tienda', t.email, CLAVE, { ir: '/ventas' });
  const buscador = page.getByLabel('Buscar producto');
  await expect(buscador).toBeFocused();
  // The first code's answer takes a while (a slow network): the scanner sends the second code, and the
  // cashier starts typing a name, before it comes.
  let soltar!: () => void;
  const respondida = new Promise<void>((r) => (soltar = r));
  await page.route(`**/api/ventas/productos/codigo/${codigos[0]}`, async (route) => {
    await respondida;
    await route.continue();
  });
  await page.keyboard.type(codigos[0]!);
  await page.keyboard.press('Enter');
  await expect(buscador).toHaveValue('');
  await page.keyboard.type(codigos[1]!);
  await page.keyboard.press('Enter');
  await page.keyboard.type('Pan');
  soltar();
  const carrito = page.getByRole('list', { name: 'Productos en el carrito' });
  for (const nombre of nombres) await expect(page.getByRole('textbox', { name: `Cantidad de ${nombre}`, exact: true })).toHaveValue('1');
  await expect(carrito.getByRole('listitem')).toHaveCount(2);
  // In the order scanned, and the name being typed is still in the box.
  await expect(carrito.getByRole('listitem').first()).toContainText(nombres[0]!);
  await expect(buscador).toHaveValue('Pan');
});

test('escanear y pagar enseguida: el pago espera al producto que se está buscando; un código que no se encuentra lo detiene', async ({ page, request }) => {
  const t = await nuevaTienda(request);
  const codigos = [`7703${Date.now().toString().slice(-9)}`, `7704${Date.now().toString().slice(-9)}`];
  const nombres = [unique('Arroz'), unique('Aceite')];
  for (const [i, nombre] of nombres.entries()) {
    const r = await request.post('/api/productos', { headers: { authorization: `Bearer ${t.token}` }, data: { nombre, precio: 2000 + i * 1000, cantidad: 10, codigoBarras: codigos[i] } });
    expect(r.status(), await r.text()).toBe(201);
  }
  await signIn(page, 'Tienda', t.email, CLAVE, { ir: '/ventas' });
  const buscador = page.getByLabel('Buscar producto');
  await expect(buscador).toBeFocused();
  // The code typed in the box at once and Enter, as a scanner does (keystrokes one by one could be
  // split on a loaded machine between the box and the page's scanner listener).
  const escanearEnCaja = async (codigo: string) => {
    await buscador.fill(codigo);
    await buscador.press('Enter');
    await expect(buscador).toHaveValue('');
  };
  await escanearEnCaja(codigos[0]!);
  const carrito = page.getByRole('list', { name: 'Productos en el carrito' });
  await expect(carrito).toContainText(nombres[0]!);

  // The second code's answer is slow; the cashier presses F4 before it comes.
  const detener = async (codigo: string) => {
    let soltar!: () => void;
    const respondida = new Promise<void>((r) => (soltar = r));
    await page.route(`**/api/ventas/productos/codigo/${codigo}`, async (route) => {
      await respondida;
      await route.continue();
    });
    return soltar;
  };
  const soltar = await detener(codigos[1]!);
  await escanearEnCaja(codigos[1]!);
  await page.keyboard.press('F4');
  await expect(page).toHaveURL(/\/ventas$/); // waits for the product
  soltar();
  // Both products are paid for: $ 2.000 + $ 3.000.
  await expect(page).toHaveURL(/\/generar_pago$/);
  await expect(page.locator('.pago__a-pagar')).toContainText('$ 5.000');

  // Back at the till: an unknown code scanned and paid at once stops the payment at its question.
  await page.getByRole('link', { name: 'Volver al carrito' }).click();
  await expect(buscador).toBeFocused();
  const desconocido = `99${Date.now().toString().slice(-10)}`;
  const soltarDesconocido = await detener(desconocido);
  await escanearEnCaja(desconocido);
  await page.getByRole('button', { name: /^Generar pago/ }).click();
  soltarDesconocido();
  await expect(page.locator('.pos__productos .pos__aviso--error')).toHaveText(`No se encontró ningún producto disponible con el código o nombre «${desconocido}».`);
  await expect(buscador).toHaveValue(desconocido);
  await expect(page).toHaveURL(/\/ventas$/);
  await expect(carrito.getByRole('listitem')).toHaveCount(2);
});

test('un código desconocido ofrece crear el producto, con el código ya escrito', async ({ page }) => {
  await signIn(page, 'Empleado', DEMO.admin, undefined, { ir: '/ventas' });
  const codigo = `99${Date.now().toString().slice(-10)}`;
  await escanear(page, codigo);
  await expectPopup(page, 'Código no registrado', `No hay un producto con el código ${codigo}. ¿Desea crearlo con ese código?`);
  await page.locator('.swal2-confirm').click();
  await expect(page).toHaveURL(new RegExp(`/gestionar_productos\\?codigo=${codigo}$`));
  await expect(page.getByLabel('Código de barras (opcional)')).toHaveValue(codigo);
  await expect(page.getByLabel('Nombre', { exact: true })).toBeFocused();
});
