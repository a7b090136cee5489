import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { generic } from '#shared/messages/comun';
import { productos } from '#shared/messages/productos';
import { proveedores } from '#shared/messages/proveedores';
import { formatCantidad, formatPrecioUnidad } from '#shared/cantidad';
import type { TProveedor } from '#shared/schemas/proveedor';
import { IconClose } from '../../../components/ui/icons';
import { ListState } from '../../../components/ui/list-state';
import { TablaDatos } from '../../../components/ui/tabla-datos';
import { paths } from '../../../config/paths';
import { useListaPaginada } from '../../../lib/use-lista-paginada';
import { PRODUCTOS_PAGE_SIZE, productosDeProveedorQuery } from '../api/get-productos-de-proveedor';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { generic, productos, proveedores };

const C = M.proveedores.columnas;
const F = M.productos.campos;

/** The products of one supplier, shown beside the list when a supplier is opened. */
export function ProductosPanel(props: { proveedor: TProveedor; onClose: () => void }) {
  // Its page is its own (in memory): the address belongs to the suppliers' list.
  const lista = useListaPaginada({ query: ({ page }) => productosDeProveedorQuery(props.proveedor.id, page), pageSize: PRODUCTOS_PAGE_SIZE, enMemoria: true });
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Keyboard and screen-reader users land on the panel they just opened.
  useEffect(() => {
    headingRef.current?.focus();
  }, [props.proveedor.id]);

  return (
    <section className="card gpv-panel" aria-labelledby="gpv-panel-title">
      <div className="gpv-panel__top">
        <div>
          <h2 id="gpv-panel-title" ref={headingRef} tabIndex={-1}>
            {M.proveedores.productosDe(props.proveedor.nombre)}
          </h2>
          <p className="gpv-muted">
            <a href={`tel:${props.proveedor.telefono}`}>{props.proveedor.telefono}</a> ·{' '}
            <a href={`mailto:${props.proveedor.email}`}>{props.proveedor.email}</a>
          </p>
        </div>
        <button type="button" className="btn btn--ghost btn--icon" onClick={props.onClose} aria-label={M.proveedores.cerrarProductos}>
          <IconClose />
        </button>
      </div>
      <ListState lista={lista} loading={M.productos.cargando} failed={M.generic.errorText} empty={M.proveedores.sinProductos} skeletonRows={3}>
        {(items) => (
          <TablaDatos
            caption={M.proveedores.productosDe(props.proveedor.nombre)}
            rows={items}
            rowKey={(p) => p.id}
            busy={lista.query.isFetching}
            columns={[
              {
                header: C.producto,
                cell: (p) => (
                  <>
                    <Link to={`${paths.detalleProducto}?id=${p.id}`} state={{ id_Producto: p.id }}>
                      {p.nombre}
                    </Link>
                    {p.marca ? <span className="gpv-muted"> · {p.marca}</span> : null}
                  </>
                ),
              },
              // In the product's unit (issue #52 point 3): "$ 12.000/kg", "5,5 kg".
              { header: F.precio, num: true, cell: (p) => formatPrecioUnidad(p.precio, p.unidad) },
              { header: F.stock, num: true, cell: (p) => formatCantidad(p.stock, p.unidad) },
              {
                header: F.estado,
                className: 'gpv-col-estado',
                cell: (p) => <span className={`badge ${p.estado === 1 ? 'badge--ok' : 'gpv-badge--muted'}`}>{M.productos.estado[p.estado === 1 ? 1 : 0]}</span>,
              },
            ]}
          />
        )}
      </ListState>
    </section>
  );
}
