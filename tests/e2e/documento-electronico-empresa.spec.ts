import { expect, test } from '@playwright/test';
import { generarCertificadoPrueba } from '../../server/modules/dian/certificado-prueba';
import { cambiarDeTienda, CLAVE, entrarComo, nuevaTienda } from './crud-support';
import { perfilFiscal } from './support/ferreteria';
import { documento, signIn, unique } from './support/fixtures';
import { fotosEnDosAnchos } from './support/capturas';

/**
 * One DIAN certificate per empresa (issue #56 point 5, ADR 069): the owner loads the certificate and
 * the software in the first store; on the branch's settings screen the owner reads that a change applies
 * to both stores, and the branch's administrator (a person with role 1 there) sees the empresa's
 * certificate, the software read-only (the POS document's and the invoice's), no upload, and that only
 * the owner changes them; its own test set ids still save. Screenshots of both at 1366 and 390 px.
 */
const SOFTWARE = { softwareId: '56f2ae4e-9812-4fad-9255-08fcfcd5ccb0', softwarePin: '12345', testSetId: '3f1c2a44-5b6d-4e7f-8a9b-0c1d2e3f4a5b' };
/** The invoice's own software (ADR 069's addendum): the empresa's too. */
const FACTURA = { softwareId: 'a1b2c3d4-0000-4000-8000-000000000001', softwarePin: '54321' };
const TARJETA_FACTURA = 'Factura electrónica de venta, notas crédito y notas débito';


