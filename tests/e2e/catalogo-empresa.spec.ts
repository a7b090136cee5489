import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { api } from './support/api';
import { fotosEnDosAnchos } from './support/capturas';
import { abrirCaja, agregarAlCarrito, expectToast, unique } from './support/fixtures';
import { abrirSucursal, cambiarDeTienda, entrarEnTiendaNueva } from './crud-support';

/**
 * Issue #56 point 2, the central catalogue (ADR 043 §2): the owner of two stores defines a product once
 * and it is in both; in the branch, switched from the top bar, the product form offers "Precio propio de
 * esta tienda" against the empresa's price, and the branch sets its own; each till then sells it at its
 * own store's price, and the owner downloads the catalogue of both stores from Productos. Screenshots of the form at 1366 and 390 px (SHOTS=1, SHOTS_DIR).
 */

async function venderUno(page: Page, nombre: string, total: string) {
  await abrirCaja(page);
  await page.goto('/ventas');
  await agregarAlCarrito(page, nombre);
  await expect(page.getByTestId('carrito-total')).toHaveText(total);
  await page.getByRole('button', { name: 'Generar pago' }).click();
  await page.getByRole('button', { name: /^Cobrar pago exacto/ }).click();
  await expect(page.getByTestId('recibo-total')).toHaveText(total);
}

test('el dueño define un producto una vez; la sucursal fija su propio precio; cada caja lo cobra a su precio', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const tienda = await entrarEnTiendaNueva(page);
  const { nombre: norte } = await abrirSucursal(page.request, tienda);
  // Defined once, after the branch opened: it reaches both stores.
  const cafe = unique('Café Sello Rojo');
  await api(page, 'POST', '/api/productos', { nombre: cafe, precio: 10_000, cantidad: 20 });

  // In the branch, from the top bar (which lists the stores it read on loading): its row of the product.
  await page.goto('/gestionar_productos');
  await cambiarDeTienda(page, norte);
  const enNorte = (await api<{ items: { id: number; nombre: string }[] }>(page, 'GET', '/api/productos')).items;
  const cafeN = enNorte.find((p) => p.nombre === cafe)!;
  await page.goto(`/detalle_producto?id=${cafeN.id}`);
  await expect(page.getByTestId('catalogo-nota')).toContainText('un cambio llega a sus 2 tiendas');
  const precioTienda = page.getByRole('group', { name: 'Precio en esta tienda' });
  await expect(precioTienda.getByRole('radio', { name: 'Usar el precio de la empresa' })).toBeChecked();
  await expect(precioTienda).toContainText('Precio de la empresa: $ 10.000');
  await precioTienda.getByRole('radio', { name: 'Precio propio de esta tienda' }).check();
  await page.getByLabel('Precio', { exact: true }).fill('11.500');
  await page.getByLabel('Stock', { exact: true }).fill('8');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expectToast(page, 'Producto actualizado');
  await expect(precioTienda.getByRole('radio', { name: 'Precio propio de esta tienda' })).toBeChecked();
  await fotosEnDosAnchos(page, 'catalogo-precio-propio');

  // Each till sells it at its own store's price.
  await venderUno(page, cafe, '$ 11.500');
  await cambiarDeTienda(page, tienda.nombre);
  await venderUno(page, cafe, '$ 10.000');
  // The main store's form: the empresa's price, its own stock.
  const cafeA = (await api<{ items: { id: number; nombre: string; stock: number }[] }>(page, 'GET', '/api/productos')).items.find((p) => p.nombre === cafe)!;
  expect(cafeA.stock).toBe(19);

  // The owner downloads the empresa's whole catalogue from Productos: each store's row, its price and stock.
  await page.goto('/gestionar_productos');
  const [descarga] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Catálogo de todas las tiendas (CSV)' }).click()]);
  expect(descarga.suggestedFilename()).toMatch(/^catalogo-empresa-\d{4}-\d{2}-\d{2}\.csv$/);
  const filas = (await readFile((await descarga.path())!, 'utf8')).split('\r\n').filter((l) => l.includes(cafe));
  expect(filas).toHaveLength(2);
  expect(filas[0]!.startsWith(`${tienda.nombre};`) && filas[0]!.endsWith(';No')).toBe(true);
  expect(filas[0]).toContain(';10000;');
  expect(filas[1]!.startsWith(`${norte};`) && filas[1]!.endsWith(';Sí')).toBe(true);
  expect(filas[1]).toContain(';11500;');
});

test('el dueño de tres tiendas elige en cuáles se crea un producto nuevo: todas marcadas, la actual siempre', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const tienda = await entrarEnTiendaNueva(page);
  const sufijo = unique('s').slice(-5);
  const [norte, sur] = [`Sede Norte ${sufijo}`, `Sede Sur ${sufijo}`];
  await api(page, 'POST', '/api/sucursales', { nombreTienda: norte });
  await api(page, 'POST', '/api/sucursales', { nombreTienda: sur });

  await page.goto('/gestionar_productos');
  const form = page.getByRole('form', { name: 'Agregar producto' });
  const tiendas = form.getByRole('group', { name: 'Crear en las tiendas' });
  const actual = tiendas.getByRole('checkbox', { name: `${tienda.nombre} (esta tienda)` });
  await expect(actual).toBeChecked();
  await expect(actual).toBeDisabled();
  await expect(tiendas.getByRole('checkbox', { name: norte })).toBeChecked();
  await expect(tiendas.getByRole('checkbox', { name: sur })).toBeChecked();
  await expect(tiendas.getByRole('status')).toHaveText('Se crea en las 3 tiendas. La cantidad que escriba queda en esta tienda; en las otras empieza en 0.');
  await tiendas.getByRole('checkbox', { name: sur }).uncheck();
  await expect(tiendas.getByRole('status')).toHaveText('Se crea en 2 de sus 3 tiendas. La cantidad que escriba queda en esta tienda; en las otras elegidas empieza en 0 y las no elegidas no lo tendrán.');
  await fotosEnDosAnchos(page, 'catalogo-alta-tiendas');

  const panela = unique('Panela');
  await form.getByLabel('Nombre', { exact: true }).fill(panela);
  await form.getByLabel('Precio', { exact: true }).fill('3500');
  await form.getByLabel('Cantidad').fill('12');
  await form.getByRole('button', { name: 'Agregar producto' }).click();
  await page.getByRole('button', { name: 'Sí, agregar' }).click();
  await expectToast(page, 'Producto registrado');
  // The form is ready for the next one with every store checked again.
  await expect(tiendas.getByRole('checkbox', { name: sur })).toBeChecked();

  // Here with its quantity, in Norte at stock 0, not in Sur.
  const stockEn = async (nombreTienda: string) => {
    await cambiarDeTienda(page, nombreTienda);
    return (await api<{ items: { nombre: string; stock: number }[] }>(page, 'GET', '/api/productos')).items.find((p) => p.nombre === panela)?.stock ?? null;
  };
  expect(await stockEn(tienda.nombre)).toBe(12);
  expect(await stockEn(norte)).toBe(0);
  expect(await stockEn(sur)).toBeNull();
});
