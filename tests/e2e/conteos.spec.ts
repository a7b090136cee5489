import { expect, test } from '@playwright/test';
import { CLAVE, nuevaTienda } from './crud-support';
import { expectToast, signIn, unique } from './support/fixtures';
import { api } from './support/api';
import { captura } from './support/capturas';

/**
 * Issue #58 point 1, ADR 042: a physical count on a phone. The owner opens a count of the whole
 * store at 390 px, scans four products and finds a fifth by name, types each quantity (one product
 * is short by 2), sees the difference and the shrinkage, approves, and finds the adjustment in the
 * stock ledger with the count's number.
 */
const SHOTS = process.env.SHOTS_DIR ?? 'test-results';

test('conteo en el teléfono: 5 productos, una diferencia, aprobado y en los movimientos', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'Tienda', (await nuevaTienda(page.request)).email, CLAVE, { caja: false });
  const base = 7_709_500_000_000 + Math.floor(Math.random() * 99_999_999) * 10;
  const productos = [
    { nombre: unique('Arroz'), stock: 10, contado: '10' },
    { nombre: unique('Frijol'), stock: 6, contado: '6' },
    { nombre: unique('Lenteja'), stock: 12, contado: '10' },
    { nombre: unique('Panela'), stock: 4, contado: '4' },
    { nombre: unique('Sal'), stock: 9, contado: '9' },
  ].map((p, i) => ({ ...p, codigo: String(base + i) }));
  // The goods arrive with a receipt at $ 1.500 each, so the count is valued at cost.
  const { proveedor } = await api<{ proveedor: { id: number } }>(page, 'POST', '/api/proveedores', { nombre: unique('Mayorista'), telefono: '3104567890', email: 'ventas@mayorista.co' });
  const lineas = [];
  for (const p of productos) {
    const res = await api<{ producto?: { id: number } }>(page, 'POST', '/api/productos', { nombre: p.nombre, precio: '2.000', cantidad: 0, codigoBarras: p.codigo });
    expect(res.producto?.id).toBeGreaterThan(0);
    lineas.push({ productoId: res.producto!.id, cantidad: p.stock, costoUnit: 1500 });
  }
  const recibida = await api<{ recepcion?: { id: number } }>(page, 'POST', '/api/compras/recepciones', { proveedorId: proveedor.id, lineas });
  expect(recibida.recepcion?.id).toBeGreaterThan(0);

  await page.goto('/inicio');
  await page.getByRole('link', { name: /Conteos de inventario/ }).click();
  await expect(page).toHaveURL(/\/conteos$/);
  await page.getByLabel('Qué se cuenta').selectOption('tienda');
  await page.getByRole('button', { name: 'Abrir conteo' }).click();
  await expectToast(page, /Conteo #\d+ abierto/);
  await expect(page).toHaveURL(/\/conteos\/\d+$/);
  const numero = /\/conteos\/(\d+)$/.exec(page.url())![1]!;
  await expect(page.getByText('Conteo a ciegas: no se muestra el stock del sistema.')).toBeVisible();

  const buscar = page.getByPlaceholder('Código o nombre');
  for (const [i, p] of productos.entries()) {
    await expect(buscar).toBeVisible();
    if (i < 4) {
      // The barcode, as a scanner types it into the box (or a person does), then Enter.
      await buscar.fill(p.codigo);
      await buscar.press('Enter');
    } else {
      // The fifth by name: the list offers it.
      await buscar.fill(p.nombre);
      await buscar.press('Enter');
      await page.getByRole('button', { name: new RegExp(p.nombre) }).click();
    }
    const cantidad = page.getByLabel(`Cantidad de ${p.nombre}`);
    await cantidad.fill(p.contado);
    if (i === 0) await captura(page, { path: `${SHOTS}/conteo-cantidad-390.png`, fullPage: true });
    await page.getByRole('button', { name: 'Registrar' }).click();
    await expectToast(page, `${p.nombre}: ${p.contado} contado.`);
  }
  // One entry per product (and the header row).
  await expect(page.getByRole('table', { name: 'Lo contado' }).getByRole('row')).toHaveCount(6);

  const informe = page.getByRole('region', { name: 'Diferencias' });
  const lenteja = productos[2]!;
  const fila = informe.getByRole('row', { name: new RegExp(lenteja.nombre) });
  // Product, difference, counted, system, value at cost, recount.
  await expect(fila.getByRole('cell')).toHaveText([lenteja.nombre, '-2', '10', '12', '-$ 3.000', 'Recontar']);
  // 2 short at $ 1.500 over 41 units at $ 1.500 in the system: 4,88 %.
  const totales = page.getByTestId('conteo-totales');
  await expect(totales).toContainText('Faltante a costo$ 3.000');
  await expect(page.getByTestId('conteo-merma')).toHaveText('4,88 %');
  const descarga = page.waitForEvent('download');
  await informe.getByRole('button', { name: 'Exportar CSV' }).click();
  expect((await descarga).suggestedFilename()).toBe(`conteo-${/\/conteos\/(\d+)$/.exec(page.url())![1]}.csv`);
  await captura(page, { path: `${SHOTS}/conteo-diferencias-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await captura(page, { path: `${SHOTS}/conteo-diferencias-1366.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });

  await informe.getByRole('button', { name: 'Aprobar y ajustar stock' }).click();
  await expect(page.locator('.swal2-popup')).toContainText('Se registrará 1 ajuste de stock en los movimientos.');
  await page.locator('.swal2-confirm').click();
  await expectToast(page, 'Conteo aprobado: 1 ajuste de stock registrado.');
  await expect(page.getByText('Aprobado', { exact: true })).toBeVisible();
  await expect(page.getByPlaceholder('Código o nombre')).toHaveCount(0);

  await page.getByRole('link', { name: 'Ver movimientos' }).click();
  await expect(page).toHaveURL(/\/movimientos$/);
  const ajuste = page.getByRole('row', { name: new RegExp(lenteja.nombre) }).first();
  await expect(ajuste).toContainText(`Conteo #${numero} (contó Cuenta de la tienda; aprobó Cuenta de la tienda)`);
  await captura(page, { path: `${SHOTS}/conteo-movimientos-390.png`, fullPage: true });
  // Only the product with a difference moved: 12 → 10.
  const stock = await api<{ stock: number }[]>(page, 'GET', '/api/productos?q=' + encodeURIComponent(lenteja.nombre));
  expect(JSON.stringify(stock)).toContain('"stock":10');
});
