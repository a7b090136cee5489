/** Previous / next paging for server-paged lists. */
export function Pager(props: { page: number; pageSize: number; total: number; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(props.total / props.pageSize));
  if (props.total <= props.pageSize && props.page === 1) return null;
  return (
    <nav className="pager" aria-label="Paginación">
      <span>
        Página {props.page} de {pages} · {props.total} registros
      </span>
      <button type="button" className="btn btn--ghost btn--sm" disabled={props.page <= 1} onClick={() => props.onPage(props.page - 1)}>
        Anterior
      </button>
      <button type="button" className="btn btn--ghost btn--sm" disabled={props.page >= pages} onClick={() => props.onPage(props.page + 1)}>
        Siguiente
      </button>
    </nav>
  );
}
