import { expect, test } from '@playwright/test';
import { api } from './support/api';
import { fotosEnDosAnchos } from './support/capturas';
import { abrirCaja, agregarAlCarrito, expectToast, unique } from './support/fixtures';
import { abrirSucursal, cambiarDeTienda, entrarEnTiendaNueva } from './crud-support';

/**
 * Issue #59 point 1 "per store in an organisation": the owner of two stores copies the *Mayorista* list
 * (from its screen) and a 3×2 (from the promotions' list) to the branch; each store's answer says what
 * it got (the panela, which the branch does not carry, is named). In the branch, switched from the top
 * bar, the list and the promotion are there with the branch's own products, and its till applies the
 * 3×2. Screenshots at 1366 and 390 px (SHOTS_DIR, test-results by default).
 */

test('el dueño copia una lista de precios y un 3×2 a su sucursal; allí aplican con los productos de la sucursal', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const tienda = await entrarEnTiendaNueva(page);
  const arroz = unique('Arroz Diana');
  const panela = unique('Panela');
  const { producto } = await api<{ producto: { id: number } }>(page, 'POST', '/api/productos', { nombre: arroz, precio: 2_800, cantidad: 50 });
  const { nombre: norte } = await abrirSucursal(page.request, tienda);
  // Made after the branch opened, for this store only (ADR 043 §2: the owner chooses the stores): the branch does not carry it.
  const p2 = await api<{ producto: { id: number } }>(page, 'POST', '/api/productos', { nombre: panela, precio: 1_800, cantidad: 50, tiendas: [] });
  const { lista } = await api<{ lista: { id: number } }>(page, 'POST', '/api/listas-precios', { nombre: 'Mayorista', porcentaje: 0 });
  await api(page, 'PUT', `/api/listas-precios/${lista.id}/precios`, { productoId: producto.id, precio: 2_300 });
  await api(page, 'PUT', `/api/listas-precios/${lista.id}/precios`, { productoId: p2.producto.id, precio: 1_500 });
  await api(page, 'POST', '/api/promociones', { nombre: '3×2 Arroz', tipo: 'nxm', lleve: 3, pague: 2, productoId: producto.id });

  // The list's screen: copy it to the branch.
  await page.goto('/listas_precios');
  await page.getByRole('link', { name: 'Mayorista' }).click();
  const copiaLista = page.getByRole('region', { name: 'Copiar «Mayorista» a otras tiendas' });
  await expect(copiaLista).toBeVisible();
  await expect(copiaLista.getByRole('button', { name: 'Copiar' })).toBeDisabled();
  await copiaLista.getByRole('checkbox', { name: norte }).check();
  await copiaLista.getByRole('button', { name: 'Copiar' }).click();
  await expectToast(page, 'Copiada a 1 tienda.');
  await expect(copiaLista.getByRole('status')).toHaveText(`${norte}: creada con 1 producto. Sin ese producto allí: ${panela}.`);
  await fotosEnDosAnchos(page, 'copiar-lista');

  // The promotions' list: Copiar on the 3×2's row.
  await page.goto('/promociones');
  await page.getByRole('button', { name: 'Copiar «3×2 Arroz» a otras tiendas' }).click();
  const copiaPromo = page.getByRole('region', { name: 'Copiar «3×2 Arroz» a otras tiendas' });
  await copiaPromo.getByRole('checkbox', { name: norte }).check();
  await copiaPromo.getByRole('button', { name: 'Copiar' }).click();
  await expect(copiaPromo.getByRole('status')).toHaveText(`${norte}: creada con 1 producto.`);
  await fotosEnDosAnchos(page, 'copiar-promocion');

  // Into the branch from the top bar: its list and its promotion, on its own rice.
  await cambiarDeTienda(page, norte);
  await page.goto('/listas_precios');
  await expect(page.getByRole('table', { name: 'Listas de precios' }).getByRole('row', { name: /Mayorista/ })).toContainText('1');
  const enNorte = (await api<{ items: { id: number; nombre: string }[] }>(page, 'GET', '/api/productos')).items;
  const arrozN = enNorte.find((p) => p.nombre === arroz)!;
  await api(page, 'PUT', `/api/productos/${arrozN.id}`, { nombre: arroz, precio: 2_800, stock: 10, stockMin: 0, estado: 1 });
  await abrirCaja(page);
  await page.goto('/ventas');
  await agregarAlCarrito(page, arroz, 3);
  await expect(page.locator('#carrito').getByText('3×2 Arroz −$ 2.800')).toBeVisible();
  await expect(page.getByTestId('carrito-total')).toHaveText('$ 5.600');
  // The branch's log says where they came from.
  const log = await api<{ items: { descripcion: string }[] }>(page, 'GET', '/api/actividad?tipo=promocion');
  expect(log.items.map((i) => i.descripcion)).toEqual([expect.stringContaining(`Copió la promoción «3×2 Arroz»: Copiada desde la tienda: — → ${tienda.nombre}`)]);
});
