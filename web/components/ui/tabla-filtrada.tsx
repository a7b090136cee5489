import type { ReactNode } from 'react';
import { ListState, razonOFallo, type ListQuery, type PagerProps } from './list-state';
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
    textos: { titulo: string; cargando: string; cargaFallida: ReactNode; sinResultados: ReactNode; vacio: ReactNode };
    /** The failure's words; default: the server's reason for a refused filter, otherwise `textos.cargaFallida`. */
    failed?: Parameters<typeof ListState>[0]['failed'];
    /** The screen's class prefix: the table is `<clase>-table` inside `<clase>-wrap`. */
    clase: string;
  } & Omit<Parameters<typeof TablaDatos<Row>>[0], 'caption' | 'rows' | 'busy' | 'className' | 'wrapClassName'>,
) {
  const { lista, textos: T, failed, clase, ...tabla } = props;
  return (
    <ListState lista={lista} loading={T.cargando} failed={failed ?? razonOFallo(T.cargaFallida)} empty={lista.filtrado ? T.sinResultados : T.vacio}>
      {(items) => <TablaDatos caption={T.titulo} className={`${clase}-table`} wrapClassName={`${clase}-wrap`} rows={items} busy={lista.query.isFetching} {...tabla} />}
    </ListState>
  );
}
