import { digitoVerificacion } from '#shared/impuestos';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOMParser } from '@xmldom/xmldom';
import { METODO } from '#shared/roles';
import { documentoDian, factura, producto } from '../../db/schema';
import { crearTienda, peticion, type Tienda } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';
import { generarCertificadoPrueba, type CertificadoPrueba } from './certificado-prueba';
import { ajustarContextoDian } from './contexto';
import { cude } from './cude';
import { iniciarFakeDian, type FakeDian } from './fake-dian';
import { validarContraXsd } from './validar-xsd';
import { verificarConXmlsec } from './verificar-xmlsec';
import { NS } from './xml';

/**
 * Issue #57 point 2: annulling or returning part of an invoiced sale issues the invoice's credit note
 * (CreditNote type 91, CUDE by the software PIN), referencing the invoice's number and CUFE with the
 * reason's code, into the same outbox; the (fake) DIAN accepts it once. Before, an invoiced sale's
 * annulment issued nothing (the note looked for a POS document only).
 */
const t = usarApp();
const req = peticion(t);
let fake: FakeDian;
let cert: CertificadoPrueba;

const PIN = '12345';
const SOFTWARE = { softwareId: '56f2ae4e-9812-4fad-9255-08fcfcd5ccb0', softwarePin: PIN, testSetId: '3f1c2a44-5b6d-4e7f-8a9b-0c1d2e3f4a5b' };
const PERFIL = {
  razonSocial: 'Ferretería El Tornillo S.A.S.', tipoPersona: 'juridica', responsabilidades: ['O-13'], responsableIva: true,
  departamento: '11', municipio: '11001', direccion: 'Calle 45 # 13-20', telefono: '6013456789', correo: 'facturas@tornillo.co', documentoInformativo: true, valorIncBolsa: 66,
};
const EMPRESA = { tipoPersona: 1, tipoDocumento: '31', numero: '860034313', dv: '7', nombre: 'Constructora Andina S.A.S.', email: 'compras@andina.co', responsabilidades: ['O-13'], responsableIva: true };
const CREDITNOTE_XSD = 'maindoc/UBL-CreditNote-2.1.xsd';
const hoy = (dias = 0) => new Date(Date.now() + dias * 86_400_000).toISOString().slice(0, 10);
const texto = (xml: string, local: string) => new DOMParser().parseFromString(xml, 'text/xml').getElementsByTagNameNS(NS.cbc, local)[0]?.textContent ?? '';

beforeAll(async () => {
  fake = await iniciarFakeDian();
  cert = await generarCertificadoPrueba();
  ajustarContextoDian({ url: () => fake.url, tiempoMaximoMs: 5_000, aviso: (err, m) => console.error(m, err) });
}, 60_000);
afterAll(() => fake?.cerrar());

