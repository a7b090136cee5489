import { expect, test, type Page } from '@playwright/test';
import { expectPopup, expectToast } from './support/fixtures';
import { fotosEnDosAnchos } from './support/capturas';
import { GEMELOS } from './support/gemelos';
import { entrarComo, iniciarSesion } from './crud-support';

/**
 * The owner merges two customers and two suppliers his stores had each created with one documento
 * (issue #56, ADR 067 and ADR 072). The pairs are as the migrations left an upgraded empresa's
 * (serve.mjs writes them before the server starts: support/semilla-gemelos.ts); each repetition of this
 * journey has an empresa of its own. The list flags both rows, the owner merges one into the other
 * after a confirmation that says what happens, the other is gone and the flag with it.
 * Each screen fits at 1366 and 390 px (screenshots with SHOTS_DIR).
 */

async function entrarAlaEmpresa(page: Page) {
  const g = GEMELOS.de(test.info().repeatEachIndex % GEMELOS.empresas);
  await entrarComo(page, await iniciarSesion(page.request, 'tienda', g.email, GEMELOS.clave));
  return g;
}

test('el dueño une dos clientes de sus tiendas con el mismo documento', async ({ page }) => {
  const g = await entrarAlaEmpresa(page);
  await page.goto('/gestionar_clientes');
  const tabla = page.getByRole('table', { name: 'Clientes de la tienda' });
  const filas = tabla.getByRole('row').filter({ hasText: g.cedula });
  await expect(filas).toHaveCount(2);
  await expect(filas.filter({ hasText: 'Rojas Norte' })).toHaveCount(1);
  await expect(filas.locator('.gcl-repetido', { hasText: 'Documento repetido' })).toHaveCount(2);
  await fotosEnDosAnchos(page, 'unir-clientes-antes');

  // The one of the first store, the one with fiado, stays.
  await page.getByRole('button', { name: 'Unir con el otro cliente del mismo documento a Luz Marina Rojas' }).click();
  await expectPopup(
    page,
    'Unir clientes con el mismo documento',
    `El otro cliente con Documento repetido ${g.cedula} se unirá a «Luz Marina Rojas»: su saldo de fiado, sus puntos y sus listas de precios pasan a «Luz Marina Rojas», y sus compras se ven en su estado de cuenta. El otro queda archivado. No se puede deshacer.`,
  );
  await page.locator('.swal2-confirm', { hasText: 'Unir' }).click();
  await expectToast(page, 'Clientes unidos. «Luz Marina Rojas» queda con el saldo y las compras de los dos.');

  await expect(filas).toHaveCount(1);
  await expect(filas).toContainText('Luz Marina');
  await expect(filas.locator('.gcl-repetido')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Unir con el otro cliente del mismo documento a Luz Marina Rojas' })).toHaveCount(0);
  await fotosEnDosAnchos(page, 'unir-clientes-despues');

  // A reload reads it again from the server: still one.
  await page.reload();
  await expect(tabla.getByRole('row').filter({ hasText: g.cedula })).toHaveCount(1);
});

test('el dueño une dos proveedores de sus tiendas con el mismo NIT', async ({ page }) => {
  const g = await entrarAlaEmpresa(page);
  await page.goto('/gestionar_proveedores');
  const lista = page.locator('main');
  const marcas = lista.locator('.gpv-repetido-fila', { hasText: 'NIT repetido' });
  await expect(page.getByRole('button', { name: `Unir con el otro proveedor del mismo NIT a ${g.proveedor}`, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: `Unir con el otro proveedor del mismo NIT a ${g.proveedor} Norte`, exact: true })).toBeVisible();
  await expect(marcas).toHaveCount(2);
  await fotosEnDosAnchos(page, 'unir-proveedores-antes');

  // The first store's keeps its name; the confirmation names the one that is archived.
  await page.getByRole('button', { name: `Unir con el otro proveedor del mismo NIT a ${g.proveedor}`, exact: true }).click();
  await expectPopup(
    page,
    'Unir proveedores con el mismo NIT',
    `«${g.proveedor} Norte» con NIT repetido ${g.nit}-7 se unirá a «${g.proveedor}»: sus productos, sus pedidos abiertos y sus conteos abiertos pasan a «${g.proveedor}» en todas las tiendas. Las compras ya recibidas y sus documentos soporte siguen a nombre del otro, que queda archivado. No se puede deshacer.`,
  );
  await page.locator('.swal2-confirm', { hasText: 'Unir' }).click();
  await expectToast(page, `Proveedores unidos. Sus productos y pedidos abiertos quedan con «${g.proveedor}».`);

  await expect(page.getByRole('button', { name: new RegExp(`^${g.proveedor}`) })).toHaveCount(1);
  await expect(page.getByRole('button', { name: `${g.proveedor} Norte`, exact: true })).toHaveCount(0);
  await expect(marcas).toHaveCount(0);
  await fotosEnDosAnchos(page, 'unir-proveedores-despues');

  await page.reload();
  await expect(page.getByRole('button', { name: g.proveedor, exact: true })).toBeVisible();
  await expect(lista.locator('.gpv-repetido-fila')).toHaveCount(0);
});
