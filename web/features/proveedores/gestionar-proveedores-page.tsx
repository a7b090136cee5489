import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { comun } from '#shared/messages/comun';
import { importacion } from '#shared/messages/importacion';
import { proveedores } from '#shared/messages/proveedores';
import { roles } from '#shared/messages/roles';
import { formatNumber } from '#shared/money';
import { ROL } from '#shared/roles';
import type { TProveedor } from '#shared/schemas/proveedor';
import { ListaBuscable } from '../../components/ui/list-state';
import { TablaDatos } from '../../components/ui/tabla-datos';
import { paths } from '../../config/paths';
import { alertFailure, alertWarning, confirmAction, toastSuccess } from '../../lib/alerts';
import { useMisPermisos } from '../../lib/mis-permisos';
import { useSession } from '../../lib/session';
import { useListaPaginada } from '../../lib/use-lista-paginada';
import { useDeleteProveedor, useUnirProveedor } from './api/delete-proveedor';
import { proveedoresQuery } from './api/get-proveedores';
import { AgregarProveedorForm } from './components/agregar-proveedor-form';
import { EnlacesGestion } from '../../components/enlaces-gestion';
import { PageHeader } from '../../components/page-header';
import { ExportarLista } from '../../components/exportar-lista';
import { MarcaRepetido } from '../../components/unir-repetido';
import { ProductosPanel } from './components/productos-panel';
import './proveedores.css';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { comun, proveedores, roles, importacion };

const C = M.proveedores.columnas;

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
  const lista = useListaPaginada({ query: proveedoresQuery, pageSize: PAGE_SIZE, debounceMs: 300 });
  const [abierto, setAbierto] = useState<TProveedor | null>(null);
  const del = useDeleteProveedor();
  const unir = useUnirProveedor();
  // Issue #27: whoever may not delete sees no delete button; role 3 keeps it and is told 'Acción no permitida' (spec §6).
  const permisos = useMisPermisos();
  const muestraEliminar = permisos.eliminarClientesProveedores || session?.rol === ROL.ENCARGADO;

  const onDelete = async (p: TProveedor) => {
    if (session?.rol === ROL.ENCARGADO) return void alertWarning(M.roles.denyProveedoresTitle, M.roles.denyProveedoresText);
    if (!(await confirmAction(M.proveedores.eliminarTitulo, M.proveedores.eliminarTexto(p.nombre), M.proveedores.eliminarBoton))) return;
    try {
      await del.mutateAsync(p.id);
      if (abierto?.id === p.id) setAbierto(null);
      toastSuccess(M.proveedores.eliminado);
    } catch (err) {
      await alertFailure(err, M.proveedores.eliminarFallido);
    }
  };

  return (
    <>
      <PageHeader title={M.proveedores.titulo} className="gpv-header" titleClassName="gpv-header__title">
        <EnlacesGestion desde="proveedores" />
        <Link className="btn btn--ghost" to={paths.importarProveedores}>
          {M.importacion.botonProveedores}
        </Link>
        <ExportarLista ruta="/proveedores/exportar" query={{ q: lista.q }} />
      </PageHeader>

      <div className="gpv-layout">
        <ListaBuscable
          className="gpv-list"
          tituloId="lista-proveedores-title"
          buscarId="buscar-proveedor"
          textos={M.proveedores}
          lista={lista}
          after={abierto ? <ProductosPanel key={abierto.id} proveedor={abierto} onClose={() => setAbierto(null)} /> : null}
        >
          {(items) => (
            <TablaDatos
              caption={M.proveedores.tabla}
              className="gpv-table"
              rows={items}
              rowKey={(p) => p.id}
              rowClassName={(p) => (abierto?.id === p.id ? 'gpv-row--open' : undefined)}
              busy={lista.query.isFetching}
              columns={[
                {
                  header: M.proveedores.campos.nombre,
                  className: 'gpv-cell-name',
                  // The empresa's suppliers (ADR 064): one created in another of its stores says where; a repeated NIT is flagged.
                  cell: (p) => (
                    <>
                      <button type="button" className="gpv-link" aria-expanded={abierto?.id === p.id} onClick={() => setAbierto(abierto?.id === p.id ? null : p)}>
                        {p.nombre}
                      </button>
                      {p.creadoEn ? <span className="gpv-origen">{M.proveedores.creadoEn(p.creadoEn)}</span> : null}
                      {p.documentoRepetido ? (
                        <span className="gpv-repetido-fila">
                          {/* The owner or the store's administrator merges the two (ADR 072); without a twin left, the flag alone. */}
                          <MarcaRepetido
                            etiqueta={M.proveedores.documentoRepetido}
                            ayuda={M.proveedores.documentoRepetidoAyuda}
                            clases={{ marca: 'gpv-repetido', boton: 'gpv-unir' }}
                            textos={M.proveedores.unir}
                            nombre={p.nombre}
                            documento={`${M.proveedores.documentoRepetido} ${p.documento ?? ''}`.trim()}
                            otro={items.find((x) => x.id === p.gemeloId)?.nombre}
                            unir={p.gemeloId ? () => unir.mutateAsync(p) : undefined}
                            alUnir={() => setAbierto(null)}
                          />
                        </span>
                      ) : null}
                    </>
                  ),
                },
                {
                  header: C.contacto,
                  className: 'gpv-cell-contacto',
                  cell: (p) => (
                    <>
                      <a className="gpv-tel" href={`tel:${p.telefono}`}>
                        {p.telefono}
                      </a>
                      <span className="gpv-sep" aria-hidden="true">
                        {' · '}
                      </span>
                      <a className="gpv-email" href={`mailto:${p.email}`}>
                        {conCortes(p.email)}
                      </a>
                    </>
                  ),
                },
                { header: C.productos, num: true, className: 'gpv-cell-count', cell: (p) => formatNumber(p.productos) },
              ]}
              acciones={[
                {
                  className: 'gpv-cell-actions',
                  cell: (p) => (
                    <div className="gpv-actions">
                      <button type="button" className="btn btn--ghost btn--sm" onClick={() => setAbierto(p)} aria-label={M.proveedores.verProductosDe(p.nombre)}>
                        {M.proveedores.verProductos}
                      </button>
                      {muestraEliminar ? (
                        <button type="button" className="btn btn--ghost btn--sm gpv-danger" onClick={() => onDelete(p)} aria-label={M.comun.eliminarNombre(p.nombre)}>
                          {M.comun.eliminar}
                        </button>
                      ) : null}
                    </div>
                  ),
                },
              ]}
            />
          )}
        </ListaBuscable>

        <aside className="gpv-aside">
          <AgregarProveedorForm />
        </aside>
      </div>
    </>
  );
}
