/**
 * DIAN's own web service: SOAP 1.2 with WS-Security X.509 (a BinarySecurityToken and an XMLDSig
 * signature, exclusive C14N and RSA-SHA256, over `wsa:To`), `SendBillSync` of the zipped signed
 * document and `GetStatus` by CUDE; for habilitación's test set, `SendTestSetAsync` (with the
 * test-set id; DIAN answers a ZipKey) and `GetStatusZip` by that key. Endpoints for habilitación and producción are configurable;
 * the timeout too (DIAN's contingency rule: no answer within a minute).
 */
import { randomUUID } from 'node:crypto';
import { zipSync, strToU8 } from 'fflate';
import { dian as D } from '#shared/messages/dian';
import { xmlCrypto, xmldom } from '../../lib/perezoso.js';
import { solicitar, type RespuestaSalida } from '../../lib/salida.js';
import type { Credencial } from './firma.js';
import { ALGORITMO, NS } from './xml.js';
import { fallaDeSalida, FallaTransporte, leerReglas, STATUS_CONTINGENCIA, type EnvioDocumento, type RespuestaDian, type TransporteDian } from './transporte.js';

export const ENDPOINTS_DIAN = {
  habilitacion: 'https://vpfe-hab.dian.gov.co/WcfDianCustomerServices.svc',
  produccion: 'https://vpfe.dian.gov.co/WcfDianCustomerServices.svc',
} as const;

export const NS_SOAP = {
  soap: 'http://www.w3.org/2003/05/soap-envelope',
  wsa: 'http://www.w3.org/2005/08/addressing',
  wcf: 'http://wcf.dian.colombia',
  wsse: 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd',
  wsu: 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd',
  ds: NS.ds,
  b: 'http://schemas.datacontract.org/2004/07/DianResponse',
} as const;

const X509V3 = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-x509-token-profile-1.0#X509v3';
const BASE64 = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-soap-message-security-1.0#Base64Binary';

export interface OpcionesSoap {
  url: string;
  credencial: Credencial;
  /** ms before giving up (contingency 08); DIAN's rule is a minute. */
  tiempoMaximoMs?: number;
  /** For tests: the clock of the WS-Security timestamp. */
  ahora?: () => Date;
}

/** A SOAP 1.2 envelope for `operacion` with its body, signed with WS-Security X.509 over wsa:To. */
export type OperacionDian = 'SendBillSync' | 'GetStatus' | 'SendTestSetAsync' | 'GetStatusZip';

export function sobreFirmado(operacion: OperacionDian, cuerpo: string, url: string, credencial: Credencial, ahora = new Date()): string {
  const idTo = `id-${randomUUID()}`;
  const idToken = `X509-${randomUUID()}`;
  const expira = new Date(ahora.getTime() + 60_000);
  const sobre =
    `<soap:Envelope xmlns:soap="${NS_SOAP.soap}" xmlns:wcf="${NS_SOAP.wcf}">` +
    `<soap:Header xmlns:wsa="${NS_SOAP.wsa}">` +
    `<wsse:Security xmlns:wsse="${NS_SOAP.wsse}" xmlns:wsu="${NS_SOAP.wsu}">` +
    `<wsu:Timestamp wsu:Id="TS-${randomUUID()}"><wsu:Created>${ahora.toISOString()}</wsu:Created><wsu:Expires>${expira.toISOString()}</wsu:Expires></wsu:Timestamp>` +
    `<wsse:BinarySecurityToken EncodingType="${BASE64}" ValueType="${X509V3}" wsu:Id="${idToken}">${credencial.certificadoDer}</wsse:BinarySecurityToken>` +
    `</wsse:Security>` +
    `<wsa:Action>http://wcf.dian.colombia/IWcfDianCustomerServices/${operacion}</wsa:Action>` +
    `<wsa:To xmlns:wsu="${NS_SOAP.wsu}" wsu:Id="${idTo}">${url}</wsa:To>` +
    `</soap:Header>` +
    `<soap:Body>${cuerpo}</soap:Body>` +
    `</soap:Envelope>`;
  const firma = new (xmlCrypto().SignedXml)({
    privateKey: credencial.llavePem,
    canonicalizationAlgorithm: ALGORITMO.excC14n,
    signatureAlgorithm: ALGORITMO.rsaSha256,
    idMode: 'wssecurity',
    getKeyInfoContent: () =>
      `<wsse:SecurityTokenReference xmlns:wsse="${NS_SOAP.wsse}"><wsse:Reference URI="#${idToken}" ValueType="${X509V3}"/></wsse:SecurityTokenReference>`,
  });
  firma.addReference({
    xpath: `//*[local-name(.)='To' and namespace-uri(.)='${NS_SOAP.wsa}']`,
    transforms: [ALGORITMO.excC14n],
    digestAlgorithm: ALGORITMO.sha256,
  });
  firma.computeSignature(sobre, {
    prefix: 'ds',
    attrs: { Id: `SIG-${randomUUID()}` },
    location: { reference: `//*[local-name(.)='Security']`, action: 'append' },
  });
  return firma.getSignedXml();
}

