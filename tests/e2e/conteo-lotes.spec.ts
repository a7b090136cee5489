import { expect, test } from '@playwright/test';
import { CLAVE, nuevaTienda } from './crud-support';
import { expectToast, signIn, unique } from './support/fixtures';
import { apiDe } from './support/api';
import { captura } from './support/capturas';

/**
 * Issue #58 point 2 (ADR 051's addendum): a count per lot on a phone. A product that tracks lots has
 * K-1 (2 units) and K-2 (3); the counter finds 1 of K-2 and 2 of a new lot K-NUEVO with its expiry.
 * Approved, each lot counted moves by its own difference and the shortfall the lots do not explain
 * leaves the lot nobody counted: K-1 0, K-2 1, K-NUEVO 2, stock 3.
 */
const iso = (dias: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date(Date.now() + dias * 86_400_000));
const ddmm = (dias: number) => iso(dias).split('-').reverse().join('/');

test('conteo por lote en el teléfono: un lote contado de menos, un lote nuevo, aprobado lote por lote', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'Tienda', (await nuevaTienda(page.request)).email, CLAVE, { caja: false });
  const api = apiDe(page);
  const { proveedor } = await api.post('/api/proveedores', { nombre: unique('Droguería'), telefono: '3104567890', email: 'ventas@drogueria.co' });
  const nombre = unique('Jarabe');
  const id = (await api.post('/api/productos', { nombre, precio: 7000, cantidad: 0 })).producto.id as number;
  await api.put(`/api/productos/${id}`, { nombre, precio: 7000, stock: 0, stockMin: 0, manejaLotes: true });
  await api.post('/api/compras/recepciones', {
    proveedorId: proveedor.id,
    lineas: [{ productoId: id, cantidad: 5, costoUnit: 1000, lotes: [{ codigo: 'K-1', vence: iso(30), cantidad: 2 }, { codigo: 'K-2', vence: iso(300), cantidad: 3 }] }],
  });
  const conteoId = (await api.post('/api/conteos', { alcance: 'tienda' })).conteo.id as number;
  await page.goto(`/conteos/${conteoId}`);

  const contar = async (cantidad: string, lote: string, vence?: string) => {
    await page.getByPlaceholder('Código o nombre').fill(nombre);
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await page.getByRole('button', { name: nombre, exact: true }).click();
    await page.getByLabel(`Cantidad de ${nombre}`).fill(cantidad);
    const porLote = page.getByRole('group', { name: 'Contar por lote (opcional)' });
    await porLote.getByLabel('Lote', { exact: true }).fill(lote);
    if (vence) await porLote.getByLabel('Vence (solo si es un lote nuevo)').fill(vence);
  };
  await contar('1', 'K-2');
  await captura(page, { path: '/tmp/shots-e/conteo-por-lote-390.png', fullPage: true });
  await page.getByRole('button', { name: 'Registrar' }).click();
  await expectToast(page, `${nombre} (Lote K-2): 1 contado.`);
  await contar('2', 'K-NUEVO', ddmm(400));
  await page.setViewportSize({ width: 1366, height: 900 });
  await captura(page, { path: '/tmp/shots-e/conteo-por-lote-1366.png', fullPage: true });
  await page.getByRole('button', { name: 'Registrar' }).click();
  await expectToast(page, `${nombre} (Lote K-NUEVO): 2 contado.`);
  const lineas = page.getByRole('table', { name: 'Lo contado' });
  await expect(lineas.getByRole('row').filter({ hasText: 'Lote K-NUEVO' })).toContainText('2');
  await expect(lineas.getByRole('row').filter({ hasText: 'Lote K-2' })).toContainText('1');
  await captura(page, { path: '/tmp/shots-e/conteo-lineas-por-lote-1366.png', fullPage: true });
  // The report breaks the product down per lot (issue #58 point 2): K-2 −2, K-NUEVO +2, the rest (K-1, nobody counted it) −2.
  const informe = page.getByRole('table', { name: 'Diferencias' });
  await expect(informe.getByRole('row').filter({ hasText: `Lote K-NUEVO · vence ${ddmm(400)}` })).toContainText('+2');
  await expect(informe.getByRole('row').filter({ hasText: 'Lote K-2 · vence' })).toContainText('-2');
  await expect(informe.getByRole('row').filter({ hasText: 'Otros lotes y sin lote' })).toContainText('2.000');
  await informe.scrollIntoViewIfNeeded();
  await captura(page, { path: '/tmp/shots-c/informe-por-lote-1366.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await captura(page, { path: '/tmp/shots-c/informe-por-lote-390.png', fullPage: true });

  await api.post(`/api/conteos/${conteoId}/aprobar`, {});
  const { lotes } = await api.get(`/api/lotes/producto/${id}`);
  expect(lotes.map((l: { codigo: string | null; cantidad: number }) => [l.codigo, l.cantidad])).toEqual([
    ['K-2', 1],
    ['K-NUEVO', 2],
  ]);
});
