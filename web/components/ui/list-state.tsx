import type { ReactNode } from 'react';

interface ListQuery<T> {
  isPending: boolean;
  isError: boolean;
  data: { items: T[] } | undefined;
  refetch: () => unknown;
}

/**
 * The states every server-paged list shows before its table: loading, failed (with a retry), empty
 * (a search with no result, or nothing yet); otherwise `children` with the items.
 */
export function ListState<T>(props: {
  query: ListQuery<T>;
  loading: string;
  failed: string;
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  const { query } = props;
  if (query.isPending)
    return (
      <div className="card state" role="status">
        {props.loading}
      </div>
    );
  if (query.isError || !query.data)
    return (
      <div className="card state" role="alert">
        <p>{props.failed}</p>
        <button type="button" className="btn" onClick={() => query.refetch()}>
          Reintentar
        </button>
      </div>
    );
  if (query.data.items.length === 0)
    return (
      <div className="card state" role="status">
        {props.empty}
      </div>
    );
  return <>{props.children(query.data.items)}</>;
}

/** The search box above a list (the list searches on the server as the user types). */
export function SearchBox(props: { id: string; label: string; placeholder: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="toolbar" role="search">
      <div className="field">
        <label htmlFor={props.id}>{props.label}</label>
        <input
          id={props.id}
          type="search"
          placeholder={props.placeholder}
          autoComplete="off"
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
        />
      </div>
    </div>
  );
}
