import { comun } from '#shared/messages/comun';

// The shell's texts only: every screen loads them (issue #20).
const M = { comun };

/** Previous / next paging for server-paged lists; `masDe`: the count is a cap, there are more (issue #55 point 6). */
export function Pager(props: { page: number; pageSize: number; total: number; masDe?: boolean; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(props.total / props.pageSize)) + (props.masDe ? 1 : 0);
  if (props.total <= props.pageSize && props.page === 1 && !props.masDe) return null;
  return (
    <nav className="pager" aria-label={M.comun.pager.label}>
      <span>{props.masDe ? M.comun.pager.resumenMasDe(props.page, props.total) : M.comun.pager.resumen(props.page, pages, props.total)}</span>
      <button type="button" className="btn btn--ghost btn--sm" disabled={props.page <= 1} onClick={() => props.onPage(props.page - 1)}>
        {M.comun.pager.anterior}
      </button>
      <button type="button" className="btn btn--ghost btn--sm" disabled={props.page >= pages} onClick={() => props.onPage(props.page + 1)}>
        {M.comun.pager.siguiente}
      </button>
    </nav>
  );
}
