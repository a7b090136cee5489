import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { agregarAlCarrito, expectPopup, expectToast, signIn, unique, closePopup, ventaDelRecibo } from './support/fixtures';
import { captura } from './support/capturas';

// Issue #30: the owner fills the fiscal profile, classifies the products by category, sells a 19 %
// and a 5 % product and a bag; the 80 mm receipt and its PDF show both rates with their bases and the
// bag's INC; the monthly CSV starts with the BOM and keeps the accents. A store of its own.
const CLAVE = 'Clave1234';

async function nuevaTienda(page: Page) {
  const email = `${unique('impuestos')}@prueba.co`;
  const r = await page.request.post('/api/tiendas/registro', { data: { nombreTienda: unique('Tienda Impuestos'), email, contrasena: CLAVE } });
  expect(r.status(), await r.text()).toBe(201);
  const login = await page.request.post('/api/sesion/login', { data: { tipo: 'tienda', email, contrasena: CLAVE } });
  const { token } = await login.json();
  for (const [nombre, precio, categoria] of [
    ['Gaseosa 400 ml', 2380, 'Bebidas'],
    ['Arroz 500 g', 2100, 'Granos'],
    ['Bolsa plástica', 100, 'Bolsas'],
    ['Mercado del mes', 280_000, 'Granos'],
  ] as const) {
    const p = await page.request.post('/api/productos', { data: { nombre, precio, cantidad: 50, categoria }, headers: { authorization: `Bearer ${token}` } });
    expect(p.status(), await p.text()).toBe(201);
  }
  // A till with its DIAN range (the numbering journey sets one through its screen): the sales take FE1, FE2…
  const headers = { authorization: `Bearer ${token}` };
  const caja = await page.request.post('/api/numeracion/cajas', { data: { nombre: 'Caja 1', ubicacion: 'Mostrador' }, headers });
  expect(caja.status(), await caja.text()).toBe(201);
  const dia = (dias: number) => new Date(Date.now() + dias * 86_400_000).toISOString().slice(0, 10);
  const rango = { prefijo: 'FE', desde: 1, hasta: 5000, resolucion: '18764000000077', fechaDesde: dia(-2), fechaHasta: dia(300) };
  const r2 = await page.request.post(`/api/numeracion/cajas/${(await caja.json()).id}/rangos`, { data: rango, headers });
  expect(r2.status(), await r2.text()).toBe(201);
  return { email };
}

