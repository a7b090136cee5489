import type { ReactNode } from 'react';
import { ListState, type ListQuery, type PagerProps } from './list-state';
import { TablaDatos } from './tabla-datos';

/**
 * A filtered list's page as a table (the ledgers: movimientos, actividad, facturas): `ListState`'s
 * loading and failure, "no results" when a filter or search is on and "empty" otherwise, then the
 * page's rows in a `TablaDatos`, marked busy while a newer page loads.
 */
export function TablaFiltrada<Row>(
  props: {
    /** The list from `useListaPaginada`. */
    lista: { query: ListQuery<{ items: Row[] }> & { isFetching: boolean }; pager?: PagerProps; filtrado: boolean };
    textos: { titulo: string; cargando: string; sinResultados: ReactNode; vacio: ReactNode };
    failed: Parameters<typeof ListState>[0]['failed'];
  } & Omit<Parameters<typeof TablaDatos<Row>>[0], 'caption' | 'rows' | 'busy'>,
) {
  const { lista, textos: T, failed, ...tabla } = props;
  return (
    <ListState lista={lista} loading={T.cargando} failed={failed} empty={lista.filtrado ? T.sinResultados : T.vacio}>
      {(items) => <TablaDatos caption={T.titulo} rows={items} busy={lista.query.isFetching} {...tabla} />}
    </ListState>
  );
}
