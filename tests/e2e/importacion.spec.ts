import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { closePopup, expectPopup, signIn, unique } from './support/fixtures';
import { captura } from './support/capturas';

// Issue #33 point 1: the owner imports a small product list as Excel in Spanish saves it (Windows-1252,
// ';', dot thousands, decimal commas): the preview shows each row's action and error before anything is
// written, the import shows its progress, and the same file a second time has nothing left to import.
const CLAVE = 'Clave1234';

async function nuevaTienda(page: Page) {
  const email = `${unique('importa')}@prueba.co`;
  const r = await page.request.post('/api/tiendas/registro', { data: { nombreTienda: unique('Tienda Importa'), email, contrasena: CLAVE } });
  expect(r.status(), await r.text()).toBe(201);
  const login = await page.request.post('/api/sesion/login', { data: { tipo: 'tienda', email, contrasena: CLAVE } });
  const { token } = await login.json();
  const p = await page.request.post('/api/productos', { data: { nombre: 'Arroz Diana 500 g', precio: 2800, cantidad: 10, codigoBarras: '7702001000012' }, headers: { authorization: `Bearer ${token}` } });
  expect(p.status(), await p.text()).toBe(201);
  return { email };
}

const CSV = [
  'Código;Nombre;Precio;Stock;Categoría',
  '7702001000012;Arroz Diana 500 g;3.100;12;Granos',
  ';Azúcar morena 1 kg;4.500,00;20;Granos',
  ';Café molido 250 g;12.000;8;Bebidas',
  '7701234000017;Jabón de coco;2.300;15;Aseo',
  ';Panela;doce mil;5;Granos',
  ';Piña oro miel;6.900;3;Fruver',
].join('\r\n');

