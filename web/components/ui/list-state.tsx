import type { ReactNode } from 'react';
import { AppError } from '#shared/errors';
import { comun, generic } from '#shared/messages/comun';
import { Field } from './field';
import { Pager } from './pager';
import './tabla-datos.css';

// The shell's texts only: every screen loads them (issue #20).
const M = { comun, generic };

export type PagerProps = Parameters<typeof Pager>[0];

export interface ListQuery<D> {
  isPending: boolean;
  isError: boolean;
  /** 'idle' while pending: the query is switched off (filters that cannot be asked), nothing to show. */
  fetchStatus?: string;
  error?: unknown;
  data: D | undefined;
  refetch: () => unknown;
}

/**
 * The loading state of a list or a page: grey bars where the rows will be, `aria-busy`, and the
 * words a screen reader says (e.g. "Cargando productos…") out of sight.
 */
export function Skeleton(props: { label: string; rows?: number; className?: string }) {
  return (
    <div className={`card state skeleton${props.className ? ` ${props.className}` : ''}`} role="status" aria-busy="true">
      <span className="visually-hidden">{props.label}</span>
      {Array.from({ length: props.rows ?? 5 }, (_, i) => (
        <span key={i} className="skeleton__row" aria-hidden="true">
          <span className="skeleton__bar" />
          <span className="skeleton__bar skeleton__bar--short" />
          <span className="skeleton__bar skeleton__bar--num" />
        </span>
      ))}
    </div>
  );
}

/** A page's data still loading, or failed to load (the generic words): one status line. */
export function EstadoCarga(props: { error: boolean; className?: string }) {
  return (
    <p className={props.className ?? 'state'} role="status">
      {props.error ? M.generic.errorText : M.comun.cargando}
    </p>
  );
}

/** A list that could not load: why, and a way to ask again. */
export function LoadFailed(props: { message: ReactNode; onRetry?: () => unknown }) {
  return (
    <div className="card state" role="alert">
      <p>{props.message}</p>
      {props.onRetry ? (
        <button type="button" className="btn" onClick={() => props.onRetry!()}>
          {M.comun.reintentar}
        </button>
      ) : null}
    </div>
  );
}

/**
 * The states every server-paged list shows before its table: loading (a skeleton), failed (with a
 * retry), empty (a search with no result, or nothing yet); otherwise `children` with the items,
 * then the pager. Without `empty`, the children show an empty list themselves (a table keeps its
 * headers and says so in a row).
 */
export function ListState<D extends { items: unknown[] }>(props: {
  /** The list from `useListaPaginada` (its query and pager), or a query alone. */
  lista?: { query: ListQuery<D>; pager?: PagerProps };
  query?: ListQuery<D>;
  /** What the skeleton says to a screen reader. */
  loading: string;
  failed: ReactNode | ((error: unknown) => ReactNode);
  empty?: ReactNode;
  /** When the data counts as empty (default: no items). */
  isEmpty?: (data: D) => boolean;
  /** Extra attributes of the empty card (a test id). */
  emptyTestId?: string;
  pager?: PagerProps;
  skeletonRows?: number;
  children: (items: D['items'], data: D) => ReactNode;
}) {
  const query = (props.lista?.query ?? props.query)!;
  const pager = props.lista?.pager ?? props.pager;
  if (query.isPending && query.fetchStatus === 'idle') return null;
  if (query.isPending) return <Skeleton label={props.loading} rows={props.skeletonRows} />;
  if (query.isError || !query.data)
    return <LoadFailed message={typeof props.failed === 'function' ? props.failed(query.error) : props.failed} onRetry={query.refetch} />;
  const data = query.data;
  if (props.empty !== undefined && (props.isEmpty ? props.isEmpty(data) : data.items.length === 0))
    return (
      <div className="card state" role="status" data-testid={props.emptyTestId}>
        {props.empty}
      </div>
    );
  return (
    <>
      {props.children(data.items, data)}
      {pager ? <Pager {...pager} /> : null}
    </>
  );
}

/**
 * A list's filter bar: each field filters as it changes (there is nothing to submit). With `quitar`,
 * a button clears every filter while any is set; `acciones` follow it (an export).
 */
export function FiltrosLista(props: {
  label: string;
  className?: string;
  lista: { filtrado: boolean; limpiar: () => void };
  quitar?: string;
  acciones?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form className={`toolbar${props.className ? ` ${props.className}` : ''}`} role="search" aria-label={props.label} onSubmit={(e) => e.preventDefault()}>
      {props.children}
      {props.quitar && props.lista.filtrado ? (
        <button type="button" className="btn btn--ghost" onClick={props.lista.limpiar}>
          {props.quitar}
        </button>
      ) : null}
      {props.acciones}
    </form>
  );
}

/** A list's failure when its filters may be refused: the server's reason for a refusal (4xx), otherwise `fallo`. */
export const razonOFallo = (fallo: ReactNode) => (error: unknown) => (error instanceof AppError && error.status < 500 ? error.message : fallo);

/** The search field of a list's filter form, bound to `useListaPaginada`'s text. */
export function SearchField(props: Omit<Parameters<typeof Field>[0], 'value' | 'onChange'> & { lista: { texto: string; setTexto: (t: string) => void } }) {
  const { lista, ...field } = props;
  return <Field type="search" autoComplete="off" {...field} value={lista.texto} onChange={(e) => lista.setTexto(e.target.value)} />;
}

/** The search box above a list (the list searches on the server as the user types). */
export function SearchBox(props: { id: string; label: string; placeholder: string; lista: { texto: string; setTexto: (t: string) => void } }) {
  return (
    <div className="toolbar" role="search">
      <div className="field">
        <label htmlFor={props.id}>{props.label}</label>
        <input
          id={props.id}
          type="search"
          placeholder={props.placeholder}
          autoComplete="off"
          value={props.lista.texto}
          onChange={(e) => props.lista.setTexto(e.target.value)}
        />
      </div>
    </div>
  );
}

/** The texts of a searched list, as each screen's catalogue names them. */
export interface TextosListaBuscable {
  /** The list's heading, for a screen reader (the page's title says it to the eye). */
  listaTitulo: string;
  buscar: string;
  buscarPlaceholder: string;
  cargando: string;
  cargaFallida: ReactNode;
  sinResultados: (q: string) => ReactNode;
  vacio: ReactNode;
}

/**
 * A list the person searches as they type: its section with a hidden heading, the search box, and the
 * list's states (a search with no result says what was searched); `children` draws the items.
 */
export function ListaBuscable<D extends { items: unknown[] }>(props: {
  /** The ids of the section's heading and of the search field. */
  tituloId: string;
  buscarId: string;
  className: string;
  textos: TextosListaBuscable;
  lista: { query: ListQuery<D>; pager?: PagerProps; q: string; texto: string; setTexto: (t: string) => void };
  children: (items: D['items'], data: D) => ReactNode;
  /** What follows the list inside its section (a panel of the chosen row). */
  after?: ReactNode;
}) {
  const { textos: T, lista } = props;
  return (
    <section className={props.className} aria-labelledby={props.tituloId}>
      <h2 id={props.tituloId} className="visually-hidden">
        {T.listaTitulo}
      </h2>
      <SearchBox id={props.buscarId} label={T.buscar} placeholder={T.buscarPlaceholder} lista={lista} />
      <ListState lista={lista} loading={T.cargando} failed={T.cargaFallida} empty={lista.q ? T.sinResultados(lista.q) : T.vacio}>
        {props.children}
      </ListState>
      {props.after}
    </section>
  );
}
