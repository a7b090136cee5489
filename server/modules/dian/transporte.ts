/**
 * One interface for sending a signed document to DIAN, whatever carries it: DIAN's own SOAP web
 * service (`soap.ts`) or a technology provider's HTTP API (`apidian.ts`). The outbox
 * (`bandeja.ts`) only sees this interface.
 */
import { dian as D } from '#shared/messages/dian';
import { FallaSalida } from '../../lib/salida.js';

export interface ReglaDian {
  /** DIAN's rule code, e.g. `FAD06`, `90`. */
  codigo: string;
  mensaje: string;
}

export type EstadoRespuesta =
  /** Validated by DIAN (StatusCode 00). */
  | 'aceptado'
  /** Refused by a validation rule: the number is not consumed; fix and send again. */
  | 'rechazado'
  /** Rule 90: this CUDE was processed before (ask its status). */
  | 'duplicado'
  /** GetStatus: DIAN has no document with this key. */
  | 'no_encontrado';

export interface RespuestaDian {
  estado: EstadoRespuesta;
  codigo: string;
  descripcion: string;
  reglas: ReglaDian[];
  /** DIAN's application response or status XML, kept with the document (five years). */
  cuerpo: string;
}

export interface EnvioDocumento {
  /** Prefixed number (`SETP990000001`). */
  numero: string;
  cude: string;
  nitEmisor: string;
  xmlFirmado: string;
}

/**
 * DIAN could not be reached or did not answer in time: the document goes to contingency (type 08).
 * `destino`: the configured address was refused before anything was sent, or answered with a
 * redirect (server/lib/salida.ts) — the owner must correct it; the message says so.
 */
export class FallaTransporte extends Error {
  constructor(
    readonly tipo: 'no_disponible' | 'tiempo' | 'red' | 'destino',
    mensaje: string,
    readonly status?: number,
  ) {
    super(mensaje);
  }
}

export interface TransporteDian {
  readonly nombre: string;
  enviar(doc: EnvioDocumento): Promise<RespuestaDian>;
  /** Status of a document by its CUDE (DIAN's `GetStatus` trackId). */
  consultar(cude: string): Promise<RespuestaDian>;
  /**
   * Habilitación's test set by DIAN's asynchronous operations (`SendTestSetAsync`, then
   * `GetStatusZip`). A provider that takes the set through its own API leaves them out, and the set
   * goes by `enviar`.
   */
  enviarSetPruebas?(doc: EnvioDocumento, testSetId: string): Promise<{ zipKey: string } | { errores: string[] }>;
  consultarZip?(zipKey: string): Promise<RespuestaDian[] | null>;
}

/** A refused or failed outbound call as the transport's failure, with the owner's Spanish message (never the answer's body). */
export function fallaDeSalida(err: unknown, quien: 'dian' | 'proveedor'): FallaTransporte {
  const q = D.salida[quien];
  if (!(err instanceof FallaSalida)) return new FallaTransporte('red', D.salida.red(q));
  switch (err.tipo) {
    case 'destino':
      return new FallaTransporte('destino', D.salida.destino(q));
    case 'redireccion':
      return new FallaTransporte('destino', D.salida.redireccion(q, err.status ?? 0), err.status);
    case 'tamano':
      return new FallaTransporte('no_disponible', D.salida.tamano(q), err.status);
    case 'tiempo':
      return new FallaTransporte('tiempo', D.salida.tiempo(q));
    default:
      return new FallaTransporte('red', D.salida.red(q));
  }
}

/** HTTP answers that mean "DIAN is failing" (contingency type 08), as the annex lists them. */
export const STATUS_CONTINGENCIA = new Set([403, 500, 502, 503, 504, 507, 508]);

/** `Regla: 90, Rechazo: …` lines of DIAN's ErrorMessage as rules. */
export function leerReglas(mensajes: string[]): ReglaDian[] {
  return mensajes.map((m) => {
    const r = /Regla:\s*([A-Za-z0-9]+)\s*,?\s*(?:Rechazo|Notificaci[oó]n)?:?\s*(.*)$/s.exec(m.trim());
    return r ? { codigo: r[1]!, mensaje: r[2]!.trim() } : { codigo: '', mensaje: m.trim() };
  });
}
