import { expect, type Locator, type Page } from '@playwright/test';
import { generarCertificadoPrueba } from '../../../server/modules/dian/certificado-prueba';
import { agregarAlCarrito, unique } from './fixtures';
import { perfilFiscal } from '../../helpers/perfil-fiscal';

/** The invoicing hardware store of the electronic invoice's journeys (issue #57). */
export const CLAVE = 'Clave1234';
export const dia = (dias: number) => new Date(Date.now() + dias * 86_400_000).toISOString().slice(0, 10);

/** Calls the store's API with its token and expects `esperado`; answers the JSON it returns. */
export type Llamar = (method: 'post' | 'put', url: string, data: object | undefined, esperado: number) => Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- the journeys read answers loosely

/** A store registered and signed in through the API (the electronic documents' journeys): its e-mail and a `Llamar` with its token. */
export async function tiendaRegistrada(page: Page, prefijo: string, nombreTienda: string): Promise<{ email: string; llamar: Llamar }> {
  const email = `${unique(prefijo)}@prueba.co`;
  expect((await page.request.post('/api/tiendas/registro', { data: { nombreTienda: unique(nombreTienda), email, contrasena: CLAVE } })).status()).toBe(201);
  const { token } = await (await page.request.post('/api/sesion/login', { data: { tipo: 'tienda', email, contrasena: CLAVE } })).json();
  const headers = { authorization: `Bearer ${token}` };
  const llamar: Llamar = async (method, url, data, esperado) => {
    const r = await page.request[method](url, { data, headers });
    expect(r.status(), await r.text()).toBe(esperado);
    return r.json();
  };
  return { email, llamar };
}

/** The fiscal profile's body, shared with the API tests. */
export { perfilFiscal } from '../../helpers/perfil-fiscal';

/** A store with the electronic document on, a product at 19 % and a till with a POS and (unless told) an invoice range, through the API. */
export async function ferreteria(page: Page, opciones: { rangoFactura?: boolean } = {}): Promise<string> {
  const { email, llamar } = await tiendaRegistrada(page, 'fe', 'Ferretería');
  await llamar('post', '/api/productos', { nombre: 'Tornillo drywall x100', precio: 11900, cantidad: 50, categoria: 'Ferretería' }, 201);
  await llamar('put', '/api/impuestos/categorias', { categoria: 'Ferretería', impuesto: 'iva19' }, 200);
  const nit = String(901_200_000 + Math.floor(Math.random() * 90_000));
  await llamar('put', '/api/tienda/perfil-fiscal', perfilFiscal('Ferretería El Tornillo S.A.S.', nit, Number(await dvDe(page, nit)), 'facturas@tornillo.co'), 200);
  const caja = await llamar('post', '/api/numeracion/cajas', { nombre: 'Caja 1', ubicacion: 'Mostrador' }, 201);
  const vigencia = { resolucion: '18760000001', fechaDesde: dia(-5), fechaHasta: dia(300) };
  await llamar('post', `/api/numeracion/cajas/${caja.id}/rangos`, { ...vigencia, prefijo: 'POS', desde: 1, hasta: 100000 }, 201);
  if (opciones.rangoFactura !== false)
    await llamar('post', `/api/numeracion/cajas/${caja.id}/rangos`, { ...vigencia, resolucion: '18760000002', prefijo: 'FE', desde: 1, hasta: 100000, tipo: 'factura', claveTecnica: 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c' }, 201);
  const cert = await generarCertificadoPrueba();
  await llamar('post', '/api/dian/certificado', { p12: cert.p12.toString('base64'), clave: cert.clave }, 200);
  await llamar(
    'put',
    '/api/dian/configuracion',
    { habilitado: true, ambiente: 'habilitacion', transporte: 'dian', softwareId: '56f2ae4e-9812-4fad-9255-08fcfcd5ccb0', softwarePin: '12345', testSetId: '3f1c2a44-5b6d-4e7f-8a9b-0c1d2e3f4a5b' },
    200,
  );
  return email;
}

/** DIAN's check digit, as the module computes it (weights 3, 7, 13, … from the right). */
async function dvDe(_page: Page, nit: string): Promise<string> {
  const pesos = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71];
  const suma = [...nit].reverse().reduce((s, d, i) => s + Number(d) * pesos[i]!, 0);
  const r = suma % 11;
  return String(r > 1 ? 11 - r : r);
}


/** Three screws invoiced to a company through the API (the till's form has its own journey): the sale's id and its invoice's number. */
export async function facturarPorApi(page: Page, email: string): Promise<{ id: number; numero: string }> {
  const { token } = await (await page.request.post('/api/sesion/login', { data: { tipo: 'tienda', email, contrasena: CLAVE } })).json();
  const headers = { authorization: `Bearer ${token}` };
  // The store's shift (a sale needs one open; one already open answers 409).
  expect([201, 409]).toContain((await page.request.post('/api/caja/turnos', { headers, data: { fondoInicial: 0 } })).status());
  const productos = await (await page.request.get('/api/ventas/productos?q=Tornillo&page=1&pageSize=5', { headers })).json();
  const adquirente = { tipoPersona: 1, tipoDocumento: '31', numero: '860034313', dv: '7', nombre: 'Constructora Andina S.A.S.', email: 'compras@andina.co', responsabilidades: ['O-13'], responsableIva: true };
  const r = await page.request.post('/api/ventas/factura-electronica', {
    headers,
    data: { venta: { lineas: [{ productoId: productos.items[0].id, cantidad: 3 }], metodoPagoId: 5, montoRecibido: 50_000 }, adquirente },
  });
  expect(r.status(), await r.text()).toBe(201);
  const v = await r.json();
  return { id: v.id, numero: v.documento.numero };
}

/** At the till: the screws in the cart, paid in cash with $ 20.000, and "Factura electrónica" ticked; answers the buyer's form. */
export async function pagoConFactura(page: Page): Promise<Locator> {
  await page.goto('/ventas');
  await agregarAlCarrito(page, 'Tornillo drywall x100');
  await page.getByRole('button', { name: 'Generar pago' }).click();
  await page.getByLabel('Efectivo').check();
  await page.getByLabel('Monto recibido').fill('20.000');
  await page.getByRole('checkbox', { name: /Factura electrónica/ }).check();
  return page.getByTestId('pago-factura');
}
