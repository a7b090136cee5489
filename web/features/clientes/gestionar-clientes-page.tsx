import { useState } from 'react';
import { Link } from 'react-router';
import { M } from '#shared/messages';
import { formatPesos } from '#shared/money';
import { ROL, TIPOS_DOC } from '#shared/roles';
import type { TCliente } from '#shared/schemas/cliente';
import { ListState, SearchBox } from '../../components/ui/list-state';
import { Pager } from '../../components/ui/pager';
import { paths } from '../../config/paths';
import { alertFailure, alertSuccess, alertWarning, confirmAction } from '../../lib/alerts';
import { useSession } from '../../lib/session';
import { useDebounced } from '../../lib/use-debounced';
import { useDeleteCliente } from './api/delete-cliente';
import { useClientes } from './api/get-clientes';
import { ClienteForm } from './components/cliente-form';
import { PageHeader } from '../../components/page-header';
import './clientes.css';

const PAGE_SIZE = 20;
const tipoLabel = (v: string) => TIPOS_DOC.find((t) => t.value === v)?.label ?? v;

/** /gestionar_clientes: the store's clients with search, register, update and delete. */
export default function GestionarClientesPage() {
  const session = useSession();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  // The page belongs to a search: a new search starts at page 1.
  const [paging, setPaging] = useState({ q: '', page: 1 });
  const page = paging.q === q ? paging.page : 1;
  const setPage = (p: number) => setPaging({ q, page: p });
  const [editing, setEditing] = useState<TCliente | null>(null);
  const list = useClientes({ q, page, pageSize: PAGE_SIZE });
  const del = useDeleteCliente();

  const startEdit = (c: TCliente) => {
    setEditing(c);
    // On a phone the form is above the list: bring it into view, and the keyboard with it.
    requestAnimationFrame(() => {
      const form = document.querySelector<HTMLFormElement>('.gcl-form');
      form?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
      form?.querySelector<HTMLElement>('select, input')?.focus({ preventScroll: true });
    });
  };

  const onDelete = async (c: TCliente) => {
    if (session?.rol === ROL.ENCARGADO) return void alertWarning(M.roles.denyClientesTitle, M.roles.denyClientesText);
    const nombre = `${c.nombre} ${c.apellido}`;
    if (!(await confirmAction(M.clientes.eliminarTitulo, M.clientes.eliminarTexto(nombre), M.clientes.eliminarBoton))) return;
    try {
      await del.mutateAsync(c.id);
      if (editing?.id === c.id) setEditing(null);
      await alertSuccess(M.clientes.eliminado);
      if (list.data && list.data.items.length === 1 && page > 1) setPage(page - 1);
    } catch (err) {
      await alertFailure(err, M.clientes.eliminarFallido);
    }
  };

  return (
    <>
      <PageHeader title={M.clientes.titulo} className="gcl-header" titleClassName="gcl-header__title">
        <Link className="btn btn--ghost" to={paths.gestionarProductos}>
          Productos
        </Link>
        <Link className="btn btn--ghost" to={paths.gestionarProveedores}>
          Proveedores
        </Link>
      </PageHeader>
      <p className="gcl-welcome">{M.clientes.bienvenida}</p>

      <div className="gcl-layout">
        <section className="gcl-list" aria-labelledby="lista-clientes-title">
          <h2 id="lista-clientes-title" className="visually-hidden">
            Lista de clientes
          </h2>
          <SearchBox id="buscar-cliente" label="Buscar cliente" placeholder="Nombre, apellido o documento" value={search} onChange={setSearch} />

          <ListState query={list} loading="Cargando clientes…" failed={M.clientes.cargaFallida} empty={q ? M.clientes.sinResultados(q) : M.clientes.vacio}>
            {(items) => (
              <>
                <div className="table-wrap">
                  <table className="table gcl-table" aria-busy={list.isFetching}>
                    <caption className="visually-hidden">Clientes de la tienda</caption>
                    <thead>
                      <tr>
                        <th scope="col">Documento</th>
                        <th scope="col">Tipo</th>
                        <th scope="col">Nombre</th>
                        <th scope="col">Apellido</th>
                        <th scope="col">Correo</th>
                        <th scope="col">Fiado</th>
                        <th scope="col">
                          <span className="visually-hidden">Acciones</span>
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {items.map((c) => (
                        <tr key={c.id} className={editing?.id === c.id ? 'gcl-row--editing' : undefined}>
                          <td data-label="Documento" className="gcl-doc">
                            {c.documento}
                          </td>
                          <td data-label="Tipo" className="gcl-tipo">
                            <abbr title={tipoLabel(c.tipoDocumento)}>{c.tipoDocumento}</abbr>
                          </td>
                          <td data-label="Nombre" className="gcl-nombre">
                            {c.nombre}
                          </td>
                          <td data-label="Apellido" className="gcl-apellido">
                            {c.apellido}
                          </td>
                          <td data-label="Correo" className={`gcl-cell-email${c.correo ? '' : ' gcl-cell-email--empty'}`}>
                            {c.correo ? <a href={`mailto:${c.correo}`} title={c.correo}>{c.correo}</a> : <span className="gcl-muted">—</span>}
                          </td>
                          <td data-label="Fiado" className="gcl-credito">
                            <Credito c={c} />
                          </td>
                          <td className="gcl-cell-actions">
                            <button type="button" className="btn btn--ghost btn--sm" onClick={() => startEdit(c)} aria-label={`Modificar ${c.nombre} ${c.apellido}`}>
                              Modificar
                            </button>
                            <button
                              type="button"
                              className="btn btn--ghost btn--sm gcl-danger"
                              onClick={() => onDelete(c)}
                              aria-label={`Eliminar ${c.nombre} ${c.apellido}`}
                            >
                              Eliminar
                            </button>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
                <Pager page={page} pageSize={PAGE_SIZE} total={list.data?.total ?? 0} onPage={setPage} />
              </>
            )}
          </ListState>
        </section>

        <aside className="gcl-aside">
          <ClienteForm key={editing?.id ?? 'nuevo'} editing={editing} onDone={() => setEditing(null)} />
        </aside>
      </div>
    </>
  );
}

/** A client's credit at a glance: balance, limit, available and the age of the oldest debt (issue #17). */
function Credito({ c }: { c: TCliente }) {
  const k = c.credito;
  if (!k || (!k.fiado && k.saldo === 0)) return <span className="gcl-muted">—</span>;
  return (
    <>
      <strong>Debe {formatPesos(k.saldo)}</strong>
      {k.fiado ? (
        <span className="gcl-credito__linea">
          Disponible <span className="gcl-nowrap">{formatPesos(k.disponible)}</span> de <span className="gcl-nowrap">{formatPesos(k.cupo)}</span>
        </span>
      ) : (
        <span className="gcl-muted">Fiado no habilitado</span>
      )}
      {k.antiguedadDias != null ? <span className="gcl-muted gcl-credito__linea">Deuda {M.fiado.antiguedad(k.antiguedadDias)}</span> : null}
      <Link to={`${paths.estadoCuenta}?cliente=${c.id}`} aria-label={`Estado de cuenta de ${c.nombre} ${c.apellido}`}>
        Estado de cuenta
      </Link>
    </>
  );
}
