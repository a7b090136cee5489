import { expect, test, type Page } from '@playwright/test';
import { CLAVE, nuevaTienda } from './crud-support';
import { documento, signIn, unique } from './support/fixtures';
import { cajaConCatalogo, cortarRed, salida, venderSinRed, type ItemCaja } from './support/sin-red';
import { captura } from './support/capturas';

/**
 * Issue #34 "Done when" (ADR 029): the till keeps selling without the network. Signed in and on
 * /ventas online (the device downloads the catalogue and gets its prefix), the context goes offline,
 * the page reloads from the service worker, 20 sales (cash, Nequi with its reference, fiado) on the
 * same till as online (issue #53) each show their receipt, two
 * more tabs of the same device sell with distinct numbers; back online, all 22 arrive exactly once
 * (the same outbox is replayed a second time), stock and ledger agree, and the product sold past its
 * stock is flagged revisar stock.
 */
test.use({ serviceWorkers: 'allow' });

type Metodo = 'Efectivo' | 'Nequi' | 'Fiado';
/**
 * One sale on the till offline: the online till's steps (issue #53: the same screen), products by name
 * (search) or code (scan + Enter), then the payment page; answers the receipt's number.
 */
const vender = (page: Page, items: ItemCaja[], metodo: Metodo, doc?: string, i = 0) =>
  venderSinRed(page, items, metodo === 'Efectivo' ? { metodo, recibido: '100.000' } : metodo === 'Nequi' ? { metodo, referencia: `M${1000 + i}` } : { metodo, documento: doc!, autorizarSobreCupo: true });

test('sin red: 22 ventas en tres pestañas llegan una sola vez, el stock y el libro cuadran, el producto vendido de más queda marcado', async ({ page, context, request }) => {
  test.setTimeout(240_000);
  const t = await nuevaTienda(request);
  const auth = { authorization: `Bearer ${t.token}` };
  const crear = async (nombre: string, precio: number, cantidad: number, codigoBarras?: string) => {
    const r = await request.post('/api/productos', { headers: auth, data: { nombre, precio, cantidad, ...(codigoBarras ? { codigoBarras } : {}) } });
    expect(r.status(), await r.text()).toBe(201);
    return ((await r.json()) as { producto: { id: number } }).producto.id;
  };
  const arroz = unique('Arroz');
  const panela = unique('Panela');
  const leche = unique('Leche');
  const codigoArroz = `7709${String(Date.now()).slice(-9)}`;
  const ids = { arroz: await crear(arroz, 2500, 100, codigoArroz), panela: await crear(panela, 1800, 2), leche: await crear(leche, 3000, 100) };
  const doc = documento();
  const c = await request.post('/api/clientes', { headers: auth, data: { documento: doc, tipoDocumento: 'CC', nombre: 'Rosa', apellido: 'Gil', fiado: true, cupo: 20_000 } });
  expect(c.status(), await c.text()).toBe(201);

  // Online: the till, the service worker in control, the catalogue on the device.
  await signIn(page, 'Tienda', t.email, CLAVE, { caja: false });
  await cajaConCatalogo(page, 3);

  // Every sale the device sends, as sent (to replay them afterwards).
  const enviados: unknown[] = [];
  context.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/sin-red/ventas') enviados.push(r.postDataJSON());
  });

  await cortarRed(page);
  await expect(page.getByLabel('Buscar producto')).toBeVisible();
  await captura(page, { path: test.info().outputPath('caja-sin-red-1366.png'), fullPage: true });

  // 20 sales: cash, Nequi and fiado in turn; Panela (2 in stock) is sold 3 times; Arroz by its barcode.
  const numeros: string[] = [];
  for (let i = 0; i < 20; i++) {
    const metodo: Metodo = (['Efectivo', 'Nequi', 'Fiado'] as const)[i % 3]!;
    const items: ItemCaja[] = [{ buscar: i % 2 ? codigoArroz : arroz.slice(0, 10), nombre: arroz, escanear: i % 2 === 1 }];
    if (i < 3) items.push({ buscar: panela, nombre: panela });
    if (metodo === 'Fiado') items.push({ buscar: leche, nombre: leche });
    numeros.push(await vender(page, items, metodo, doc, i));
  }
  await expect(page.getByTestId('ventas-pendientes')).toHaveText('20 ventas por enviar');

  // Two more tabs of the same device, offline too, sell at the same time.
  const otras = [await context.newPage(), await context.newPage()];
  await Promise.all(otras.map((p) => p.goto('/ventas')));
  for (const p of otras) await expect(p.getByLabel('Buscar producto')).toBeVisible();
  numeros.push(...(await Promise.all(otras.map((p, i) => vender(p, [{ buscar: leche, nombre: leche }], 'Nequi', undefined, 100 + i)))));
  expect(new Set(numeros).size).toBe(22);
  const prefijo = numeros[0]!.split('-')[0];
  expect(numeros.every((n) => n.startsWith(`${prefijo}-`))).toBe(true);
  await expect(page.getByTestId('ventas-pendientes')).toHaveText('22 ventas por enviar');
  // Nothing left the device while offline.
  expect(enviados).toEqual([]);

  // Back online: the outbox goes, in order, and the banner goes away.
  await context.setOffline(false);
  await expect.poll(async () => (await salida(page)).filter((v) => v.estado === 'enviada').length, { timeout: 60_000 }).toBe(22);
  await expect(page.getByTestId('banner-sin-red')).toHaveCount(0);
  expect((await salida(page)).map((v) => v.numero).sort()).toEqual([...numeros].sort());

  // The same outbox replayed: every sale answers its receipt, nothing is recorded twice.
  const cuerpos = [...new Map(enviados.map((b) => [(b as { clave: string }).clave, b])).values()];
  expect(cuerpos.length).toBe(22);
  const idsVenta = new Set<number>();
  for (const b of cuerpos) {
    const r = await request.post('/api/sin-red/ventas', { headers: auth, data: b });
    expect(r.status(), await r.text()).toBe(201);
    const recibo = (await r.json()) as { id: number; sinRed: { numero: string } };
    expect(recibo.sinRed.numero).toBe((b as { sinRed: { numero: string } }).sinRed.numero);
    idsVenta.add(recibo.id);
  }
  expect(idsVenta.size).toBe(22);
  const lista = await request.get('/api/facturas?pageSize=100', { headers: auth });
  expect(((await lista.json()) as { total: number }).total).toBe(22);

  // Stock and ledger: Arroz 100 − 20, Panela 2 − 3 = −1 (flagged), Leche 100 − 6 (fiado) − 2 (the other tabs).
  const esperado = { arroz: 80, panela: -1, leche: 92 };
  for (const [k, id] of Object.entries(ids) as [keyof typeof ids, number][]) {
    const p = (await (await request.get(`/api/productos/${id}`, { headers: auth })).json()) as { stock: number; revisarStock?: boolean };
    expect(p.stock, k).toBe(esperado[k]);
    expect(!!p.revisarStock, k).toBe(k === 'panela');
    const m = (await (await request.get(`/api/movimientos?productoId=${id}&pageSize=100`, { headers: auth })).json()) as { items: { entradas: number; salidas: number }[] };
    expect(m.items.reduce((a, x) => a + x.entradas - x.salidas, 0), `${k}: libro`).toBe(esperado[k]);
  }
  // The customer's balance: every fiado charged (the first with Panela), those over the 20 000 limit (authorised by the owner) included.
  const saldo = await request.get(`/api/sin-red/datos`, { headers: auth });
  const rosa = ((await saldo.json()) as { clientes: { documento: string; saldo: number }[] }).clientes.find((x) => x.documento === doc);
  expect(rosa?.saldo).toBe(2500 + 1800 + 3000 + 5 * 5500);

  // The sales list finds a sale by the number its receipt printed, and shows it there and on the invoice.
  const primero = numeros[0]!;
  await page.goto(`/gestionar_ventas?q=${encodeURIComponent(primero)}`);
  const fila = page.getByRole('row').filter({ hasText: `Sin red: ${primero}` });
  await expect(fila).toHaveCount(1);
  await fila.getByRole('link').click();
  await expect(page.getByTestId('factura-sin-red')).toHaveText(`Sin red: ${primero}`);
  await captura(page, { path: test.info().outputPath('factura-sin-red.png') });
});

