import { expect, test } from '@playwright/test';
import { formatPesos } from '../../shared/money';
import { CLAVE, nuevaTienda } from './crud-support';
import { apiConToken } from './support/api';
import { signIn, unique } from './support/fixtures';
import { agregarEnCaja, cajaConCatalogo, cobrarEnCaja, cortarRed, numeroDelRecibo, salida } from './support/sin-red';
import { captura } from './support/capturas';

/**
 * Issue #59 "Done when": a promotion offline arrives with the same total (ADR 052, ADR 048). A 3×2 on
 * a gaseosa and "2 por $ 5.000" on a pan are active; the till goes offline, sells three gaseosas and
 * two panes: the cart, the payment and the receipt show each promotion's *Ahorro* and charge
 * $ 11.000 for $ 15.000 of products. Back online the sale syncs, and the server's sale (its receipt,
 * its detail, the report by promotion) has exactly the same total and saving, and is not sent to
 * *Revisar*. Screenshots at 1366 and 390 px (SHOTS_DIR, test-results by default).
 */
test.use({ serviceWorkers: 'allow' });
const SHOTS = process.env.SHOTS_DIR ?? 'test-results';

test('sin red: una venta con 3×2 y "2 por $ 5.000" llega al servidor con el mismo total y el mismo Ahorro', async ({ page, context, request }) => {
  test.setTimeout(180_000);
  const t = await nuevaTienda(request);
  const api = apiConToken(request, t.token);
  const gaseosa = unique('Gaseosa 400');
  const pan = unique('Pan tajado');
  const idGaseosa = (await api.post('/api/productos', { nombre: gaseosa, precio: 3_000, cantidad: 50, stockMin: 0 })).producto.id as number;
  const idPan = (await api.post('/api/productos', { nombre: pan, precio: 3_000, cantidad: 50, stockMin: 0 })).producto.id as number;
  await api.post('/api/promociones', { nombre: '3×2 Gaseosa', tipo: 'nxm', lleve: 3, pague: 2, productoId: idGaseosa });
  await api.post('/api/promociones', { nombre: '2 panes por $ 5.000', tipo: 'nxprecio', lleve: 2, precio: 5_000, productoId: idPan });

  // Online: the till, the service worker in control, the catalogue and the promotions on the device.
  await signIn(page, 'Tienda', t.email, CLAVE, { caja: false });
  await page.setViewportSize({ width: 1366, height: 900 });
  await cajaConCatalogo(page, 2);
  await expect
    .poll(() => page.evaluate(() => ((JSON.parse(localStorage.getItem('promociones-caja') ?? 'null') as { promociones: unknown[] } | null)?.promociones.length ?? 0)), { timeout: 30_000 })
    .toBe(2);

  // Offline: three gaseosas and two panes; the cart shows each promotion and the Ahorro.
  await cortarRed(page);
  await agregarEnCaja(page, [
    { buscar: gaseosa, nombre: gaseosa },
    { buscar: gaseosa, nombre: gaseosa },
    { buscar: gaseosa, nombre: gaseosa },
    { buscar: pan, nombre: pan },
    { buscar: pan, nombre: pan },
  ]);
  const carrito = page.locator('#carrito');
  await expect(carrito.getByText('3×2 Gaseosa −$ 3.000')).toBeVisible();
  await expect(carrito.getByText('2 panes por $ 5.000 −$ 1.000')).toBeVisible();
  await expect(page.getByTestId('carrito-ahorro')).toContainText('−$ 4.000');
  await expect(page.getByTestId('carrito-total')).toHaveText('$ 11.000');
  await captura(page, { path: `${SHOTS}/sin-red-promocion-caja-1366.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await carrito.scrollIntoViewIfNeeded();
  await captura(page, { path: `${SHOTS}/sin-red-promocion-caja-390.png`, fullPage: true });

  // The payment and the receipt, still offline, charge the promotions' total.
  await cobrarEnCaja(page, { metodo: 'Efectivo', recibido: '20.000' });
  const numero = await numeroDelRecibo(page);
  const recibo = page.locator('.recibo');
  await expect(recibo.getByTestId('recibo-total')).toHaveText('$ 11.000');
  await expect(recibo.getByTestId('recibo-ahorro')).toHaveCount(2);
  await expect(recibo.getByTestId('recibo-ahorro').filter({ hasText: 'Ahorro · 3×2 Gaseosa' })).toContainText('−$ 3.000');
  await expect(recibo.getByTestId('recibo-ahorro').filter({ hasText: 'Ahorro · 2 panes por $ 5.000' })).toContainText('−$ 1.000');
  await captura(page, { path: `${SHOTS}/sin-red-promocion-recibo-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await captura(page, { path: `${SHOTS}/sin-red-promocion-recibo-1366.png`, fullPage: true });
  await page.getByRole('button', { name: 'Nueva venta' }).click();

  // Back online: the sale goes and the server records the same figures.
  await context.setOffline(false);
  await expect.poll(async () => (await salida(page)).find((v) => v.numero === numero)?.estado, { timeout: 60_000 }).toBe('enviada');
  const lista = (await api.get(`/api/facturas?q=${encodeURIComponent(numero)}`)) as { items: { idVenta: number; numeroDispositivo: string | null; total: number }[] };
  expect(lista.items.map((v) => [v.numeroDispositivo, v.total])).toEqual([[numero, 11_000]]);
  const idVenta = lista.items[0]!.idVenta;
  const servidor = (await api.get(`/api/ventas/${idVenta}`)) as { total: number; ahorros?: { nombre: string; ahorro: number }[]; lineas: { productoId: number; precio: number; descuento: number; subtotal: number }[] };
  expect(servidor.total).toBe(11_000);
  expect(servidor.ahorros).toEqual([
    { nombre: '3×2 Gaseosa', ahorro: 3_000 },
    { nombre: '2 panes por $ 5.000', ahorro: 1_000 },
  ]);
  expect(servidor.lineas.map((l) => [l.productoId, l.precio, l.descuento, l.subtotal])).toEqual([
    [idGaseosa, 3_000, 3_000, 6_000],
    [idPan, 3_000, 1_000, 5_000],
  ]);
  // The same amounts as the device priced them: nothing to review.
  const revisar = (await api.get('/api/sin-red/revisar')) as { items: unknown[] };
  expect(revisar.items).toEqual([]);
  // The report by promotion counts what the receipt said.
  const rep = (await api.get('/api/reportes/promociones?periodo=hoy')) as { tablas: { filas: { promocion: string; bruto: number; ahorro: number; neto: number }[] }[] };
  expect(rep.tablas[0]!.filas.map((f) => [f.promocion, f.bruto, f.ahorro, f.neto])).toEqual([
    ['3×2 Gaseosa', 9_000, 3_000, 6_000],
    ['2 panes por $ 5.000', 6_000, 1_000, 5_000],
  ]);

  // From the sales list the synced sale's ticket reads the same total and Ahorro.
  await page.goto(`/gestionar_ventas?q=${encodeURIComponent(numero)}`);
  const fila = page.getByRole('row').filter({ hasText: `Sin red: ${numero}` });
  await expect(fila).toContainText(formatPesos(11_000));
  await fila.getByRole('link').click();
  await page.getByRole('button', { name: 'Ver ticket' }).click();
  await expect(page.getByTestId('recibo-id')).toContainText(`N.º ${numero}`);
  await expect(page.locator('.recibo').getByTestId('recibo-total')).toHaveText('$ 11.000');
  await expect(page.locator('.recibo').getByTestId('recibo-ahorro').filter({ hasText: 'Ahorro · 3×2 Gaseosa' })).toContainText('−$ 3.000');
  await expect(page.locator('.recibo').getByTestId('recibo-ahorro').filter({ hasText: 'Ahorro · 2 panes por $ 5.000' })).toContainText('−$ 1.000');
  await captura(page, { path: `${SHOTS}/sin-red-promocion-sincronizada-1366.png`, fullPage: true });
});
