import { expect, test } from '@playwright/test';
import { generarCertificadoPrueba } from '../../server/modules/dian/certificado-prueba';
import { CLAVE, perfilFiscal, tiendaRegistrada } from './support/ferreteria';
import { expectToast, signIn } from './support/fixtures';
import { captura } from './support/capturas';

// Issue #57 point 5: DIAN enables each document type separately. The owner, with the POS document
// configured in habilitación, fills the factura electrónica's own software and test set on the
// Documento electrónico screen, sends its set to the loopback fake DIAN and sees it Habilitado; the
// documento soporte, not configured, stays Sin configurar and its set cannot be sent.
test.describe.configure({ mode: 'serial' });

test('el dueño habilita la factura electrónica con su propio software y set de pruebas; el documento soporte queda sin configurar', async ({ page }) => {
  test.setTimeout(120_000);
  const cert = await generarCertificadoPrueba();
  const { email, llamar } = await tiendaRegistrada(page, 'tipos', 'Tienda tipos DIAN');
  await llamar('put', '/api/tienda/perfil-fiscal', perfilFiscal('Ferretería El Tornillo S.A.S.', '900373076', 4, 'facturas@tornillo.co'), 200);
  await llamar('post', '/api/dian/certificado', { p12: cert.p12.toString('base64'), clave: cert.clave }, 200);
  await llamar('put', '/api/dian/configuracion', { habilitado: false, ambiente: 'habilitacion', transporte: 'dian', softwareId: '56f2ae4e-9812-4fad-9255-08fcfcd5ccb0', softwarePin: '12345', testSetId: '3f1c2a44-5b6d-4e7f-8a9b-0c1d2e3f4a5b' }, 200);

  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'Tienda', email, CLAVE, { ir: '/documento_electronico' });
  await expect(page.getByRole('heading', { name: 'Habilitación por tipo de documento' })).toBeVisible();

  const factura = page.getByRole('form', { name: 'Factura electrónica de venta, notas crédito y notas débito' });
  const soporte = page.getByRole('form', { name: 'Documento soporte y su nota de ajuste' });
  await expect(page.getByTestId('tipo-factura-estado')).toHaveText('Sin configurar');
  await expect(soporte.getByRole('button', { name: 'Enviar el set de pruebas' })).toBeDisabled();

  // A wrong id says so in its field; then the type's own software and set.
  await factura.getByLabel('Identificador del software (SoftwareID)').fill('no-es-un-uuid');
  await factura.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(factura.getByText('Escriba el identificador del software que le dio la DIAN (un UUID).')).toBeVisible();
  await factura.getByLabel('Identificador del software (SoftwareID)').fill('a1b2c3d4-0000-4000-8000-000000000001');
  await factura.getByLabel('PIN del software').fill('54321');
  await factura.getByLabel('Identificador del set de pruebas (TestSetId)').fill('a1b2c3d4-0000-4000-8000-0000000000f1');
  await factura.getByRole('button', { name: 'Guardar datos' }).click();
  await expectToast(page, 'Datos del tipo de documento guardados.');
  await expect(page.getByTestId('tipo-factura-estado')).toHaveText('En pruebas');

  // Its set: two invoices, a credit and a debit note, each accepted by the fake DIAN.
  await factura.getByRole('button', { name: 'Enviar el set de pruebas' }).click();
  await expectToast(page, 'La DIAN aceptó el set de pruebas. Factura electrónica de venta, notas crédito y notas débito: habilitado para emitir en producción.');
  await expect(page.getByTestId('tipo-factura-estado')).toContainText('Habilitado');
  await expect(factura.getByRole('list', { name: 'Respuesta de la DIAN' }).getByRole('listitem')).toHaveCount(4);
  await expect(factura.getByRole('list', { name: 'Respuesta de la DIAN' })).toContainText('SETT');
  await expect(page.getByTestId('tipo-soporte-estado')).toHaveText('Sin configurar');
  // The POS document's own habilitación is its own; its button keeps its name alone on the screen.
  await expect(page.getByRole('button', { name: 'Enviar set de pruebas' })).toHaveCount(1);
  await expect(page.getByTestId('habilitacion-estado')).toContainText('Habilitación pendiente');

  await captura(page, { path: test.info().outputPath('habilitacion-tipos-1366.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await captura(page, { path: test.info().outputPath('habilitacion-tipos-390.png'), fullPage: true });
});
