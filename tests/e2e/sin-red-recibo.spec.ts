import { expect, test } from '@playwright/test';
import { CLAVE, nuevaTienda } from './crud-support';
import { apiConToken } from './support/api';
import { signIn, unique } from './support/fixtures';
import { agregarEnCaja, ajusteLocal, cajaConCatalogo, cobrarEnCaja, cortarRed, numeroDelRecibo, salida } from './support/sin-red';
import { captura } from './support/capturas';

/**
 * Issue #53 point 2: the receipt of a sale made without the network is the real receipt — the store's
 * name, its NIT, IVA by rate, the device's number — printable as online; after the sync the same
 * receipt opens from the sales list with the same number. A store of its own, responsible for IVA.
 */
test.use({ serviceWorkers: 'allow' });

test('sin red: el recibo lleva NIT e IVA por tarifa y el número del equipo; después de sincronizar se reimprime con el mismo número', async ({ page, context, request }) => {
  test.setTimeout(180_000);
  const t = await nuevaTienda(request);
  const api = apiConToken(request, t.token);
  await api.put('/api/tienda/perfil-fiscal', { razonSocial: 'La Esquina S.A.S.', tipoPersona: 'juridica', nit: '800197268', dv: 4, responsabilidades: ['O-13'], responsableIva: true, departamento: '11', municipio: '11001', direccion: 'Calle 10 # 5-23', telefono: '6013456789', correo: 'f@esquina.co', documentoInformativo: false, valorIncBolsa: 66 });
  const gaseosa = unique('Gaseosa');
  const id = (await api.post('/api/productos', { nombre: gaseosa, precio: 11_900, cantidad: 20 })).producto.id as number;
  await api.put('/api/impuestos/productos', { productoIds: [id], impuesto: 'iva19' });

  // Online: the catalogue, the fiscal data and the receipt's header come down to the device.
  await signIn(page, 'Tienda', t.email, CLAVE, { caja: false });
  await cajaConCatalogo(page, 1);
  await expect.poll(async () => ((await ajusteLocal(page, 'tienda')) as { nombreTienda?: string } | undefined)?.nombreTienda ?? null, { timeout: 30_000 }).not.toBeNull();
  await expect.poll(async () => ((await ajusteLocal(page, 'fiscal')) as { nit?: string } | null | undefined)?.nit, { timeout: 30_000 }).toBe('800197268');

  // Offline: the same till, the band says so.
  await cortarRed(page);
  await agregarEnCaja(page, [
    { buscar: gaseosa, nombre: gaseosa },
    { buscar: gaseosa, nombre: gaseosa },
  ]);
  await expect(page.getByTestId('carrito-total')).toHaveText('$ 23.800');
  await page.setViewportSize({ width: 1366, height: 768 });
  await captura(page, { path: '/tmp/shots-a/caja-sin-red-1366.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await captura(page, { path: '/tmp/shots-a/caja-sin-red-390.png', fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });

  // Paid by Nequi with its reference, as online.
  await cobrarEnCaja(page, { metodo: 'Nequi', referencia: 'M884421' });
  const numero = await numeroDelRecibo(page);
  expect(numero).toMatch(/^D\d+-1$/);
  const recibo = page.locator('.recibo');
  await expect(recibo.getByTestId('recibo-fiscal')).toContainText(['La Esquina S.A.S.', 'NIT 800197268-4']);
  await expect(recibo.getByTestId('recibo-impuestos')).toContainText('IVA 19 %');
  await expect(recibo.getByTestId('recibo-impuestos')).toContainText('3.800');
  await expect(recibo.getByTestId('recibo-referencia')).toHaveText('M884421');
  await expect(recibo.getByTestId('recibo-total')).toHaveText('$ 23.800');
  // Printable as online: the same formats and buttons.
  await expect(page.getByRole('button', { name: 'Imprimir', exact: true })).toBeVisible();
  await expect(page.getByLabel('Formato de impresión')).toBeVisible();
  await captura(page, { path: '/tmp/shots-a/recibo-sin-red-1366.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await captura(page, { path: '/tmp/shots-a/recibo-sin-red-390.png', fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.getByRole('button', { name: 'Nueva venta' }).click();

  // Back online: the sale arrives; from the sales list its receipt opens with the same number and the same taxes.
  await context.setOffline(false);
  await expect.poll(async () => (await salida(page)).find((v) => v.numero === numero)?.estado, { timeout: 60_000 }).toBe('enviada');
  await page.goto(`/gestionar_ventas?q=${encodeURIComponent(numero)}`);
  const fila = page.getByRole('row').filter({ hasText: `Sin red: ${numero}` });
  await expect(fila).toHaveCount(1);
  await fila.getByRole('link').click();
  await page.getByRole('button', { name: 'Ver ticket' }).click();
  await expect(page.getByTestId('recibo-id')).toContainText(`N.º ${numero}`);
  await expect(page.locator('.recibo').getByTestId('recibo-fiscal')).toContainText(['La Esquina S.A.S.', 'NIT 800197268-4']);
  await expect(page.locator('.recibo').getByTestId('recibo-impuestos')).toContainText('3.800');
  await expect(page.locator('.recibo').getByTestId('recibo-total')).toHaveText('$ 23.800');
  await captura(page, { path: '/tmp/shots-a/recibo-sincronizado-1366.png', fullPage: true });
});
