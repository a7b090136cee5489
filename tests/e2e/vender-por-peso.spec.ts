import { expect, test, type APIResponse, type Page } from '@playwright/test';
import { etiquetaBalanza } from '../../shared/balanza';
import { CLAVE, nuevaTienda } from './crud-support';
import { agregarAlCarrito, expectPopup, expectToast, rafagaDeEscaner, signIn, unique, ventaDelRecibo } from './support/fixtures';
import { captura } from './support/capturas';

/**
 * Issue #33 points 3 and 4 (ADR 030): the till sells by weight and by value, and reads the labels of
 * the store's scales. A store of its own: its scale layouts and weighed products would change what
 * other journeys' searches and scans find in the shared demo store (the counter's "aceite" did).
 */

/** The API as the signed-in page (its token). */
async function apiDe(page: Page) {
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const headers = { authorization: `Bearer ${token}` };
  const ok = async (res: APIResponse) => {
    expect(res.status(), await res.text()).toBeLessThan(300);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the journeys read answers loosely
    return res.json() as Promise<any>;
  };
  return {
    post: async (url: string, data: unknown) => ok(await page.request.post(url, { headers, data })),
    put: async (url: string, data: unknown) => ok(await page.request.put(url, { headers, data })),
    get: async (url: string) => ok(await page.request.get(url, { headers })),
  };
}

/** A product sold by measure: made with the product form's API, its DIAN unit set as *Datos fiscales* sets it. */
async function productoPorMedida(page: Page, datos: { nombre: string; precio: number; stock: number; unidad: 'KGM' | 'LTR'; codigoBarras?: string }) {
  const api = await apiDe(page);
  const id = (await api.post('/api/productos', { nombre: datos.nombre, precio: datos.precio, cantidad: datos.stock, ...(datos.codigoBarras ? { codigoBarras: datos.codigoBarras } : {}) })).producto.id as number;
  await api.put('/api/impuestos/productos', { productoIds: [id], impuesto: 'excluido', unidadDian: datos.unidad });
  return id;
}

/** The two layouts the owner sets: a weight label (GS1's common one) and a price label with its price check digit. */
const PESO = { prefijo: '20', largoCodigo: 5, contenido: 'peso', decimales: 3, digitoPrecio: false } as const;
const PRECIO = { prefijo: '23', largoCodigo: 4, contenido: 'precio', decimales: 0, digitoPrecio: true } as const;

/** A scale label scanned with the focus out of any field (the till listens for a burst wherever the focus is). */
async function escanear(page: Page, codigo: string) {
  // The till listens for a scanner's burst once it has mounted: right after page.goto('/ventas') the
  // burst could land before (a clean-clone run lost one and never showed the unknown label's dialog).
  await expect(page.getByRole('searchbox', { name: 'Buscar producto' })).toBeVisible();
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await rafagaDeEscaner(page, codigo);
}

/** A 4-digit item code for a scale (no leading zero: the 5-digit layout pads it with one). */
const codigoArticulo = () => String(1000 + Math.floor(Math.random() * 9000));

const carrito = (page: Page) => page.getByRole('list', { name: 'Productos en el carrito' });
const linea = (page: Page, nombre: string) => carrito(page).getByRole('listitem').filter({ hasText: nombre });

