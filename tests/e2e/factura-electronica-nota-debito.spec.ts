import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectToast, signIn } from './support/fixtures';
import { CLAVE, facturarPorApi, ferreteria } from './support/ferreteria';
import { captura } from './support/capturas';

// Issue #57 point 2, ADR 050: a week after invoicing three boxes of screws to a builder, the hardware
// store's owner agrees to deliver them to the site for $ 23.800. From the sale's detail they issue
// a debit note to the invoice: the concept, the reason and the charge; a missing amount is refused
// in Spanish; the note ND1 appears under the sale and in the DIAN panel, where the (fake) DIAN
// accepts it after the invoice.
const SHOTS = '/tmp/shots-b';

test('el dueño cobra un flete después de la venta con una nota débito a la factura electrónica', async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const email = await ferreteria(page);
  const venta = await facturarPorApi(page, email);
  expect(venta.numero).toBe('FE1');
  await signIn(page, 'Tienda', email, CLAVE, { ir: `/detalle_factura?id=${venta.id}` });
  const notas = page.getByTestId('notas-debito');
  await expect(notas.getByRole('heading', { name: 'Notas débito' })).toBeVisible();
  await expect(notas.getByText('Factura electrónica FE1')).toBeVisible();
  await expect(notas.getByText('Esta factura no tiene notas débito.')).toBeVisible();
  await notas.getByRole('button', { name: 'Nueva nota débito' }).click();

  const form = notas.getByRole('form', { name: 'Nueva nota débito' });
  await form.getByLabel('Concepto').selectOption({ label: 'Gastos por cobrar (flete, transporte, otros cargos)' });
  await form.getByLabel('Motivo').fill('Flete de entrega a la obra en Chía, acordado con el cliente');
  await form.getByLabel('Descripción').fill('Flete Bogotá – Chía');
  // Without an amount it is refused in Spanish, before anything is sent.
  await form.getByRole('button', { name: 'Emitir nota débito' }).click();
  await expect(form.getByText('Cada cargo vale entre $ 1 y $ 100.000.000, en pesos enteros.')).toBeVisible();
  await form.getByLabel('Valor con impuesto').fill('23.800');
  await expect(form.getByTestId('nota-debito-total')).toHaveText('$ 23.800');
  // Corrected, its message goes.
  await expect(form.getByText('Cada cargo vale entre $ 1 y $ 100.000.000, en pesos enteros.')).toHaveCount(0);
  await notas.scrollIntoViewIfNeeded();
  await captura(page, { path: `${SHOTS}/nota-debito-form-1366.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await form.scrollIntoViewIfNeeded();
  await captura(page, { path: `${SHOTS}/nota-debito-form-390.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1366, height: 900 });

  await form.getByRole('button', { name: 'Emitir nota débito' }).click();
  await expectToast(page, 'Nota débito ND1 emitida: queda en la bandeja hasta que la DIAN la acepte.');
  const fila = notas.getByTestId('nota-debito');
  await expect(fila).toHaveCount(1);
  await expect(fila).toContainText('ND1');
  await expect(fila).toContainText('Flete de entrega a la obra en Chía, acordado con el cliente');
  await expect(fila).toContainText('Gastos por cobrar');
  await expect(fila).toContainText('$ 23.800');

  // The DIAN panel lists it by its type; the fake DIAN accepts the invoice, then the note.
  await page.goto('/documentos_dian');
  const filaNota = page.getByTestId('documento-ND1');
  await expect(filaNota.getByRole('cell', { name: 'Nota débito' })).toBeVisible();
  await expect(async () => {
    await page.getByRole('button', { name: 'Enviar pendientes ahora' }).click();
    await expect(page.getByTestId('documento-FE1').getByTestId('documento-estado')).toHaveText('Aceptado', { timeout: 2_000 });
    await expect(filaNota.getByTestId('documento-estado')).toHaveText('Aceptado', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });

  // Back on the sale, the note shows DIAN's acceptance.
  await page.goto(`/detalle_factura?id=${venta.id}`);
  await expect(notas.getByTestId('nota-debito')).toContainText('Aceptado');
  await notas.scrollIntoViewIfNeeded();
  await captura(page, { path: `${SHOTS}/nota-debito-lista-1366.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await notas.scrollIntoViewIfNeeded();
  await captura(page, { path: `${SHOTS}/nota-debito-lista-390.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The accountant's export (issue #57 point 6): the tax report counts the month's documents by type
  // and downloads every one of them with its number, third party, base and tax and CUFE/CUDE.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/impuestos');
  const documentos = page.getByTestId('informe-documentos-dian');
  await expect(documentos.getByRole('listitem')).toHaveText(['Factura electrónica de venta: 1', 'Nota débito: 1']);
  const descarga = page.waitForEvent('download');
  await documentos.getByRole('button', { name: 'Documentos para el contador (CSV)' }).click();
  const texto = fs.readFileSync((await (await descarga).path())!).toString('utf8');
  expect(texto).toContain('Tipo;Número;Fecha;Estado DIAN;Documento del tercero;Tercero;');
  expect(texto).toMatch(/\r\nNota débito;ND1;[^;]+;Aceptado;860034313;Constructora Andina S\.A\.S\.;20000;20000;3800;0;0;0;0;0;0;23800;FE1;[0-9a-f]{96}/);
  await documentos.scrollIntoViewIfNeeded();
  await captura(page, { path: `${SHOTS}/contador-1366.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await documentos.scrollIntoViewIfNeeded();
  await captura(page, { path: `${SHOTS}/contador-390.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
