import { expect, test } from '@playwright/test';
import { CLAVE, nuevaTienda } from './crud-support';
import { signIn, unique } from './support/fixtures';
import { agregarEnCaja, cobrarEnCaja, productosLocales, salida } from './support/sin-red';
import { cambiarEnModo, reciboEnModo, type Modo } from './support/una-caja';
import { captura } from './support/capturas';

/**
 * One till, online or not (issue #53, ADR 048; exchanges offline: point 4): the same till steps run
 * once with the network and once without it — a name searched and taken with Enter, a tile of the
 * grid, a pack by its barcode, a weighed product, Nequi with its reference, quick cash, the receipt,
 * the next sale, and an exchange of that sale. Offline the sales and the exchange wait on the device
 * and, back online, arrive as the online ones did: the same stock, the exchange applied once.
 * A store of its own per mode.
 */
test.use({ serviceWorkers: 'allow' });

for (const modo of ['con red', 'sin red'] as const satisfies readonly Modo[]) {
  test(`una caja ${modo}: buscar y Enter, rejilla, paca, peso, Nequi, efectivo rápido, recibo, otra venta y un cambio`, async ({ page, context, request }) => {
    test.setTimeout(240_000);
    const t = await nuevaTienda(request);
    const auth = { authorization: `Bearer ${t.token}` };
    const ok = async (r: Awaited<ReturnType<typeof request.post>>) => {
      expect(r.status(), await r.text()).toBeLessThan(300);
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the journeys read answers loosely
      return (await r.json()) as any;
    };
    const crear = async (data: object) => (await ok(await request.post('/api/productos', { headers: auth, data }))).producto.id as number;
    const sufijo = String(Date.now()).slice(-8);
    const leche = unique('Leche');
    const pan = unique('Pan');
    const cerveza = unique('Cerveza');
    const queso = unique('Queso');
    const lecheId = await crear({ nombre: leche, precio: 2_500, cantidad: 50 });
    const panId = await crear({ nombre: pan, precio: 1_000, cantidad: 50 });
    const cervezaId = await crear({ nombre: cerveza, precio: 3_000, cantidad: 30, codigoBarras: `7704${sufijo}1` });
    const quesoId = await crear({ nombre: queso, precio: 12_000, cantidad: 5 });
    await ok(await request.put('/api/impuestos/productos', { headers: auth, data: { productoIds: [quesoId], impuesto: 'excluido', unidadDian: 'KGM' } }));
    const codigoPaca = `7704${sufijo}2`;
    await ok(await request.post(`/api/productos/${cervezaId}/presentaciones`, { headers: auth, data: { nombre: 'Paca x12', factor: 12, codigoBarras: codigoPaca, precio: 33_000 } }));
    const stock = async (id: number) => (await ok(await request.get(`/api/productos/${id}`, { headers: auth }))).stock as number;

    await signIn(page, 'Tienda', t.email, CLAVE, { ir: '/ventas' });
    const buscador = page.getByLabel('Buscar producto');
    await expect(buscador).toBeVisible();
    if (modo === 'sin red') {
      // The catalogue on the device, then no network: the same page, from the service worker.
      await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 30_000 });
      await expect.poll(() => productosLocales(page), { timeout: 30_000 }).toBe(4);
      await context.setOffline(true);
      await page.reload();
      await expect(buscador).toBeVisible();
    }

    // A name and Enter: the first match goes in and the box empties.
    await buscador.fill(leche);
    await expect(page.getByRole('row').filter({ hasText: leche }).first()).toBeVisible();
    await buscador.press('Enter');
    await expect(buscador).toHaveValue('');
    // A tile of the grid.
    await page.getByRole('list', { name: 'Productos más vendidos' }).getByRole('button', { name: `Agregar ${pan}`, exact: true }).click();
    // A pack by its barcode, as a scanner types it.
    await agregarEnCaja(page, [{ buscar: codigoPaca, nombre: cerveza, escanear: true }]);
    // A weighed product: the weight dialog.
    await agregarEnCaja(page, [{ buscar: queso, nombre: queso }]);
    const dialogo = page.getByRole('dialog', { name: queso });
    await dialogo.getByLabel('Peso en kg').fill('0,5');
    await dialogo.getByRole('button', { name: 'Agregar al carrito' }).click();
    await expect(dialogo).toHaveCount(0);
    // 2 500 + 1 000 + 33 000 + round(12 000 × 0,5).
    await expect(page.getByTestId('carrito-total')).toHaveText('$ 42.500');

    // Nequi with its reference; the receipt.
    await cobrarEnCaja(page, { metodo: 'Nequi', referencia: 'M55501' });
    await expect(page.getByTestId('recibo-total')).toHaveText('$ 42.500');
    await expect(page.locator('.recibo')).toContainText('M55501');

    // The next sale: the milk again, paid with the quick-cash button of $ 5.000: $ 2.500 of change.
    await page.getByRole('button', { name: 'Nueva venta' }).click();
    await buscador.fill(leche);
    await expect(page.getByRole('row').filter({ hasText: leche }).first()).toBeVisible();
    await buscador.press('Enter');
    await expect(page.getByTestId('carrito-total')).toHaveText('$ 2.500');
    await page.getByRole('button', { name: 'Generar pago' }).click();
    await page.getByRole('radio', { name: 'Efectivo' }).check();
    await page.getByRole('button', { name: 'Cobrar recibiendo $ 5.000' }).click();
    await expect(page.getByTestId('recibo-cambio')).toHaveText('$ 2.500');
    const segunda = await reciboEnModo(page, modo);
    await page.getByRole('button', { name: 'Nueva venta' }).click();
    await expect(buscador).toBeVisible();

    // The exchange of that sale: the milk back, three breads taken; the customer pays $ 500.
    const ancho = modo === 'sin red' ? 'sin-red' : 'con-red';
    await cambiarEnModo(
      page,
      modo,
      segunda,
      { devuelve: { nombre: leche, cantidad: '1' }, lleva: { buscar: pan, nombre: pan, cantidad: '3' }, motivo: 'Quería pan', diferencia: ['El cliente paga', '$ 500'] },
      async () => {
        await captura(page, { path: `/tmp/shots-b/una-caja-cambio-${ancho}-1366.png`, fullPage: true });
        await page.setViewportSize({ width: 390, height: 844 });
        await captura(page, { path: `/tmp/shots-b/una-caja-cambio-${ancho}-390.png`, fullPage: true });
        await page.setViewportSize({ width: 1366, height: 768 });
      },
    );
    if (modo === 'sin red') {
      await captura(page, { path: '/tmp/shots-b/una-caja-cambio-pendiente-1366.png', fullPage: true });
      // Back online: the sales arrive, then the exchange after its sale.
      await context.setOffline(false);
      await expect.poll(async () => (await salida(page)).filter((v) => v.estado === 'enviada').length, { timeout: 60_000 }).toBe(2);
      const lista = await ok(await request.get(`/api/facturas?q=${encodeURIComponent(segunda.numero)}`, { headers: auth }));
      segunda.id = lista.items[0].idVenta as number;
      // The band goes once nothing waits: the exchange went too.
      await expect(page.getByTestId('banner-sin-red')).toHaveCount(0, { timeout: 60_000 });
    }

    // The same on the server either way: one exchange (its new sale), stock moved once.
    const devoluciones = await ok(await request.get(`/api/ventas/${segunda.id}/devoluciones`, { headers: auth }));
    expect(devoluciones.devoluciones).toHaveLength(1);
    expect(devoluciones.devoluciones[0].ventaCambio).not.toBeNull();
    expect(await stock(lecheId)).toBe(50 - 2 + 1);
    expect(await stock(panId)).toBe(50 - 1 - 3);
    expect(await stock(cervezaId)).toBe(30 - 12);
    expect(await stock(quesoId)).toBe(4.5);
  });
}
