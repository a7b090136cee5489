import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { isFechaDia, ZONA_HORARIA } from '#shared/schemas/movimiento';
import { Field } from '../../components/ui/field';
import { Pager } from '../../components/ui/pager';
import { paths } from '../../config/paths';
import { alertFailure, alertWarning } from '../../lib/alerts';
import { useSession } from '../../lib/session';
import { useDebounced } from '../../lib/use-debounced';
import { useUrlFilters } from '../../lib/use-url-filters';
import { useMovimientos } from './api/get-movimientos';
import { PageHeader } from '../../components/page-header';
import './movimientos.css';

const T = M.movimientos;
const C = T.columnas;
const PAGE_SIZE = 20;
const fechaHora = new Intl.DateTimeFormat('es-CO', { dateStyle: 'medium', timeStyle: 'short', timeZone: ZONA_HORARIA });
const entero = new Intl.NumberFormat('es-CO');

/** The store's stock ledger (spec §2 /movimientos). Role 3 may not open it (spec §6). */
export default function MovimientosPage() {
  const session = useSession();
  const navigate = useNavigate();
  const denied = session?.rol === ROL.ENCARGADO;
  const refused = useRef(false);

  const [params, update] = useUrlFilters();
  const desde = params.get('desde') ?? '';
  const hasta = params.get('hasta') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const productoId = Number(params.get('productoId')) || undefined;
  const [texto, setTexto] = useState(params.get('q') ?? '');
  const q = useDebounced(texto.trim(), 250);

  const fechaError = (v: string) => (v && !isFechaDia(v) ? T.fechaInvalida : undefined);
  const desdeError = fechaError(desde);
  const hastaError = fechaError(hasta) ?? (desde && hasta && desde > hasta ? T.rangoInvalido : undefined);
  const valid = !desdeError && !hastaError;

  const query = useMovimientos({ q, desde, hasta, page, pageSize: PAGE_SIZE, productoId }, valid && !denied);

  // Keep the search in the address (a reload keeps it) once the typing settles.
  const urlQ = params.get('q') ?? '';
  useEffect(() => {
    if (q !== urlQ) update({ q });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q]);

  // Role 3, known from the session or told by the server: the spec's message, back to /inicio.
  const forbidden = denied || (query.error instanceof AppError && query.error.code === 'FORBIDDEN');
  useEffect(() => {
    if (!forbidden || refused.current) return;
    refused.current = true;
    if (query.error instanceof AppError) void alertFailure(query.error, T.denegadoTitulo);
    else void alertWarning(T.denegadoTitulo, M.roles.denyMovimientos);
    navigate(paths.inicio, { replace: true });
  }, [forbidden, query.error, navigate]);
  if (forbidden) return null;

  const data = query.data;
  const filtrado = Boolean(q || desde || hasta || productoId);
  const limpiar = () => {
    setTexto('');
    update({ q: '', desde: '', hasta: '', productoId: '' });
  };

  return (
    <>
      <PageHeader title={T.titulo} className="movimientos-header" />
      <p className="movimientos-intro">{T.subtitulo}</p>

      <form className="toolbar movimientos-filtros" role="search" aria-label="Filtrar movimientos" onSubmit={(e) => e.preventDefault()}>
        <Field
          label="Producto"
          type="search"
          name="q"
          placeholder="Buscar por nombre del producto"
          autoComplete="off"
          value={texto}
          onChange={(e) => setTexto(e.target.value)}
        />
        <Field label="Desde" type="date" name="desde" value={desde} max={hasta || undefined} error={desdeError} onChange={(e) => update({ desde: e.target.value })} />
        <Field label="Hasta" type="date" name="hasta" value={hasta} min={desde || undefined} error={hastaError} onChange={(e) => update({ hasta: e.target.value })} />
        {filtrado ? (
          <button type="button" className="btn btn--ghost" onClick={limpiar}>
            Quitar filtros
          </button>
        ) : null}
      </form>

      {query.isPending && valid ? (
        <div className="state" role="status">
          Cargando…
        </div>
      ) : query.isError ? (
        <div className="card state" role="alert">
          <p>{query.error instanceof AppError && query.error.status < 500 ? query.error.message : T.cargaFallida}</p>
          <button type="button" className="btn" onClick={() => query.refetch()}>
            Reintentar
          </button>
        </div>
      ) : !data ? null : data.items.length === 0 ? (
        <div className="card state">
          <p>{filtrado ? T.sinResultados : T.vacio}</p>
        </div>
      ) : (
        <>
          <div className="table-wrap movimientos-wrap" aria-busy={query.isFetching}>
            <table className="table movimientos-table">
              <caption className="visually-hidden">{T.titulo}</caption>
              <thead>
                <tr>
                  <th scope="col" className="num">
                    {C.id}
                  </th>
                  <th scope="col">{C.producto}</th>
                  <th scope="col" className="num">
                    {C.stockAntes}
                  </th>
                  <th scope="col" className="num">
                    {C.entradas}
                  </th>
                  <th scope="col" className="num">
                    {C.salidas}
                  </th>
                  <th scope="col" className="num">
                    {C.stockDespues}
                  </th>
                  <th scope="col">{C.fecha}</th>
                  <th scope="col">{C.motivo}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((m) => (
                  <tr key={m.id}>
                    <td className="num movimientos-c-id" data-label={C.id}>
                      {m.id}
                    </td>
                    <td className="movimientos-c-producto">{m.producto ?? <em className="movimientos-muted">{T.productoEliminado}</em>}</td>
                    <td className="num movimientos-c-antes" data-label={C.stockAntes}>
                      {entero.format(m.stockAntes)}
                    </td>
                    <td className={`num movimientos-c-entradas ${m.entradas ? 'movimientos-entrada' : 'movimientos-cero'}`} data-label={C.entradas}>
                      {m.entradas ? `+${entero.format(m.entradas)}` : '0'}
                    </td>
                    <td className={`num movimientos-c-salidas ${m.salidas ? 'movimientos-salida' : 'movimientos-cero'}`} data-label={C.salidas}>
                      {m.salidas ? `−${entero.format(m.salidas)}` : '0'}
                    </td>
                    <td className="num movimientos-c-despues" data-label={C.stockDespues}>
                      <strong>{entero.format(m.stockDespues)}</strong>
                    </td>
                    <td className="movimientos-fecha movimientos-c-fecha">{fechaHora.format(new Date(m.fecha))}</td>
                    <td className="movimientos-c-motivo">{m.motivo}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} pageSize={PAGE_SIZE} total={data.total} onPage={(p) => update({ page: String(p) })} />
        </>
      )}
    </>
  );
}
