import { AppError } from '#shared/errors';
import { direccion, NetworkError, type RequestOptions } from './api-client';
import { getToken } from './session';

/**
 * Downloads `GET /api<ruta>` with `query` as a file, under the name the server gives it (or
 * `nombre` when it gives none, or always with `nombreFijo`). A refusal comes back as the server's
 * AppError, or `fallo` when its answer is not one; no connection is a NetworkError.
 */
export async function descargarArchivo(ruta: string, query: RequestOptions['query'], o: { fallo: string; nombre: string; nombreFijo?: boolean }): Promise<void> {
  const token = getToken();
  let res: Response;
  try {
    res = await fetch(`/api${direccion(ruta, query)}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new NetworkError();
  }
  if (!res.ok) {
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      // not JSON: the generic refusal below
    }
    throw AppError.fromBody(body) ?? new AppError('INTERNAL', o.fallo);
  }
  const delServidor = o.nombreFijo ? undefined : /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = delServidor ?? o.nombre;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
