import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { comun, generic } from '#shared/messages/comun';
import { exportacion } from '#shared/messages/exportacion';
import { importacion } from '#shared/messages/importacion';
import { productos } from '#shared/messages/productos';
import { roles } from '#shared/messages/roles';
import { ROL } from '#shared/roles';
import type { TProductoListItem } from '#shared/schemas/producto';
import { ListaBuscable } from '../../components/ui/list-state';
import { paths } from '../../config/paths';
import { alertWarning, confirmAction, toastSuccess } from '../../lib/alerts';
import { useSession } from '../../lib/session';
import { useTiendasDeSesion } from '../../lib/sesion-servidor';
import { useListaPaginada } from '../../lib/use-lista-paginada';
import { useDeleteProducto } from './api/delete-producto';
import { productosQuery } from './api/get-productos';
import { AgregarProductoForm } from './components/agregar-producto-form';
import { showFailure } from './components/failures';
import { EnlacesGestion } from '../../components/enlaces-gestion';
import { PageHeader } from '../../components/page-header';
import { ExportarLista } from '../../components/exportar-lista';
import { ProductosTable } from './components/productos-table';
import { ETIQUETAS_PATH, type ProductoEtiqueta } from './etiquetas';
import './productos.css';
import { useMisPermisos } from '../../lib/mis-permisos';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { comun, exportacion, generic, importacion, productos, roles };

const PAGE_SIZE = 20;

/** /gestionar_productos: the store's products with search, the add form and the way to suppliers and clients. */
export default function GestionarProductosPage() {
  const session = useSession();
  const [params] = useSearchParams();
  const codigoInicial = params.get('codigo') ?? undefined;
  // A scale label's item code comes with how it is sold (weighed: kilogram).
  const unidadInicial = params.get('unidad') ?? undefined;
  // The search and page live in the address: coming back from a product keeps the list as it was.
  const lista = useListaPaginada({ query: productosQuery, pageSize: PAGE_SIZE, debounceMs: 300 });
  const del = useDeleteProducto();
  // Role 2 deletes only with the store's permission (issue #27): without it the button is not there.
  // Role 3 keeps it and gets the spec's message (spec §6).
  const permisos = useMisPermisos();
  // The empresa's owner (its store login) of two or more stores also exports the whole catalogue (issue #56).
  const tiendas = useTiendasDeSesion();
  const catalogoEmpresa = session?.tipo === 'tienda' && tiendas.length >= 2;
  const puedeEliminar = permisos.eliminarProductos || session?.rol === ROL.ENCARGADO;

  const onDelete = async (p: TProductoListItem) => {
    if (session?.rol === ROL.ENCARGADO) return void alertWarning(M.roles.denyProductos);
    if (!(await confirmAction(M.productos.eliminarTitulo, M.productos.eliminarTexto(p.nombre), M.productos.eliminarBoton))) return;
    try {
      await del.mutateAsync(p.id);
      toastSuccess(M.productos.eliminado);
    } catch (err) {
      await showFailure(err, M.generic.errorTitle);
    }
  };

  // Products chosen for shelf labels, kept across pages and searches (issue #19).
  const navigate = useNavigate();
  const [seleccion, setSeleccion] = useState<Map<number, ProductoEtiqueta>>(() => new Map());
  const onSeleccion = (p: TProductoListItem, elegido: boolean) =>
    setSeleccion((m) => {
      const next = new Map(m);
      if (elegido) next.set(p.id, { id: p.id, nombre: p.nombre, precio: p.precio, codigoBarras: p.codigoBarras });
      else next.delete(p.id);
      return next;
    });

  const canSeeMovimientos = session?.rol === ROL.ADMIN || session?.rol === ROL.EMPLEADO;

  return (
    <>
      <PageHeader title={M.productos.titulo} className="gp-header" titleClassName="gp-header__title" actionsClassName="gp-header__actions">
        <EnlacesGestion desde="productos" />
        <button
          type="button"
          className="btn btn--ghost"
          disabled={!seleccion.size}
          onClick={() => navigate(ETIQUETAS_PATH, { state: { productos: [...seleccion.values()] } })}
          title={M.productos.imprimirEtiquetasHint}
        >
          {M.productos.imprimirEtiquetas(seleccion.size)}
        </button>
        {permisos.productos ? (
          <Link className="btn btn--ghost" to={paths.importarProductos}>
            {M.importacion.boton}
          </Link>
        ) : null}
        <ExportarLista ruta="/productos/exportar" query={{ q: lista.q }} />
        {catalogoEmpresa ? <ExportarLista ruta="/empresa/catalogo/exportar" query={{ q: lista.q }} etiquetas={M.exportacion.catalogo} /> : null}
        {canSeeMovimientos ? (
          <Link className="btn btn--ghost" to={paths.movimientos}>
            {M.comun.nav.movimientos}
          </Link>
        ) : null}
      </PageHeader>

      <AgregarProductoForm key={codigoInicial} codigoInicial={codigoInicial} unidadInicial={unidadInicial} tiendas={catalogoEmpresa ? tiendas : undefined} />

      <ListaBuscable className="gp-list" tituloId="lista-productos-title" buscarId="buscar-producto" textos={M.productos} lista={lista}>
        {(items) => <ProductosTable items={items} busy={lista.query.isFetching} onDelete={puedeEliminar ? onDelete : undefined} seleccion={new Set(seleccion.keys())} onSeleccion={onSeleccion} conMargen={permisos.reportes} />}
      </ListaBuscable>
    </>
  );
}
