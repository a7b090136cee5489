import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { BinaryBitmap, DecodeHintType, HybridBinarizer, QRCodeReader, RGBLuminanceSource } from '@zxing/library';
import { generarCertificadoPrueba } from '../../server/modules/dian/certificado-prueba';
import { CLAVE, dia, perfilFiscal, tiendaRegistrada, type Llamar } from './support/ferreteria';
import { agregarAlCarrito, expectToast, signIn } from './support/fixtures';
import { agregarEnCaja, cajaConCatalogo, cobrarEnCaja, numeroDelRecibo, salida } from './support/sin-red';
import { captura } from './support/capturas';

// Issue #31: the owner of a store responsible for IVA configures the electronic POS document in
// habilitación (software, PIN, test set, a certificate made at run time), sends the test set to the
// loopback fake DIAN, turns it on and sells; the receipt shows the CUDE and a QR that zxing reads as
// DIAN's catalogue URL with that CUDE; the outbox's panel shows the document accepted by the fake.
const SOFTWARE_ID = '56f2ae4e-9812-4fad-9255-08fcfcd5ccb0';
const TEST_SET_ID = '3f1c2a44-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
// One loopback fake DIAN serves the whole run; the second journey switches it to 503 and back, so the
// two run one after the other, never beside each other.
test.describe.configure({ mode: 'serial' });

/** A store with its fiscal profile (responsible for IVA), a product at 19 % and a till with a range, through the API. */
async function tiendaConNumeracion(page: Page): Promise<{ email: string; llamar: Llamar }> {
  const tienda = await tiendaRegistrada(page, 'dian', 'Tienda DIAN');
  const { llamar } = tienda;
  await llamar('post', '/api/productos', { nombre: 'Gaseosa 400 ml', precio: 2500, cantidad: 50, categoria: 'Bebidas' }, 201);
  await llamar('put', '/api/impuestos/categorias', { categoria: 'Bebidas', impuesto: 'iva19' }, 200);
  await llamar('put', '/api/tienda/perfil-fiscal', perfilFiscal('Minimercado La Esquina S.A.S.', '900373076', 4, 'facturas@esquina.co'), 200);
  const caja = await llamar('post', '/api/numeracion/cajas', { nombre: 'Caja 1', ubicacion: 'Mostrador' }, 201);
  await llamar('post', `/api/numeracion/cajas/${caja.id}/rangos`, { prefijo: 'SETP', desde: 990000000, hasta: 995000000, resolucion: '18760000001', fechaDesde: dia(-5), fechaHasta: dia(300) }, 201);
  return tienda;
}

/** A cash sale of the store's product at the till, up to its receipt. */
async function venderGaseosa(page: Page) {
  await page.goto('/ventas');
  await agregarAlCarrito(page, 'Gaseosa 400 ml');
  await page.getByRole('button', { name: 'Generar pago' }).click();
  await page.getByLabel('Efectivo').check();
  await page.getByLabel('Monto recibido').fill('5.000');
  await page.getByRole('button', { name: 'Confirmar pago' }).click();
  await expect(page).toHaveURL(/\/factura$/);
}

/** zxing reads the receipt's QR image as a phone would: its pixels, read in the page through a canvas. */
async function leerQr(page: Page, testId: string): Promise<string> {
  const { ancho, alto, gris } = await page.getByTestId(testId).evaluate(async (img: HTMLImageElement) => {
    // Visible is not yet decoded: a data URL's pixels may arrive a moment after its box.
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.naturalWidth;
    c.height = img.naturalHeight;
    const ctx = c.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    return { ancho: c.width, alto: c.height, gris: Array.from({ length: c.width * c.height }, (_, i) => d[i * 4]!) };
  });
  // The image itself, not a photo of it: zxing's pure-barcode path. Without it, zxing-js's
  // finder-pattern detector missed about one in five of these synthetic QRs (150 random CUDEs tried).
  const pura = new Map([[DecodeHintType.PURE_BARCODE, true]]);
  return new QRCodeReader().decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(Uint8ClampedArray.from(gris), ancho, alto))), pura).getText();
}