/** The zip DIAN takes: one file, the signed XML. */
export function comprimir(nombreXml: string, xml: string): Buffer {
  return Buffer.from(zipSync({ [nombreXml]: strToU8(xml) }, { level: 6, mtime: new Date('2020-01-01T00:00:00Z') }));
}

function hijos(padre: Element | Document, ns: string, local: string): Element[] {
  return Array.from(padre.getElementsByTagNameNS(ns, local)) as unknown as Element[];
}

/** Reads DIAN's DianResponse (SendBillSyncResult or GetStatusResult). */
export function leerRespuesta(cuerpo: string): RespuestaDian {
  const doc = new (xmldom().DOMParser)().parseFromString(cuerpo, 'text/xml') as unknown as Document;
  return leerDianResponse(doc, cuerpo);
}

/** One DianResponse (a whole answer, or one element of GetStatusZip's list). */
function leerDianResponse(doc: Document | Element, cuerpo: string): RespuestaDian {
  const texto = (local: string) => hijos(doc, NS_SOAP.b, local)[0]?.textContent?.trim() ?? '';
  const codigo = texto('StatusCode');
  const valido = texto('IsValid') === 'true';
  const errores = hijos(doc, NS_SOAP.b, 'ErrorMessage').flatMap((e) => Array.from(e.childNodes).map((n) => n.textContent ?? '').filter((t) => t.trim()));
  const reglas = leerReglas(errores);
  const descripcion = texto('StatusDescription') || texto('StatusMessage');
  let estado: RespuestaDian['estado'];
  if (valido && codigo === '00') estado = 'aceptado';
  else if (reglas.some((r) => r.codigo === '90')) estado = 'duplicado';
  else if (codigo === '66') estado = 'no_encontrado';
  else estado = 'rechazado';
  return { estado, codigo, descripcion, reglas, cuerpo };
}

/**
 * SendTestSetAsync's UploadDocumentResponse: the ZipKey to ask GetStatusZip with, or the reasons DIAN
 * refused the upload itself (ErrorMessageList's ProcessedMessage, e.g. a wrong test-set id).
 */
export function leerEnvioAsincrono(cuerpo: string): { zipKey: string } | { errores: string[] } {
  const doc = new (xmldom().DOMParser)().parseFromString(cuerpo, 'text/xml') as unknown as Document;
  const zipKey = hijos(doc, NS_SOAP.b, 'ZipKey')[0]?.textContent?.trim() ?? '';
  if (zipKey) return { zipKey };
  const errores = Array.from(doc.getElementsByTagNameNS('*', 'ProcessedMessage') as unknown as Element[])
    .map((e) => e.textContent?.trim() ?? '')
    .filter(Boolean);
  return { errores: errores.length ? errores : ['La DIAN no devolvió un ZipKey.'] };
}

/**
 * GetStatusZip's answer: one DianResponse per document of the zip, or null while DIAN is still
 * validating the batch (no document answered yet, or "Batch en proceso de validación").
 */
export function leerRespuestasZip(cuerpo: string): RespuestaDian[] | null {
  const doc = new (xmldom().DOMParser)().parseFromString(cuerpo, 'text/xml') as unknown as Document;
  const respuestas = hijos(doc, NS_SOAP.b, 'DianResponse').map((e) => leerDianResponse(e, cuerpo));
  const enProceso = (r: RespuestaDian) => r.codigo === '' || /en proceso/i.test(r.descripcion);
  if (respuestas.length === 0 || respuestas.every(enProceso)) return null;
  return respuestas.filter((r) => !enProceso(r));
}

