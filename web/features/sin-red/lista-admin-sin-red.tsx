import type { ReactNode } from 'react';
import { EstadoCarga } from '../../components/ui/list-state';

interface Props<T> {
  /** The last action's answer (authorised, renamed, marked reviewed…), or null. */
  aviso: string | null;
  /** undefined while loading (or when the load failed). */
  items: readonly T[] | undefined;
  isError: boolean;
  vacio: string;
  /** The list's accessible name (the page's title). */
  titulo: string;
  /** One item, as an `<li>` with its key. */
  children: (item: T) => ReactNode;
}

/**
 * The body the offline till's two admin pages share (Equipos sin red, Revisar sin red, issue #51
 * point 5): the last action's notice, then loading or its error, the empty text, or the list.
 */
export function ListaAdminSinRed<T>({ aviso, items, isError, vacio, titulo, children }: Props<T>) {
  return (
    <>
      {aviso ? (
        <p className="card sin-red-admin__aviso" role="status">
          {aviso}
        </p>
      ) : null}
      {!items ? (
        <EstadoCarga error={isError} className="state card" />
      ) : items.length === 0 ? (
        <p className="state card">{vacio}</p>
      ) : (
        <ul className="sin-red-admin__lista" aria-label={titulo}>
          {items.map((item) => children(item))}
        </ul>
      )}
    </>
  );
}
