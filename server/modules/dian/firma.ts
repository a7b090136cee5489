/**
 * XAdES-EPES enveloped signature of a DIAN document, on xml-crypto (maintained XMLDSig for Node):
 * inclusive C14N, RSA-SHA256, SHA-256 digests, three references — the document (`URI=""`, enveloped
 * transform), `ds:KeyInfo` and `xades:SignedProperties` — with DIAN's signature policy v2 and its
 * hash, the signer's role and the signing time in -05:00. The XAdES object is part of the signature
 * when it is computed (xml-crypto's `objects`), so SignedProperties is referenced and signed.
 *
 * The certificate comes as PKCS#12 (.p12 + password) and is read with node-forge (Node's crypto
 * has no PKCS#12 reader), its key derivations capped and off the event loop (p12.ts). Nothing here
 * logs or returns the key.
 */
import { createHash, createPrivateKey, randomUUID } from 'node:crypto';
import type forge from 'node-forge';
import { nodeForge, xmlCrypto, xmldom } from '../../lib/perezoso.js';
import { fechaHoraBogota } from './cude.js';
import { ALGORITMO, NS } from './xml.js';
import { abrirP12, abrirP12EnHilo, CertificadoInvalido, type ContenidoP12 } from './p12.js';

export const POLITICA_FIRMA = {
  url: 'https://facturaelectronica.dian.gov.co/politicadefirma/v2/politicadefirmav2.pdf',
  descripcion: 'Política de firma para facturas electrónicas de la República de Colombia.',
  hashSha256: 'dMoMvtcG5aIzgYo0tIsSQeVJBDnUnfSOfBpxXrmor0Y=',
} as const;

const { c14n: C14N, enveloped: ENVELOPED, rsaSha256: RSA_SHA256, sha256: SHA256 } = ALGORITMO;

/** A certificate ready to sign. Never serialize it: it holds the private key. */
export interface Credencial {
  llavePem: string;
  certificadoPem: string;
  /** Base64 DER of the certificate (KeyInfo). */
  certificadoDer: string;
  emisor: string;
  serial: string;
  sujeto: string;
  validoDesde: Date;
  validoHasta: Date;
}

/** What may be shown about a certificate (to a browser, a log): no key, no password. */
export interface ResumenCertificado {
  sujeto: string;
  emisor: string;
  serial: string;
  validoDesde: string;
  validoHasta: string;
}

export function resumenCertificado(c: Credencial): ResumenCertificado {
  return { sujeto: c.sujeto, emisor: c.emisor, serial: c.serial, validoDesde: c.validoDesde.toISOString(), validoHasta: c.validoHasta.toISOString() };
}

