/**
 * The buyer's copy of an accepted invoice or note (issue #57 point 4): DIAN's *AttachedDocument*
 * (UBL 2.1, "Contenedor de Factura Electrónica", Anexo técnico 1.9 §11) and the ZIP the buyer gets.
 *
 * The container carries the signed document whole, as CDATA in `cac:Attachment/cac:ExternalReference/
 * cbc:Description` (its bytes untouched, so its signature still verifies once extracted), and DIAN's
 * ApplicationResponse (the answer of SendBillSync or GetStatus, `XmlBase64Bytes`) the same way in
 * `cac:ParentDocumentLineReference`, with the parties copied from the document (`cac:PartyTaxScheme`),
 * its number, CUFE/CUDE and dates. The container has its own empty `ext:ExtensionContent` slot: the
 * issuer signs it with the same XAdES-EPES as the document (`firmarContenedor`, ADR 058).
 */
import { createHash, randomUUID } from 'node:crypto';
import { zipSync, strToU8 } from 'fflate';
import { fechaHoraBogota } from './cude.js';
import { firmarDocumento, type Credencial } from './firma.js';
import { NS } from './xml.js';
import { xmldom } from '../../lib/perezoso.js';

export const NS_ATTACHED = 'urn:oasis:names:specification:ubl:schema:xsd:AttachedDocument-2';
export const NS_AR = 'urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2';
const DIAN_NOMBRE = 'Unidad Especial Dirección de Impuestos y Aduanas Nacionales';
const DIAN_NIT = '800197268';

/** The document types that get a buyer's copy: the invoice and its credit and debit notes. */
export const TIPOS_COPIA = ['01', '91', '92'] as const;

