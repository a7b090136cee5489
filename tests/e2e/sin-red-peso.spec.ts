import { expect, test } from '@playwright/test';
import { etiquetaBalanza } from '../../shared/balanza';
import { CLAVE, nuevaTienda } from './crud-support';
import { apiConToken } from './support/api';
import { signIn, unique } from './support/fixtures';
import { agregarEnCaja, cajaConCatalogo, cobrarEnCaja, numeroDelRecibo, salida, venderSinRed } from './support/sin-red';
import { captura } from './support/capturas';

/**
 * Issue #34 (ADR 034), on the one till of issue #53: without the network the till sells by weight (the online till's dialog), reads
 * a scale label with the store's layouts, and adds a pack by its barcode at the pack's price; back
 * online, the sale arrives as an online one: the amounts charged, 0,375 + 0,5 kg and 12 units off
 * stock. A store of its own (its layouts and products would change the demo store's scans).
 */
test.use({ serviceWorkers: 'allow' });

const PESO = { prefijo: '20', largoCodigo: 5, contenido: 'peso', decimales: 3, digitoPrecio: false } as const;

test('sin red: 0,375 kg por el diálogo, una etiqueta de balanza y una paca de 12 llegan como una venta en línea', async ({ page, context, request }) => {
  test.setTimeout(180_000);
  const t = await nuevaTienda(request);
  const api = apiConToken(request, t.token);
  const queso = unique('Queso campesino');
  const cerveza = unique('Cerveza');
  const sufijo = String(Date.now()).slice(-8);
  const codigoQueso = String(1000 + Math.floor(Math.random() * 9000));
  const quesoId = (await api.post('/api/productos', { nombre: queso, precio: 12_000, cantidad: 5, codigoBarras: codigoQueso })).producto.id as number;
  await api.put('/api/impuestos/productos', { productoIds: [quesoId], impuesto: 'excluido', unidadDian: 'KGM' });
  const cervezaId = (await api.post('/api/productos', { nombre: cerveza, precio: 3_000, cantidad: 30, codigoBarras: `7703${sufijo}1` })).producto.id as number;
  const codigoPaca = `7703${sufijo}2`;
  await api.post(`/api/productos/${cervezaId}/presentaciones`, { nombre: 'Paca x12', factor: 12, codigoBarras: codigoPaca, precio: 33_000 });
  await api.put('/api/tienda/balanzas', { formatos: [PESO] });

  // Online: the till, the service worker in control, the catalogue (with units, packs and layouts) on the device.
  await signIn(page, 'Tienda', t.email, CLAVE, { caja: false });
  await cajaConCatalogo(page, 2);

  await context.setOffline(true);
  await page.reload();
  const buscador = page.getByLabel('Buscar producto');
  await expect(buscador).toBeVisible();

  // The weighed cheese by name: the same dialog as online, por peso.
  await buscador.fill(queso.slice(0, 12));
  await expect(page.locator('.pos__productos [aria-busy="true"]')).toHaveCount(0);
  await page.getByRole('row').filter({ hasText: queso }).getByRole('button', { name: `Agregar ${queso}`, exact: true }).click();
  const dialogo = page.getByRole('dialog', { name: queso });
  await expect(dialogo).toBeVisible();
  await dialogo.getByLabel('Peso en kg').fill('0,375');
  await expect(dialogo.getByTestId('peso-resultado')).toContainText('$ 4.500');
  await page.setViewportSize({ width: 390, height: 844 });
  await captura(page, { path: 'test-results/sin-red-peso-dialogo-390.png' });
  await page.setViewportSize({ width: 1366, height: 768 });
  await dialogo.getByRole('button', { name: 'Agregar al carrito' }).click();
  await expect(dialogo).toHaveCount(0);

  // A scale label of 0,500 kg of the same cheese, scanned into the search: added without the dialog.
  await agregarEnCaja(page, [{ buscar: etiquetaBalanza(PESO, codigoQueso, 500), nombre: queso, escanear: true }]);
  await expect(page.getByText(`Etiqueta de balanza: ${queso}, 0,5 kg`)).toBeVisible();
  // The pack's barcode: the pack at its price.
  await agregarEnCaja(page, [{ buscar: codigoPaca, nombre: cerveza, escanear: true }]);
  const carrito = page.locator('#carrito');
  await expect(carrito.getByText('0,875 kg × $ 12.000/kg')).toBeVisible();
  await expect(carrito.getByText(/Paca x12/).first()).toBeVisible();
  // round(12 000 × 0,875) + 33 000.
  await expect(page.getByTestId('carrito-total')).toHaveText('$ 43.500');
  await captura(page, { path: 'test-results/sin-red-peso-carrito-1366.png', fullPage: true });

  await cobrarEnCaja(page, { metodo: 'Efectivo', recibido: '50.000' });
  await expect(page.getByTestId('recibo-total')).toHaveText('$ 43.500');
  await expect(page.getByTestId('recibo-cambio')).toHaveText('$ 6.500');
  await expect(page.locator('.recibo').getByText(/Paca x12/)).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await captura(page, { path: 'test-results/sin-red-peso-recibo-390.png', fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });
  const numero = await numeroDelRecibo(page);

  // Back online: the sale arrives, with the amounts the receipt printed, and stock moves as online.
  await context.setOffline(false);
  await expect.poll(async () => (await salida(page)).find((v) => v.numero === numero)?.estado, { timeout: 60_000 }).toBe('enviada');
  const lista = await api.get(`/api/facturas?q=${encodeURIComponent(numero)}`);
  expect(lista.total).toBe(1);
  const stock = async (id: number) => (await api.get(`/api/productos/${id}`)).stock as number;
  expect(await stock(quesoId)).toBe(4.125);
  expect(await stock(cervezaId)).toBe(18);
});

