import { describe, expect, it } from 'vitest';
import { DOMParser, type Element as XElement } from '@xmldom/xmldom';
import { construirDocumentoPos, NS } from './xml.js';
import { documentoEjemplo, LINEAS } from './ejemplos.js';
import { validarContraXsd } from './validar-xsd.js';
import { cude } from './cude.js';
import type { DocumentoPos } from './tipos.js';

function parse(xml: string) {
  return new DOMParser().parseFromString(xml, 'text/xml');
}
function textos(xml: string, ns: string, local: string): string[] {
  return Array.from(parse(xml).getElementsByTagNameNS(ns, local)).map((n) => n.textContent ?? '');
}
/** The document's own TaxTotal elements (not the lines'), as code → amount. */
function impuestosDelDocumento(xml: string): Record<string, string> {
  const raiz = parse(xml).documentElement!;
  const out: Record<string, string> = {};
  for (const tt of Array.from(raiz.childNodes).filter((n): n is XElement => (n as XElement).localName === 'TaxTotal')) {
    const codigo = tt.getElementsByTagNameNS(NS.cbc, 'ID')[0]!.textContent!;
    out[codigo] = tt.getElementsByTagNameNS(NS.cbc, 'TaxAmount')[0]!.textContent!;
  }
  return out;
}

const casos: [string, Partial<DocumentoPos>][] = [
  ['IVA 19 %', { lineas: [LINEAS.iva19()] }],
  ['IVA 5 %', { lineas: [LINEAS.iva5()] }],
  ['exento', { lineas: [LINEAS.exento()] }],
  ['excluido (by weight)', { lineas: [LINEAS.excluido()] }],
  ['INC 8 %', { lineas: [LINEAS.inc()] }],
  ['bags', { lineas: [LINEAS.iva19(), LINEAS.bolsa()] }],
  ['every tax together', { lineas: [LINEAS.iva19(), LINEAS.iva5(), LINEAS.exento(), LINEAS.excluido(), LINEAS.inc(), LINEAS.bolsa()] }],
  ['fiado (crédito with due date)', { pago: { forma: 2, medio: 'ZZZ', vencimiento: '2026-12-20' } }],
  ['a named buyer with cédula', { adquirente: { tipoDocumento: '13', numero: '1020304050', nombre: 'Pedro Pérez & Hijos <PP>', email: 'pedro@example.com' } }],
  ['a company buyer with NIT', { adquirente: { tipoDocumento: '31', numero: '860034313', dv: '7', nombre: 'Droguería Central Ltda.' } }],
  ['consumidor final, producción', { ambiente: 1 }],
  ['contingency type 08', { contingencia: '08' }],
];

