/**
 * A local fake of DIAN's web service for tests, the end-to-end journeys and the habilitación screen's
 * dry run. It listens on loopback only, takes bounded bodies, keeps a bounded memory, checks each
 * request's WS-Security signature (over wsa:To, with the BinarySecurityToken's certificate, an
 * unexpired timestamp), unzips the document and answers with DIAN's recorded answer shapes:
 * accepted (00), rejected by a rule, rule 90 for a CUDE already accepted, HTTP 503, or a slow answer
 * (the delay is configurable so tests keep it short). GetStatus answers by CUDE. Habilitación's test
 * set goes by SendTestSetAsync (a ZipKey back) and GetStatusZip, which answers "Batch en proceso de
 * validación" `consultasEnProceso` times before each document's verdict, as DIAN's batch does.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { unzipSync, strFromU8 } from 'fflate';
import { SignedXml } from 'xml-crypto';
import { DOMParser } from '@xmldom/xmldom';
import { permitirDestino } from '../../lib/salida.js';
import { NS_SOAP } from './soap.js';
import { construirRespuestaAplicacion, emisorDe } from './contenedor.js';
import { NS } from './xml.js';

export type ModoFake = 'aceptar' | 'rechazar' | '503' | 'lento';

export interface PeticionRegistrada {
  operacion: string;
  cude?: string;
  testSetId?: string;
  /** The document's DIAN type code (20, 01, 91, 92, 05, 95…) of a SendBillSync or SendTestSetAsync. */
  tipoDocumento?: string;
  /** The software that issued it (`sts:SoftwareID`), as DIAN checks it against the taxpayer's registration. */
  softwareId?: string;
  numero?: string;
  firmaValida: boolean;
  motivo?: string;
  respuesta: number;
}

const LIMITE_CUERPO = 5 * 1024 * 1024;
const LIMITE_MEMORIA = 2000;

export interface FakeDian {
  url: string;
  modo: ModoFake;
  /** The delay of `lento`, ms. */
  retrasoMs: number;
  /** Rule and message of `rechazar`. */
  regla: { codigo: string; mensaje: string };
  readonly peticiones: PeticionRegistrada[];
  /** Accepted CUDE → prefixed number. */
  readonly aceptados: Map<string, string>;
  /** How many SendBillSync each CUDE received (accepted or not). */
  envios(cude: string): number;
  /** How many GetStatusZip of a ZipKey answer "en proceso" before the verdict. */
  consultasEnProceso: number;
  /**
   * The test sets DIAN gave per type (TestSetId → the document codes that set takes, e.g. 01, 91,
   * 92 for the factura's): a document of another type sent with that id is refused, as DIAN's set
   * only counts its own type's documents. An id not listed takes any type.
   */
  readonly sets: Map<string, string[]>;
  cerrar(): Promise<void>;
}

type Veredicto = { valido: boolean; codigo: string; descripcion: string; errores?: string[]; cude?: string; respuestaAplicacion?: string };

/** The fields of one DianResponse. */
function camposDian(r: Veredicto): string {
  const errores = (r.errores ?? []).map((e) => `<c:string>${e.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</c:string>`).join('');
  return (
    `<b:ErrorMessage xmlns:c="http://schemas.microsoft.com/2003/10/Serialization/Arrays">${errores}</b:ErrorMessage>` +
    `<b:IsValid>${r.valido}</b:IsValid><b:StatusCode>${r.codigo}</b:StatusCode><b:StatusDescription>${r.descripcion}</b:StatusDescription>` +
    `<b:StatusMessage>${r.valido ? `La Documento equivalente POS ${r.cude ?? ''}, ha sido autorizada.` : r.descripcion}</b:StatusMessage>` +
    `${r.respuestaAplicacion ? `<b:XmlBase64Bytes>${Buffer.from(r.respuestaAplicacion, 'utf8').toString('base64')}</b:XmlBase64Bytes>` : '<b:XmlBase64Bytes/>'}<b:XmlBytes i:nil="true"/><b:XmlDocumentKey>${r.cude ?? ''}</b:XmlDocumentKey><b:XmlFileName/>`
  );
}

