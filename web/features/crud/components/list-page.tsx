import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { Field } from '../../../components/ui/field';
import { Pager } from '../../../components/ui/pager';
import { confirmAction } from '../../../lib/alerts';
import { NetworkError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useDebounced } from '../../../lib/use-debounced';
import { useDeleteRow } from '../api/delete-row';
import { useCrudList } from '../api/list-rows';
import { crudPath, updatePath, type CrudNavState } from '../crud-paths';
import type { AnyEntityConfig } from '../entities';
import { TopBar } from './top-bar';

const PAGE_SIZE = 20;

/** The server's words for what went wrong, for the 'Operacion' line. */
export function failureMessage(err: unknown): string {
  if (err instanceof NetworkError) return M.generic.connectionText;
  if (err instanceof AppError) return err.message;
  return M.generic.errorText;
}

/**
 * One area's list (spec §2): the spec's columns plus Modificar and Eliminar, a search box, server
 * paging, and 'Operacion' with the last operation's message. A read-only area (the fiado ledger)
 * shows its columns alone: no 'registrar', no Modificar or Eliminar.
 */
export function CrudListPage({ config }: { config: AnyEntityConfig }) {
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const navState = (location.state ?? null) as CrudNavState | null;
  const [operacion, setOperacion] = useState(navState?.operacion ?? config.initialOperacion ?? '');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const debounced = useDebounced(q.trim(), 250);
  const list = useCrudList<Record<string, unknown>>(config.key, { q: debounced, page, pageSize: PAGE_SIZE });
  const del = useDeleteRow(config.key);

  const isOperator = session?.id_Tienda == null;
  const editable = config.readOnly ? null : config;
  const can = (action: 'create' | 'update' | 'delete') => isOperator || !editable?.operatorOnly?.[action];
  const readOnlyNote = config.readOnly
    ? (config.note ?? null)
    : !can('create') && !can('update')
      ? M.crud.soloOperadorCatalogo
      : !can('create')
        ? M.crud.soloOperadorTiendas
        : null;

  // Deleting the last row of the last page: step back a page.
  const total = list.data?.total ?? 0;
  useEffect(() => {
    const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
    if (list.data && page > pages) setPage(pages);
  }, [list.data, total, page]);

  const onDelete = async (row: Record<string, unknown>) => {
    const ok = await confirmAction(M.crud.confirmarEliminarTitulo, M.crud.confirmarEliminarTexto(config.rowLabel(row)), M.crud.confirmarEliminarBoton);
    if (!ok) return;
    try {
      const r = await del.mutateAsync(config.rowId(row));
      setOperacion(r.message);
      // A search typed just before may have read the list before the delete: read it again.
      void list.refetch();
    } catch (err) {
      // The server refused: its message shows and the list is not reloaded (spec §8).
      setOperacion(failureMessage(err));
    }
  };

  const items = list.data?.items ?? [];
  const colSpan = config.columns.length + (editable ? 2 : 0);

  return (
    <div className="crud-shell">
      <TopBar operacion={operacion} />
      <main className="crud-main" id="contenido">
        <div className="crud-heading">
          <h1>{config.listTitle}</h1>
          {editable && can('create') ? (
            <Link className="btn" to={crudPath(editable.routes.register)}>
              {M.crud.registrar}
            </Link>
          ) : null}
        </div>
        {readOnlyNote ? <p className="crud-note">{readOnlyNote}</p> : null}
        <div className="toolbar crud-toolbar">
          <Field
            label="Buscar"
            type="search"
            value={q}
            placeholder={config.searchHint}
            onChange={(e) => {
              setQ(e.target.value);
              setPage(1);
            }}
          />
        </div>
        <div className="table-wrap crud-table-wrap" aria-busy={list.isFetching}>
          <table className="table crud-table">
            <caption className="visually-hidden">{config.listTitle}</caption>
            <thead>
              <tr>
                {config.columns.map((c) => (
                  <th key={c.header} scope="col" className={c.num ? 'num' : undefined}>
                    {c.header}
                  </th>
                ))}
                {editable ? (
                  <>
                    <th scope="col" className="crud-action crud-action--mod">
                      {M.crud.modificar}
                    </th>
                    <th scope="col" className="crud-action crud-action--del">
                      {M.crud.eliminar}
                    </th>
                  </>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {list.isPending ? (
                <tr>
                  <td colSpan={colSpan} className="state" role="status">
                    Cargando…
                  </td>
                </tr>
              ) : list.isError ? (
                <tr>
                  <td colSpan={colSpan} className="state" role="alert">
                    No se pudo cargar la lista. {failureMessage(list.error)}{' '}
                    <button type="button" className="btn btn--ghost btn--sm" onClick={() => list.refetch()}>
                      Reintentar
                    </button>
                  </td>
                </tr>
              ) : items.length === 0 ? (
                <tr>
                  <td colSpan={colSpan} className="state">
                    {debounced ? `Ningún registro coincide con «${debounced}».` : 'Todavía no hay registros.'}
                  </td>
                </tr>
              ) : (
                items.map((row) => {
                  const id = config.rowId(row);
                  const label = config.rowLabel(row);
                  return (
                    <tr key={id}>
                      {config.columns.map((c) => (
                        <td key={c.header} className={c.num ? 'num' : undefined}>
                          {c.cell(row)}
                        </td>
                      ))}
                      {editable ? (
                        <>
                          <td className="crud-action crud-action--mod">
                            <button
                              type="button"
                              className="btn btn--ghost btn--sm"
                              disabled={!can('update')}
                              aria-label={`${M.crud.modificar} ${label}`}
                              onClick={() => navigate(updatePath(editable, id), { state: { row } satisfies CrudNavState })}
                            >
                              {M.crud.modificar}
                            </button>
                          </td>
                          <td className="crud-action crud-action--del">
                            <button
                              type="button"
                              className="btn btn--sm btn--danger"
                              disabled={!can('delete') || del.isPending}
                              aria-label={`${M.crud.eliminar} ${label}`}
                              onClick={() => onDelete(row)}
                            >
                              {M.crud.eliminar}
                            </button>
                          </td>
                        </>
                      ) : null}
                    </tr>
                  );
                })
              )}
            </tbody>
          </table>
        </div>
        <Pager page={page} pageSize={PAGE_SIZE} total={total} onPage={setPage} />
      </main>
    </div>
  );
}
