import { useState } from 'react';
import { AppError } from '#shared/errors';
import { exportacion } from '#shared/messages/exportacion';
import { alertFailure } from '../lib/alerts';
import { direccion, NetworkError } from '../lib/api-client';
import { getToken } from '../lib/session';

// Only these texts: every list that offers an export loads them.
const M = { exportacion };

type Query = Record<string, string | number | undefined | null>;

/** Downloads `GET /api<ruta>/<formato>` with the list's query, under the server's file name. */
async function descargar(ruta: string, formato: 'csv' | 'xlsx', query: Query): Promise<void> {
  const token = getToken();
  let res: Response;
  try {
    res = await fetch(`/api${direccion(`${ruta}/${formato}`, query)}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
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
    throw AppError.fromBody(body) ?? new AppError('INTERNAL', M.exportacion.fallo);
  }
  const nombre = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `${formato === 'csv' ? 'lista.csv' : 'lista.xlsx'}`;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = nombre;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The list as CSV (Excel in Spanish) or XLSX (issue #33 point 2), with the screen's search and
 * filters (`query`); without them, the whole store. `ruta`: '/productos/exportar'.
 */
export function ExportarLista(props: { ruta: string; query?: Query }) {
  const [ocupado, setOcupado] = useState(false);
  const run = async (formato: 'csv' | 'xlsx') => {
    setOcupado(true);
    try {
      await descargar(props.ruta, formato, props.query ?? {});
    } catch (err) {
      await alertFailure(err, M.exportacion.fallo);
    } finally {
      setOcupado(false);
    }
  };
  return (
    <>
      <button type="button" className="btn btn--ghost" disabled={ocupado} title={M.exportacion.ayuda} onClick={() => void run('csv')}>
        {M.exportacion.csv}
      </button>
      <button type="button" className="btn btn--ghost" disabled={ocupado} title={M.exportacion.ayuda} onClick={() => void run('xlsx')}>
        {M.exportacion.xlsx}
      </button>
    </>
  );
}
