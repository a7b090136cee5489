import { AppError } from '#shared/errors';
import { generic } from '#shared/messages/comun';
import type { TEntidadImportacion, TImportacionRequest, TLineaAplicacion, TResumenImportacion, TVistaPrevia } from '#shared/schemas/importacion';
import { api, NetworkError } from '../../../lib/api-client';
import { getToken } from '../../../lib/session';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { generic };

/** Reading 10 000 rows takes a few seconds on a busy shop's laptop. */
const TIEMPO_MS = 120_000;

/** The file's bytes as base64, for the JSON body. */
export async function aBase64(archivo: File): Promise<string> {
  const bytes = new Uint8Array(await archivo.arrayBuffer());
  let binario = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binario += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binario);
}

/** What importing the file would do; nothing is written. */
export const vistaPreviaImportacion = (entidad: TEntidadImportacion, body: TImportacionRequest) =>
  api<TVistaPrevia>(`/importacion/${entidad}/vista-previa`, { method: 'POST', body, timeoutMs: TIEMPO_MS });

/** Applies the file; `alAvanzar` hears each batch the server finishes (its answer is a stream of JSON lines). */
export async function aplicarImportacion(entidad: TEntidadImportacion, body: TImportacionRequest, alAvanzar: (hechas: number, total: number) => void): Promise<TResumenImportacion> {
  const token = getToken();
  let res: Response;
  try {
    res = await fetch(`/api/importacion/${entidad}/aplicar`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/x-ndjson', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  } catch {
    throw new NetworkError();
  }
  if (!res.ok || !res.body) {
    let data: unknown;
    try {
      data = await res.json();
    } catch {
      // not JSON: the generic refusal below
    }
    throw AppError.fromBody(data) ?? new AppError('INTERNAL', M.generic.errorText);
  }
  const lector = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let resto = '';
  for (;;) {
    let parte: ReadableStreamReadResult<string>;
    try {
      parte = await lector.read();
    } catch {
      throw new NetworkError();
    }
    if (parte.done) break;
    resto += parte.value;
    let fin = resto.indexOf('\n');
    while (fin >= 0) {
      const linea = JSON.parse(resto.slice(0, fin)) as TLineaAplicacion;
      resto = resto.slice(fin + 1);
      if (linea.tipo === 'progreso') alAvanzar(linea.hechas, linea.total);
      else if (linea.tipo === 'fin') return linea.resumen;
      else throw AppError.fromBody({ error: linea.error }) ?? new AppError('INTERNAL', M.generic.errorText);
      fin = resto.indexOf('\n');
    }
  }
  throw new NetworkError();
}