test('el dueño describe sus balanzas; la caja vende 0,375 kg, «$ 500 de aceite» y dos etiquetas de balanza, cobra en efectivo y el stock baja exacto', async ({ page }) => {
  await signIn(page, 'Tienda', (await nuevaTienda(page.request)).email, CLAVE);
  const api = await apiDe(page);
  const queso = unique('Queso campesino');
  const aceite = unique('Aceite a granel');
  const quesoId = await productoPorMedida(page, { nombre: queso, precio: 12_000, stock: 5, unidad: 'KGM' });
  const aceiteId = await productoPorMedida(page, { nombre: aceite, precio: 10_000, stock: 20, unidad: 'LTR' });
  const arroz = unique('Arroz a granel');
  const arrozId = await productoPorMedida(page, { nombre: arroz, precio: 4_800, stock: 50, unidad: 'KGM' });
  // Two more for the labels: the scale's item code is their barcode.
  const jamon = unique('Jamón de balanza');
  const mortadela = unique('Mortadela de balanza');
  const [codJamon, codMortadela] = [codigoArticulo(), codigoArticulo()];
  const jamonId = await productoPorMedida(page, { nombre: jamon, precio: 20_000, stock: 10, unidad: 'KGM', codigoBarras: codJamon });
  const mortadelaId = await productoPorMedida(page, { nombre: mortadela, precio: 15_000, stock: 10, unidad: 'KGM', codigoBarras: codMortadela === codJamon ? String(Number(codJamon) + 1) : codMortadela });
  const codigoMortadela = (await api.get(`/api/productos/${mortadelaId}`)).codigoBarras as string;

  await page.setViewportSize({ width: 1366, height: 768 });

  // The owner describes the store's scales on the settings screen: one prints the weight, one the price.
  await page.getByRole('link', { name: /^Ajustes de la tienda/ }).click();
  const balanzas = page.getByRole('form', { name: 'Balanzas con etiqueta' });
  await expect(balanzas).toBeVisible();
  // Whatever another run left: this journey's two layouts, from an empty list.
  while (await balanzas.getByRole('button', { name: /^Quitar el formato/ }).count()) await balanzas.getByRole('button', { name: /^Quitar el formato/ }).first().click();
  await balanzas.getByRole('button', { name: 'Agregar formato' }).click();
  const peso = balanzas.getByRole('group', { name: 'Formato 1' });
  await peso.getByLabel('Prefijo (20 a 29)').selectOption('20');
  await peso.getByLabel('Dígitos del código del artículo').selectOption('5');
  await peso.getByLabel('La etiqueta lleva').selectOption('peso');
  await peso.getByLabel('Decimales del valor').selectOption('3');
  await expect(balanzas.getByTestId('balanza-ejemplo-1')).toHaveText(/^Ejemplo: 20\d{11} es el artículo 01234 con 0,375 kg\.$/);
  await balanzas.getByRole('button', { name: 'Agregar formato' }).click();
  const precio = balanzas.getByRole('group', { name: 'Formato 2' });
  // The same prefix twice is refused before saving.
  await precio.getByLabel('Prefijo (20 a 29)').selectOption('20');
  await balanzas.getByRole('button', { name: 'Guardar formatos' }).click();
  await expect(precio.getByRole('alert')).toHaveText('Dos formatos tienen el prefijo 20: cada prefijo va en un solo formato.');
  await precio.getByLabel('Prefijo (20 a 29)').selectOption('23');
  await expect(precio.getByRole('alert')).toHaveCount(0);
  await precio.getByLabel('Dígitos del código del artículo').selectOption('4');
  await precio.getByLabel('La etiqueta lleva').selectOption('precio');
  await precio.getByLabel('Decimales del valor').selectOption('0');
  await precio.getByLabel('Con dígito de control del precio').check();
  await expect(balanzas.getByTestId('balanza-ejemplo-2')).toHaveText(/^Ejemplo: 23\d{11} es el artículo 1234 con \$ 4\.500\.$/);
  await captura(page, { path: 'test-results/balanzas-ajustes-1366.png', fullPage: true });
  await balanzas.getByRole('button', { name: 'Guardar formatos' }).click();
  await expectToast(page, 'Formatos de balanza guardados');
  expect(await api.get('/api/tienda/balanzas')).toEqual({ formatos: [PESO, PRECIO] });
  await page.setViewportSize({ width: 390, height: 844 });
  await captura(page, { path: 'test-results/balanzas-ajustes-390.png', fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });

  await page.goto('/ventas');
  await expect(page.getByLabel('Buscar producto')).toBeFocused();

  // Por peso: the dialog asks the weight and shows the amount before the line is added.
  await agregarAlCarrito(page, queso);
  const dialogo = page.getByRole('dialog', { name: queso });
  await expect(dialogo).toBeVisible();
  await expect(dialogo.getByRole('tab', { name: 'Por peso' })).toHaveAttribute('aria-selected', 'true');
  await expect(dialogo.getByLabel('Peso en kg')).toBeFocused();
  await dialogo.getByLabel('Peso en kg').fill('0,375');
  await expect(dialogo.getByTestId('peso-resultado')).toContainText('0,375 kg');
  await expect(dialogo.getByTestId('peso-resultado')).toContainText('$ 4.500');
  await captura(page, { path: 'test-results/peso-dialogo-1366.png' });
  await dialogo.getByRole('button', { name: 'Agregar al carrito' }).click();
  await expect(dialogo).toBeHidden();
  await expect(page.getByTestId('aviso-escaner')).toHaveText(`Agregado: ${queso}, 0,375 kg`);
  await expect(linea(page, queso)).toContainText('0,375 kg × $ 12.000/kg');
  await expect(linea(page, queso)).toContainText('$ 4.500');
  // A weighed line has no ± by one: its quantity opens the dialog again.
  await expect(linea(page, queso).getByRole('button', { name: `Uno más de ${queso}` })).toHaveCount(0);
  await expect(page.getByTestId('carrito-total')).toHaveText('$ 4.500');

  // Por valor: "$ 500 de aceite" at $ 10.000/L is 0,05 L.
  await agregarAlCarrito(page, aceite);
  const dialogoAceite = page.getByRole('dialog', { name: aceite });
  await dialogoAceite.getByRole('tab', { name: 'Por valor' }).click();
  await dialogoAceite.getByLabel('Valor que pide el cliente').fill('500');
  await expect(dialogoAceite.getByTestId('peso-resultado')).toContainText('0,05 L');
  await expect(dialogoAceite.getByTestId('peso-resultado')).toContainText('$ 500');
  await captura(page, { path: 'test-results/peso-dialogo-valor-1366.png' });
  await dialogoAceite.getByLabel('Valor que pide el cliente').press('Enter');
  await expect(dialogoAceite).toBeHidden();
  await expect(linea(page, aceite)).toContainText('0,05 L × $ 10.000/L');
  await expect(page.getByTestId('carrito-total')).toHaveText('$ 5.000');

  // Por valor exact to the peso (issue #52 point 4): "$ 2.000 de arroz" at $ 4.800/kg is 0,417 kg and
  // charges $ 2.000, though 0,417 × 4 800 would round to $ 2.002.
  await agregarAlCarrito(page, arroz);
  const dialogoArroz = page.getByRole('dialog', { name: arroz });
  await dialogoArroz.getByRole('tab', { name: 'Por valor' }).click();
  await dialogoArroz.getByLabel('Valor que pide el cliente').fill('2000');
  await expect(dialogoArroz.getByTestId('peso-resultado')).toContainText('0,417 kg');
  await expect(dialogoArroz.getByTestId('peso-resultado')).toContainText('$ 2.000');
  await expect(dialogoArroz.getByTestId('peso-resultado')).not.toContainText('$ 2.002');
  await dialogoArroz.getByLabel('Valor que pide el cliente').press('Enter');
  await expect(dialogoArroz).toBeHidden();
  await expect(linea(page, arroz)).toContainText('0,417 kg × $ 4.800/kg');
  await expect(linea(page, arroz)).toContainText('$ 2.000');
  await expect(page.getByTestId('carrito-total')).toHaveText('$ 7.000');

  // Scale labels go straight in, no dialog: 0,250 kg of ham (weight layout), $ 3.000 of mortadela (price layout).
  await escanear(page, etiquetaBalanza(PESO, `0${codJamon}`, 250));
  await expect(page.getByTestId('aviso-escaner')).toHaveText(`Etiqueta de balanza: ${jamon}, 0,25 kg`);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(linea(page, jamon)).toContainText('0,25 kg × $ 20.000/kg');
  await expect(linea(page, jamon)).toContainText('$ 5.000');
  await escanear(page, etiquetaBalanza(PRECIO, codigoMortadela, 3_000));
  await expect(page.getByTestId('aviso-escaner')).toHaveText(`Etiqueta de balanza: ${mortadela}, 0,2 kg`);
  await expect(linea(page, mortadela)).toContainText('0,2 kg × $ 15.000/kg');
  await expect(linea(page, mortadela)).toContainText('$ 3.000');
  // A label of an item the store does not have: "not found", naming the item code (not the label's 13 digits).
  const desconocida = etiquetaBalanza(PESO, '00000', 100);
  await escanear(page, desconocida);
  await expect(page.locator('.swal2-popup')).toContainText('Es una etiqueta de la balanza del código 00000');
  // No weight dialog opened for it (the "not found" popup is a dialog too: look for the till's own).
  await expect(page.locator('dialog.peso-dialog[open]')).toHaveCount(0);
  await page.locator('.swal2-cancel').click();
  await expect(page.getByTestId('carrito-total')).toHaveText('$ 15.000');

  // Changing the weighed quantity reopens the dialog on it; Esc leaves the line as it was.
  await linea(page, queso).getByRole('button', { name: `Cambiar la cantidad de ${queso} (ahora 0,375 kg)` }).click();
  await expect(dialogo.getByLabel('Peso en kg')).toHaveValue('0,375');
  await dialogo.getByLabel('Peso en kg').fill('0,5');
  await expect(dialogo.getByTestId('peso-resultado')).toContainText('$ 6.000');
  await page.keyboard.press('Escape');
  await expect(dialogo).toBeHidden();
  await expect(page.getByTestId('carrito-total')).toHaveText('$ 15.000');
  await captura(page, { path: 'test-results/peso-carrito-1366.png' });

  // On a phone: the same dialog and cart at 390 px.
  await page.setViewportSize({ width: 390, height: 844 });
  await linea(page, queso).getByRole('button', { name: /^Cambiar la cantidad de/ }).click();
  await expect(dialogo.getByLabel('Peso en kg')).toHaveValue('0,375');
  await captura(page, { path: 'test-results/peso-dialogo-390.png' });
  await dialogo.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialogo).toBeHidden();
  await carrito(page).scrollIntoViewIfNeeded();
  await captura(page, { path: 'test-results/peso-carrito-390.png', fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });

  // The cart survives a reload with its decimals.
  await page.reload();
  await expect(linea(page, queso)).toContainText('0,375 kg × $ 12.000/kg');
  await expect(page.getByTestId('carrito-total')).toHaveText('$ 15.000');

  await page.getByRole('button', { name: 'Generar pago' }).click();
  await expect(page).toHaveURL(/\/generar_pago$/);
  await expect(page.getByTestId('pago-total')).toHaveText('$ 15.000');
  await page.getByLabel('Efectivo').check();
  await page.getByLabel('Monto recibido').fill('20.000');
  await expect(page.getByTestId('pago-cambio')).toHaveText('$ 5.000');
  await page.getByRole('button', { name: 'Confirmar pago' }).click();

  await expect(page).toHaveURL(/\/factura$/);
  const recibo = page.getByRole('article');
  await expect(recibo.getByRole('row', { name: new RegExp(queso) })).toContainText('0,375 kg × $ 12.000/kg');
  await expect(recibo.getByRole('row', { name: new RegExp(queso) })).toContainText('$ 4.500');
  await expect(recibo.getByRole('row', { name: new RegExp(aceite) })).toContainText('0,05 L');
  await expect(recibo.getByRole('row', { name: new RegExp(jamon) })).toContainText('0,25 kg × $ 20.000/kg');
  await expect(recibo.getByRole('row', { name: new RegExp(mortadela) })).toContainText('$ 3.000');
  await expect(recibo.getByRole('row', { name: new RegExp(arroz) })).toContainText('0,417 kg × $ 4.800/kg');
  await expect(recibo.getByRole('row', { name: new RegExp(arroz) })).toContainText('$ 2.000');
  await expect(page.getByTestId('recibo-total')).toHaveText('$ 15.000');
  const { id } = await ventaDelRecibo(page);
  const venta = await api.get(`/api/ventas/${id}`);
  expect(venta.lineas.map((l: { productoId: number; cantidad: number }) => [l.productoId, l.cantidad])).toEqual([
    [quesoId, 0.375],
    [aceiteId, 0.05],
    [arrozId, 0.417],
    [jamonId, 0.25],
    [mortadelaId, 0.2],
  ]);

  // Stock down by exactly what was sold, as the products list shows it.
  expect((await api.get(`/api/productos/${quesoId}`)).stock).toBe(4.625);
  expect((await api.get(`/api/productos/${aceiteId}`)).stock).toBe(19.95);
  expect((await api.get(`/api/productos/${jamonId}`)).stock).toBe(9.75);
  expect((await api.get(`/api/productos/${arrozId}`)).stock).toBe(49.583);
  expect(venta.total).toBe(15_000);

  // The invoice's detail shows each weighed quantity with its unit, and weight and volume apart (issue #52 point 3).
  await page.goto(`/detalle_factura?id=${id}`);
  await expect(page.getByRole('row', { name: new RegExp(queso) })).toContainText('0,375 kg');
  await expect(page.getByRole('row', { name: new RegExp(queso) })).toContainText('$ 12.000/kg');
  await expect(page.getByRole('row', { name: new RegExp(aceite) })).toContainText('0,05 L');
  // Sold by value: the detail says $ 2.000 for the rice, and its 0,417 kg counts with the other kilos.
  await expect(page.getByRole('row', { name: new RegExp(arroz) })).toContainText('0,417 kg');
  await expect(page.getByRole('row', { name: new RegExp(arroz) })).toContainText('$ 2.000');
  await expect(page.getByTestId('factura-kilos')).toHaveText('1,242 kg');
  await expect(page.locator('.factura-totales')).toContainText('0,05 L');
  await expect(page.locator('.factura-totales')).not.toContainText('0,875');
  await captura(page, { path: 'test-results/peso-detalle-factura-1366.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await captura(page, { path: 'test-results/peso-detalle-factura-390.png', fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });
});

test('se devuelve parte de una línea pesada: 0,125 de 0,375 kg devuelve $ 1.500 y el stock sube 0,125', async ({ page }) => {
  await signIn(page, 'Tienda', (await nuevaTienda(page.request)).email, CLAVE);
  const api = await apiDe(page);
  const queso = unique('Queso costeño');
  const id = await productoPorMedida(page, { nombre: queso, precio: 12_000, stock: 5, unidad: 'KGM' });
  const venta = await api.post('/api/ventas', { lineas: [{ productoId: id, cantidad: 0.375 }], metodoPagoId: 5, montoRecibido: 5_000 });

  await page.goto(`/detalle_factura?id=${venta.id}`);
  const seccion = page.getByRole('region', { name: 'Devoluciones de esta venta' });
  await seccion.getByRole('button', { name: 'Devolver productos' }).click();
  const form = page.getByRole('form', { name: 'Devolver productos de esta venta' });
  await expect(form.getByRole('row', { name: new RegExp(queso) })).toContainText('0,375 kg');
  await form.getByLabel(`Devuelve: ${queso}`).fill('0,2555');
  await form.getByLabel('Motivo').fill('Muy salado');
  await form.getByRole('button', { name: 'Registrar devolución' }).click();
  await expect(form.getByRole('alert')).toHaveText(/tres decimales/);
  await form.getByLabel(`Devuelve: ${queso}`).fill('0,5');
  await form.getByRole('button', { name: 'Registrar devolución' }).click();
  await expect(form.getByRole('alert')).toHaveText(`De ${queso} solo quedan 0,375 kg por devolver.`);
  await form.getByLabel(`Devuelve: ${queso}`).fill('0,125');
  await expect(form.getByTestId('devolucion-total')).toHaveText('$ 1.500');
  await form.getByRole('button', { name: 'Registrar devolución' }).click();
  await expectToast(page, 'Devolución registrada', /se devuelven \$ 1\.500 al cliente/);
  await expect(seccion.getByRole('article', { name: /^Devolución N\.º \d+$/ })).toContainText(`0,125 kg × ${queso}`);
  expect((await api.get(`/api/productos/${id}`)).stock).toBe(4.75);

  // An exchange: 0,125 kg more of the cheese back, 0,25 kg of ham taken by weight ($ 20.000/kg → $ 5.000).
  const jamon = unique('Jamón');
  const idJamon = await productoPorMedida(page, { nombre: jamon, precio: 20_000, stock: 3, unidad: 'KGM' });
  await seccion.getByRole('button', { name: 'Hacer un cambio' }).click();
  const cambio = page.getByRole('form', { name: 'Cambio: el cliente devuelve productos y se lleva otros' });
  await cambio.getByLabel(`Devuelve: ${queso}`).fill('0,125');
  await cambio.getByLabel('Buscar producto').fill(jamon);
  await cambio.getByRole('button', { name: `Agregar ${jamon} ($ 20.000)` }).click();
  await expect(cambio.getByLabel(`Cantidad que se lleva: ${jamon}`)).toHaveValue('');
  // Added but not weighed: named, not silently left out.
  await cambio.getByLabel('Motivo').fill('Prefiere jamón');
  await cambio.getByRole('button', { name: 'Registrar cambio' }).click();
  await expect(page.getByText(`Escriba cuánto se lleva de ${jamon}: más de 0 y hasta 9.999, con hasta tres decimales si se vende por peso o medida.`)).toBeVisible();
  await cambio.getByLabel(`Cantidad que se lleva: ${jamon}`).fill('0,25');
  await expect(page.getByText(/^Escriba cuánto se lleva de/)).toHaveCount(0);
  await expect(cambio.getByTestId('cambio-nuevo')).toHaveText('$ 5.000');
  await expect(cambio.getByTestId('cambio-diferencia')).toHaveText('$ 3.500');
  await cambio.getByLabel('Motivo').fill('Prefiere jamón');
  await captura(page, { path: 'test-results/peso-cambio-1366.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await captura(cambio, { path: 'test-results/peso-cambio-390.png' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await cambio.getByRole('button', { name: 'Registrar cambio' }).click();
  await expectToast(page, 'Cambio registrado');
  await expect(page.getByRole('row', { name: new RegExp(jamon) })).toContainText('0,25 kg');
  await expect(page.getByTestId('factura-total')).toHaveText('$ 5.000');
  expect((await api.get(`/api/productos/${idJamon}`)).stock).toBe(2.75);
  expect((await api.get(`/api/productos/${id}`)).stock).toBe(4.875);
});

test('una etiqueta desconocida crea el producto por peso con el código del artículo; su stock se guarda con decimales', async ({ page }) => {
  await signIn(page, 'Tienda', (await nuevaTienda(page.request)).email, CLAVE);
  const api = await apiDe(page);
  await api.put('/api/tienda/balanzas', { formatos: [PESO] });
  const item = codigoArticulo();
  const etiqueta = etiquetaBalanza(PESO, `0${item}`, 750);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/ventas');
  await escanear(page, etiqueta);
  await expectPopup(page, 'Código no registrado', `Es una etiqueta de la balanza del código 0${item}, y ningún producto disponible tiene ese código. ¿Desea crearlo con el código 0${item}, para venderlo por peso?`);
  await page.locator('.swal2-confirm').click();

  // The add form comes with the item code and "por kilogramo"; the quantity takes a decimal comma.
  await expect(page).toHaveURL(new RegExp(`/gestionar_productos\\?codigo=0${item}&unidad=KGM$`));
  const form = page.getByRole('form', { name: 'Agregar producto' });
  await expect(form.getByLabel('Código de barras (opcional)')).toHaveValue(`0${item}`);
  await expect(form.getByLabel('Se vende')).toHaveValue('KGM');
  const nombre = unique('Salchichón de balanza');
  await form.getByLabel('Nombre', { exact: true }).fill(nombre);
  await form.getByLabel('Precio').fill('18.000');
  await form.getByLabel('Cantidad').fill('2,5');
  await captura(page, { path: 'test-results/producto-por-peso-alta-1366.png' });
  await form.getByRole('button', { name: 'Agregar producto' }).click();
  await expectPopup(page, '¿Agregar este producto?', `${nombre} a $ 18.000 por kg, con 2,5 kg en stock.`);
  await page.locator('.swal2-confirm').click();
  await expectToast(page, 'Producto registrado');

  // The till now sells it from the same label: 0,75 kg at $ 18.000/kg.
  await page.goto('/ventas');
  await escanear(page, etiqueta);
  await expect(page.getByTestId('aviso-escaner')).toHaveText(`Etiqueta de balanza: ${nombre}, 0,75 kg`);
  await expect(page.getByTestId('carrito-total')).toHaveText('$ 13.500');

  // Its detail shows the stock with a decimal comma and saves a new one through the ledger.
  const id = ((await api.get(`/api/productos?q=${encodeURIComponent(nombre)}`)).items[0] as { id: number }).id;
  await page.goto(`/detalle_producto?id=${id}`);
  const datos = page.getByRole('form', { name: 'Datos del producto' });
  await expect(datos.getByLabel('Se vende')).toHaveValue('KGM');
  await expect(datos.getByLabel('Stock', { exact: true })).toHaveValue('2,5');
  await datos.getByLabel('Stock', { exact: true }).fill('3,125');
  await datos.getByRole('button', { name: 'Guardar cambios' }).click();
  await expectToast(page, 'Producto actualizado');
  expect((await api.get(`/api/productos/${id}`)).stock).toBe(3.125);
  // Back to "por unidad" with decimals in stock: refused, with the reason under the field.
  await datos.getByLabel('Se vende').selectOption('94');
  await datos.getByRole('button', { name: 'Guardar cambios' }).click();
  await expectPopup(page, 'Error al actualizar', 'Este producto se vende por unidad: escriba un stock entero, 0 o más.');
  await page.locator('.swal2-confirm').click();
  // Still by the kilo: its packs (a bulto, issue #58) count whole kilos.
  await expect(page.getByRole('region', { name: 'Presentaciones' })).toContainText('Este producto se vende suelto, por kg. Una presentación (rollo, bulto, caneca) trae un número entero de kg y los descuenta del stock.');
  expect((await api.get(`/api/productos/${id}`)).unidad).toBe('KGM');
  await captura(page, { path: 'test-results/producto-por-peso-detalle-1366.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await captura(page, { path: 'test-results/producto-por-peso-detalle-390.png', fullPage: true });
});

test('una ferretería vende por metro (issue #58 punto 3): el formulario ofrece Metro (m), la caja pide 2,5 m, el carrito y el recibo dicen 2,5 m y el stock baja exacto', async ({ page }) => {
  // Straight to the products' screen, at its size before it loads: a click on Inicio's tile, right after
  // a resize while Inicio's day summary and notices were still arriving above the tiles, once moved no
  // screen in a clean-clone CI run (the page stayed on Inicio for the test's 60 s).
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'Tienda', (await nuevaTienda(page.request)).email, CLAVE, { ir: '/gestionar_productos' });
  const api = await apiDe(page);
  const cable = unique('Cable dúplex 12 AWG');
  const form = page.getByRole('form', { name: 'Agregar producto' });
  await form.getByLabel('Nombre', { exact: true }).fill(cable);
  await form.getByLabel('Precio', { exact: true }).fill('3900');
  await form.getByLabel('Se vende por').selectOption({ label: 'Metro (m)' });
  await form.getByLabel('Cantidad').fill('100,5');
  await captura(page, { path: 'test-results/medida-producto-1366.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await form.scrollIntoViewIfNeeded();
  await captura(page, { path: 'test-results/medida-producto-390.png', fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });
  await form.getByRole('button', { name: 'Agregar producto' }).click();
  await page.getByRole('button', { name: 'Sí, agregar' }).click();
  await expectToast(page, 'Producto registrado', `${cable} se agregó a la lista de productos.`);
  const [producto] = (await api.get(`/api/productos?q=${encodeURIComponent(cable)}`)).items as { id: number; stock: number }[];
  expect(producto).toMatchObject({ stock: 100.5 });

  await page.goto('/ventas');
  await agregarAlCarrito(page, cable);
  const dialogo = page.getByRole('dialog', { name: cable });
  await expect(dialogo.getByRole('tab', { name: 'Por cantidad' })).toHaveAttribute('aria-selected', 'true');
  await expect(dialogo.getByLabel('Cantidad en m')).toBeFocused();
  await dialogo.getByLabel('Cantidad en m').fill('2,5');
  await expect(dialogo.getByTestId('peso-resultado')).toContainText('2,5 m');
  await expect(dialogo.getByTestId('peso-resultado')).toContainText('$ 9.750');
  await dialogo.getByRole('button', { name: 'Agregar al carrito' }).click();
  await expect(dialogo).toBeHidden();
  await expect(linea(page, cable)).toContainText('2,5 m × $ 3.900/m');
  await expect(page.getByTestId('carrito-total')).toHaveText('$ 9.750');
  await captura(page, { path: 'test-results/medida-carrito-1366.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await carrito(page).scrollIntoViewIfNeeded();
  await captura(page, { path: 'test-results/medida-carrito-390.png', fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });

  await page.getByRole('button', { name: 'Generar pago' }).click();
  await expect(page.getByTestId('pago-total')).toHaveText('$ 9.750');
  await page.getByLabel('Efectivo').check();
  await page.getByLabel('Monto recibido').fill('10.000');
  await page.getByRole('button', { name: 'Confirmar pago' }).click();
  await expect(page).toHaveURL(/\/factura$/);
  const recibo = page.getByRole('article');
  await expect(recibo.getByRole('row', { name: new RegExp(cable) })).toContainText('2,5 m × $ 3.900/m');
  await expect(recibo.getByRole('row', { name: new RegExp(cable) })).toContainText('$ 9.750');
  await captura(page, { path: 'test-results/medida-recibo-1366.png', fullPage: true });
  expect((await api.get(`/api/productos/${producto!.id}`)).stock).toBe(98);

  // The day's totals count the metres apart from units, with their unit (issue #58 point 3).
  await page.goto('/inicio');
  await expect(page.getByTestId('inicio-metros').locator('strong')).toHaveText('2,5 m');
  await captura(page, { path: 'test-results/medida-inicio-1366.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  // On a phone the page fits its width once laid out again (nothing scrolls sideways).
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await captura(page, { path: 'test-results/medida-inicio-390.png', fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/reportes/ventas');
  await expect(page.getByTestId('indicador-metros').locator('strong')).toHaveText('2,5 m');
  await expect(page.getByRole('columnheader', { name: 'Metros', exact: true })).toBeVisible();
  await captura(page, { path: 'test-results/medida-resumen-1366.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await captura(page, { path: 'test-results/medida-resumen-390.png', fullPage: true });
});
