import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { AppError } from '#shared/errors';
import { generic } from '#shared/messages/comun';
import { crud } from '#shared/messages/crud';
import { ListState, SearchField } from '../../../components/ui/list-state';
import { TablaDatos } from '../../../components/ui/tabla-datos';
import { confirmAction } from '../../../lib/alerts';
import { NetworkError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useListaPaginada } from '../../../lib/use-lista-paginada';
import { useArchiveRow, useDeleteRow } from '../api/delete-row';
import { crudListQuery } from '../api/list-rows';
import { crudPath, updatePath, type CrudNavState } from '../crud-paths';
import type { AnyEntityConfig } from '../entities';
import { TopBar } from './top-bar';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { crud, generic };

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
  const lista = useListaPaginada({ query: ({ q, page, pageSize }) => crudListQuery<Record<string, unknown>>(config.key, { q, page, pageSize }), pageSize: PAGE_SIZE });
  const del = useDeleteRow(config.key);
  const archive = useArchiveRow(config.key);

  const isOperator = session?.id_Tienda == null;
  const editable = config.readOnly ? null : config;
  const can = (action: 'create' | 'update' | 'delete') => (action === 'create' || !editable?.soloAgregar) && (isOperator || !editable?.operatorOnly?.[action]);
  const readOnlyNote = config.readOnly
    ? (config.note ?? null)
    : editable?.soloAgregar
      ? M.crud.soloAgregarNota
    : !can('create') && !can('update')
      ? M.crud.soloOperadorCatalogo
      : !can('create')
        ? M.crud.soloOperadorTiendas
        : null;

  const onDelete = async (row: Record<string, unknown>) => {
    const ok = await confirmAction(M.crud.confirmarEliminarTitulo, M.crud.confirmarEliminarTexto(config.rowLabel(row)), M.crud.confirmarEliminarBoton);
    if (!ok) return;
    try {
      const r = await del.mutateAsync(config.rowId(row));
      setOperacion(r.message);
      // A search typed just before may have read the list before the delete: read it again.
      void lista.query.refetch();
    } catch (err) {
      // The server refused: its message shows and the list is not reloaded (spec §8).
      setOperacion(failureMessage(err));
    }
  };

  const onArchive = async (row: Record<string, unknown>) => {
    const ok = await confirmAction(M.crud.confirmarArchivarTitulo, M.crud.confirmarArchivarTexto(config.rowLabel(row)), M.crud.confirmarArchivarBoton);
    if (!ok) return;
    try {
      const r = await archive.mutateAsync(config.rowId(row));
      setOperacion(r.message);
      void lista.query.refetch();
    } catch (err) {
      setOperacion(failureMessage(err));
    }
  };

  /** A Modificar or Eliminar column: its button names the row for screen readers. */
  const accion = (nombre: string, width: string, className: string, disabled: () => boolean, onClick: (row: Record<string, unknown>) => void) => ({
    header: nombre,
    width,
    cell: (row: Record<string, unknown>) => (
      <button type="button" className={className} disabled={disabled()} aria-label={`${nombre} ${config.rowLabel(row)}`} onClick={() => onClick(row)}>
        {nombre}
      </button>
    ),
  });

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
          <SearchField label={M.crud.buscar} placeholder={config.searchHint} lista={lista} />
        </div>
        <ListState lista={lista} loading={M.crud.cargando} failed={(err) => M.crud.cargaFallida(failureMessage(err))}>
          {(items) => (
            <TablaDatos
              caption={config.listTitle}
              className="crud-table"
              wrapClassName="crud-table-wrap"
              accionesAlInicio
              rows={items}
              rowKey={(row) => config.rowId(row)}
              busy={lista.query.isFetching}
              vacio={lista.q ? M.crud.sinCoincidencias(lista.q) : M.crud.sinRegistros}
              columns={config.columns.map((c) => ({ header: c.header, num: c.num, cell: c.cell }))}
              acciones={
                editable
                  ? [
                      accion(M.crud.modificar, '7.25rem', 'btn btn--ghost btn--sm', () => !can('update'), (row) =>
                        navigate(updatePath(editable, config.rowId(row)), { state: { row } satisfies CrudNavState }),
                      ),
                      accion(M.crud.eliminar, '6.5rem', 'btn btn--sm btn--danger', () => !can('delete') || del.isPending, onDelete),
                      ...(editable.archivable ? [accion(M.crud.archivar, '6.5rem', 'btn btn--ghost btn--sm', () => archive.isPending, onArchive)] : []),
                    ]
                  : undefined
              }
            />
          )}
        </ListState>
      </main>
    </div>
  );
}