/**
 * The network drops with the till open, as it does in a shop (no reload): the same till keeps
 * searching, paying and printing from the device, and the sale goes by itself once the network is
 * back. TanStack Query held every request after the page's `offline` event ("Cargando productos…"
 * for good) until the query client ran them whatever the network (web/app/providers.tsx).
 */
test('la red se cae con la caja abierta: sin recargar, la caja sigue vendiendo y la venta llega al volver', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const t = await nuevaTienda(request);
  const auth = { authorization: `Bearer ${t.token}` };
  const leche = unique('Leche');
  const r = await request.post('/api/productos', { headers: auth, data: { nombre: leche, precio: 3000, cantidad: 50 } });
  expect(r.status(), await r.text()).toBe(201);
  await signIn(page, 'Tienda', t.email, CLAVE, { caja: false });
  await cajaConCatalogo(page, 1);

  await context.setOffline(true);
  await expect(page.getByTestId('banner-sin-red')).toContainText('SIN CONEXIÓN');
  const numero = await venderSinRed(page, [{ buscar: leche, nombre: leche }], { metodo: 'Nequi', referencia: 'M77' });

  await context.setOffline(false);
  await expect.poll(async () => (await salida(page)).map((v) => `${v.numero} ${v.estado}`), { timeout: 30_000 }).toEqual([`${numero} enviada`]);
  const lista = (await (await request.get('/api/facturas?pageSize=10', { headers: auth })).json()) as { total: number };
  expect(lista.total).toBe(1);
});

test.describe('en un iPhone con Safari', () => {
  test.use({
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    viewport: { width: 390, height: 844 },
  });

  test('sin instalar la app, la caja sin red pide instalarla y no acepta ventas', async ({ page, context, request }) => {
    test.setTimeout(120_000);
    const t = await nuevaTienda(request);
    const r = await request.post('/api/productos', { headers: { authorization: `Bearer ${t.token}` }, data: { nombre: unique('Arroz'), precio: 2500, cantidad: 10 } });
    expect(r.status(), await r.text()).toBe(201);
    await signIn(page, 'Tienda', t.email, CLAVE, { caja: false });
    await cajaConCatalogo(page, 1, { buscador: false });

    await cortarRed(page);
    await expect(page.getByTestId('sin-red-instalar')).toContainText('Instale la app para vender sin red');
    await expect(page.getByTestId('sin-red-instalar')).toContainText('Agregar a pantalla de inicio');
    await expect(page.getByRole('button', { name: 'Confirmar pago' })).toHaveCount(0);
    await captura(page, { path: test.info().outputPath('sin-red-instalar-390.png') });
    await context.setOffline(false);
  });
});
