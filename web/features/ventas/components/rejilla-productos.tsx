import { lazy, Suspense, useState } from 'react';
import { formatCantidad, porUnidadDe } from '#shared/cantidad';
import { ventasCaja } from '#shared/messages/ventas-caja';
import { formatPesos } from '#shared/money';
import { ROL } from '#shared/roles';
import type { TProductoVenta } from '#shared/schemas/venta';
import { useEnLinea } from '../../../lib/fuente-venta';
import { useSession } from '../../../lib/session';
import { useProductosRapidos } from '../api/productos-venta';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { ventas: ventasCaja };

const V = M.ventas;

// Ordering the grid (the store's role 1, now and then) loads when asked for (issue #55 point 4: not on the till's first paint).
const OrdenarRejilla = lazy(() => import('./ordenar-rejilla').then((m) => ({ default: m.OrdenarRejilla })));

/** The till's products did not load (the tap grid's or the search's): the reason and "try again". */
export function ProductosFallidos({ onRetry }: { onRetry: () => unknown }) {
  return (
    <div className="state" role="alert">
      <p>{V.productosFallidos}</p>
      <button type="button" className="btn btn--ghost" onClick={() => onRetry()}>
        {V.reintentar}
      </button>
    </div>
  );
}

interface Props {
  onAdd: (p: TProductoVenta) => void;
  /** What each product has in the cart, as the cart writes it ("2", "0,375 kg"). */
  enCarrito: ReadonlyMap<number, string>;
}

/**
 * The till's tap grid (issue #16 point 3): big tiles of the store's best sellers, or of one category,
 * one tap each to add. Shown while the search box is empty; typing shows the search's list instead.
 */
export function RejillaProductos({ onAdd, enCarrito }: Props) {
  const [categoria, setCategoria] = useState('');
  const { data, isPending, isError, refetch } = useProductosRapidos(categoria);
  // The store's role 1 fixes the grid's order (issue #36 point 11): the products it arranges here come
  // first, in this order, whatever sells during the day. Saving it needs the server: offline (the
  // band says so) the grid is the device's copy and the button is not offered (issue #53).
  const enLinea = useEnLinea();
  const puedeOrdenar = useSession()?.rol === ROL.ADMIN && enLinea;
  const [orden, setOrden] = useState<TProductoVenta[] | null>(null);
  if (isPending) return <div className="rejilla rejilla--cargando" aria-hidden="true" />;
  if (isError || !data) return <ProductosFallidos onRetry={() => refetch()} />;
  if (orden && puedeOrdenar)
    return (
      <Suspense fallback={<div className="rejilla rejilla--cargando" aria-hidden="true" />}>
        <OrdenarRejilla productos={orden} onChange={setOrden} fijos={data.fijos} onCerrar={() => setOrden(null)} />
      </Suspense>
    );
  return (
    <div className="rejilla-wrap">
      {data.categorias.length || puedeOrdenar ? (
        <div className="rejilla__barra">
          {data.categorias.length ? (
            <div className="rejilla__categorias" role="group" aria-label={V.categorias}>
              {['', ...data.categorias].map((c) => (
                <button key={c || '-'} type="button" className={`chip${c === categoria ? ' chip--activo' : ''}`} aria-pressed={c === categoria} onClick={() => setCategoria(c)}>
                  {c || V.masVendidos}
                </button>
              ))}
            </div>
          ) : null}
          {puedeOrdenar && !categoria && data.productos.length > 1 ? (
            <div className="rejilla__ordenar">
              {data.fijos ? <span className="rejilla__fijo">{V.ordenFijo}</span> : null}
              <button type="button" className="chip" onClick={() => setOrden(data.productos)}>
                {V.ordenarRejilla}
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
      {data.productos.length === 0 ? (
        <div className="state">{V.sinProductos}</div>
      ) : (
        <ul className="rejilla" aria-label={categoria ? V.productosDe(categoria) : V.productosMasVendidos}>
          {data.productos.map((p) => {
            const inCart = enCarrito.get(p.id);
            return (
              <li key={p.id}>
                <button type="button" className="rejilla__tile" disabled={p.stock <= 0} onClick={() => onAdd(p)} aria-label={V.agregarProducto(p.nombre)}>
                  <span className="rejilla__nombre">{p.nombre}</span>
                  <span className="rejilla__precio">
                    {formatPesos(p.precio)}
                    {porUnidadDe(p.unidad)}
                  </span>
                  <span className="rejilla__meta">{p.stock > 0 ? V.stock(formatCantidad(p.stock, p.unidad)) : V.agotado}</span>
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