/** A SOAP answer of `operacion` whose Result holds `contenido`. */
function sobreRespuesta(operacion: string, contenido: string): string {
  return (
    `<s:Envelope xmlns:s="${NS_SOAP.soap}" xmlns:a="${NS_SOAP.wsa}"><s:Header><a:Action s:mustUnderstand="1">http://wcf.dian.colombia/IWcfDianCustomerServices/${operacion}Response</a:Action></s:Header>` +
    `<s:Body><${operacion}Response xmlns="${NS_SOAP.wcf}"><${operacion}Result xmlns:b="${NS_SOAP.b}" xmlns:i="http://www.w3.org/2001/XMLSchema-instance">` +
    contenido +
    `</${operacion}Result></${operacion}Response></s:Body></s:Envelope>`
  );
}

function respuestaDian(operacion: string, r: Veredicto): string {
  return sobreRespuesta(operacion, camposDian(r));
}

/** Checks the WS-Security signature; returns a reason when it is not acceptable. */
export function verificarWsSecurity(sobre: string, ahora = new Date()): string | null {
  const doc = new DOMParser().parseFromString(sobre, 'text/xml');
  const firma = doc.getElementsByTagNameNS(NS_SOAP.ds, 'Signature')[0];
  const token = doc.getElementsByTagNameNS(NS_SOAP.wsse, 'BinarySecurityToken')[0]?.textContent?.trim();
  const to = doc.getElementsByTagNameNS(NS_SOAP.wsa, 'To')[0];
  const expira = doc.getElementsByTagNameNS(NS_SOAP.wsu, 'Expires')[0]?.textContent;
  if (!firma || !token || !to) return 'falta la firma WS-Security, el certificado o wsa:To';
  if (!expira || new Date(expira) < ahora) return 'el sello de tiempo venció';
  const pem = `-----BEGIN CERTIFICATE-----\n${token.replace(/(.{64})/g, '$1\n').trim()}\n-----END CERTIFICATE-----\n`;
  const verificador = new SignedXml({ publicCert: pem, idMode: 'wssecurity' });
  try {
    verificador.loadSignature(firma as unknown as Node);
    if (!verificador.checkSignature(sobre)) return 'la firma no verifica';
  } catch (err) {
    return `la firma no verifica: ${(err as Error).message}`;
  }
  const idTo = to.getAttributeNS(NS_SOAP.wsu, 'Id');
  const firmados = verificador.getReferences().map((r) => r.uri);
  if (!idTo || !firmados.includes(`#${idTo}`)) return 'wsa:To no está firmado';
  return null;
}

