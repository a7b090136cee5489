import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useDebounced } from './use-debounced';
import { useMemoryFilters, useUrlFilters } from './use-url-filters';

/** What a list asks the server: the settled search, the page and its size, and the list's own filters. */
export type ListaParams<F extends Record<string, string>> = F & { q: string; page: number; pageSize: number };

export interface ListaOptions<D, F extends Record<string, string>, K extends QueryKey> {
  /** The query of one page, from the feature's api/ file (`queryOptions`: key and fetcher). */
  query: (params: ListaParams<F>) => UseQueryOptions<D, Error, D, K>;
  /** Rows per page; absent, the list is not paged (no pager, no page in the address). */
  pageSize?: number;
  /** The list's filters and sort, kept in the address under these names; '' means "not set". */
  filters?: F;
  /** Milliseconds the search waits for the typing to stop before it reaches the address. */
  debounceMs?: number;
  /** False while the filters cannot be asked (a date range backwards): the list shows nothing. */
  enabled?: (params: ListaParams<F>) => boolean;
  /** Keep the state in memory instead of the address (a list inside a panel of another list). */
  enMemoria?: boolean;
}

const NO_FILTERS = {};

/**
 * The one hook of every server-paged, searchable list (issue #14): page, search text (debounced),
 * filters and sort live in the address (a reload, a shared link or coming back keeps them); a new
 * search or filter goes back to page 1; the query keeps the previous page on screen while the next
 * loads; deleting the last row of the last page steps back a page. It returns what `ListState`
 * (the query) and `Pager` (`pager`) need, and the search box's text.
 */
export function useListaPaginada<
  D extends { items: unknown[]; total?: number },
  F extends Record<string, string> = Record<never, string>,
  K extends QueryKey = QueryKey,
>(options: ListaOptions<D, F, K>) {
  const url = useUrlFilters();
  const memory = useMemoryFilters();
  const [params, update] = options.enMemoria ? memory : url;
  const defaults = (options.filters ?? NO_FILTERS) as F;

  const urlQ = params.get('q') ?? '';
  const [texto, setTexto] = useState(urlQ);
  const settled = useDebounced(texto.trim(), options.debounceMs ?? 250);
  // The search this box last put in the address.
  const written = useRef(urlQ);
  // The typing settled: the search goes to the address (and the list to page 1).
  useEffect(() => {
    if (settled === urlQ) return;
    written.current = settled;
    update({ q: settled });
    // Only a settled search writes; the address changing under it (Back, a link) does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  // The address changed under the box (Back, a link): the box follows it.
  useEffect(() => {
    if (urlQ === written.current) return;
    written.current = urlQ;
    setTexto(urlQ);
  }, [urlQ]);

  const filtros = Object.fromEntries(Object.entries(defaults).map(([k, d]) => [k, params.get(k) || d])) as F;
  // A filter set to its default leaves the address.
  const setFiltros = (changes: Partial<F>) =>
    update(Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, v === defaults[k] ? '' : (v ?? '')])));
  const paged = options.pageSize != null;
  const page = paged ? Math.max(1, Number(params.get('page')) || 1) : 1;
  const queryParams = { ...filtros, q: urlQ, page, pageSize: options.pageSize ?? 0 } as ListaParams<F>;
  const enabled = options.enabled?.(queryParams) ?? true;
  const query = useQuery({ ...options.query(queryParams), placeholderData: keepPreviousData, enabled });

  const setPage = (p: number) => update({ page: p > 1 ? String(p) : '' });
  const total = paged ? (query.data?.total ?? 0) : 0;
  // The last row of the last page went away (a delete): show the page before it.
  const pages = Math.max(1, Math.ceil(total / (options.pageSize || 1)));
  const fresh = query.data && !query.isPlaceholderData;
  useEffect(() => {
    if (paged && fresh && page > pages) setPage(pages);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [paged, fresh, page, pages]);

  const filtrado = Boolean(urlQ || Object.entries(filtros).some(([k, v]) => v !== defaults[k]));

  return {
    query,
    /** The search box's text as typed, and the search the list was asked with. */
    texto,
    setTexto,
    q: urlQ,
    filtros,
    setFiltros,
    page,
    setPage,
    pager: paged ? { page, pageSize: options.pageSize!, total, onPage: setPage } : undefined,
    /** A search or a filter is set (the empty state says "no match" instead of "nothing yet"). */
    filtrado,
    /** Every filter and the search back to their defaults. */
    limpiar: () => {
      setTexto('');
      written.current = '';
      update({ q: '', ...Object.fromEntries(Object.keys(defaults).map((k) => [k, ''])) });
    },
  };
}