test('el dueño importa un CSV de Excel: vista previa con errores, progreso, y reimportar no cambia nada', async ({ page }) => {
  const tienda = await nuevaTienda(page);
  await signIn(page, 'Tienda', tienda.email, CLAVE, { caja: false });
  await page.getByRole('link', { name: /^Gestionar Productos/ }).click();
  await page.getByRole('link', { name: 'Importar productos' }).click();
  await expect(page).toHaveURL(/\/importar_productos$/);

  await page.getByLabel('Archivo CSV o Excel (.csv, .xlsx)').setInputFiles({ name: 'catalogo.csv', mimeType: 'text/csv', buffer: Buffer.from(`${CSV}\r\n`, 'latin1') });
  // The columns were recognised from the headers.
  await expect(page.getByLabel('Precio de venta')).toHaveValue('Precio');
  await expect(page.getByLabel('Código de barras')).toHaveValue('Código');
  await expect(page.getByText('6 filas: 4 nuevas, 1 con cambios, 0 sin cambios, 1 con errores.')).toBeVisible();
  const errores = page.getByRole('table', { name: 'Filas con errores (no se importarán)' });
  await expect(errores.getByRole('row').filter({ hasText: '6' })).toContainText('Precio de venta: «doce mil» no es un número válido.');
  const muestra = page.getByRole('table', { name: 'Filas del archivo' });
  await expect(muestra.getByRole('row').filter({ hasText: 'Azúcar morena 1 kg' })).toContainText('Nuevo');
  await expect(muestra.getByRole('row').filter({ hasText: 'Azúcar morena 1 kg' })).toContainText('$ 4.500');
  await expect(muestra.getByRole('row').filter({ hasText: 'Arroz Diana 500 g' })).toContainText('Actualizar');
  await page.setViewportSize({ width: 1366, height: 900 });
  await captura(page, { path: 'test-results/importacion-1366.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await captura(page, { path: 'test-results/importacion-390.png', fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });

  // Nothing was written by the preview.
  const antes = await page.evaluate(async () => (await (await fetch('/api/productos', { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } })).json()).total);
  expect(antes).toBe(1);

  // The answer is held a moment, so the progress bar is seen while it runs.
  await page.route('**/api/importacion/productos/aplicar', async (route) => {
    await new Promise((r) => setTimeout(r, 1_000));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Importar 5 filas' }).click();
  await expectPopup(page, '¿Importar el archivo?', 'Se guardarán 5 filas y se omitirán 1 con errores. Los cambios de stock quedan en los movimientos.');
  await page.getByRole('button', { name: 'Sí, importar' }).click();
  await expect(page.getByRole('progressbar', { name: 'Progreso de la importación' })).toBeVisible();
  await expectPopup(page, 'Importación terminada', '4 productos nuevos y 1 actualizados.');
  await closePopup(page);

  // The same file again: nothing left to import.
  await expect(page.getByText('6 filas: 0 nuevas, 0 con cambios, 5 sin cambios, 1 con errores.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Importar 0 filas' })).toBeDisabled();

  await page.getByRole('link', { name: 'Volver a productos' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Azúcar morena 1 kg' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Arroz Diana 500 g' })).toContainText('3.100');
});

// Issue #52 point 6: the import shows its hand. The template downloads with the columns the import
// reads; a file of 55 rows is seen whole, a page at a time, each column that will be written (the
// stock with its unit), and the existing product's new price marked with the one it has now.
test('la plantilla se descarga y la vista previa muestra cada fila por páginas, con lo que cambia marcado', async ({ page }) => {
  const tienda = await nuevaTienda(page);
  await signIn(page, 'Tienda', tienda.email, CLAVE, { caja: false, ir: '/importar_productos' });

  const descarga = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Plantilla CSV' }).click();
  const plantilla = await descarga;
  expect(plantilla.suggestedFilename()).toBe('plantilla-productos.csv');
  const texto = fs.readFileSync(await plantilla.path()).toString('utf8');
  expect(texto.split('\r\n')[0]).toBe('\uFEFFNombre;Precio de venta;Descripción;Marca;Categoría;Presentación;Ubicación;Controla lotes;Registro INVIMA;Principio activo;Venta bajo fórmula;Stock;Stock mínimo;Unidad de medida;Código de barras;Proveedor;Impuesto;Costo');

  const filas = [
    'Código;Nombre;Precio;Costo;Impuesto;Unidad;Stock',
    '7702001000012;Arroz Diana 500 g;3.100;2.000;IVA 5 %;unidad;10',
    ';Queso costeño;24.000;18.000;Exento;kg;12,5',
    ...Array.from({ length: 53 }, (_, i) => `;Producto de prueba ${i + 1};${1000 + i};500;IVA 19 %;unidad;${i}`),
  ];
  await page.getByLabel('Archivo CSV o Excel (.csv, .xlsx)').setInputFiles({ name: 'catalogo.csv', mimeType: 'text/csv', buffer: Buffer.from(`${filas.join('\r\n')}\r\n`, 'latin1') });
  await expect(page.getByText('55 filas: 54 nuevas, 1 con cambios, 0 sin cambios, 0 con errores.')).toBeVisible();
  const muestra = page.getByRole('table', { name: 'Filas del archivo' });
  for (const columna of ['Costo', 'Impuesto', 'Unidad', 'Stock']) await expect(muestra.getByRole('columnheader', { name: columna, exact: true })).toBeVisible();
  const queso = muestra.getByRole('row').filter({ hasText: 'Queso costeño' });
  await expect(queso).toContainText('12,5 kg');
  await expect(queso).toContainText('Exento (0 %)');
  const arroz = muestra.getByRole('row').filter({ hasText: 'Arroz Diana 500 g' });
  await expect(arroz.locator('mark')).toHaveText(['$ 3.100', '$ 2.000', 'IVA 5 %']);
  await expect(arroz).toContainText('Antes: $ 2.800');
  await page.setViewportSize({ width: 1366, height: 900 });
  await captura(page, { path: '/tmp/shots/B/importacion-vista-1366.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await captura(page, { path: '/tmp/shots/B/importacion-vista-390.png', fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });

  // Row 52 onwards: the second page.
  const paginas = page.getByRole('navigation', { name: 'Páginas de la vista previa' });
  await expect(paginas).toContainText('Página 1 de 2 (55 filas)');
  await expect(muestra.getByRole('row').filter({ hasText: 'Producto de prueba 53' })).toHaveCount(0);
  await paginas.getByRole('button', { name: 'Siguiente' }).click();
  await expect(paginas).toContainText('Página 2 de 2 (55 filas)');
  await expect(muestra.getByRole('row').filter({ hasText: 'Producto de prueba 53' })).toContainText('56');
  await expect(muestra.getByRole('row').filter({ hasText: 'Queso costeño' })).toHaveCount(0);
  await paginas.getByRole('button', { name: 'Anterior' }).click();
  await expect(muestra.getByRole('row').filter({ hasText: 'Queso costeño' })).toBeVisible();
});

// Customers come from a spreadsheet too: found by their document (dots or not), each field checked by
// the customer's own rules, credit terms with the owner's permission.
test('el dueño importa sus clientes de un CSV: vista previa con errores y los clientes en la lista', async ({ page }) => {
  const tienda = await nuevaTienda(page);
  await signIn(page, 'Tienda', tienda.email, CLAVE, { caja: false, ir: '/gestionar_clientes' });
  await page.getByRole('link', { name: 'Importar clientes' }).click();
  await expect(page).toHaveURL(/\/importar_clientes$/);
  const archivo = ['Cédula;Nombre;Celular;Fiado;Cupo', '1.020.304.050;María José Pérez;300 123 4567;Sí;150.000', '79888777;Jesús Peña;;No;', 'AB12;Luis Díaz;;;'].join('\r\n');
  await page.getByLabel('Archivo CSV o Excel (.csv, .xlsx)').setInputFiles({ name: 'clientes.csv', mimeType: 'text/csv', buffer: Buffer.from(`${archivo}\r\n`, 'latin1') });
  await expect(page.getByLabel('Documento', { exact: true })).toHaveValue('Cédula');
  await expect(page.getByText('3 filas: 2 nuevas, 0 con cambios, 0 sin cambios, 1 con errores.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Filas con errores (no se importarán)' }).getByRole('row').filter({ hasText: '4' })).toContainText('solo números');
  const muestra = page.getByRole('table', { name: 'Filas del archivo' });
  await expect(muestra.getByRole('row').filter({ hasText: 'María José Pérez' })).toContainText('1020304050');
  await page.setViewportSize({ width: 1366, height: 900 });
  await captura(page, { path: 'test-results/importar-clientes-1366.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await captura(page, { path: 'test-results/importar-clientes-390.png', fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.getByRole('button', { name: 'Importar 2 filas' }).click();
  await page.getByRole('button', { name: 'Sí, importar' }).click();
  await expectPopup(page, 'Importación terminada', '2 clientes nuevos y 0 actualizados.');
  await closePopup(page);
  await expect(page.getByText('3 filas: 0 nuevas, 0 con cambios, 2 sin cambios, 1 con errores.')).toBeVisible();
  await page.getByRole('link', { name: 'Volver a clientes' }).click();
  await expect(page.getByRole('row').filter({ hasText: '1020304050' })).toContainText('María');
  await expect(page.getByRole('row').filter({ hasText: '79888777' })).toContainText('Peña');
});
