import type { MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { M } from '#shared/messages';
import { formatNumber, formatPesos } from '#shared/money';
import type { TProductoListItem } from '#shared/schemas/producto';
import { paths } from '../../../config/paths';

/**
 * Where a product's detail lives: the id in the address (a reload works) and in the navigation
 * state (spec §2), with the list's own search so that going back finds the list as it was.
 */
export const detalleHref = (id: number) => `${paths.detalleProducto}?id=${id}`;
export const detalleState = (id: number, desde: string) => ({ id_Producto: id, desde });

export function EstadoBadge({ estado }: { estado: number }) {
  return <span className={`badge ${estado === 1 ? 'badge--ok' : 'gp-badge--muted'}`}>{M.productos.estado[estado] ?? estado}</span>;
}

export function ProductosTable(props: {
  items: TProductoListItem[];
  busy: boolean;
  onDelete: (p: TProductoListItem) => void;
  /** The products chosen for shelf labels (issue #19). */
  seleccion?: ReadonlySet<number>;
  onSeleccion?: (p: TProductoListItem, elegido: boolean) => void;
}) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const openRow = (e: MouseEvent, id: number) => {
    // Buttons and links in the row do their own thing.
    if ((e.target as HTMLElement).closest('a, button, input, label')) return;
    navigate(detalleHref(id), { state: detalleState(id, search) });
  };
  return (
    <div className="table-wrap">
      <table className="table gp-table" aria-busy={props.busy}>
        <caption className="visually-hidden">Productos de la tienda</caption>
        <thead>
          <tr>
            {props.onSeleccion ? (
              <th scope="col" className="gp-cell-sel">
                <span className="visually-hidden">Etiqueta</span>
              </th>
            ) : null}
            <th scope="col">Nombre</th>
            <th scope="col">Marca</th>
            <th scope="col">Categoría</th>
            <th scope="col">{M.productos.codigoBarras}</th>
            <th scope="col" className="num">
              Precio
            </th>
            <th scope="col" className="num">
              Stock
            </th>
            <th scope="col" className="num">
              Mín.
            </th>
            <th scope="col">Estado</th>
            <th scope="col">
              <span className="visually-hidden">Acciones</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {props.items.map((p) => (
            <tr key={p.id} className={`gp-row${p.bajoStock ? ' gp-row--low' : ''}`} onClick={(e) => openRow(e, p.id)}>
              {props.onSeleccion ? (
                <td className="gp-cell-sel">
                  <input
                    type="checkbox"
                    aria-label={`Etiqueta de ${p.nombre}`}
                    checked={props.seleccion?.has(p.id) ?? false}
                    onChange={(e) => props.onSeleccion!(p, e.target.checked)}
                  />
                </td>
              ) : null}
              <td data-label="Nombre" className="gp-cell-name">
                <Link to={detalleHref(p.id)} state={detalleState(p.id, search)}>
                  {p.nombre}
                </Link>
              </td>
              <td data-label="Marca" className="gp-cell-meta">
                {p.marca ?? '—'}
              </td>
              <td data-label="Categoría" className="gp-cell-meta">
                {p.categoria ?? '—'}
              </td>
              <td data-label={M.productos.codigoBarras} className="gp-cell-meta gp-cell-codigo">
                {p.codigoBarras ?? '—'}
              </td>
              <td data-label="Precio" className="num gp-cell-fact">
                {formatPesos(p.precio)}
              </td>
              <td data-label="Stock" data-short="Stock" className="num gp-cell-fact">
                {p.bajoStock ? <span className="badge badge--warn gp-low">{M.productos.stockBajo}</span> : null}
                <span>{formatNumber(p.stock)}</span>
              </td>
              <td data-label="Stock mínimo" data-short="Mín." className="num gp-cell-fact">
                {formatNumber(p.stockMin)}
              </td>
              <td data-label="Estado" className="gp-cell-fact">
                <EstadoBadge estado={p.estado} />
              </td>
              <td className="gp-cell-actions">
                <button type="button" className="btn btn--ghost btn--sm gp-danger" onClick={() => props.onDelete(p)} aria-label={`Eliminar ${p.nombre}`}>
                  Eliminar
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