test('sin red: una anulación y una devolución quedan pendientes, llegan tras su venta, y la que el servidor rechaza muestra por qué', async ({ page, context, request }) => {
  test.setTimeout(180_000);
  const t = await nuevaTienda(request);
  const api = apiConToken(request, t.token);
  const panela = unique('Panela');
  const panelaId = (await api.post('/api/productos', { nombre: panela, precio: 1_800, cantidad: 50 })).producto.id as number;
  const stock = async () => (await api.get(`/api/productos/${panelaId}`)).stock as number;

  await signIn(page, 'Tienda', t.email, CLAVE, { caja: false });
  await cajaConCatalogo(page, 1);

  // The same till as online (issue #53): Panela added `unidades` times, paid by card.
  const vender = (unidades: number) => venderSinRed(page, Array.from({ length: unidades }, () => ({ buscar: panela, nombre: panela })), { metodo: 'Tarjeta de débito' });
  const venta = (numero: string) => page.getByTestId('venta-equipo').filter({ has: page.getByText(numero, { exact: true }) });

  // Sale A offline, then sent: the server has it.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByLabel('Buscar producto')).toBeVisible();
  const a = await vender(2);
  await context.setOffline(false);
  await expect.poll(async () => (await salida(page)).find((v) => v.numero === a)?.estado, { timeout: 60_000 }).toBe('enviada');

  // Offline again: a return of A, then sales B (annulled) and C (one of three back).
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Ventas de este equipo' })).toBeVisible();
  const devolver = async (numero: string, cantidad: string) => {
    await venta(numero).getByRole('button', { name: `Devolver productos de la venta ${numero}` }).click();
    const form = page.getByRole('form', { name: `Devolver productos de la venta ${numero}` });
    await form.getByLabel(new RegExp(`^Cantidad de ${panela} a devolver`)).fill(cantidad);
    await form.getByLabel('Motivo de la devolución').fill('Empaque roto');
    // Paid by card, refunded by card (ADR 039): the voucher's reference.
    await form.getByLabel(/^Referencia del reembolso por/).fill('VOUCHER 123');
    await form.getByRole('button', { name: 'Dejar la devolución pendiente' }).click();
    await expect(venta(numero).getByTestId('operacion-sin-red')).toContainText('Pendiente');
  };
  await devolver(a, '1');
  const b = await vender(1);
  const c = await vender(3);
  await venta(b).getByRole('button', { name: `Anular la venta ${b}` }).click();
  await page.getByRole('button', { name: 'Sí, anular' }).click();
  await expect(venta(b).getByTestId('operacion-sin-red')).toHaveText(/Pendiente\s+Anulación pendiente de envío/);
  await devolver(c, '1');
  // More than what is left is refused on the device, with its reason.
  await venta(c).getByRole('button', { name: `Devolver productos de la venta ${c}` }).click();
  const form = page.getByRole('form', { name: `Devolver productos de la venta ${c}` });
  await form.getByLabel(new RegExp(`^Cantidad de ${panela} a devolver \\(máximo 2\\)`)).fill('3');
  await form.getByLabel('Motivo de la devolución').fill('Empaque roto');
  await form.getByRole('button', { name: 'Dejar la devolución pendiente' }).click();
  await expect(form.getByRole('alert')).toHaveText(`La cantidad de ${panela} no es válida o pasa lo que queda por devolver.`);
  await form.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByTestId('deshacer-pendientes')).toHaveText('3 devoluciones o anulaciones por enviar');
  await captura(page, { path: 'test-results/sin-red-deshacer-1366.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await captura(page, { path: 'test-results/sin-red-deshacer-390.png', fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });

  // Meanwhile someone annuls sale A at the store: the device's return of it will be refused.
  const lista = await api.get(`/api/facturas?q=${encodeURIComponent(a)}`);
  const idA = lista.items[0].idVenta as number;
  await api.post(`/api/ventas/${idA}/anular`);
  expect(await stock()).toBe(50);

  // Back online: B and C arrive, then B's annulment and C's return; A's return is refused, and says why.
  await context.setOffline(false);
  await expect(page.getByTestId('deshacer-rechazos')).toContainText(`Devolución de la venta ${a}:`, { timeout: 60_000 });
  await expect.poll(stock, { timeout: 60_000 }).toBe(50 - 3 + 1);
  await expect(page.getByTestId('deshacer-pendientes')).toHaveCount(0);
  await captura(page, { path: 'test-results/sin-red-deshacer-rechazo-1366.png', fullPage: true });
  // Read: the person says so, and with nothing else waiting the band goes away.
  await page.getByTestId('deshacer-rechazos').getByRole('button', { name: 'Entendido' }).click();
  await expect(page.getByTestId('banner-sin-red')).toHaveCount(0);
});

test('sin red: el dueño da un 10 % de descuento con motivo; el recibo y el servidor cobran lo mismo', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const t = await nuevaTienda(request);
  const auth = { authorization: `Bearer ${t.token}` };
  const panela = unique('Panela');
  const r = await request.post('/api/productos', { headers: auth, data: { nombre: panela, precio: 1_850, cantidad: 50 } });
  expect(r.status(), await r.text()).toBe(201);

  await signIn(page, 'Tienda', t.email, CLAVE, { caja: false });
  await cajaConCatalogo(page, 1);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByLabel('Buscar producto')).toBeVisible();

  // The payment page's discount, as online (issue #53): 10 % of the sale, with its reason.
  await agregarEnCaja(page, Array.from({ length: 3 }, () => ({ buscar: panela, nombre: panela })));
  await page.getByRole('button', { name: 'Generar pago' }).click();
  await page.getByRole('button', { name: 'Descuento a la venta' }).click();
  await page.locator('.swal2-input').fill('10%');
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await page.getByLabel('Motivo del descuento').fill('Cliente de siempre');
  // 3 × 1 850 = 5 550, less ⌊10 %⌋ = 555.
  await expect(page.getByTestId('pago-descuento')).toHaveText('−$ 555');
  await expect(page.getByTestId('pago-total')).toHaveText('$ 4.995');
  await page.setViewportSize({ width: 390, height: 844 });
  await captura(page, { path: 'test-results/sin-red-descuento-390.png', fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.getByRole('radio', { name: 'Tarjeta de débito' }).check();
  await page.getByRole('button', { name: 'Confirmar pago' }).click();
  await expect(page.getByTestId('recibo-descuento')).toHaveText('−$ 555');
  await expect(page.getByTestId('recibo-total')).toHaveText('$ 4.995');
  const numero = await numeroDelRecibo(page);

  await context.setOffline(false);
  await expect.poll(async () => (await salida(page)).find((v) => v.numero === numero)?.estado, { timeout: 60_000 }).toBe('enviada');
  const lista = (await (await request.get(`/api/facturas?q=${encodeURIComponent(numero)}`, { headers: auth })).json()) as { items: { idVenta: number }[] };
  const recibo = (await (await request.get(`/api/ventas/${lista.items[0]!.idVenta}`, { headers: auth })).json()) as { total: number };
  expect(recibo.total).toBe(4_995);
});