test('datos fiscales, clasificación por categoría, venta con 19 %, 5 % y bolsa; recibo 80 mm y PDF con bases; CSV del mes con BOM', async ({ page }) => {
  test.setTimeout(120_000);
  const tienda = await nuevaTienda(page);
  await signIn(page, 'Tienda', tienda.email, CLAVE);

  // Datos fiscales: the DV is computed as the NIT is typed; IVA is refused while products lack a tax.
  await page.getByRole('link', { name: /^Datos fiscales/ }).click();
  await expect(page).toHaveURL(/\/datos_fiscales$/);
  const form = page.getByRole('form', { name: 'Datos fiscales' });
  await form.getByLabel('Razón social o nombre').fill('Víveres Doña Rosa S.A.S.');
  await form.getByLabel('Tipo de persona').selectOption('juridica');
  await form.getByLabel('NIT (sin dígito de verificación)').fill('800197268');
  await expect(form.getByText('Dígito de verificación calculado: 4')).toBeVisible();
  await form.getByLabel('DV', { exact: true }).fill('4');
  await form.getByLabel('O-47 Régimen simple de tributación').check();
  await form.getByLabel('Código DANE del departamento').fill('11');
  await form.getByLabel('Código DANE del municipio').fill('11001');
  await form.getByLabel('Dirección').fill('Calle 10 # 5-23');
  await form.getByLabel('Correo electrónico').fill('facturas@donarosa.co');
  await form.getByLabel('INC por cada bolsa plástica (pesos)').fill('66');
  await form.getByRole('button', { name: 'Guardar datos fiscales' }).click();
  await expectToast(page, 'Datos fiscales guardados.');
  await expect(form.getByText('4 productos sin impuesto.')).toBeVisible();
  await form.getByLabel('Responsable de IVA (cobra y discrimina impuestos)').check();
  await form.getByRole('button', { name: 'Guardar datos fiscales' }).click();
  await expectPopup(page, /.*/, 'Hay 4 productos sin impuesto. Clasifíquelos antes de volver la tienda responsable de IVA.');
  await closePopup(page);

  // Impuestos (the screen's link): one tax per category, the products inherit it.
  await form.getByRole('link', { name: 'Clasificar productos por impuesto' }).click();
  await expect(page).toHaveURL(/\/impuestos$/);
  await expect(page.getByText('4 productos sin impuesto', { exact: true })).toBeVisible();
  for (const [categoria, impuesto] of [
    ['Bebidas', 'IVA 19 %'],
    ['Granos', 'IVA 5 %'],
    ['Bolsas', 'INC bolsas plásticas'],
  ] as const) {
    const fila = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: categoria, exact: true }) });
    await fila.getByLabel(`Impuesto de la categoría ${categoria}`).selectOption({ label: impuesto });
    await fila.getByRole('button', { name: 'Asignar' }).click();
    await expectToast(page, `La categoría ${categoria} quedó con ${impuesto}.`);
  }
  await expect(page.getByText('Todos los productos tienen impuesto.')).toBeVisible();
  await page.setViewportSize({ width: 1366, height: 900 });
  await captura(page, { path: test.info().outputPath('impuestos-1366.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await captura(page, { path: test.info().outputPath('impuestos-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Now the switch to IVA goes through; the profile saved before is there.
  await page.goto('/datos_fiscales');
  const form2 = page.getByRole('form', { name: 'Datos fiscales' });
  await expect(form2.getByLabel('Razón social o nombre')).toHaveValue('Víveres Doña Rosa S.A.S.');
  await form2.getByLabel('Responsable de IVA (cobra y discrimina impuestos)').check();
  await form2.getByRole('button', { name: 'Guardar datos fiscales' }).click();
  await expectToast(page, 'Datos fiscales guardados.');
  await captura(page, { path: test.info().outputPath('datos-fiscales-1280.png'), fullPage: true });

  // A sale: a 19 % soft drink, 5 % rice and a bag, paid exactly in cash.
  await page.goto('/ventas');
  await agregarAlCarrito(page, 'Gaseosa 400 ml');
  await agregarAlCarrito(page, 'Arroz 500 g');
  await agregarAlCarrito(page, 'Bolsa plástica');
  await expect(page.getByTestId('carrito-total')).toHaveText('$ 4.580');
  await page.keyboard.press('F4');
  await expect(page).toHaveURL(/\/generar_pago$/);
  // Under 5 UVT the till offers nothing about the buyer.
  await expect(page.getByTestId('pago-total')).toHaveText('$ 4.580');
  await expect(page.getByTestId('oferta-comprador')).toHaveCount(0);
  await page.getByLabel('Monto recibido').fill('4580');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/factura$/);

  // The receipt: the seller's data and each rate's base and tax (2.380 = 2.000 + 380; 2.100 = 2.000 + 100; the bag: 34 + 66).
  const recibo = page.getByRole('article');
  await expect(recibo.getByText('Víveres Doña Rosa S.A.S.')).toBeVisible();
  // Payment form (issue #30 point 6): paid now, contado; the till's prefixed number and its resolution.
  await expect(page.getByTestId('recibo-forma-pago')).toHaveText('Contado');
  await expect(page.getByTestId('recibo-numero-fiscal')).toHaveText('FE1');
  await expect(page.getByTestId('recibo-resolucion')).toContainText('Resolución DIAN N.º 18764000000077');
  await expect(recibo.getByText('NIT 800197268-4')).toBeVisible();
  const imp = page.getByTestId('recibo-impuestos');
  for (const [k, v] of [
    ['Base IVA 19 %', '$ 2.000,00'],
    ['IVA 19 %', '$ 380,00'],
    ['Base IVA 5 %', '$ 2.000,00'],
    ['IVA 5 %', '$ 100,00'],
    ['Base INC bolsas plásticas', '$ 34,00'],
    ['INC bolsas plásticas', '$ 66,00'],
  ] as const) {
    await expect(imp.locator('div').filter({ has: page.getByText(k, { exact: true }) })).toContainText(v);
  }
  await page.getByLabel('Formato de impresión').selectOption('80');
  await captura(page, { path: test.info().outputPath('recibo-80.png'), fullPage: true });

  // The PDF says the same.
  const descarga = page.waitForEvent('download');
  await page.getByRole('button', { name: /PDF/ }).click();
  const pdf = fs.readFileSync((await (await descarga).path())!).toString('latin1');
  expect(pdf).toContain('Base IVA 19 %');
  expect(pdf).toMatch(/IVA 5 %\s+\$ 100,00/);
  expect(pdf).toContain('INC bolsas pl');

  // The invoice's detail (Gestionar ventas → the sale) shows the same base and tax by rate.
  const { id } = await ventaDelRecibo(page);
  await page.goto(`/detalle_factura?id=${id}`);
  const detalle = page.getByTestId('factura-impuestos');
  for (const [k, v] of [
    ['Base IVA 19 %', '$ 2.000,00'],
    ['IVA 19 %', '$ 380,00'],
    ['INC bolsas plásticas', '$ 66,00'],
  ] as const) {
    await expect(detalle.locator('div').filter({ has: page.getByText(k, { exact: true }) })).toContainText(v);
  }
  await captura(page, { path: test.info().outputPath('detalle-1366.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await captura(page, { path: test.info().outputPath('detalle-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });

  // The shift's Z report: the same rates for the shift's sales (issue #30).
  const turno = await page.evaluate(async () => {
    const r = await fetch('/api/caja/turno', { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
    return ((await r.json()) as { turno: { id: number } }).turno.id;
  });
  await page.goto(`/caja/turnos/${turno}`);
  const z = page.getByTestId('z-impuestos');
  await expect(z.locator('div').filter({ has: page.getByText('IVA 19 %', { exact: true }) })).toContainText('$ 380,00');
  await expect(z.locator('div').filter({ has: page.getByText('Base IVA 5 %', { exact: true }) })).toContainText('$ 2.000,00');
  await captura(page, { path: test.info().outputPath('z-1366.png'), fullPage: true });

  // The monthly report and its CSV: BOM first, accents kept.
  await page.goto('/impuestos');
  const informe = page.getByRole('region', { name: 'Impuestos del mes' });
  await expect(informe.getByRole('row').filter({ hasText: 'IVA 19 %' })).toContainText('$ 380,00');
  const csv = page.waitForEvent('download');
  await informe.getByRole('button', { name: 'Descargar CSV' }).click();
  const bytes = fs.readFileSync((await (await csv).path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const texto = bytes.toString('utf8');
  expect(texto).toContain('Líneas');
  expect(texto).toContain(';INC bolsas plásticas;34;66;100;1');
  expect(texto).toContain(';IVA 19 %;2000;380;2380;1');
  // …and the first and last number the month's sales took.
  await expect(page.getByTestId('informe-numeracion')).toHaveText('Numeración DIAN FE: del FE1 al FE1; ningún número inhabilitado');
  expect(texto).toContain('Numeración DIAN FE: del FE1 al FE1; ningún número inhabilitado');

  // Above 5 UVT (2026: $ 261.870) the till offers the buyer's data and never requires them (issue #30
  // point 6); only name, ID type and number and e-mail are asked.
  await page.goto('/ventas');
  await agregarAlCarrito(page, 'Mercado del mes');
  await page.keyboard.press('F4');
  await expect(page).toHaveURL(/\/generar_pago$/);
  const oferta = page.getByTestId('oferta-comprador');
  await expect(oferta).toContainText('Compra mayor a 5 UVT ($ 261.870)');
  await captura(page, { path: test.info().outputPath('oferta-comprador-1366.png'), fullPage: true });
  await oferta.getByRole('button', { name: 'Agregar datos del comprador' }).click();
  await expect(page.getByLabel('Documento del cliente (opcional)')).toBeFocused();
  await page.keyboard.type('52123456');
  await page.getByRole('button', { name: 'Buscar cliente' }).click();
  await page.getByRole('button', { name: 'Registrar este cliente' }).click();
  const nuevo = page.locator('.pago__nuevo-cliente');
  await nuevo.getByLabel('Nombre').fill('Marta');
  await nuevo.getByLabel('Apellido').fill('Gómez');
  await nuevo.getByLabel('Correo (opcional)').fill('marta@correo.co');
  await page.setViewportSize({ width: 390, height: 844 });
  await captura(page, { path: test.info().outputPath('oferta-comprador-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await nuevo.getByRole('button', { name: 'Guardar cliente' }).click();
  await expect(page.getByText('Cliente: Marta Gómez')).toBeVisible();
  await expect(oferta).toHaveCount(0);
  await page.getByLabel('Monto recibido').fill('280000');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/factura$/);
  await expect(page.getByRole('article')).toContainText('Marta Gómez · 52123456');
  await expect(page.getByTestId('recibo-forma-pago')).toHaveText('Contado');
});
