import type { ReactNode } from 'react';
import { ListState, razonOFallo, type ListQuery, type PagerProps } from './list-state';
import { TablaDatos } from './tabla-datos';

type PropsDeTabla<Row> = Omit<Parameters<typeof TablaDatos<Row>>[0], 'caption' | 'rows' | 'busy'>;

/**
 * A server-paged list's page as a table: `ListState`'s loading, failure and empty card, then the
 * page's rows in a `TablaDatos` captioned `textos.titulo`, marked busy while a newer page loads.
 */
export function TablaPaginada<Row>(
  props: {
    /** The list from `useListaPaginada`. */
    lista: { query: ListQuery<{ items: Row[] }> & { isFetching: boolean }; pager?: PagerProps };
    textos: { titulo: string; cargando: string; cargaFallida: ReactNode; vacio?: ReactNode };
    /** The failure's words; default: `textos.cargaFallida`. */
    failed?: Parameters<typeof ListState>[0]['failed'];
  } & PropsDeTabla<Row>,
) {
  const { lista, textos: T, failed, ...tabla } = props;
  return (
    <ListState lista={lista} loading={T.cargando} failed={failed ?? T.cargaFallida} empty={T.vacio}>
      {(items) => <TablaDatos caption={T.titulo} rows={items} busy={lista.query.isFetching} {...tabla} />}
    </ListState>
  );
}

/**
 * A filtered list's page as a table (the ledgers: movimientos, actividad, facturas): a `TablaPaginada`
 * that says "no results" when a filter or search is on and "empty" otherwise, and by default the
 * server's reason for a refused filter.
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
  } & Omit<PropsDeTabla<Row>, 'className' | 'wrapClassName'>,
) {
  const { lista, textos: T, failed, clase, ...tabla } = props;
  return (
    <TablaPaginada
      lista={lista}
      textos={{ ...T, vacio: lista.filtrado ? T.sinResultados : T.vacio }}
      failed={failed ?? razonOFallo(T.cargaFallida)}
      className={`${clase}-table`}
      wrapClassName={`${clase}-wrap`}
      {...tabla}
    />
  );
}