const escapar = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** A CDATA section holding `texto` exactly (a `]]>` inside is split across two sections). */
const cdata = (texto: string) => `<![CDATA[${texto.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
/** The XML without its declaration (it goes inside another document). */
const sinDeclaracion = (xml: string) => xml.replace(/^\uFEFF?\s*<\?xml[^?]*\?>\s*/, '');

function parsear(xml: string): Document {
  return new (xmldom().DOMParser)({ onError: () => {} }).parseFromString(xml, 'text/xml') as unknown as Document;
}

function primero(padre: Document | Element, ns: string, local: string): Element | null {
  return (padre.getElementsByTagNameNS(ns, local)[0] as Element | undefined) ?? null;
}

/** The direct child `local` (cbc) of `padre`: a document's own ID, not a reference's. */
function hijoCbc(padre: Element, local: string): string {
  for (const n of Array.from(padre.childNodes)) {
    const e = n as Element;
    if (e.nodeType === 1 && e.namespaceURI === NS.cbc && e.localName === local) return (e.textContent ?? '').trim();
  }
  return '';
}

/** DIAN's ApplicationResponse kept with the document's last answer (the SOAP body's XmlBase64Bytes, or the answer itself), or null. */
export function respuestaAplicacionDe(ultimaRespuesta: string | null): string | null {
  if (!ultimaRespuesta) return null;
  const texto = ultimaRespuesta.trim();
  if (!texto.startsWith('<')) return null;
  const doc = parsear(texto);
  if (doc.documentElement?.localName === 'ApplicationResponse') return texto;
  const b64 = (doc.getElementsByTagNameNS('*', 'XmlBase64Bytes')[0]?.textContent ?? '').trim();
  if (!b64 || b64.length > 1_500_000 || !/^[A-Za-z0-9+/=\s]+$/.test(b64)) return null;
  const xml = Buffer.from(b64, 'base64').toString('utf8');
  return parsear(xml).documentElement?.localName === 'ApplicationResponse' ? xml : null;
}

export interface DatosRespuestaAplicacion {
  /** The document's prefixed number and CUFE/CUDE. */
  numero: string;
  cude: string;
  /** The issuer (the receiver of DIAN's answer). */
  nitEmisor: string;
  nombreEmisor: string;
  ahora: Date;
}

/**
 * An ApplicationResponse in the shape DIAN answers an accepted document with (response code 02,
 * "Documento validado por la DIAN"): built by the fake DIAN of the tests, the journeys and the dry run.
 */
export function construirRespuestaAplicacion(d: DatosRespuestaAplicacion): string {
  const { fecha, hora } = fechaHoraBogota(d.ahora);
  const cude = createHash('sha384').update(`${d.cude}${fecha}${hora}`).digest('hex');
  const parte = (nombre: string, nit: string) =>
    `<cac:PartyTaxScheme><cbc:RegistrationName>${escapar(nombre)}</cbc:RegistrationName><cbc:CompanyID schemeAgencyID="195" schemeName="31">${escapar(nit)}</cbc:CompanyID><cac:TaxScheme><cbc:ID>01</cbc:ID><cbc:Name>IVA</cbc:Name></cac:TaxScheme></cac:PartyTaxScheme>`;
  return (
    `<?xml version="1.0" encoding="UTF-8" standalone="no"?>` +
    `<ApplicationResponse xmlns="${NS_AR}" xmlns:cac="${NS.cac}" xmlns:cbc="${NS.cbc}">` +
    `<cbc:UBLVersionID>UBL 2.1</cbc:UBLVersionID><cbc:CustomizationID>1</cbc:CustomizationID><cbc:ProfileID>DIAN 2.1</cbc:ProfileID><cbc:ProfileExecutionID>2</cbc:ProfileExecutionID>` +
    `<cbc:ID>${randomUUID().replace(/-/g, '').slice(0, 20)}</cbc:ID><cbc:UUID schemeName="CUDE-SHA384">${cude}</cbc:UUID>` +
    `<cbc:IssueDate>${fecha}</cbc:IssueDate><cbc:IssueTime>${hora}</cbc:IssueTime>` +
    `<cac:SenderParty>${parte(DIAN_NOMBRE, DIAN_NIT)}</cac:SenderParty><cac:ReceiverParty>${parte(d.nombreEmisor, d.nitEmisor)}</cac:ReceiverParty>` +
    `<cac:DocumentResponse><cac:Response><cbc:ResponseCode>02</cbc:ResponseCode><cbc:Description>Documento validado por la DIAN</cbc:Description></cac:Response>` +
    `<cac:DocumentReference><cbc:ID>${escapar(d.numero)}</cbc:ID><cbc:UUID schemeName="CUFE-SHA384">${escapar(d.cude)}</cbc:UUID></cac:DocumentReference></cac:DocumentResponse>` +
    `</ApplicationResponse>`
  );
}

/** The issuer's NIT and name read from a signed document (for the fake DIAN's answer). */
export function emisorDe(xml: string): { nit: string; nombre: string } {
  const doc = parsear(xml);
  const proveedor = primero(doc, NS.cac, 'AccountingSupplierParty');
  const pts = proveedor ? primero(proveedor, NS.cac, 'PartyTaxScheme') : null;
  return {
    nit: (pts ? primero(pts, NS.cbc, 'CompanyID')?.textContent : '')?.trim() ?? '',
    nombre: (pts ? primero(pts, NS.cbc, 'RegistrationName')?.textContent : '')?.trim() ?? '',
  };
}

const PERFILES: Record<string, string> = {
  '01': 'Factura Electrónica de Venta',
  '91': 'Nota Crédito de Factura Electrónica de Venta',
  '92': 'Nota Débito de Factura Electrónica de Venta',
};

export interface DocumentoContenedor {
  tipo: string;
  numero: string;
  cude: string;
  xmlFirmado: string;
  /** DIAN's last answer as kept in the outbox (`ultima_respuesta`). */
  ultimaRespuesta: string | null;
  aceptadoEn: Date | null;
}

/** The document's PartyTaxScheme of `parte` (AccountingSupplierParty / AccountingCustomerParty), serialized. */
function parteDe(doc: Document, parte: string): string {
  const p = primero(doc, NS.cac, parte);
  const pts = p ? primero(p, NS.cac, 'PartyTaxScheme') : null;
  if (!pts) return '';
  return new (xmldom().XMLSerializer)().serializeToString(pts as never);
}

/**
 * The AttachedDocument of an accepted document, still unsigned: its own date and time are `ahora`'s
 * (when it is put together and signed); the document's own date goes in its line reference.
 */
export function construirContenedor(d: DocumentoContenedor, ahora: Date): string {
  const doc = parsear(d.xmlFirmado);
  const raiz = doc.documentElement as unknown as Element;
  const fechaDoc = hijoCbc(raiz, 'IssueDate');
  const horaDoc = hijoCbc(raiz, 'IssueTime');
  const cufe = hijoCbc(raiz, 'UUID') || d.cude;
  const esquema = d.tipo === '01' ? 'CUFE-SHA384' : 'CUDE-SHA384';
  const respuesta = respuestaAplicacionDe(d.ultimaRespuesta);
  const validado = fechaHoraBogota(d.aceptadoEn ?? new Date());
  const externa = (xml: string) =>
    `<cac:Attachment><cac:ExternalReference><cbc:MimeCode>text/xml</cbc:MimeCode><cbc:EncodingCode>UTF-8</cbc:EncodingCode><cbc:Description>${cdata(sinDeclaracion(xml))}</cbc:Description></cac:ExternalReference></cac:Attachment>`;
  const perfil = PERFILES[d.tipo] ?? PERFILES['01']!;
  const propio = fechaHoraBogota(ahora);
  return (
    `<?xml version="1.0" encoding="UTF-8" standalone="no"?>` +
    `<AttachedDocument xmlns="${NS_ATTACHED}" xmlns:cac="${NS.cac}" xmlns:cbc="${NS.cbc}" xmlns:ds="${NS.ds}" xmlns:ext="${NS.ext}" xmlns:xades="${NS.xades}" xmlns:xades141="${NS.xades141}">` +
    // The slot the issuer's signature goes in (firmarContenedor).
    `<ext:UBLExtensions><ext:UBLExtension><ext:ExtensionContent/></ext:UBLExtension></ext:UBLExtensions>` +
    `<cbc:UBLVersionID>UBL 2.1</cbc:UBLVersionID><cbc:CustomizationID>Documentos adjuntos</cbc:CustomizationID>` +
    `<cbc:ProfileID>${escapar(perfil)}</cbc:ProfileID><cbc:ProfileExecutionID>${escapar(hijoCbc(raiz, 'ProfileExecutionID') || '2')}</cbc:ProfileExecutionID>` +
    `<cbc:ID>${escapar(d.numero)}</cbc:ID>` +
    `<cbc:IssueDate>${propio.fecha}</cbc:IssueDate><cbc:IssueTime>${propio.hora}</cbc:IssueTime>` +
    `<cbc:DocumentType>Contenedor de Factura Electrónica</cbc:DocumentType><cbc:ParentDocumentID>${escapar(d.numero)}</cbc:ParentDocumentID>` +
    `<cac:SenderParty>${parteDe(doc, 'AccountingSupplierParty')}</cac:SenderParty>` +
    `<cac:ReceiverParty>${parteDe(doc, 'AccountingCustomerParty')}</cac:ReceiverParty>` +
    externa(d.xmlFirmado) +
    `<cac:ParentDocumentLineReference><cbc:LineID>1</cbc:LineID><cac:DocumentReference>` +
    `<cbc:ID>${escapar(d.numero)}</cbc:ID><cbc:UUID schemeName="${esquema}">${escapar(cufe)}</cbc:UUID><cbc:IssueDate>${escapar(fechaDoc)}</cbc:IssueDate>` +
    (horaDoc ? `<cbc:IssueTime>${escapar(horaDoc)}</cbc:IssueTime>` : '') +
    `<cbc:DocumentType>ApplicationResponse</cbc:DocumentType>` +
    (respuesta ? externa(respuesta) : '') +
    `<cac:ResultOfVerification><cbc:ValidatorID>${DIAN_NOMBRE}</cbc:ValidatorID><cbc:ValidationResultCode>02</cbc:ValidationResultCode>` +
    `<cbc:ValidationDate>${validado.fecha}</cbc:ValidationDate><cbc:ValidationTime>${validado.hora}</cbc:ValidationTime></cac:ResultOfVerification>` +
    `</cac:DocumentReference></cac:ParentDocumentLineReference>` +
    `</AttachedDocument>`
  );
}

/**
 * The container signed by the issuer (XAdES-EPES, as every document it issues: firma.ts), at `ahora`,
 * which must fall within the certificate's validity.
 */
export function firmarContenedor(d: DocumentoContenedor, credencial: Credencial, ahora: Date): string {
  return firmarDocumento(construirContenedor(d, ahora), credencial, { instante: ahora });
}

/** The signed document carried in a container, exactly as it was put in. */
export function documentoDelContenedor(contenedor: string): string {
  const doc = parsear(contenedor);
  const adjunto = primero(doc, NS.cac, 'Attachment');
  return (adjunto ? primero(adjunto, NS.cbc, 'Description')?.textContent : '') ?? '';
}

/** The file name DIAN's annex gives the buyer's files: the document's number without symbols. */
export const nombreArchivo = (numero: string) => numero.replace(/[^A-Za-z0-9]/g, '');

/** The ZIP the buyer gets: the container's XML and the PDF, named after the document. */
export function zipCopia(numero: string, contenedor: string, pdf: Buffer): Buffer {
  const n = nombreArchivo(numero);
  return Buffer.from(zipSync({ [`${n}.xml`]: strToU8(contenedor), [`${n}.pdf`]: new Uint8Array(pdf) }, { level: 6, mtime: new Date('2020-01-01T00:00:00Z') }));
}
