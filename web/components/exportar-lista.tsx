import { useState } from 'react';
import { exportacion } from '#shared/messages/exportacion';
import { alertFailure } from '../lib/alerts';
import { descargarArchivo } from '../lib/descargar';

// Only these texts: every list that offers an export loads them.
const M = { exportacion };

type Query = Record<string, string | number | undefined | null>;

/** Downloads `GET /api<ruta>/<formato>` with the list's query, under the server's file name. */
const descargar = (ruta: string, formato: 'csv' | 'xlsx', query: Query) =>
  descargarArchivo(`${ruta}/${formato}`, query, { fallo: M.exportacion.fallo, nombre: formato === 'csv' ? 'lista.csv' : 'lista.xlsx' });

/**
 * The list as CSV (Excel in Spanish) or XLSX (issue #33 point 2), with the screen's search and
 * filters (`query`); without them, the whole store. `ruta`: '/productos/exportar'.
 */
export function ExportarLista(props: { ruta: string; query?: Query; etiquetas?: { csv: string; xlsx: string; ayuda: string } }) {
  const textos = props.etiquetas ?? M.exportacion;
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
      <button type="button" className="btn btn--ghost" disabled={ocupado} title={textos.ayuda} onClick={() => void run('csv')}>
        {textos.csv}
      </button>
      <button type="button" className="btn btn--ghost" disabled={ocupado} title={textos.ayuda} onClick={() => void run('xlsx')}>
        {textos.xlsx}
      </button>
    </>
  );
}