let n = 0;
async function ferreteria(): Promise<Tienda & { productoId: number; nit: string }> {
  const nit = String(902_300_000 + n++ * 7);
  const s = await crearTienda(t);
  expect((await req('PUT', '/api/tienda/perfil-fiscal', s.token, { ...PERFIL, nit, dv: digitoVerificacion(nit) })).statusCode).toBe(200);
  const [p] = await t.database.db.insert(producto).values({ tiendaId: s.id, nombre: 'Tornillo drywall x100', precioUnit: 11_900, stock: 1000, estado: 1, impuesto: 'iva19' }).returning();
  const caja = (await req('POST', '/api/numeracion/cajas', s.token, { nombre: 'Caja 1', ubicacion: 'Mostrador' })).json().id as number;
  const vigencia = { fechaDesde: hoy(-10), fechaHasta: hoy(300) };
  expect((await req('POST', `/api/numeracion/cajas/${caja}/rangos`, s.token, { ...vigencia, resolucion: '18760000001', prefijo: 'POS', desde: 1, hasta: 1000 })).statusCode).toBe(201);
  expect((await req('POST', `/api/numeracion/cajas/${caja}/rangos`, s.token, { ...vigencia, resolucion: '18760000002', prefijo: 'FE', desde: 1, hasta: 1000, tipo: 'factura', claveTecnica: 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c' })).statusCode).toBe(201);
  expect((await req('POST', '/api/dian/certificado', s.token, { p12: cert.p12.toString('base64'), clave: cert.clave })).statusCode).toBe(200);
  expect((await req('PUT', '/api/dian/configuracion', s.token, { habilitado: true, ambiente: 'habilitacion', transporte: 'dian', ...SOFTWARE })).statusCode).toBe(200);
  return { ...s, productoId: p!.idProducto, nit };
}

async function facturar(s: Tienda & { productoId: number }) {
  const r = await req('POST', '/api/ventas/factura-electronica', s.token, { venta: { lineas: [{ productoId: s.productoId, cantidad: 3 }], metodoPagoId: METODO.EFECTIVO, montoRecibido: 50_000 }, adquirente: EMPRESA });
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as { id: number; documento: { numero: string; cude: string } };
}
const notas = (s: Tienda, ventaId: number) =>
  t.database.db.select().from(documentoDian).where(and(eq(documentoDian.tiendaId, s.id), eq(documentoDian.ventaId, ventaId), eq(documentoDian.tipo, '91')));
const enviar = async (s: Tienda) => expect((await req('POST', '/api/dian/documentos/enviar', s.token)).statusCode).toBe(200);

describe('nota crédito de una factura electrónica (issue #57 punto 2)', { timeout: 180_000 }, () => {
  it('anular una venta facturada emite su nota crédito (91, concepto 2) con el número y el CUFE de la factura; válida, firmada y aceptada una vez', async () => {
    const s = await ferreteria();
    const v = await facturar(s);
    expect(v.documento.numero).toBe('FE1');
    for (const _ of [1, 2]) expect((await req('POST', `/api/ventas/${v.id}/anular`, s.token)).statusCode).toBeLessThan(300);
    const [nota, ...otras] = await notas(s, v.id);
    expect(otras).toEqual([]);
    expect(nota).toMatchObject({ numero: 'NC1', concepto: 2, estado: 'pendiente' });
    const xml = nota!.xmlFirmado;
    expect(texto(xml, 'CreditNoteTypeCode')).toBe('91');
    expect(texto(xml, 'ResponseCode')).toBe('2');
    expect(texto(xml, 'ReferenceID')).toBe('FE1');
    expect(xml).toContain(`<cbc:UUID schemeName="CUFE-SHA384">${v.documento.cude}</cbc:UUID>`);
    expect(xml).toContain('Anulación de la venta FE1');
    // Every unit back: $ 35.700 (3 × $ 11.900, IVA 19 % included).
    expect(texto(xml, 'PayableAmount')).toBe('35700.00');
    expect((await validarContraXsd(xml, { raiz: CREDITNOTE_XSD })).errores).toBe('');
    expect((await verificarConXmlsec(xml, cert.certificadoPem)).ok).toBe(true);
    expect(
      cude({ numero: 'NC1', fecha: texto(xml, 'IssueDate'), hora: texto(xml, 'IssueTime'), valorBruto: '30000.00', iva: '5700.00', inc: '0.00', ica: '0.00', valorTotal: '35700.00', nitEmisor: s.nit, numeroAdquirente: '860034313', clave: PIN, ambiente: 2 }),
    ).toBe(nota!.cude);
    // The worker sends it with the invoice; the panel lists it by its type.
    await enviar(s);
    const panel = (await req('GET', '/api/dian/documentos', s.token)).json().items as { tipo: string; numero: string; estado: string }[];
    expect(panel.map((d) => [d.tipo, d.numero, d.estado]).sort()).toEqual([
      ['01', 'FE1', 'aceptado'],
      ['91', 'NC1', 'aceptado'],
    ]);
    expect(fake.envios(nota!.cude)).toBe(1);
    // The receipt's XML download serves the invoice (it answered 404 for an invoice before).
    const copia = await req('GET', `/api/dian/ventas/${v.id}/xml`, s.token);
    expect(copia.statusCode).toBe(200);
    expect(copia.headers['content-disposition']).toContain('FE1.xml');
    expect(texto(copia.body, 'InvoiceTypeCode')).toBe('01');
  });

  it('una devolución parcial de una venta facturada emite su nota crédito (concepto 1) con las unidades devueltas, una sola vez', async () => {
    const s = await ferreteria();
    const v = await facturar(s);
    const [linea] = await t.database.db.select({ id: factura.idFactura }).from(factura).where(eq(factura.ventaId, v.id));
    const cuerpo = { lineas: [{ facturaId: linea!.id, cantidad: 1, destino: 'inventario' }], metodoPagoId: METODO.EFECTIVO, motivo: 'Tornillos de otra medida', clave: '8a3c2a44-5b6d-4e7f-8a9b-0c1d2e3f4a5b' };
    for (const _ of [1, 2]) expect((await req('POST', `/api/ventas/${v.id}/devoluciones`, s.token, cuerpo)).statusCode).toBeLessThan(300);
    const [nota, ...otras] = await notas(s, v.id);
    expect(otras).toEqual([]);
    expect(nota).toMatchObject({ numero: 'NC1', concepto: 1 });
    expect(texto(nota!.xmlFirmado, 'ResponseCode')).toBe('1');
    expect(texto(nota!.xmlFirmado, 'Description')).toBe('Tornillos de otra medida');
    expect(texto(nota!.xmlFirmado, 'PayableAmount')).toBe('11900.00');
    expect(nota!.xmlFirmado).toContain(v.documento.cude);
    expect((await validarContraXsd(nota!.xmlFirmado, { raiz: CREDITNOTE_XSD })).errores).toBe('');
    expect((await verificarConXmlsec(nota!.xmlFirmado, cert.certificadoPem)).ok).toBe(true);
    // A sale with a return is not annulled (422): the rest comes back by a second return, its own note numbered after.
    expect((await req('POST', `/api/ventas/${v.id}/anular`, s.token)).statusCode).toBe(422);
    const resto = { ...cuerpo, lineas: [{ facturaId: linea!.id, cantidad: 2, destino: 'inventario' }], clave: '9b3c2a44-5b6d-4e7f-8a9b-0c1d2e3f4a5b' };
    expect((await req('POST', `/api/ventas/${v.id}/devoluciones`, s.token, resto)).statusCode).toBeLessThan(300);
    const todas = (await notas(s, v.id)).sort((a, b) => a.numero.localeCompare(b.numero));
    expect(todas.map((x) => [x.numero, x.concepto, texto(x.xmlFirmado, 'PayableAmount')])).toEqual([
      ['NC1', 1, '11900.00'],
      ['NC2', 1, '23800.00'],
    ]);
  });

  it('un cambio en una venta facturada emite la nota crédito de lo devuelto', async () => {
    const s = await ferreteria();
    const v = await facturar(s);
    const [linea] = await t.database.db.select({ id: factura.idFactura }).from(factura).where(eq(factura.ventaId, v.id));
    const cambio = await req('POST', `/api/ventas/${v.id}/cambios`, s.token, {
      devolver: [{ facturaId: linea!.id, cantidad: 1, destino: 'inventario' }],
      motivo: 'Cambio por otra medida',
      lineas: [{ productoId: s.productoId, cantidad: 1 }],
      metodoPagoId: METODO.EFECTIVO,
      montoRecibido: 0,
    });
    expect(cambio.statusCode, cambio.body).toBeLessThan(300);
    const [nota, ...otras] = await notas(s, v.id);
    expect(otras).toEqual([]);
    expect(nota).toMatchObject({ numero: 'NC1', concepto: 1 });
    expect(texto(nota!.xmlFirmado, 'PayableAmount')).toBe('11900.00');
    expect(nota!.xmlFirmado).toContain(v.documento.cude);
    expect((await validarContraXsd(nota!.xmlFirmado, { raiz: CREDITNOTE_XSD })).errores).toBe('');
  });

  it('una venta con documento POS sigue corrigiéndose con su nota de ajuste (94), no con nota crédito', async () => {
    const s = await ferreteria();
    const v = await req('POST', '/api/ventas', s.token, { lineas: [{ productoId: s.productoId, cantidad: 1 }], metodoPagoId: METODO.EFECTIVO, montoRecibido: 20_000 });
    expect(v.statusCode, v.body).toBe(201);
    expect((await req('POST', `/api/ventas/${v.json().id}/anular`, s.token)).statusCode).toBeLessThan(300);
    const docs = await t.database.db.select({ tipo: documentoDian.tipo, numero: documentoDian.numero }).from(documentoDian).where(eq(documentoDian.ventaId, v.json().id));
    expect(docs.map((d) => d.tipo).sort()).toEqual(['20', '94']);
    expect(docs.find((d) => d.tipo === '94')!.numero).toBe('NA1');
  });
});
