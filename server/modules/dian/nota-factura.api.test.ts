import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { METODO } from '#shared/roles';
import { documentoDian, factura } from '../../db/schema';
import type { Tienda } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';
import { cude } from './cude';
import { validarContraXsd } from './validar-xsd';
import { verificarConXmlsec } from './verificar-xmlsec';
import { DOMParser } from '@xmldom/xmldom';
import { PIN, textoXml, usarFerreteria, type Ferreteria } from './ferreteria.fixtures';
import { NS } from './xml';

/**
 * Issue #57 point 2: annulling or returning part of an invoiced sale issues the invoice's credit note
 * (CreditNote type 91, CUDE by the software PIN), referencing the invoice's number and CUFE with the
 * reason's code, into the same outbox; the (fake) DIAN accepts it once. Before, an invoiced sale's
 * annulment issued nothing (the note looked for a POS document only).
 */
const t = usarApp();
const { req, dian, ferreteria, facturar } = usarFerreteria(t, 902_300_000);
const CREDITNOTE_XSD = 'maindoc/UBL-CreditNote-2.1.xsd';
const texto = textoXml;

const notas = (s: Tienda, ventaId: number) =>
  t.database.db.select().from(documentoDian).where(and(eq(documentoDian.tiendaId, s.id), eq(documentoDian.ventaId, ventaId), eq(documentoDian.tipo, '91')));
const enviar = async (s: Tienda) => expect((await req('POST', '/api/dian/documentos/enviar', s.token)).statusCode).toBe(200);
/** The buyer swaps one unit of the sale's line for another of the same product, paying nothing more. */
async function cambiarUna(s: Ferreteria, ventaId: number) {
  const [linea] = await t.database.db.select({ id: factura.idFactura }).from(factura).where(eq(factura.ventaId, ventaId));
  const cambio = await req('POST', `/api/ventas/${ventaId}/cambios`, s.token, {
    devolver: [{ facturaId: linea!.id, cantidad: 1, destino: 'inventario' }],
    motivo: 'Cambio por otra medida',
    lineas: [{ productoId: s.productoId, cantidad: 1 }],
    metodoPagoId: METODO.EFECTIVO,
    montoRecibido: 0,
  });
  expect(cambio.statusCode, cambio.body).toBeLessThan(300);
  return cambio;
}

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
    expect((await verificarConXmlsec(xml, dian.cert.certificadoPem)).ok).toBe(true);
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
    expect(dian.fake.envios(nota!.cude)).toBe(1);
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
    expect((await verificarConXmlsec(nota!.xmlFirmado, dian.cert.certificadoPem)).ok).toBe(true);
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

  it('un cambio en una venta facturada emite la nota crédito de lo devuelto, y la venta nueva del cambio sale facturada al mismo comprador', async () => {
    const s = await ferreteria();
    const v = await facturar(s);
    const cambio = await cambiarUna(s, v.id);
    const [nota, ...otras] = await notas(s, v.id);
    expect(otras).toEqual([]);
    expect(nota).toMatchObject({ numero: 'NC1', concepto: 1 });
    expect(texto(nota!.xmlFirmado, 'PayableAmount')).toBe('11900.00');
    expect(nota!.xmlFirmado).toContain(v.documento.cude);
    expect((await validarContraXsd(nota!.xmlFirmado, { raiz: CREDITNOTE_XSD })).errores).toBe('');
    // The replacement is its own factura electrónica de venta (type 01) to the same company, numbered
    // FE2 from the till's invoice range, with its CUFE; before, it got a POS document to consumidor final.
    const nueva = cambio.json().venta.id as number;
    const [doc, ...mas] = await t.database.db.select().from(documentoDian).where(eq(documentoDian.ventaId, nueva));
    expect(mas).toEqual([]);
    expect([doc!.tipo, doc!.numero]).toEqual(['01', 'FE2']);
    expect(texto(doc!.xmlFirmado, 'InvoiceTypeCode')).toBe('01');
    expect(doc!.xmlFirmado).toContain('schemeName="CUFE-SHA384"');
    const comprador = new DOMParser().parseFromString(doc!.xmlFirmado, 'text/xml').getElementsByTagNameNS(NS.cac, 'AccountingCustomerParty')[0]!;
    expect(comprador.getElementsByTagNameNS(NS.cbc, 'ID')[0]!.textContent).toBe('860034313');
    expect(comprador.getElementsByTagNameNS(NS.cbc, 'RegistrationName')[0]!.textContent).toBe('Constructora Andina S.A.S.');
    expect(texto(doc!.xmlFirmado, 'PayableAmount')).toBe('11900.00');
    expect((await validarContraXsd(doc!.xmlFirmado)).errores).toBe('');
    expect((await verificarConXmlsec(doc!.xmlFirmado, dian.cert.certificadoPem)).ok).toBe(true);
    // Sent like any invoice: the original, its note and the new invoice are accepted.
    await enviar(s);
    const panel = (await req('GET', '/api/dian/documentos', s.token)).json().items as { tipo: string; numero: string; estado: string }[];
    expect(panel.map((d) => [d.tipo, d.numero, d.estado]).sort()).toEqual([
      ['01', 'FE1', 'aceptado'],
      ['01', 'FE2', 'aceptado'],
      ['91', 'NC1', 'aceptado'],
    ]);
  });

  it('el cambio de una venta con documento POS sigue con documento POS', async () => {
    const s = await ferreteria();
    const v = await req('POST', '/api/ventas', s.token, { lineas: [{ productoId: s.productoId, cantidad: 2 }], metodoPagoId: METODO.EFECTIVO, montoRecibido: 30_000 });
    expect(v.statusCode, v.body).toBe(201);
    const cambio = await cambiarUna(s, v.json().id);
    const docs = await t.database.db.select({ tipo: documentoDian.tipo, numero: documentoDian.numero }).from(documentoDian).where(eq(documentoDian.ventaId, cambio.json().venta.id));
    expect(docs).toEqual([{ tipo: '20', numero: 'POS2' }]);
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
