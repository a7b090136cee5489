import { beforeAll, describe, expect, it } from 'vitest';
import { DOMParser } from '@xmldom/xmldom';
import { construirDocumentoPos, construirNotaAjuste, NS } from './xml.js';
import { documentoEjemplo, LINEAS } from './ejemplos.js';
import { notaDeAnulacion, notaDeDevolucion } from './nota.js';
import { validarContraXsd } from './validar-xsd.js';
import { firmarDocumento, leerP12, type Credencial } from './firma.js';
import { generarCertificadoPrueba, type CertificadoPrueba } from './certificado-prueba.js';
import { verificarConXmlsec } from './verificar-xmlsec.js';

const RES_NOTAS = { numero: '18760000002', fechaDesde: '2026-01-01', fechaHasta: '2027-12-31', prefijo: 'NA', desde: 1, hasta: 100000 };
const CREDITNOTE_XSD = 'maindoc/UBL-CreditNote-2.1.xsd';
const NC = 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2';

let cert: CertificadoPrueba;
let credencial: Credencial;
beforeAll(async () => {
  cert = await generarCertificadoPrueba();
  credencial = leerP12(cert.p12, cert.clave);
}, 60_000);

function original() {
  const documento = documentoEjemplo({ lineas: [LINEAS.iva19(), LINEAS.inc(), LINEAS.bolsa()], pago: { forma: 2, medio: 'ZZZ', vencimiento: '2026-12-20' } });
  const g = construirDocumentoPos(documento);
  return { documento, numero: g.numero, cude: g.cude, fecha: g.fecha };
}

describe('nota de ajuste (CreditNote type 94)', () => {
  it('an annulment references the original number, CUDE and date, takes every line back and validates', async () => {
    const o = original();
    const g = construirNotaAjuste(notaDeAnulacion(o, { resolucion: RES_NOTAS, consecutivo: 7, emision: new Date('2026-11-21T14:00:00Z'), motivo: 'Venta anulada por error del cajero' }));
    const r = await validarContraXsd(g.xml, { sinFirmar: true, raiz: CREDITNOTE_XSD });
    expect(r.errores).toBe('');
    const d = new DOMParser().parseFromString(g.xml, 'text/xml');
    expect(d.documentElement!.localName).toBe('CreditNote');
    expect(d.getElementsByTagNameNS(NS.cbc, 'CreditNoteTypeCode')[0]!.textContent).toBe('94');
    expect(d.getElementsByTagNameNS(NS.cbc, 'ResponseCode')[0]!.textContent).toBe('2');
    const ref = d.getElementsByTagNameNS(NS.cac, 'InvoiceDocumentReference')[0]!;
    expect(ref.getElementsByTagNameNS(NS.cbc, 'ID')[0]!.textContent).toBe(o.numero);
    expect(ref.getElementsByTagNameNS(NS.cbc, 'UUID')[0]!.textContent).toBe(o.cude);
    expect(ref.getElementsByTagNameNS(NS.cbc, 'IssueDate')[0]!.textContent).toBe(o.fecha);
    expect(g.numero).toBe('NA7');
    expect(g.cude).not.toBe(o.cude);
    expect(d.getElementsByTagNameNS(NS.cac, 'CreditNoteLine').length).toBe(3);
    // The POS extensions stay, with the accented names, in the note's namespace.
    expect(d.getElementsByTagNameNS(NC, 'InformacionCajaVenta').length).toBe(1);
    expect(g.totales.aPagar).toBe(construirDocumentoPos(o.documento).totales.aPagar);
  });

  it('a partial return (concept 1) carries only the returned lines', async () => {
    const o = original();
    const g = construirNotaAjuste(notaDeDevolucion(o, { resolucion: RES_NOTAS, consecutivo: 8, emision: new Date('2026-11-21T14:00:00Z'), motivo: 'Devolución de la gaseosa' }, [LINEAS.iva19()]));
    expect((await validarContraXsd(g.xml, { sinFirmar: true, raiz: CREDITNOTE_XSD })).ok).toBe(true);
    expect(g.xml).toContain('<cbc:ResponseCode>1</cbc:ResponseCode>');
    expect(g.totales.aPagar).toBe(2 * 5900 * 100);
  });

  it('is signed like the document and xmlsec1 verifies it; the signed note validates', async () => {
    const emision = new Date(Math.max(Date.now(), credencial.validoDesde.getTime() + 1000));
    const g = construirNotaAjuste(notaDeAnulacion(original(), { resolucion: RES_NOTAS, consecutivo: 9, emision, motivo: 'Anulación' }));
    const firmado = firmarDocumento(g.xml, credencial, { instante: emision });
    expect((await verificarConXmlsec(firmado, cert.certificadoPem)).ok).toBe(true);
    expect((await validarContraXsd(firmado, { raiz: CREDITNOTE_XSD })).errores).toBe('');
  });

  it('has no contingency and needs the original CUDE', () => {
    const o = original();
    const nota = notaDeAnulacion(o, { resolucion: RES_NOTAS, consecutivo: 10, emision: new Date(), motivo: 'x' });
    expect(() => construirNotaAjuste({ ...nota, contingencia: '08' })).toThrow(/contingencia/);
    expect(() => construirNotaAjuste({ ...nota, ajuste: { ...nota.ajuste, referencia: { ...nota.ajuste.referencia, cude: 'x' } } })).toThrow(/CUDE/);
  });
});