/** A SOAP 1.2 envelope whose body is `operacion`'s answer (DIAN's Response element), or a DianResponse. */
export function esRespuestaSoap(texto: string, operacion: OperacionDian): boolean {
  let doc: Document;
  try {
    doc = new (xmldom().DOMParser)({ onError: () => {} }).parseFromString(texto, 'text/xml') as unknown as Document;
  } catch {
    return false;
  }
  const raiz = doc.documentElement;
  if (!raiz || raiz.localName !== 'Envelope' || raiz.namespaceURI !== NS_SOAP.soap) return false;
  return hijos(doc, NS_SOAP.wcf, `${operacion}Response`).length > 0 || hijos(doc, NS_SOAP.b, 'DianResponse').length > 0;
}

export class TransporteSoapDian implements TransporteDian {
  readonly nombre = 'DIAN (SOAP)';
  constructor(private readonly opciones: OpcionesSoap) {}

  private async llamar(operacion: OperacionDian, cuerpo: string): Promise<RespuestaDian> {
    return leerRespuesta(await this.llamarCrudo(operacion, cuerpo));
  }

  private async llamarCrudo(operacion: OperacionDian, cuerpo: string): Promise<string> {
    const { url, credencial } = this.opciones;
    const sobre = sobreFirmado(operacion, cuerpo, url, credencial, this.opciones.ahora?.() ?? new Date());
    let respuesta: RespuestaSalida;
    try {
      // Through the one outbound client: https to a public address only, no redirects, bounded.
      respuesta = await solicitar({
        url,
        method: 'POST',
        headers: { 'content-type': `application/soap+xml; charset=utf-8; action="http://wcf.dian.colombia/IWcfDianCustomerServices/${operacion}"` },
        body: sobre,
        tiempoMaximoMs: this.opciones.tiempoMaximoMs ?? 60_000,
      });
    } catch (err) {
      throw fallaDeSalida(err, 'dian');
    }
    const q = D.salida.dian;
    if (STATUS_CONTINGENCIA.has(respuesta.status)) throw new FallaTransporte('no_disponible', D.salida.noDisponible(q, respuesta.status), respuesta.status);
    const texto = respuesta.cuerpo.toString('utf8');
    // Only a SOAP envelope with DIAN's answer is read and kept; anything else is a short error, its body dropped.
    if (!esRespuestaSoap(texto, operacion)) throw new FallaTransporte('no_disponible', D.salida.inesperada(q, respuesta.status), respuesta.status);
    return texto;
  }

  private static zip(doc: EnvioDocumento): { nombre: string; zip: string } {
    const nombre = doc.numero.replace(/[^A-Za-z0-9]/g, '');
    return { nombre, zip: comprimir(`${nombre}.xml`, doc.xmlFirmado).toString('base64') };
  }

  /** Habilitación's test set: one document to `SendTestSetAsync`; DIAN answers a ZipKey to ask later. */
  async enviarSetPruebas(doc: EnvioDocumento, testSetId: string): Promise<{ zipKey: string } | { errores: string[] }> {
    if (!/^[0-9A-Za-z-]{1,64}$/.test(testSetId)) throw new Error('testSetId inválido');
    const { nombre, zip } = TransporteSoapDian.zip(doc);
    const texto = await this.llamarCrudo(
      'SendTestSetAsync',
      `<wcf:SendTestSetAsync><wcf:fileName>${nombre}.zip</wcf:fileName><wcf:contentFile>${zip}</wcf:contentFile><wcf:testSetId>${testSetId}</wcf:testSetId></wcf:SendTestSetAsync>`,
    );
    return leerEnvioAsincrono(texto);
  }

  /** `GetStatusZip` by the ZipKey: each document's answer, or null while DIAN is still validating. */
  async consultarZip(zipKey: string): Promise<RespuestaDian[] | null> {
    if (!/^[0-9A-Za-z-]{1,128}$/.test(zipKey)) throw new Error('ZipKey inválido');
    return leerRespuestasZip(await this.llamarCrudo('GetStatusZip', `<wcf:GetStatusZip><wcf:trackId>${zipKey}</wcf:trackId></wcf:GetStatusZip>`));
  }

  enviar(doc: EnvioDocumento): Promise<RespuestaDian> {
    const { nombre, zip } = TransporteSoapDian.zip(doc);
    return this.llamar('SendBillSync', `<wcf:SendBillSync><wcf:fileName>${nombre}.zip</wcf:fileName><wcf:contentFile>${zip}</wcf:contentFile></wcf:SendBillSync>`);
  }

  consultar(cude: string): Promise<RespuestaDian> {
    if (!/^[0-9a-f]{96}$/.test(cude)) throw new Error('CUDE inválido');
    return this.llamar('GetStatus', `<wcf:GetStatus><wcf:trackId>${cude}</wcf:trackId></wcf:GetStatus>`);
  }
}
