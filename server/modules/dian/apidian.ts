/**
 * A technology provider's HTTP API, APIDIAN-compatible (the open-source Laravel API many Colombian
 * providers host): Bearer token, JSON, and DIAN's own answer nested in `ResponseDian`
 * (`Envelope.Body.<Operation>Response.<Operation>Result`: IsValid, StatusCode, StatusDescription,
 * ErrorMessage.string). Status by CUDE is APIDIAN's documented `POST /api/ubl2.1/status/document/{trackId}`
 * (with `is_eqdoc`). Sending takes our signed document zipped in base64; its path is configurable
 * because providers expose it under different names — confirm it with the provider (see ADR 023).
 * The provider signs the SOAP call with its own certificate; ours signed the document.
 */
import { comprimir } from './soap.js';
import { FallaTransporte, leerReglas, STATUS_CONTINGENCIA, type EnvioDocumento, type RespuestaDian, type TransporteDian } from './transporte.js';

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

/** Reads DIAN's result out of an APIDIAN answer. */
export function leerRespuestaApidian(json: unknown): RespuestaDian {
  const resultado = buscar(json, 'SendBillSyncResult') ?? buscar(json, 'GetStatusResult') ?? buscar(json, 'ResponseDian') ?? json;
  const valor = (k: string) => {
    const v = buscar(resultado, k);
    return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
  };
  const errores = buscar(resultado, 'ErrorMessage');
  const lista = buscar(errores, 'string');
  const mensajes = (Array.isArray(lista) ? lista : lista ? [lista] : []).map(String).filter((m) => m.trim());
  const reglas = leerReglas(mensajes);
  const codigo = valor('StatusCode');
  let estado: RespuestaDian['estado'];
  if (valor('IsValid') === 'true' && codigo === '00') estado = 'aceptado';
  else if (reglas.some((r) => r.codigo === '90')) estado = 'duplicado';
  else if (codigo === '66') estado = 'no_encontrado';
  else estado = 'rechazado';
  return { estado, codigo, descripcion: valor('StatusDescription') || valor('StatusMessage'), reglas, cuerpo: JSON.stringify(json) };
}

export class TransporteApidian implements TransporteDian {
  readonly nombre = 'Proveedor tecnológico (APIDIAN)';
  constructor(private readonly opciones: OpcionesApidian) {}

  private async llamar(ruta: string, cuerpo: Json): Promise<RespuestaDian> {
    let r: Response;
    try {
      r = await fetch(new URL(ruta, this.opciones.base), {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${this.opciones.token}` },
        body: JSON.stringify(cuerpo),
        signal: AbortSignal.timeout(this.opciones.tiempoMaximoMs ?? 60_000),
      });
    } catch (err) {
      const nombre = (err as Error).name;
      if (nombre === 'TimeoutError' || nombre === 'AbortError') throw new FallaTransporte('tiempo', 'El proveedor tecnológico no respondió a tiempo.');
      throw new FallaTransporte('red', 'No se pudo conectar con el proveedor tecnológico.');
    }
    if (STATUS_CONTINGENCIA.has(r.status) || r.status >= 500) {
      throw new FallaTransporte('no_disponible', `El proveedor tecnológico respondió ${r.status}.`, r.status);
    }
    let json: unknown;
    try {
      json = await r.json();
    } catch {
      throw new FallaTransporte('no_disponible', `Respuesta ilegible del proveedor tecnológico (${r.status}).`, r.status);
    }
    if (!r.ok) {
      const mensaje = typeof (json as Json)?.message === 'string' ? String((json as Json).message) : `HTTP ${r.status}`;
      return { estado: 'rechazado', codigo: String(r.status), descripcion: mensaje, reglas: [], cuerpo: JSON.stringify(json) };
    }
    return leerRespuestaApidian(json);
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
