import { expect, test } from '@playwright/test';
import { DEMO, expectPopup, agregarAlCarrito, signIn, unique, ventaDelRecibo } from './support/fixtures';
import { apiDe } from './support/api';
import { captura } from './support/capturas';

// Issue #58 point 2 (ADR 051): a product that tracks lots is received with its lot and expiry, *por
// vencer* lists what expires soon and what expired, and the till refuses an expired unit unless it is
// authorised. As the demo store (role 1: it authorises by confirming; a cashier's PIN is in lote.test.ts).

/** The date `dias` from today in Bogotá, as the screens write it (dd/mm/aaaa). */
const fecha = (dias: number) => {
  const [d, m, a] = new Intl.DateTimeFormat('es-CO', { timeZone: 'America/Bogota', day: '2-digit', month: '2-digit', year: 'numeric' })
    .format(new Date(Date.now() + dias * 86_400_000))
    .split('/');
  return `${d}/${m}/${a}`;
};

test('una recepción con lotes, la lista por vencer y la caja que no vende un producto vencido sin autorización', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'Tienda', DEMO.tienda);
  const api = apiDe(page);
  const { proveedor } = await api.post('/api/proveedores', { nombre: unique('Droguería E2E'), telefono: '3104567890', email: 'pedidos@drogueria.co' });
  const jarabe = unique('Jarabe E2E');
  const suero = unique('Suero E2E');
  const idJarabe = (await api.post('/api/productos', { nombre: jarabe, precio: 9000, cantidad: 0, idProveedor: proveedor.id })).producto.id as number;
  const idSuero = (await api.post('/api/productos', { nombre: suero, precio: 4000, cantidad: 0, idProveedor: proveedor.id })).producto.id as number;

  // The owner marks the syrup as tracking lots on its detail screen; the serum through the API.
  await page.goto(`/detalle_producto?id=${idJarabe}`);
  await page.getByLabel('Controla lotes y vencimiento').check();
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Producto actualizado')).toBeVisible();
  await captura(page, { path: 'test-results-c/lotes-producto-1366.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await captura(page, { path: 'test-results-c/lotes-producto-390.png', fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await api.put(`/api/productos/${idSuero}`, { nombre: suero, precio: 4000, stock: 0, stockMin: 0, manejaLotes: true });

  const { orden } = await api.post('/api/compras/ordenes', {
    proveedorId: proveedor.id,
    lineas: [
      { productoId: idJarabe, cantidad: 2, costoUnit: 5000 },
      { productoId: idSuero, cantidad: 3, costoUnit: 2500 },
    ],
  });
  await page.goto(`/ordenes_compra/${orden.id}`);
  const recibir = page.getByRole('form', { name: 'Recibir mercancía' });
  // A line without its lot is refused with the product's name.
  await recibir.getByLabel(`Fecha de vencimiento de ${suero}`).fill(fecha(10));
  await recibir.getByLabel(`Lote de ${suero}`).fill('S-2026');
  await recibir.getByRole('button', { name: 'Registrar recepción' }).click();
  await expectPopup(page, /.+/, `${jarabe} controla lotes: escriba el lote y la fecha de vencimiento.`);
  await page.locator('.swal2-confirm').click();
  await recibir.getByLabel(`Fecha de vencimiento de ${jarabe}`).fill(fecha(-2));
  await recibir.getByLabel(`Lote de ${jarabe}`).fill('J-VIEJO');
  await captura(page, { path: 'test-results-c/lotes-recibir-1366.png', fullPage: true });
  await recibir.getByRole('button', { name: 'Registrar recepción' }).click();
  await expect(page.getByText(/Recepción RC-\d+ registrada/)).toBeVisible();

  // Inicio tells; the list shows both lots, the expired one first, with their value at cost.
  await page.goto('/inicio');
  const aviso = page.getByTestId('aviso-por-vencer');
  await expect(aviso).toContainText('vencido');
  await aviso.getByRole('link', { name: 'Ver lotes por vencer' }).click();
  await expect(page).toHaveURL(/\/por_vencer$/);
  const tabla = page.getByTestId('tabla-por-vencer');
  const filaJarabe = tabla.getByRole('row').filter({ hasText: jarabe });
  await expect(filaJarabe).toContainText('J-VIEJO');
  await expect(filaJarabe).toContainText('Venció hace 2 días');
  await expect(filaJarabe).toContainText('$ 10.000');
  const filaSuero = tabla.getByRole('row').filter({ hasText: suero });
  await expect(filaSuero).toContainText('En 10 días');
  await expect(filaSuero).toContainText('$ 7.500');
  await captura(page, { path: 'test-results-c/lotes-por-vencer-1366.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await captura(page, { path: 'test-results-c/lotes-por-vencer-390.png', fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });

  // The till: the syrup's only lot is expired. Refused; nothing sold.
  await page.goto('/ventas');
  await agregarAlCarrito(page, jarabe);
  await page.getByRole('button', { name: 'Generar pago' }).click();
  await page.getByRole('button', { name: /^Cobrar pago exacto/ }).click();
  await expectPopup(page, 'Producto vencido', new RegExp(`${jarabe}: el lote J-VIEJO venció el ${fecha(-2)}`));
  await captura(page, { path: 'test-results-c/lotes-caja-vencido-1366.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await captura(page, { path: 'test-results-c/lotes-caja-vencido-390.png', fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.locator('.swal2-cancel').click();
  expect((await api.get(`/api/lotes/producto/${idJarabe}`)).lotes).toEqual([expect.objectContaining({ codigo: 'J-VIEJO', cantidad: 2, vencido: true })]);

  // Authorised by the owner: sold, and the lot gives the unit.
  await page.getByRole('button', { name: /^Cobrar pago exacto/ }).click();
  await expectPopup(page, 'Producto vencido');
  await page.getByRole('button', { name: 'Vender con autorización' }).click();
  await expect(page.getByTestId('recibo-id')).toBeVisible();
  expect((await ventaDelRecibo(page)).id).toBeGreaterThan(0);
  expect((await api.get(`/api/lotes/producto/${idJarabe}`)).lotes).toEqual([expect.objectContaining({ codigo: 'J-VIEJO', cantidad: 1 })]);
});

test('una recepción sin orden de un producto con lotes: su lote y su vencimiento, en dos lotes, y la lista por vencer', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'Tienda', DEMO.tienda);
  const api = apiDe(page);
  const { proveedor } = await api.post('/api/proveedores', { nombre: unique('Distribuidora E2E'), telefono: '3104567891', email: 'ventas@distri.co' });
  const gotas = unique('Gotas E2E');
  const idGotas = (await api.post('/api/productos', { nombre: gotas, precio: 6000, cantidad: 0, idProveedor: proveedor.id })).producto.id as number;
  await api.put(`/api/productos/${idGotas}`, { nombre: gotas, precio: 6000, stock: 0, stockMin: 0, manejaLotes: true });

  await page.goto('/ordenes_compra/nueva');
  await page.getByLabel('Proveedor', { exact: true }).selectOption({ label: proveedor.nombre });
  await page.getByLabel(`Cantidad a pedir de ${gotas}`).fill('5');
  await page.getByLabel(`Costo unitario de ${gotas}`).fill('1500');
  // Without its lot the server refuses, naming the product.
  await page.getByRole('button', { name: 'Recibir sin orden' }).click();
  await expectPopup(page, /.+/, `${gotas} controla lotes: escriba el lote y la fecha de vencimiento.`);
  await page.locator('.swal2-confirm').click();

  // Two lots under the line, each with its units.
  const lotes = page.getByRole('group', { name: `Lotes de ${gotas}` });
  await lotes.getByLabel(`Lote de ${gotas}`, { exact: true }).fill('G-PRONTO');
  await lotes.getByLabel(`Fecha de vencimiento de ${gotas}`, { exact: true }).fill(fecha(12));
  await lotes.getByRole('button', { name: 'Otro lote' }).click();
  await lotes.getByLabel(`Lote 2 de ${gotas}`, { exact: true }).fill('G-LEJOS');
  await lotes.getByLabel(`Fecha de vencimiento del lote 2 de ${gotas}`, { exact: true }).fill(fecha(200));
  await lotes.getByLabel(`Unidades del lote de ${gotas}`, { exact: true }).fill('2');
  await lotes.getByLabel(`Unidades del lote 2 de ${gotas}`, { exact: true }).fill('3');
  await captura(page, { path: '/tmp/shots-f/recibir-sin-orden-lotes-1366.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await captura(page, { path: '/tmp/shots-f/recibir-sin-orden-lotes-390.png', fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.getByRole('button', { name: 'Recibir sin orden' }).click();
  await expect(page.getByText(/Recepción RC-\d+ registrada/)).toBeVisible();
  await expect(page.getByRole('group', { name: `Lotes de ${gotas}` })).toHaveCount(0);

  // The product's lots: both, the first to expire first; por vencer lists the near one only.
  expect((await api.get(`/api/lotes/producto/${idGotas}`)).lotes).toEqual([
    expect.objectContaining({ codigo: 'G-PRONTO', cantidad: 2, vencido: false }),
    expect.objectContaining({ codigo: 'G-LEJOS', cantidad: 3, vencido: false }),
  ]);
  await page.goto('/por_vencer');
  const fila = page.getByTestId('tabla-por-vencer').getByRole('row').filter({ hasText: gotas });
  await expect(fila).toHaveCount(1);
  await expect(fila).toContainText('G-PRONTO');
  await expect(fila).toContainText('En 12 días');
  await expect(fila).toContainText('$ 3.000');

  // The till: the line says it takes the first to expire; the cashier picks the other lot instead.
  await page.goto('/ventas');
  await agregarAlCarrito(page, gotas);
  const carrito = page.getByRole('list', { name: 'Productos en el carrito' });
  const botonLote = carrito.getByRole('button', { name: `Lote: el que vence primero · Elegir el lote de ${gotas}` });
  await botonLote.click();
  const selector = page.getByRole('dialog', { name: `Lote de ${gotas}` });
  await expect(selector.getByRole('radio', { name: /Automático: el que vence primero/ })).toBeChecked();
  await expect(selector).toContainText(`Hoy sería G-PRONTO · vence ${fecha(12)}.`);
  await selector.getByRole('radio', { name: new RegExp(`G-LEJOS · vence ${fecha(200)}`) }).check();
  await expect(selector.getByText('3 unidades')).toBeVisible();
  await captura(page, { path: '/tmp/shots-e/caja-elegir-lote-1366.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await captura(page, { path: '/tmp/shots-e/caja-elegir-lote-390.png' });
  await selector.getByRole('button', { name: 'Usar este lote' }).click();
  await expect(selector).toHaveCount(0);
  await expect(carrito.getByRole('button', { name: `Lote: G-LEJOS · vence ${fecha(200)} · Elegir el lote de ${gotas}` })).toBeVisible();
  await captura(page, { path: '/tmp/shots-e/caja-lote-elegido-390.png', fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await captura(page, { path: '/tmp/shots-e/caja-lote-elegido-1366.png', fullPage: true });

  // The choice travels with the line: the sale takes its unit from G-LEJOS, not from the first to expire.
  await page.getByRole('button', { name: 'Generar pago' }).click();
  await page.getByRole('button', { name: /^Cobrar pago exacto/ }).click();
  await expect(page.getByTestId('recibo-id')).toBeVisible();
  expect((await api.get(`/api/lotes/producto/${idGotas}`)).lotes).toEqual([
    expect.objectContaining({ codigo: 'G-PRONTO', cantidad: 2 }),
    expect.objectContaining({ codigo: 'G-LEJOS', cantidad: 2 }),
  ]);
});