test('el certificado y el software son de la empresa: el dueño sabe que un cambio aplica a todas; la sucursal firma con ellos y no los cambia', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const cert = await generarCertificadoPrueba('/CN=Surtidor La Ceiba SAS/O=Pruebas/C=CO');
  const tienda = await nuevaTienda(page.request);
  const dueno = { authorization: `Bearer ${tienda.token}` };
  const ok = async (r: Promise<import('@playwright/test').APIResponse>, status: number) => {
    const res = await r;
    expect(res.status(), await res.text()).toBe(status);
    return res.json();
  };
  await ok(page.request.put('/api/tienda/perfil-fiscal', { headers: dueno, data: perfilFiscal('Surtidor La Ceiba S.A.S.', '800197268', 4, 'facturas@laceiba.co') }), 200);
  await ok(page.request.post('/api/dian/certificado', { headers: dueno, data: { p12: cert.p12.toString('base64'), clave: cert.clave } }), 200);
  await ok(page.request.put('/api/dian/configuracion', { headers: dueno, data: { habilitado: false, ambiente: 'habilitacion', transporte: 'dian', ...SOFTWARE } }), 200);
  await ok(page.request.put('/api/dian/habilitacion/tipos/factura', { headers: dueno, data: FACTURA }), 200);
  // A person of the first store, administrator (role 1) of the branch.
  await ok(page.request.put('/api/tienda/invitacion', { headers: dueno, data: { aprobar_empleados: false } }), 200);
  const correo = `${unique('admin')}@e2e.co`;
  await ok(page.request.post('/api/usuarios/registro', { data: { nombre: 'Rosa', apellido: 'Díaz', documento: documento(), tipoDoc: 'CC', email: correo, contrasena: CLAVE, codigo_invitacion: tienda.codigo } }), 201);
  const norte = `Ceiba Norte ${unique('n').slice(-5)}`;
  const idNorte = (await ok(page.request.post('/api/sucursales', { headers: dueno, data: { nombreTienda: norte } }), 201)).idTienda as number;
  const personas = (await ok(page.request.get('/api/sucursales/personas', { headers: dueno }), 200)).items as { idUsuario: number; nombre: string }[];
  const rosa = personas.find((p) => p.nombre.startsWith('Rosa'))!;
  await ok(page.request.put(`/api/sucursales/${idNorte}/personas/${rosa.idUsuario}`, { headers: dueno, data: { rol: 1 } }), 200);

  // The owner, in the branch: the empresa's certificate, and a change reaches both stores.
  await entrarComo(page, tienda);
  await page.goto('/inicio');
  await cambiarDeTienda(page, norte);
  await page.goto('/documento_electronico');
  await expect(page.getByTestId('dian-de-empresa')).toHaveText('El certificado de firma, el identificador del software y su PIN son de la empresa: un cambio aplica a sus 2 tiendas.');
  await expect(page.getByTestId('certificado-resumen')).toContainText('Surtidor La Ceiba SAS');
  await expect(page.getByRole('form', { name: 'Documento electrónico' }).getByLabel('Identificador del software (SoftwareID)')).toHaveValue(SOFTWARE.softwareId);
  await expect(page.getByLabel('Archivo del certificado (.p12 o .pfx)')).toBeVisible();
  await expect(page.locator('.dian-tipos > p')).toContainText('El software de cada tipo es de la empresa: regístrelo una vez en el portal de la DIAN y lo usan sus 2 tiendas');
  const facturaDueno = page.getByRole('form', { name: TARJETA_FACTURA });
  await expect(facturaDueno.getByLabel('Identificador del software (SoftwareID)')).toHaveValue(FACTURA.softwareId);
  await expect(facturaDueno.getByLabel('Identificador del software (SoftwareID)')).not.toHaveAttribute('readonly');
  await expect(facturaDueno.getByLabel('PIN del software')).toBeEnabled();
  await fotosEnDosAnchos(page, 'dian-empresa-dueno');

  // The branch's administrator: the same certificate and software, read-only, no upload.
  const contexto = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const admin = await contexto.newPage();
  await signIn(admin, 'Empleado', correo, CLAVE, { caja: false });
  await cambiarDeTienda(admin, norte);
  await admin.goto('/documento_electronico');
  await expect(admin.getByTestId('dian-de-empresa')).toHaveText(
    'El certificado de firma, el identificador del software y su PIN son de la empresa: esta tienda firma con ellos sin cargarlos. Solo el dueño de la empresa los cambia.',
  );
  await expect(admin.getByTestId('certificado-resumen')).toContainText('Surtidor La Ceiba SAS');
  await expect(admin.getByRole('form', { name: 'Documento electrónico' }).getByLabel('Identificador del software (SoftwareID)')).toHaveValue(SOFTWARE.softwareId);
  await expect(admin.getByRole('form', { name: 'Documento electrónico' }).getByLabel('Identificador del software (SoftwareID)')).toHaveAttribute('readonly', '');
  await expect(admin.getByRole('form', { name: 'Documento electrónico' }).getByLabel('PIN del software')).toBeDisabled();
  await expect(admin.getByLabel('Archivo del certificado (.p12 o .pfx)')).toHaveCount(0);
  await expect(admin.locator('.dian-tipos > p')).toContainText('es de la empresa y solo lo cambia su dueño; esta tienda envía su propio set de pruebas.');
  // Its own settings still save (the software sent back as it is).
  await admin.getByRole('form', { name: 'Documento electrónico' }).getByLabel('Identificador del set de pruebas (TestSetId)').fill('4a1c2a44-5b6d-4e7f-8a9b-0c1d2e3f4a5b');
  await admin.getByRole('button', { name: 'Guardar configuración' }).click();
  await expect(admin.getByText('Configuración guardada.')).toBeVisible();
  // The invoice's software too: the empresa's, read-only; the branch's own test set id for it saves.
  const factura = admin.getByRole('form', { name: TARJETA_FACTURA });
  await expect(factura.getByLabel('Identificador del software (SoftwareID)')).toHaveValue(FACTURA.softwareId);
  await expect(factura.getByLabel('Identificador del software (SoftwareID)')).toHaveAttribute('readonly', '');
  await expect(factura.getByLabel('PIN del software')).toBeDisabled();
  await factura.getByLabel('Identificador del set de pruebas (TestSetId)').fill('5b2d3b55-6c7e-4f80-9bac-1d2e3f4a5b6c');
  await factura.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(admin.getByText('Datos del tipo de documento guardados.')).toBeVisible();
  await expect(factura.getByTestId('tipo-factura-estado')).toHaveText('En pruebas');
  await fotosEnDosAnchos(admin, 'dian-empresa-sucursal');
  await contexto.close();
});