describe('UBL 2.1 Invoice type 20 (documento equivalente POS)', () => {
  for (const [nombre, cambios] of casos) {
    it(`validates against the UBL 2.1 and DIAN schemas: ${nombre}`, async () => {
      const g = construirDocumentoPos(documentoEjemplo(cambios));
      const r = await validarContraXsd(g.xml, { sinFirmar: true });
      expect(r.errores).toBe('');
      expect(r.ok).toBe(true);
    });
  }

  it('the validation is not vacuous: a document without its number, or with a wrong provider scheme, fails', async () => {
    const g = construirDocumentoPos(documentoEjemplo());
    const sinNumero = g.xml.replace('<cbc:ID>SETP990000001</cbc:ID>', '');
    expect((await validarContraXsd(sinNumero, { sinFirmar: true })).ok).toBe(false);
    const malProveedor = g.xml.replace('schemeID="4" schemeName="31">900373076', 'schemeID="9" schemeName="31">900373076');
    expect(malProveedor).not.toBe(g.xml);
    const r = await validarContraXsd(malProveedor, { sinFirmar: true });
    expect(r.ok).toBe(false);
    expect(r.errores).toContain('ProviderID');
  });

  it('carries the CUDE, type 20, profile and the environment, and its totals add up', () => {
    const d = documentoEjemplo({ lineas: [LINEAS.iva19(), LINEAS.iva5(), LINEAS.exento(), LINEAS.excluido(), LINEAS.inc(), LINEAS.bolsa()] });
    const g = construirDocumentoPos(d);
    expect(textos(g.xml, NS.cbc, 'InvoiceTypeCode')).toEqual(['20']);
    expect(textos(g.xml, NS.cbc, 'ProfileExecutionID')).toEqual(['2']);
    expect(textos(g.xml, NS.cbc, 'UUID')).toEqual([g.cude]);
    expect(textos(g.xml, NS.cbc, 'IssueDate')).toEqual(['2026-11-20']);
    expect(textos(g.xml, NS.cbc, 'IssueTime')).toEqual(['10:04:05-05:00']);
    expect(textos(g.xml, NS.sts, 'QRCode')).toEqual([`https://catalogo-vpfe-hab.dian.gov.co/document/searchqr?documentkey=${g.cude}`]);
    // The shelf prices the customer paid: 2×5900 + 12500 + 18000 + 1600 + 3×2500 + 2 bags × 70.
    expect(g.totales.aPagar).toBe((2 * 5900 + 12500 + 18000 + 1600 + 3 * 2500 + 140) * 100);
    expect(textos(g.xml, NS.cbc, 'PayableAmount')).toEqual(['51540.00']);
    // The CUDE recomputed from what the XML says.
    const lmt = (n: string) => textos(g.xml, NS.cbc, n)[0]!;
    const imp = impuestosDelDocumento(g.xml);
    expect(
      cude({
        numero: 'SETP990000001', fecha: '2026-11-20', hora: '10:04:05-05:00', valorBruto: lmt('LineExtensionAmount'),
        iva: imp['01']!, inc: imp['04']!, ica: '0.00', valorTotal: lmt('PayableAmount'), nitEmisor: '900373076',
        numeroAdquirente: '222222222222', clave: '12345', ambiente: 2,
      }),
    ).toBe(g.cude);
  });

  it('never reports excluido; reports exento as IVA at 0 % and the bag tax per unit', () => {
    const solo = construirDocumentoPos(documentoEjemplo({ lineas: [LINEAS.excluido()] }));
    expect(impuestosDelDocumento(solo.xml)).toEqual({});
    const exento = construirDocumentoPos(documentoEjemplo({ lineas: [LINEAS.exento()] }));
    expect(impuestosDelDocumento(exento.xml)).toEqual({ '01': '0.00' });
    expect(textos(exento.xml, NS.cbc, 'Percent')).toContain('0.00');
    const bolsa = construirDocumentoPos(documentoEjemplo({ lineas: [LINEAS.bolsa()] }));
    expect(impuestosDelDocumento(bolsa.xml)).toEqual({ '22': '140.00' });
    expect(textos(bolsa.xml, NS.cbc, 'PerUnitAmount')).toContain('70.00');
  });

  it('sends a libra of an excluded product as 0.5 KGM', () => {
    const g = construirDocumentoPos(documentoEjemplo({ lineas: [LINEAS.excluido()] }));
    const q = parse(g.xml).getElementsByTagNameNS(NS.cbc, 'InvoicedQuantity')[0]!;
    expect(q.getAttribute('unitCode')).toBe('KGM');
    expect(q.textContent).toBe('0.50');
  });

  it('fiado is payment form 2 (crédito) with its due date; cash is form 1', () => {
    const fiado = construirDocumentoPos(documentoEjemplo({ pago: { forma: 2, medio: 'ZZZ', vencimiento: '2026-12-20' } }));
    const pm = parse(fiado.xml).getElementsByTagNameNS(NS.cac, 'PaymentMeans')[0]!;
    expect(pm.getElementsByTagNameNS(NS.cbc, 'ID')[0]!.textContent).toBe('2');
    expect(pm.getElementsByTagNameNS(NS.cbc, 'PaymentDueDate')[0]!.textContent).toBe('2026-12-20');
    const contado = construirDocumentoPos(documentoEjemplo());
    expect(parse(contado.xml).getElementsByTagNameNS(NS.cac, 'PaymentMeans')[0]!.getElementsByTagNameNS(NS.cbc, 'ID')[0]!.textContent).toBe('1');
    expect(() => construirDocumentoPos(documentoEjemplo({ pago: { forma: 2, medio: 'ZZZ' } }))).toThrow(/vencimiento/);
  });

  it('a missing buyer is consumidor final 222222222222; a named buyer keeps their name escaped', () => {
    const cf = construirDocumentoPos(documentoEjemplo());
    expect(textos(cf.xml, NS.cbc, 'CompanyID')).toContain('222222222222');
    const nombrado = construirDocumentoPos(documentoEjemplo({ adquirente: { tipoDocumento: '13', numero: '1020304050', nombre: 'Pedro Pérez & Hijos <PP>' } }));
    expect(textos(nombrado.xml, NS.cbc, 'RegistrationName')).toContain('Pedro Pérez & Hijos <PP>');
    expect(nombrado.xml).toContain('Pedro Pérez &amp; Hijos &lt;PP&gt;');
  });

  it('has the three POS extensions with the accented names DIAN compares, and an empty slot for the signature last', () => {
    const g = construirDocumentoPos(documentoEjemplo());
    const nombres = (info: string) =>
      Array.from(parse(g.xml).getElementsByTagNameNS(NS.inv, info)[0]!.getElementsByTagNameNS(NS.inv, 'Name')).map((n) => n.textContent);
    expect(nombres('InformacionDelFabricanteDelSoftware')).toEqual(['NombreApellido', 'RazonSocial', 'NombreSoftware']);
    expect(nombres('InformacionBeneficiosComprador')).toEqual(['Codigo', 'NombresApellidos', 'Puntos']);
    expect(nombres('InformacionCajaVenta')).toEqual(['PlacaCaja', 'UbicaciónCaja', 'Cajero', 'TipoCaja', 'CódigoVenta', 'SubTotal']);
    const exts = parse(g.xml).getElementsByTagNameNS(NS.ext, 'UBLExtension');
    expect(exts.length).toBe(5);
    expect(exts[4]!.getElementsByTagNameNS(NS.ext, 'ExtensionContent')[0]!.childNodes.length).toBe(0);
  });

  it('refuses a number outside the resolution range and an empty document', () => {
    expect(() => construirDocumentoPos(documentoEjemplo({ consecutivo: 1 }))).toThrow(/fuera del rango/);
    expect(() => construirDocumentoPos(documentoEjemplo({ lineas: [] }))).toThrow(/no tiene líneas/);
  });
});
