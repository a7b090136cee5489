import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { M } from '#shared/messages';
import { formatNumber } from '#shared/money';
import { ROL } from '#shared/roles';
import type { TProveedor } from '#shared/schemas/proveedor';
import { ListState, SearchBox } from '../../components/ui/list-state';
import { Pager } from '../../components/ui/pager';
import { paths } from '../../config/paths';
import { alertFailure, alertSuccess, alertWarning, confirmAction } from '../../lib/alerts';
import { useSession } from '../../lib/session';
import { useDebounced } from '../../lib/use-debounced';
import { useDeleteProveedor } from './api/delete-proveedor';
import { useProveedores } from './api/get-proveedores';
import { AgregarProveedorForm } from './components/agregar-proveedor-form';
import { PageHeader } from '../../components/page-header';
import { ProductosPanel } from './components/productos-panel';
import './proveedores.css';

const PAGE_SIZE = 20;

/** An email address that may break after its @ and before its dots when its column is narrow. */
function conCortes(email: string) {
  return email.split(/(?<=@)|(?=\.)/).map((part, i) => (
    <Fragment key={i}>
      {i > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}

/** /gestionar_proveedores: the store's suppliers, their products, add and delete. */
export default function GestionarProveedoresPage() {
  const session = useSession();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  // The page belongs to a search: a new search starts at page 1.
  const [paging, setPaging] = useState({ q: '', page: 1 });
  const page = paging.q === q ? paging.page : 1;
  const setPage = (p: number) => setPaging({ q, page: p });
  const [abierto, setAbierto] = useState<TProveedor | null>(null);
  const list = useProveedores({ q, page, pageSize: PAGE_SIZE });
  const del = useDeleteProveedor();

  const onDelete = async (p: TProveedor) => {
    if (session?.rol === ROL.ENCARGADO) return void alertWarning(M.roles.denyProveedoresTitle, M.roles.denyProveedoresText);
    if (!(await confirmAction(M.proveedores.eliminarTitulo, M.proveedores.eliminarTexto(p.nombre), M.proveedores.eliminarBoton))) return;
    try {
      await del.mutateAsync(p.id);
      if (abierto?.id === p.id) setAbierto(null);
      await alertSuccess(M.proveedores.eliminado);
      if (list.data && list.data.items.length === 1 && page > 1) setPage(page - 1);
    } catch (err) {
      await alertFailure(err, M.proveedores.eliminarFallido);
    }
  };

  return (
    <>
      <PageHeader title={M.proveedores.titulo} className="gpv-header" titleClassName="gpv-header__title">
        <Link className="btn btn--ghost" to={paths.gestionarProductos}>
          Productos
        </Link>
        <Link className="btn btn--ghost" to={paths.gestionarClientes}>
          Clientes
        </Link>
      </PageHeader>

      <div className="gpv-layout">
        <section className="gpv-list" aria-labelledby="lista-proveedores-title">
          <h2 id="lista-proveedores-title" className="visually-hidden">
            Lista de proveedores
          </h2>
          <SearchBox id="buscar-proveedor" label="Buscar proveedor" placeholder="Nombre del proveedor" value={search} onChange={setSearch} />

          <ListState query={list} loading="Cargando proveedores…" failed={M.proveedores.cargaFallida} empty={q ? M.proveedores.sinResultados(q) : M.proveedores.vacio}>
            {(items) => (
              <>
                <div className="table-wrap">
                  <table className="table gpv-table" aria-busy={list.isFetching}>
                    <caption className="visually-hidden">Proveedores de la tienda</caption>
                    <thead>
                      <tr>
                        <th scope="col">Nombre</th>
                        <th scope="col">Contacto</th>
                        <th scope="col" className="num">
                          Productos
                        </th>
                        <th scope="col" className="gpv-cell-actions">
                          <span className="visually-hidden">Acciones</span>
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {items.map((p) => (
                        <tr key={p.id} className={abierto?.id === p.id ? 'gpv-row--open' : undefined}>
                          <td data-label="Nombre" className="gpv-cell-name">
                            <button
                              type="button"
                              className="gpv-link"
                              aria-expanded={abierto?.id === p.id}
                              onClick={() => setAbierto(abierto?.id === p.id ? null : p)}
                            >
                              {p.nombre}
                            </button>
                          </td>
                          <td data-label="Contacto" className="gpv-cell-contacto">
                            <a className="gpv-tel" href={`tel:${p.telefono}`}>
                              {p.telefono}
                            </a>
                            <span className="gpv-sep" aria-hidden="true">
                              {' · '}
                            </span>
                            <a className="gpv-email" href={`mailto:${p.email}`}>
                              {conCortes(p.email)}
                            </a>
                          </td>
                          <td data-label="Productos" className="num gpv-cell-count">
                            {formatNumber(p.productos)}
                          </td>
                          <td className="gpv-cell-actions">
                            <div className="gpv-actions">
                              <button type="button" className="btn btn--ghost btn--sm" onClick={() => setAbierto(p)} aria-label={`Ver productos de ${p.nombre}`}>
                                Ver productos
                              </button>
                              <button type="button" className="btn btn--ghost btn--sm gpv-danger" onClick={() => onDelete(p)} aria-label={`Eliminar ${p.nombre}`}>
                                Eliminar
                              </button>
                            </div>
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

          {abierto ? <ProductosPanel key={abierto.id} proveedor={abierto} onClose={() => setAbierto(null)} /> : null}
        </section>

        <aside className="gpv-aside">
          <AgregarProveedorForm />
        </aside>
      </div>
    </>
  );
}
