import { beforeAll, describe, expect, it } from 'vitest';
import { DOMParser } from '@xmldom/xmldom';
import { construirDocumentoPos, NS } from './xml.js';
import { documentoEjemplo, LINEAS } from './ejemplos.js';
import { CertificadoInvalido, firmarDocumento, leerP12, POLITICA_FIRMA } from './firma.js';
import { credencialPrueba, type CredencialPrueba } from './certificado-prueba.js';
import { verificarConXmlsec } from './verificar-xmlsec.js';
import { validarContraXsd } from './validar-xsd.js';

let c: CredencialPrueba;
beforeAll(async () => {
  c = await credencialPrueba();
}, 60_000);

function firmado(cambios = {}) {
  const g = construirDocumentoPos(documentoEjemplo({ emision: c.emision, lineas: [LINEAS.iva19(), LINEAS.exento(), LINEAS.bolsa()], ...cambios }));
  return { g, xml: firmarDocumento(g.xml, c.credencial, { instante: c.emision }) };
}

describe('XAdES-EPES signature', () => {
  it('xmlsec1 verifies the signed document, and the signed document validates against the schemas', async () => {
    const { xml } = firmado();
    const v = await verificarConXmlsec(xml, c.cert.certificadoPem);
    expect(v.salida).toContain('OK');
    expect(v.ok).toBe(true);
    const r = await validarContraXsd(xml);
    expect(r.errores).toBe('');
  });

  it('xmlsec1 refuses a document changed after signing (the payable amount)', async () => {
    const { xml } = firmado();
    const cambiado = xml.replace(/(<cbc:PayableAmount currencyID="COP">)(\d+)/, (_, a: string, n: string) => `${a}${Number(n) - 1}`);
    expect(cambiado).not.toBe(xml);
    expect((await verificarConXmlsec(cambiado, c.cert.certificadoPem)).ok).toBe(false);
  });

  it('xmlsec1 refuses a changed signing time (SignedProperties is referenced)', async () => {
    const { xml } = firmado();
    const cambiado = xml.replace(/<xades:SigningTime>(\d{4})/, (_, y: string) => `<xades:SigningTime>${Number(y) - 1}`);
    expect(cambiado).not.toBe(xml);
    expect((await verificarConXmlsec(cambiado, c.cert.certificadoPem)).ok).toBe(false);
  });

  it("has DIAN's shape: three references, inclusive C14N, RSA-SHA256, policy v2 with its hash, -05:00 signing time on the issue date", () => {
    const { g, xml } = firmado();
    const d = new DOMParser().parseFromString(xml, 'text/xml');
    const firma = d.getElementsByTagNameNS(NS.ds, 'Signature')[0]!;
    // Inside the last UBLExtension.
    const exts = d.getElementsByTagNameNS(NS.ext, 'UBLExtension');
    expect(firma.parentNode!.parentNode).toBe(exts[exts.length - 1]);
    const refs = Array.from(firma.getElementsByTagNameNS(NS.ds, 'Reference'));
    expect(refs.map((r) => r.getAttribute('URI'))).toEqual(['', `#${firma.getAttribute('Id')}-keyinfo`, `#${firma.getAttribute('Id')}-signedprops`]);
    expect(refs[0]!.getElementsByTagNameNS(NS.ds, 'Transform')[0]!.getAttribute('Algorithm')).toBe('http://www.w3.org/2000/09/xmldsig#enveloped-signature');
    expect(refs[2]!.getAttribute('Type')).toBe('http://uri.etsi.org/01903#SignedProperties');
    expect(firma.getElementsByTagNameNS(NS.ds, 'CanonicalizationMethod')[0]!.getAttribute('Algorithm')).toBe('http://www.w3.org/TR/2001/REC-xml-c14n-20010315');
    expect(firma.getElementsByTagNameNS(NS.ds, 'SignatureMethod')[0]!.getAttribute('Algorithm')).toBe('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256');
    for (const dm of Array.from(firma.getElementsByTagNameNS(NS.ds, 'DigestMethod'))) {
      expect(dm.getAttribute('Algorithm')).toBe('http://www.w3.org/2001/04/xmlenc#sha256');
    }
    expect(d.getElementsByTagNameNS(NS.xades, 'Identifier')[0]!.textContent).toBe(POLITICA_FIRMA.url);
    expect(xml).toContain(`<ds:DigestValue>${POLITICA_FIRMA.hashSha256}</ds:DigestValue>`);
    expect(d.getElementsByTagNameNS(NS.xades, 'ClaimedRole')[0]!.textContent).toBe('supplier');
    const hora = d.getElementsByTagNameNS(NS.xades, 'SigningTime')[0]!.textContent!;
    expect(hora).toBe(`${g.fecha}T${g.hora}`);
    expect(hora.endsWith('-05:00')).toBe(true);
  });

  it('refuses to sign on another day than the issue date, or outside the certificate validity', () => {
    const g = construirDocumentoPos(documentoEjemplo({ emision: c.emision }));
    expect(() => firmarDocumento(g.xml, c.credencial, { instante: new Date(c.emision.getTime() + 2 * 86_400_000) })).toThrow();
    const viejo = construirDocumentoPos(documentoEjemplo({ emision: new Date('2020-01-01T12:00:00Z') }));
    expect(() => firmarDocumento(viejo.xml, c.credencial, { instante: new Date('2020-01-01T12:00:00Z') })).toThrow(CertificadoInvalido);
  });

  it('a wrong .p12 password gives a clear message and no detail of the file', () => {
    expect(() => leerP12(c.cert.p12, 'otra')).toThrow(/contraseña/);
  });
});