/** RFC 2253-style distinguished name, most specific first (`CN=…,O=…,C=CO`). */
function nombreDistinguido(atributos: forge.pki.CertificateField[]): string {
  const escapar = (v: string) => v.replace(/([,+"\\<>;=])/g, '\\$1');
  return [...atributos]
    .reverse()
    .map((a) => `${a.shortName ?? a.name ?? a.type}=${escapar(String(a.value))}`)
    .join(',');
}

export { CertificadoInvalido };

/**
 * Reads a .p12 on this thread: the first key and the certificate that matches it. Wrong password →
 * CertificadoInvalido. Its key derivations are capped (p12.ts); a new upload uses `leerP12EnHilo`.
 */
export function leerP12(p12: Buffer, clave: string): Credencial {
  return credencialDe(abrirP12(p12, clave));
}

/** `leerP12` with the key derivations in a worker thread: the event loop answers meanwhile. */
export async function leerP12EnHilo(p12: Buffer, clave: string): Promise<Credencial> {
  return credencialDe(await abrirP12EnHilo(p12, clave));
}

function credencialDe(contenido: ContenidoP12): Credencial {
  const llave = contenido.llaves.map((pem) => nodeForge().pki.privateKeyFromPem(pem) as forge.pki.rsa.PrivateKey)[0];
  if (!llave) throw new CertificadoInvalido('El archivo .p12 no trae una llave privada.', 'contenido');
  const cert = contenido.certificados
    .map((pem) => nodeForge().pki.certificateFromPem(pem))
    .find((c) => (c.publicKey as forge.pki.rsa.PublicKey).n.equals(llave.n));
  if (!cert) throw new CertificadoInvalido('El archivo .p12 no trae el certificado de su llave.', 'contenido');
  const der = nodeForge().asn1.toDer(nodeForge().pki.certificateToAsn1(cert)).getBytes();
  // Node's own key object from forge's PEM (PKCS#1); re-exported as PKCS#8 for xml-crypto.
  const llavePem = createPrivateKey(nodeForge().pki.privateKeyToPem(llave)).export({ type: 'pkcs8', format: 'pem' }).toString();
  return {
    llavePem,
    certificadoPem: nodeForge().pki.certificateToPem(cert),
    certificadoDer: Buffer.from(der, 'binary').toString('base64'),
    emisor: nombreDistinguido(cert.issuer.attributes),
    sujeto: nombreDistinguido(cert.subject.attributes),
    serial: BigInt(`0x${cert.serialNumber}`).toString(10),
    validoDesde: cert.validity.notBefore,
    validoHasta: cert.validity.notAfter,
  };
}

export interface OpcionesFirma {
  /** The signing instant: must fall on the document's IssueDate (Bogotá) and within the certificate. */
  instante: Date;
  /** `supplier` (the shop signs) or `third party` (a provider signs for it). */
  rol?: 'supplier' | 'third party';
}

const escaparXml = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Signs a document built by `construirDocumentoPos` into its empty last `ext:ExtensionContent`. */
export function firmarDocumento(xml: string, credencial: Credencial, opciones: OpcionesFirma): string {
  const { instante } = opciones;
  if (instante < credencial.validoDesde || instante > credencial.validoHasta) {
    throw new CertificadoInvalido('El certificado no está vigente en la fecha de firma.');
  }
  const doc = new (xmldom().DOMParser)().parseFromString(xml, 'text/xml');
  const fechaDoc = doc.getElementsByTagNameNS(NS.cbc, 'IssueDate')[0]?.textContent;
  const { fecha, hora } = fechaHoraBogota(instante);
  if (fechaDoc !== fecha) throw new Error(`La fecha del documento (${fechaDoc}) debe ser la fecha de firma (${fecha}).`);

  const id = `xmldsig-${randomUUID()}`;
  const digestCert = createHash('sha256').update(Buffer.from(credencial.certificadoDer, 'base64')).digest('base64');
  const propiedades =
    `<xades:QualifyingProperties xmlns:xades="${NS.xades}" Target="#${id}">` +
    `<xades:SignedProperties Id="${id}-signedprops">` +
    `<xades:SignedSignatureProperties>` +
    `<xades:SigningTime>${fecha}T${hora}</xades:SigningTime>` +
    `<xades:SigningCertificate><xades:Cert><xades:CertDigest>` +
    `<ds:DigestMethod Algorithm="${SHA256}"/><ds:DigestValue>${digestCert}</ds:DigestValue>` +
    `</xades:CertDigest><xades:IssuerSerial>` +
    `<ds:X509IssuerName>${escaparXml(credencial.emisor)}</ds:X509IssuerName>` +
    `<ds:X509SerialNumber>${credencial.serial}</ds:X509SerialNumber>` +
    `</xades:IssuerSerial></xades:Cert></xades:SigningCertificate>` +
    `<xades:SignaturePolicyIdentifier><xades:SignaturePolicyId>` +
    `<xades:SigPolicyId><xades:Identifier>${POLITICA_FIRMA.url}</xades:Identifier>` +
    `<xades:Description>${POLITICA_FIRMA.descripcion}</xades:Description></xades:SigPolicyId>` +
    `<xades:SigPolicyHash><ds:DigestMethod Algorithm="${SHA256}"/>` +
    `<ds:DigestValue>${POLITICA_FIRMA.hashSha256}</ds:DigestValue></xades:SigPolicyHash>` +
    `</xades:SignaturePolicyId></xades:SignaturePolicyIdentifier>` +
    `<xades:SignerRole><xades:ClaimedRoles><xades:ClaimedRole>${opciones.rol ?? 'supplier'}</xades:ClaimedRole></xades:ClaimedRoles></xades:SignerRole>` +
    `</xades:SignedSignatureProperties>` +
    `</xades:SignedProperties>` +
    `</xades:QualifyingProperties>`;

  const firma = new (xmlCrypto().SignedXml)({
    privateKey: credencial.llavePem,
    publicCert: credencial.certificadoPem,
    canonicalizationAlgorithm: C14N,
    signatureAlgorithm: RSA_SHA256,
    keyInfoAttributes: { Id: `${id}-keyinfo` },
    objects: [{ content: propiedades }],
  });
  firma.addReference({ xpath: '/*', isEmptyUri: true, transforms: [ENVELOPED], digestAlgorithm: SHA256, id: `${id}-ref0` });
  firma.addReference({ xpath: `//*[@Id='${id}-keyinfo']`, transforms: [C14N], digestAlgorithm: SHA256 });
  firma.addReference({
    xpath: `//*[@Id='${id}-signedprops']`,
    transforms: [C14N],
    digestAlgorithm: SHA256,
    type: 'http://uri.etsi.org/01903#SignedProperties',
  });
  firma.computeSignature(xml, {
    prefix: 'ds',
    attrs: { Id: id },
    location: { reference: "(//*[local-name()='ExtensionContent'])[last()]", action: 'append' },
    existingPrefixes: { ds: NS.ds, xades: NS.xades },
  });
  return firma.getSignedXml();
}
