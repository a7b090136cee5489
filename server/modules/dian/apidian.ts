/**
 * A technology provider's HTTP API, APIDIAN-compatible (the open-source Laravel API many Colombian
 * providers host): Bearer token, JSON, and DIAN's own answer nested in `ResponseDian`
 * (`Envelope.Body.<Operation>Response.<Operation>Result`: IsValid, StatusCode, StatusDescription,
 * ErrorMessage.string). Status by CUDE is APIDIAN's documented `POST /api/ubl2.1/status/document/{trackId}`
 * (with `is_eqdoc`). Sending takes our signed document zipped in base64; its path is configurable
 * because providers expose it under different names — confirm it with the provider (see ADR 023).
 * The provider signs the SOAP call with its own certificate; ours signed the document.
 */
import { dian as D } from '#shared/messages/dian';
import { xmldom } from '../../lib/perezoso.js';
import { solicitar, type RespuestaSalida } from '../../lib/salida.js';
import { comprimir } from './soap.js';
import { fallaDeSalida, FallaTransporte, leerReglas, STATUS_CONTINGENCIA, type EnvioDocumento, type RespuestaDian, type TransporteDian } from './transporte.js';

export interface OpcionesApidian {
  /** e.g. https://apidian.proveedor.example */
  base: string;
  token: string;
  /** Path that takes `{ fileName, contentFile }` (zipped signed XML in base64). */
  rutaEnvio?: string;
  tiempoMaximoMs?: number;
}

type Json = Record<string, unknown>;

function buscar(o: unknown, clave: string): unknown {
  if (!o || typeof o !== 'object') return undefined;
  if (clave in (o as Json)) return (o as Json)[clave];
  for (const v of Object.values(o as Json)) {
    const r = buscar(v, clave);
    if (r !== undefined) return r;
  }
  return undefined;
}

/** DIAN's ApplicationResponse when the provider relays it (XmlBase64Bytes), checked to be one; otherwise null. */
function respuestaAplicacion(resultado: unknown): string | null {
  const b64 = buscar(resultado, 'XmlBase64Bytes');
  if (typeof b64 !== 'string' || !b64 || b64.length > 1_500_000 || !/^[A-Za-z0-9+/=\s]+$/.test(b64)) return null;
  const xml = Buffer.from(b64, 'base64').toString('utf8');
  try {
    const raiz = new (xmldom().DOMParser)({ onError: () => {} }).parseFromString(xml, 'text/xml').documentElement;
    return raiz?.localName === 'ApplicationResponse' ? xml : null;
  } catch {
    return null;
  }
}

/**
 * Reads DIAN's result out of an APIDIAN answer; null when the answer does not have the expected
 * shape (no DianResponse with a status). What is kept (`cuerpo`) is only what was read: DIAN's
 * ApplicationResponse when the provider relays it, else the parsed fields — never the answer itself.
 */
export function leerRespuestaApidian(json: unknown): RespuestaDian | null {
  const resultado = buscar(json, 'SendBillSyncResult') ?? buscar(json, 'GetStatusResult') ?? buscar(json, 'ResponseDian');
  if (!resultado || typeof resultado !== 'object') return null;
  const valor = (k: string) => {
    const v = buscar(resultado, k);
    return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
  };
  const codigo = valor('StatusCode');
  const esValido = valor('IsValid');
  if (!codigo && !esValido) return null;
  const errores = buscar(resultado, 'ErrorMessage');
  const lista = buscar(errores, 'string');
  const mensajes = (Array.isArray(lista) ? lista : lista ? [lista] : []).map(String).filter((m) => m.trim());
  const reglas = leerReglas(mensajes);
  let estado: RespuestaDian['estado'];
  if (esValido === 'true' && codigo === '00') estado = 'aceptado';
  else if (reglas.some((r) => r.codigo === '90')) estado = 'duplicado';
  else if (codigo === '66') estado = 'no_encontrado';
  else estado = 'rechazado';
  const descripcion = valor('StatusDescription') || valor('StatusMessage');
  const cuerpo = respuestaAplicacion(resultado) ?? JSON.stringify({ IsValid: esValido, StatusCode: codigo, StatusDescription: descripcion, ErrorMessage: mensajes });
  return { estado, codigo, descripcion, reglas, cuerpo };
}

export class TransporteApidian implements TransporteDian {
  readonly nombre = 'Proveedor tecnológico (APIDIAN)';
  constructor(private readonly opciones: OpcionesApidian) {}

  private async llamar(ruta: string, cuerpo: Json): Promise<RespuestaDian> {
    let r: RespuestaSalida;
    try {
      // Through the one outbound client: https to a public address only, no redirects, bounded.
      r = await solicitar({
        url: new URL(ruta, this.opciones.base),
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${this.opciones.token}` },
        body: JSON.stringify(cuerpo),
        tiempoMaximoMs: this.opciones.tiempoMaximoMs ?? 60_000,
      });
    } catch (err) {
      throw fallaDeSalida(err, 'proveedor');
    }
    const q = D.salida.proveedor;
    if (STATUS_CONTINGENCIA.has(r.status) || r.status >= 500) throw new FallaTransporte('no_disponible', D.salida.noDisponible(q, r.status), r.status);
    // A refusal (a bad token, a malformed request): the owner reads its status, not the provider's text.
    if (r.status < 200 || r.status >= 300) return { estado: 'rechazado', codigo: String(r.status), descripcion: D.salida.rechazoProveedor(r.status), reglas: [], cuerpo: '' };
    let json: unknown;
    try {
      json = JSON.parse(r.cuerpo.toString('utf8'));
    } catch {
      json = null;
    }
    const leida = leerRespuestaApidian(json);
    if (!leida) throw new FallaTransporte('no_disponible', D.salida.inesperada(q, r.status), r.status);
    return leida;
  }

  enviar(doc: EnvioDocumento): Promise<RespuestaDian> {
    const nombre = doc.numero.replace(/[^A-Za-z0-9]/g, '');
    return this.llamar(this.opciones.rutaEnvio ?? '/api/ubl2.1/send-bill-sync', {
      fileName: `${nombre}.zip`,
      contentFile: comprimir(`${nombre}.xml`, doc.xmlFirmado).toString('base64'),
      is_eqdoc: true,
    });
  }

  consultar(cude: string): Promise<RespuestaDian> {
    if (!/^[0-9a-f]{96}$/.test(cude)) throw new Error('CUDE inválido');
    return this.llamar(`/api/ubl2.1/status/document/${cude}`, { sendmail: false, sendmailtome: false, is_payroll: false, is_eqdoc: true });
  }
}