test('el dueño configura el documento electrónico en habilitación, vende, y el recibo trae el CUDE y su QR; la DIAN lo acepta', async ({ page }) => {
  test.setTimeout(150_000);
  const cert = await generarCertificadoPrueba();
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'Tienda', (await tiendaConNumeracion(page)).email, CLAVE);

  // Under the store's fiscal settings.
  await page.goto('/datos_fiscales');
  await page.getByRole('link', { name: 'Configurar el documento electrónico POS' }).click();
  await expect(page).toHaveURL(/\/documento_electronico$/);
  await expect(page.getByRole('heading', { name: 'Documento electrónico' })).toBeVisible();

  const config = page.getByRole('form', { name: 'Documento electrónico' });
  // Turning it on without a certificate is refused, with what is missing.
  await config.getByLabel('Identificador del software (SoftwareID)').fill('no-es-un-uuid');
  await config.getByRole('button', { name: 'Guardar configuración' }).click();
  await expect(config.getByText('Escriba el identificador del software que le dio la DIAN (un UUID).')).toBeVisible();
  await config.getByLabel('Identificador del software (SoftwareID)').fill(SOFTWARE_ID);
  await config.getByLabel('PIN del software').fill('12345');
  await config.getByLabel('Identificador del set de pruebas (TestSetId)').fill(TEST_SET_ID);
  await config.getByRole('button', { name: 'Guardar configuración' }).click();
  await expectToast(page, 'Configuración guardada.');
  await expect(config.getByText('PIN guardado. Déjelo vacío para conservarlo.')).toBeVisible();

  // The certificate: only its summary comes back.
  const certificado = page.getByRole('form', { name: 'Certificado de firma digital' });
  await certificado.getByLabel('Archivo del certificado (.p12 o .pfx)').setInputFiles({ name: 'certificado.p12', mimeType: 'application/x-pkcs12', buffer: cert.p12 });
  await certificado.getByLabel('Contraseña del certificado').fill(cert.clave);
  await certificado.getByRole('button', { name: 'Guardar certificado' }).click();
  await expectToast(page, 'Certificado guardado.');
  await expect(page.getByTestId('certificado-resumen')).toContainText('CN=Minimercado La Esquina SAS');

  // The test set goes to the fake DIAN's habilitación and passes.
  await page.getByRole('button', { name: 'Enviar set de pruebas' }).click();
  await expectToast(page, 'La DIAN aceptó el set de pruebas. Ya puede pasar a producción.');
  await expect(page.getByTestId('habilitacion-estado')).toContainText('Habilitación superada');

  await config.getByLabel('Emitir documento electrónico POS en cada venta').check();
  await config.getByRole('button', { name: 'Guardar configuración' }).click();
  await expectToast(page, 'Configuración guardada.');

  // A sale: the receipt shows the CUDE, the QR to DIAN's catalogue, the resolution and the software.
  await venderGaseosa(page);
  // The receipt names itself as what it is, not as a factura.
  await expect(page.locator('.recibo__sub').first()).toHaveText(/^Documento equivalente electrónico tiquete POS N\.º \S+$/);
  const cude = (await page.getByTestId('recibo-cude').textContent())!.trim();
  expect(cude).toMatch(/^[0-9a-f]{96}$/);
  await expect(page.getByTestId('recibo-resolucion')).toContainText('18760000001');
  await expect(page.getByTestId('recibo-software')).toContainText('ADAX Store Manager');
  const qr = page.getByTestId('recibo-qr');
  await expect(qr).toBeVisible();
  // At least 2 cm on screen (96 px an inch: 2 cm ≈ 76 px).
  expect((await qr.boundingBox())!.width).toBeGreaterThanOrEqual(76);
  expect(await leerQr(page, 'recibo-qr')).toBe(`https://catalogo-vpfe-hab.dian.gov.co/document/searchqr?documentkey=${cude}`);

  // The outbox's panel: the worker sends it; the fake DIAN accepts it.
  await page.goto('/documentos_dian');
  const fila = page.getByTestId('documento-SETP990000000');
  await expect(fila).toBeVisible();
  await expect(async () => {
    await page.getByRole('button', { name: 'Enviar pendientes ahora' }).click();
    await expect(fila.getByTestId('documento-estado')).toHaveText('Aceptado', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
});

/** The fake DIAN's switch (tests/e2e/support/serve.mjs). */
const controlDian = (): string =>
  (JSON.parse(fs.readFileSync(path.join(process.env.E2E_DIR || path.join(os.tmpdir(), 'adax-e2e'), 'env.json'), 'utf8')) as { controlDian: string }).controlDian;

/** A store with its numbering and the electronic POS on (habilitación passed against the fake), through the API. */
async function tiendaElectronica(page: Page): Promise<string> {
  const cert = await generarCertificadoPrueba();
  const { email, llamar } = await tiendaConNumeracion(page);
  const base = { ambiente: 'habilitacion', softwareId: SOFTWARE_ID, softwarePin: '12345', testSetId: TEST_SET_ID, transporte: 'dian' };
  await llamar('put', '/api/dian/configuracion', { ...base, habilitado: false }, 200);
  await llamar('post', '/api/dian/certificado', { p12: cert.p12.toString('base64'), clave: cert.clave }, 200);
  await llamar('post', '/api/dian/habilitacion', undefined, 200);
  await llamar('put', '/api/dian/configuracion', { ...base, habilitado: true }, 200);
  return email;
}

test('con la DIAN caída (503) la venta se entrega igual, queda en contingencia, y al volver la DIAN se acepta una sola vez', async ({ page }) => {
  test.setTimeout(150_000);
  const email = await tiendaElectronica(page);

  const control = controlDian();
  expect((await page.request.post(`${control}/modo?modo=503`)).status()).toBe(200);
  try {
    await signIn(page, 'Tienda', email, CLAVE);
    // The sale completes: its receipt, its number and CUDE, whatever DIAN answers.
    await venderGaseosa(page);
    const cude = (await page.getByTestId('recibo-cude').textContent())!.trim();
    expect(cude).toMatch(/^[0-9a-f]{96}$/);

    // DIAN answers 503: the document goes to contingency, with its 48-hour countdown.
    await page.goto('/documentos_dian');
    const fila = page.getByTestId('documento-SETP990000000');
    await expect(async () => {
      await page.getByRole('button', { name: 'Enviar pendientes ahora' }).click();
      await expect(fila.getByTestId('documento-estado')).toHaveText('Contingencia', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByText(/Quedan \d+ h \d+ min para transmitirlo/).first()).toBeVisible();
    await captura(page, { path: test.info().outputPath('contingencia.png'), fullPage: true });

    // DIAN is back: the document is sent again and accepted, once.
    expect((await page.request.post(`${control}/modo?modo=aceptar`)).status()).toBe(200);
    await expect(async () => {
      await page.getByRole('button', { name: 'Enviar pendientes ahora' }).click();
      await expect(fila.getByTestId('documento-estado')).toHaveText('Aceptado', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    // More passes of the worker change nothing: DIAN received that CUDE once and accepted it.
    await page.getByRole('button', { name: 'Enviar pendientes ahora' }).click();
    await expect(fila.getByTestId('documento-estado')).toHaveText('Aceptado');
    const fake = (await (await page.request.get(`${control}/envios?cude=${cude}`)).json()) as { envios: number; aceptado: boolean };
    expect(fake).toEqual({ envios: 1, aceptado: true });
  } finally {
    await page.request.post(`${control}/modo?modo=aceptar`);
  }
});

test.describe('sin red', () => {
  // The offline till is served by the service worker (ADR 018).
  test.use({ serviceWorkers: 'allow' });

  test('una venta sin red en una tienda electrónica sale como CONTINGENCIA y llega a la bandeja como contingencia 07 con su plazo', async ({ page, context }) => {
    test.setTimeout(180_000);
    const email = await tiendaElectronica(page);
    await signIn(page, 'Tienda', email, CLAVE);
    await cajaConCatalogo(page, 1);

    await context.setOffline(true);
    await page.reload();
    // The same till as online (issue #53): the product, the payment page, the receipt.
    await agregarEnCaja(page, [{ buscar: 'Gaseosa', nombre: 'Gaseosa 400 ml' }]);
    await cobrarEnCaja(page, { metodo: 'Efectivo', recibido: '5.000' });
    // The physical document the customer takes: marked CONTINGENCIA, with what happens next.
    const aviso = page.getByTestId('recibo-sin-red-contingencia');
    await expect(aviso).toContainText('CONTINGENCIA');
    await expect(aviso).toContainText('tipo 07');
    const numero = await numeroDelRecibo(page);
    await captura(page, { path: test.info().outputPath('contingencia-07-1366.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await captura(page, { path: test.info().outputPath('contingencia-07-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Nueva venta' }).click();

    // Back online: the sale arrives and its electronic document is a type 07 contingency. The fake DIAN
    // answers 503 meanwhile, so the worker (every 2 s here) cannot transmit it before the panel is read.
    const control = controlDian();
    expect((await page.request.post(`${control}/modo?modo=503`)).status()).toBe(200);
    const fila = page.getByTestId('documento-SETP990000000');
    try {
      await context.setOffline(false);
      await expect.poll(async () => (await salida(page)).filter((v) => v.numero === numero && v.estado === 'enviada').length, { timeout: 60_000 }).toBe(1);
      await page.goto('/documentos_dian');
      await expect(fila.getByTestId('documento-estado')).toHaveText('Contingencia');
      await expect(fila.getByTestId('documento-contingencia')).toHaveText('Tipo 07: la tienda vendió sin conexión');
      await expect(fila.getByText(/Quedan 4[78] h \d+ min para transmitirlo/)).toBeVisible();
    } finally {
      await page.request.post(`${control}/modo?modo=aceptar`);
    }
    // Transmitted once DIAN answers: the fake accepts it.
    await expect(async () => {
      await page.getByRole('button', { name: 'Enviar pendientes ahora' }).click();
      await expect(fila.getByTestId('documento-estado')).toHaveText('Aceptado', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
  });
});
