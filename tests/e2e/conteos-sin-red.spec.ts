import { expect, test } from '@playwright/test';
import { etiquetaBalanza } from '../../shared/balanza';
import { CLAVE, nuevaTienda } from './crud-support';
import { apiConToken } from './support/api';
import { expectToast, signIn, unique } from './support/fixtures';
import { productosLocales } from './support/sin-red';
import { captura } from './support/capturas';

/**
 * Issue #58 point 1, ADR 042's addendum: counting on a phone when the network drops. At 390 px the
 * owner opens a count of the whole store; the network goes; she counts a weighed cheese by its scale
 * label, rice by its barcode (2 short) and beans by name, in the device's catalogue; the band says
 * "Sin conexión · 3 conteos por enviar". The network returns, the lines arrive, the count is approved
 * and the ledger shows the adjustment. A store of its own (its scale layout would change others' scans).
 */
const SHOTS = process.env.SHOTS_DIR ?? 'test-results';
const PESO = { prefijo: '20', largoCodigo: 5, contenido: 'peso', decimales: 3, digitoPrecio: false } as const;

test('conteo sin red en el teléfono: etiqueta de balanza, código y nombre; vuelve la red, llegan, se aprueba', async ({ page, context, request }) => {
  test.setTimeout(180_000);
  const t = await nuevaTienda(request);
  const api = apiConToken(request, t.token);
  const queso = unique('Queso campesino');
  const arroz = unique('Arroz');
  const frijol = unique('Frijol');
  const codigoQueso = String(1000 + Math.floor(Math.random() * 9000));
  const codigoArroz = `7705${String(Date.now()).slice(-8)}1`;
  const quesoId = (await api.post('/api/productos', { nombre: queso, precio: 12_000, cantidad: 2, codigoBarras: codigoQueso })).producto.id as number;
  await api.put('/api/impuestos/productos', { productoIds: [quesoId], impuesto: 'excluido', unidadDian: 'KGM' });
  await api.post('/api/productos', { nombre: arroz, precio: 2_000, cantidad: 10, codigoBarras: codigoArroz });
  await api.post('/api/productos', { nombre: frijol, precio: 3_000, cantidad: 6 });
  await api.put('/api/tienda/balanzas', { formatos: [PESO] });

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'Tienda', t.email, CLAVE, { caja: false, ir: '/conteos' });
  await page.getByLabel('Qué se cuenta').selectOption('tienda');
  await page.getByRole('button', { name: 'Abrir conteo' }).click();
  await expectToast(page, /Conteo #\d+ abierto/);
  await expect(page).toHaveURL(/\/conteos\/\d+$/);
  const numero = /\/conteos\/(\d+)$/.exec(page.url())![1]!;
  // The device's catalogue (the offline till's) is on the phone before the network drops.
  await expect.poll(() => productosLocales(page), { timeout: 30_000 }).toBe(3);

  await context.setOffline(true);
  const banda = page.getByTestId('conteo-en-equipo');
  await expect(banda).toContainText('Sin conexión · 0 conteos por enviar');
  const buscar = page.getByPlaceholder('Código o nombre');

  // The scale label (2,000 kg of cheese): counted at once with its quantity.
  await buscar.fill(etiquetaBalanza(PESO, codigoQueso, 2000));
  await buscar.press('Enter');
  await expectToast(page, new RegExp(`${queso}: 2 kg contado\\. Se envía cuando vuelva la conexión\\.`));
  await expect(banda).toContainText('Sin conexión · 1 conteo por enviar');

  // The rice by its barcode, then its quantity: 8 of 10.
  await expect(buscar).toHaveValue('');
  await buscar.fill(codigoArroz);
  await buscar.press('Enter');
  await page.getByLabel(`Cantidad de ${arroz}`).fill('8');
  await page.getByRole('button', { name: 'Registrar' }).click();
  await expectToast(page, `${arroz}: 8 contado. Se envía cuando vuelva la conexión.`);

  // The beans by name: the device's list offers them.
  await buscar.fill(frijol);
  await buscar.press('Enter');
  await page.getByRole('button', { name: new RegExp(frijol) }).click();
  await page.getByLabel(`Cantidad de ${frijol}`).fill('6');
  await page.getByRole('button', { name: 'Registrar' }).click();
  await expectToast(page, `${frijol}: 6 contado. Se envía cuando vuelva la conexión.`);

  await expect(banda).toContainText('Sin conexión · 3 conteos por enviar');
  const porEnviar = banda.getByRole('list', { name: 'Por enviar' }).getByRole('listitem');
  await expect(porEnviar).toHaveText([`${queso} 2 kg`, `${arroz} 8`, `${frijol} 6`]);
  // The screenshots without the toasts over the screen (they leave by themselves).
  await expect(page.locator('.app-toasts .app-toast')).toHaveCount(0, { timeout: 20_000 });
  await captura(page, { path: `${SHOTS}/conteo-sin-red-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await captura(page, { path: `${SHOTS}/conteo-sin-red-1366.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });

  // The network returns: the lines leave the device and the count shows them.
  await context.setOffline(false);
  await expect(banda).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByRole('table', { name: 'Lo contado' }).getByRole('row')).toHaveCount(4);
  const informe = page.getByRole('region', { name: 'Diferencias' });
  await expect(informe.getByRole('row', { name: new RegExp(arroz) }).getByRole('cell').nth(1)).toHaveText('-2');

  await informe.getByRole('button', { name: 'Aprobar y ajustar stock' }).click();
  await expect(page.locator('.swal2-popup')).toContainText('Se registrará 1 ajuste de stock en los movimientos.');
  await page.locator('.swal2-confirm').click();
  await expectToast(page, 'Conteo aprobado: 1 ajuste de stock registrado.');
  await expect(page.getByText('Aprobado', { exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Ver movimientos' }).click();
  await expect(page).toHaveURL(/\/movimientos$/);
  const ajuste = page.getByRole('row', { name: new RegExp(arroz) }).first();
  await expect(ajuste).toContainText(`Conteo #${numero} (contó Cuenta de la tienda; aprobó Cuenta de la tienda)`);
});