export async function iniciarFakeDian(opciones: { modo?: ModoFake; retrasoMs?: number } = {}): Promise<FakeDian> {
  const conteoEnvios = new Map<string, number>();
  const estado: FakeDian = {
    url: '',
    modo: opciones.modo ?? 'aceptar',
    retrasoMs: opciones.retrasoMs ?? 70_000,
    regla: { codigo: 'FAD06', mensaje: 'El valor del CUDE no está calculado correctamente.' },
    peticiones: [],
    aceptados: new Map(),
    envios: (cude) => conteoEnvios.get(cude) ?? 0,
    consultasEnProceso: 1,
    sets: new Map(),
    cerrar: async () => {},
  };
  const registrar = (p: PeticionRegistrada) => {
    estado.peticiones.push(p);
    if (estado.peticiones.length > LIMITE_MEMORIA) estado.peticiones.shift();
  };
  const temporizadores = new Set<NodeJS.Timeout>();
  /** SendTestSetAsync's batches: ZipKey → the verdict and how many more GetStatusZip answer "en proceso". */
  const lotes = new Map<string, { veredicto: Veredicto; enProceso: number }>();
  /** Each accepted CUDE's ApplicationResponse, as DIAN answers it again to GetStatus. */
  const respuestasAplicacion = new Map<string, string>();

  const servidor = http.createServer((req, res) => {
    const trozos: Buffer[] = [];
    let tam = 0;
    req.on('data', (t: Buffer) => {
      tam += t.length;
      if (tam > LIMITE_CUERPO) {
        res.writeHead(413).end();
        req.destroy();
        return;
      }
      trozos.push(t);
    });
    req.on('end', () => {
      if (res.writableEnded) return;
      const sobre = Buffer.concat(trozos).toString('utf8');
      const responder = (status: number, cuerpo: string, p: Omit<PeticionRegistrada, 'respuesta'>) => {
        registrar({ ...p, respuesta: status });
        const enviar = () => {
          if (!res.writableEnded) res.writeHead(status, { 'content-type': 'application/soap+xml; charset=utf-8' }).end(cuerpo);
        };
        if (estado.modo === 'lento') {
          const t = setTimeout(() => {
            temporizadores.delete(t);
            enviar();
          }, estado.retrasoMs);
          temporizadores.add(t);
        } else enviar();
      };
      const doc = new DOMParser().parseFromString(sobre || '<x/>', 'text/xml');
      const accion = doc.getElementsByTagNameNS(NS_SOAP.wsa, 'Action')[0]?.textContent ?? '';
      const operacion = accion.split('/').pop() ?? '';
      const motivo = verificarWsSecurity(sobre);
      if (motivo) {
        responder(500, `<s:Envelope xmlns:s="${NS_SOAP.soap}"><s:Body><s:Fault><s:Code><s:Value>s:Sender</s:Value></s:Code><s:Reason><s:Text xml:lang="es">${motivo}</s:Text></s:Reason></s:Fault></s:Body></s:Envelope>`, { operacion, firmaValida: false, motivo });
        return;
      }
      if (estado.modo === '503') {
        responder(503, 'Service Unavailable', { operacion, firmaValida: true });
        return;
      }
      if (operacion === 'SendBillSync' || operacion === 'SendTestSetAsync') {
        let xml: string;
        try {
          const zip = Buffer.from(doc.getElementsByTagNameNS(NS_SOAP.wcf, 'contentFile')[0]?.textContent ?? '', 'base64');
          const archivos = unzipSync(new Uint8Array(zip));
          xml = strFromU8(Object.values(archivos)[0] ?? new Uint8Array());
        } catch {
          xml = '';
        }
        const d = new DOMParser().parseFromString(xml || '<x/>', 'text/xml');
        const cude = d.getElementsByTagNameNS(NS.cbc, 'UUID')[0]?.textContent ?? '';
        const numero = d.getElementsByTagNameNS(NS.cbc, 'ID')[0]?.textContent ?? '';
        const raiz = d.documentElement?.localName ?? '';
        const softwareId = d.getElementsByTagNameNS(NS.sts, 'SoftwareID')[0]?.textContent?.trim() || undefined;
        const tipoDocumento =
          raiz === 'DebitNote' ? '92' : (d.getElementsByTagNameNS(NS.cbc, raiz === 'CreditNote' ? 'CreditNoteTypeCode' : 'InvoiceTypeCode')[0]?.textContent?.trim() ?? '');
        if (operacion === 'SendTestSetAsync') {
          // A set DIAN gave for one type takes only that type's documents.
          const id = doc.getElementsByTagNameNS(NS_SOAP.wcf, 'testSetId')[0]?.textContent?.trim() ?? '';
          const tipos = estado.sets.get(id);
          if (tipos && !tipos.includes(tipoDocumento)) {
            responder(
              200,
              sobreRespuesta(operacion, `<b:ErrorMessageList><b:XmlParamsResponseTrackId><b:ProcessedMessage>El documento de tipo ${tipoDocumento.replace(/[<&]/g, '')} no corresponde al set de pruebas ${id.replace(/[<&]/g, '')}.</b:ProcessedMessage><b:Success>false</b:Success></b:XmlParamsResponseTrackId></b:ErrorMessageList><b:ZipKey i:nil="true"/>`),
              { operacion, testSetId: id, tipoDocumento, firmaValida: true },
            );
            return;
          }
        }
        let veredicto: Veredicto;
        if (!cude) veredicto = { valido: false, codigo: '99', descripcion: 'Documento con errores.', errores: ['Regla: ZIP, Rechazo: El archivo comprimido no trae un documento.'] };
        else {
          conteoEnvios.set(cude, (conteoEnvios.get(cude) ?? 0) + 1);
          if (estado.aceptados.has(cude)) veredicto = { valido: false, codigo: '99', descripcion: 'Validación contiene errores en campos mandatorios.', errores: [`Regla: 90, Rechazo: Documento con CUDE ${cude} procesado anteriormente.`], cude };
          else if (estado.modo === 'rechazar') veredicto = { valido: false, codigo: '99', descripcion: 'Validación contiene errores en campos mandatorios.', errores: [`Regla: ${estado.regla.codigo}, Rechazo: ${estado.regla.mensaje}`], cude };
          else {
            estado.aceptados.set(cude, numero);
            if (estado.aceptados.size > LIMITE_MEMORIA) estado.aceptados.delete(estado.aceptados.keys().next().value!);
            // DIAN answers an accepted document with its ApplicationResponse (XmlBase64Bytes).
            const emisor = emisorDe(xml);
            const ar = construirRespuestaAplicacion({ numero, cude, nitEmisor: emisor.nit, nombreEmisor: emisor.nombre, ahora: new Date() });
            respuestasAplicacion.set(cude, ar);
            if (respuestasAplicacion.size > LIMITE_MEMORIA) respuestasAplicacion.delete(respuestasAplicacion.keys().next().value!);
            veredicto = { valido: true, codigo: '00', descripcion: 'Procesado Correctamente.', cude, respuestaAplicacion: ar };
          }
        }
        if (operacion === 'SendBillSync') {
          responder(200, respuestaDian(operacion, veredicto), { operacion, ...(cude ? { cude, numero, tipoDocumento, softwareId } : {}), firmaValida: true });
          return;
        }
        // The test set: DIAN takes the zip and validates it later; a wrong test-set id is refused at once.
        const testSetId = doc.getElementsByTagNameNS(NS_SOAP.wcf, 'testSetId')[0]?.textContent?.trim() ?? '';
        if (!/^[0-9a-f-]{36}$/i.test(testSetId)) {
          responder(
            200,
            sobreRespuesta(operacion, `<b:ErrorMessageList><b:XmlParamsResponseTrackId><b:ProcessedMessage>El TestSetId '${testSetId.replace(/[<&]/g, '')}' no es válido.</b:ProcessedMessage><b:Success>false</b:Success></b:XmlParamsResponseTrackId></b:ErrorMessageList><b:ZipKey i:nil="true"/>`),
            { operacion, testSetId, firmaValida: true },
          );
          return;
        }
        const zipKey = randomUUID();
        lotes.set(zipKey, { veredicto, enProceso: estado.consultasEnProceso });
        if (lotes.size > LIMITE_MEMORIA) lotes.delete(lotes.keys().next().value!);
        responder(200, sobreRespuesta(operacion, `<b:ErrorMessageList i:nil="true"/><b:ZipKey>${zipKey}</b:ZipKey>`), { operacion, cude, numero, testSetId, tipoDocumento, softwareId, firmaValida: true });
        return;
      }
      if (operacion === 'GetStatusZip') {
        const zipKey = doc.getElementsByTagNameNS(NS_SOAP.wcf, 'trackId')[0]?.textContent ?? '';
        const lote = lotes.get(zipKey);
        let contenido: string;
        if (!lote) contenido = `<b:DianResponse>${camposDian({ valido: false, codigo: '66', descripcion: 'TrackId no existe en los registros de la DIAN.' })}</b:DianResponse>`;
        else if (lote.enProceso > 0) {
          lote.enProceso--;
          contenido = `<b:DianResponse>${camposDian({ valido: false, codigo: '', descripcion: 'Batch en proceso de validación.' })}</b:DianResponse>`;
        } else contenido = `<b:DianResponse>${camposDian(lote.veredicto)}</b:DianResponse>`;
        responder(200, sobreRespuesta(operacion, contenido), { operacion, firmaValida: true });
        return;
      }
      if (operacion === 'GetStatus') {
        const cude = doc.getElementsByTagNameNS(NS_SOAP.wcf, 'trackId')[0]?.textContent ?? '';
        const r = estado.aceptados.has(cude)
          ? respuestaDian(operacion, { valido: true, codigo: '00', descripcion: 'Procesado Correctamente.', cude, ...(respuestasAplicacion.has(cude) ? { respuestaAplicacion: respuestasAplicacion.get(cude)! } : {}) })
          : respuestaDian(operacion, { valido: false, codigo: '66', descripcion: 'TrackId no existe en los registros de la DIAN.', cude });
        responder(200, r, { operacion, cude, firmaValida: true });
        return;
      }
      responder(400, 'operación desconocida', { operacion, firmaValida: true });
    });
  });
  servidor.requestTimeout = 10_000;
  servidor.headersTimeout = 5_000;
  servidor.maxConnections = 50;
  await new Promise<void>((ok) => servidor.listen(0, '127.0.0.1', ok));
  const { port } = servidor.address() as AddressInfo;
  estado.url = `http://127.0.0.1:${port}/WcfDianCustomerServices.svc`;
  // The outbound client calls only https public addresses: this one loopback port is let through
  // while the fake runs, in this process (a separate server process lists it in SALIDA_PERMITIR).
  const revocar = permitirDestino(estado.url);
  estado.cerrar = () =>
    new Promise<void>((ok) => {
      revocar();
      for (const t of temporizadores) clearTimeout(t);
      servidor.closeAllConnections();
      servidor.close(() => ok());
    });
  return estado;
}
