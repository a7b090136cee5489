import type { MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { comun } from '#shared/messages/comun';
import { productos } from '#shared/messages/productos';
import { formatNumber } from '#shared/money';
import { formatCantidad, formatPrecioUnidad } from '#shared/cantidad';
import type { TProductoListItem } from '#shared/schemas/producto';
import { compras } from '#shared/messages/compras';
import { TablaDatos, type Columna } from '../../../components/ui/tabla-datos';
import { paths } from '../../../config/paths';
import { useCostos } from '../api/get-costos';
import { MargenEnLista } from './costo-margen';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { comun, compras, productos };

const F = M.productos.campos;

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
  /** Absent: the session may not delete (issue #27), and the row has no delete button. */
  onDelete?: (p: TProductoListItem) => void;
  /** The products chosen for shelf labels (issue #19). */
  seleccion?: ReadonlySet<number>;
  onSeleccion?: (p: TProductoListItem, elegido: boolean) => void;
  /** Show each product's margin (issue #32): only for those who may see costs (`reportes`). */
  conMargen?: boolean;
}) {
  const navigate = useNavigate();
  const costos = useCostos(
    props.items.map((p) => p.id),
    props.conMargen === true,
  );
  const { search } = useLocation();
  const openRow = (p: TProductoListItem, e: MouseEvent) => {
    // Buttons and links in the row do their own thing.
    if ((e.target as HTMLElement).closest('a, button, input, label')) return;
    navigate(detalleHref(p.id), { state: detalleState(p.id, search) });
  };
  const seleccion: Columna<TProductoListItem>[] = props.onSeleccion
    ? [
        {
          id: 'sel',
          header: <span className="visually-hidden">{M.productos.etiqueta}</span>,
          className: 'gp-cell-sel',
          cell: (p) => (
            <input type="checkbox" aria-label={M.productos.etiquetaDe(p.nombre)} checked={props.seleccion?.has(p.id) ?? false} onChange={(e) => props.onSeleccion!(p, e.target.checked)} />
          ),
        },
      ]
    : [];
  const columns: Columna<TProductoListItem>[] = [
    ...seleccion,
    {
      header: F.nombre,
      className: 'gp-cell-name',
      cell: (p) => (
        <Link to={detalleHref(p.id)} state={detalleState(p.id, search)}>
          {p.nombre}
        </Link>
      ),
    },
    { header: F.marca, className: 'gp-cell-meta', cell: (p) => p.marca ?? '—' },
    { header: F.categoria, className: 'gp-cell-meta', cell: (p) => p.categoria ?? '—' },
    { header: M.productos.codigoBarras, className: 'gp-cell-meta gp-cell-codigo', cell: (p) => p.codigoBarras ?? '—' },
    { header: F.precio, num: true, className: 'gp-cell-fact', cell: (p) => formatPrecioUnidad(p.precio, p.unidadDian) },
    {
      header: F.stock,
      num: true,
      className: 'gp-cell-fact',
      cellProps: () => ({ 'data-short': M.productos.cortos.stock }),
      cell: (p) => (
        <>
          {p.revisarStock ? (
            <span className="badge badge--danger gp-low" title={M.productos.revisarStockAyuda} data-testid="revisar-stock">
              {M.productos.revisarStock}
            </span>
          ) : p.bajoStock ? (
            <span className="badge badge--warn gp-low">{M.productos.stockBajo}</span>
          ) : null}
          <span className={p.stock < 0 ? 'gp-stock-negativo' : undefined}>{formatCantidad(p.stock, p.unidadDian)}</span>
        </>
      ),
    },
    { header: F.stockMin, label: F.stockMin, num: true, className: 'gp-cell-fact', cellProps: () => ({ 'data-short': M.productos.cortos.stockMin }), cell: (p) => formatNumber(p.stockMin) },
    ...(props.conMargen
      ? [{ header: M.compras.margen, num: true, className: 'gp-cell-fact gp-cell-margen', cell: (p: TProductoListItem) => <MargenEnLista c={costos.data?.get(p.id)} /> }]
      : []),
    { header: F.estado, className: 'gp-cell-fact', cell: (p) => <EstadoBadge estado={p.estado} /> },
  ];
  return (
    <TablaDatos
      caption={M.productos.tabla}
      className="gp-table"
      columns={columns}
      rows={props.items}
      rowKey={(p) => p.id}
      rowClassName={(p) => `gp-row${p.bajoStock ? ' gp-row--low' : ''}`}
      onRowClick={openRow}
      busy={props.busy}
      acciones={
        props.onDelete
          ? [
              {
                className: 'gp-cell-actions',
                cell: (p) => (
                  <button type="button" className="btn btn--ghost btn--sm gp-danger" onClick={() => props.onDelete?.(p)} aria-label={M.comun.eliminarNombre(p.nombre)}>
                    {M.comun.eliminar}
                  </button>
                ),
              },
            ]
          : undefined
      }
    />
  );
}
