import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { M } from '#shared/messages';
import { formatNumber, formatPesos } from '#shared/money';
import type { TProveedor } from '#shared/schemas/proveedor';
import { IconClose } from '../../../components/ui/icons';
import { Pager } from '../../../components/ui/pager';
import { paths } from '../../../config/paths';
import { PRODUCTOS_PAGE_SIZE, useProductosDeProveedor } from '../api/get-productos-de-proveedor';

/** The products of one supplier, shown beside the list when a supplier is opened. */
export function ProductosPanel(props: { proveedor: TProveedor; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const productos = useProductosDeProveedor(props.proveedor.id, page);
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
        <button type="button" className="btn btn--ghost btn--icon" onClick={props.onClose} aria-label="Cerrar productos del proveedor">
          <IconClose />
        </button>
      </div>
      {productos.isPending ? (
        <div className="state" role="status">
          Cargando productos…
        </div>
      ) : productos.isError ? (
        <div className="state" role="alert">
          <p>{M.generic.errorText}</p>
          <button type="button" className="btn" onClick={() => productos.refetch()}>
            Reintentar
          </button>
        </div>
      ) : productos.data.items.length === 0 ? (
        <div className="state" role="status">
          {M.proveedores.sinProductos}
        </div>
      ) : (
        <>
          <div className="table-wrap">
            <table className="table" aria-busy={productos.isFetching}>
              <caption className="visually-hidden">{M.proveedores.productosDe(props.proveedor.nombre)}</caption>
              <thead>
                <tr>
                  <th scope="col">Producto</th>
                  <th scope="col" className="num">
                    Precio
                  </th>
                  <th scope="col" className="num">
                    Stock
                  </th>
                  <th scope="col" className="gpv-col-estado">
                    Estado
                  </th>
                </tr>
              </thead>
              <tbody>
                {productos.data.items.map((p) => (
                  <tr key={p.id}>
                    <td>
                      <Link to={`${paths.detalleProducto}?id=${p.id}`} state={{ id_Producto: p.id }}>
                        {p.nombre}
                      </Link>
                      {p.marca ? <span className="gpv-muted"> · {p.marca}</span> : null}
                    </td>
                    <td className="num">{formatPesos(p.precio)}</td>
                    <td className="num">{formatNumber(p.stock)}</td>
                    <td className="gpv-col-estado">
                      <span className={`badge ${p.estado === 1 ? 'badge--ok' : 'gpv-badge--muted'}`}>
                        {p.estado === 1 ? 'Disponible' : 'No disponible'}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} pageSize={PRODUCTOS_PAGE_SIZE} total={productos.data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}
