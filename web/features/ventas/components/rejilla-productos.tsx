import { useState } from 'react';
import { ventas } from '#shared/messages/ventas';
import { formatPesos } from '#shared/money';
import type { TProductoVenta } from '#shared/schemas/venta';
import { useProductosRapidos } from '../api/productos-venta';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { ventas };

const V = M.ventas;

interface Props {
  onAdd: (p: TProductoVenta) => void;
  enCarrito: ReadonlyMap<number, number>;
}

/**
 * The till's tap grid (issue #16 point 3): big tiles of the store's best sellers, or of one category,
 * one tap each to add. Shown while the search box is empty; typing shows the search's list instead.
 */
export function RejillaProductos({ onAdd, enCarrito }: Props) {
  const [categoria, setCategoria] = useState('');
  const { data, isPending, isError, refetch } = useProductosRapidos(categoria);
  if (isPending) return <div className="rejilla rejilla--cargando" aria-hidden="true" />;
  if (isError || !data)
    return (
      <div className="state" role="alert">
        <p>{V.productosFallidos}</p>
        <button type="button" className="btn btn--ghost" onClick={() => refetch()}>
          {V.reintentar}
        </button>
      </div>
    );
  return (
    <div className="rejilla-wrap">
      {data.categorias.length ? (
        <div className="rejilla__categorias" role="group" aria-label={V.categorias}>
          {['', ...data.categorias].map((c) => (
            <button key={c || '-'} type="button" className={`chip${c === categoria ? ' chip--activo' : ''}`} aria-pressed={c === categoria} onClick={() => setCategoria(c)}>
              {c || V.masVendidos}
            </button>
          ))}
        </div>
      ) : null}
      {data.productos.length === 0 ? (
        <div className="state">{V.sinProductos}</div>
      ) : (
        <ul className="rejilla" aria-label={categoria ? V.productosDe(categoria) : V.productosMasVendidos}>
          {data.productos.map((p) => {
            const inCart = enCarrito.get(p.id) ?? 0;
            return (
              <li key={p.id}>
                <button type="button" className="rejilla__tile" disabled={p.stock <= 0} onClick={() => onAdd(p)} aria-label={V.agregarProducto(p.nombre)}>
                  <span className="rejilla__nombre">{p.nombre}</span>
                  <span className="rejilla__precio">{formatPesos(p.precio)}</span>
                  <span className="rejilla__meta">{p.stock > 0 ? V.stock(p.stock) : V.agotado}</span>
                  {inCart ? <span className="rejilla__en-carrito">{inCart}</span> : null}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
