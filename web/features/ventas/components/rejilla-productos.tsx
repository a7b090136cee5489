import { useState } from 'react';
import { formatCantidad, porUnidadDe } from '#shared/cantidad';
import { ventasCaja } from '#shared/messages/ventas-caja';
import { formatPesos } from '#shared/money';
import { ROL } from '#shared/roles';
import type { TProductoVenta } from '#shared/schemas/venta';
import { alertFailure, toastSuccess } from '../../../lib/alerts';
import { useEnLinea } from '../../../lib/fuente-venta';
import { useSession } from '../../../lib/session';
import { useFijarOrdenRejilla } from '../api/orden-rejilla';
import { useProductosRapidos } from '../api/productos-venta';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { ventas: ventasCaja };

const V = M.ventas;

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
  const fijar = useFijarOrdenRejilla();
  const guardar = (productos: TProductoVenta[]) =>
    fijar.mutate(
      productos.map((p) => p.id),
      {
        onSuccess: () => {
          setOrden(null);
          toastSuccess(productos.length ? V.ordenGuardado : V.ordenQuitado);
        },
        onError: (err) => alertFailure(err, V.ordenNoGuardado),
      },
    );
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
  if (orden && puedeOrdenar)
    return (
      <OrdenarRejilla
        productos={orden}
        onChange={setOrden}
        onGuardar={() => guardar(orden)}
        onLibre={data.fijos ? () => guardar([]) : undefined}
        onCancelar={() => setOrden(null)}
        ocupado={fijar.isPending}
      />
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

interface OrdenarProps {
  productos: TProductoVenta[];
  onChange: (productos: TProductoVenta[]) => void;
  onGuardar: () => void;
  /** Gives the grid back to the best sellers; absent when no order is fixed. */
  onLibre?: () => void;
  onCancelar: () => void;
  ocupado: boolean;
}

/** The grid's tiles with arrows to move each one; saving fixes them in this order. */
function OrdenarRejilla({ productos, onChange, onGuardar, onLibre, onCancelar, ocupado }: OrdenarProps) {
  const mover = (i: number, paso: -1 | 1) => {
    const j = i + paso;
    if (j < 0 || j >= productos.length) return;
    const otra = [...productos];
    [otra[i], otra[j]] = [otra[j]!, otra[i]!];
    onChange(otra);
  };
  return (
    <section className="rejilla-wrap rejilla--ordenando" aria-labelledby="rejilla-ordenar-titulo">
      <div>
        <h2 id="rejilla-ordenar-titulo" className="rejilla__titulo">
          {V.ordenarRejillaTitulo}
        </h2>
        <p className="rejilla__ayuda">{V.ordenarRejillaAyuda}</p>
      </div>
      <div className="rejilla__acciones">
        <button type="button" className="btn btn--primary" disabled={ocupado} onClick={onGuardar}>
          {V.guardarOrden}
        </button>
        {onLibre ? (
          <button type="button" className="btn btn--ghost" disabled={ocupado} onClick={onLibre}>
            {V.volverMasVendidos}
          </button>
        ) : null}
        <button type="button" className="btn btn--ghost" disabled={ocupado} onClick={onCancelar}>
          {V.cancelarOrden}
        </button>
      </div>
      <ol className="rejilla" aria-label={V.ordenarRejillaTitulo}>
        {productos.map((p, i) => (
          <li key={p.id} className="rejilla__tile rejilla__tile--orden">
            <span className="rejilla__nombre">
              {i + 1}. {p.nombre}
            </span>
            <span className="rejilla__flechas">
              <button type="button" className="btn btn--ghost btn--qty" disabled={i === 0 || ocupado} onClick={() => onChange([p, ...productos.filter((x) => x.id !== p.id)])} aria-label={V.moverPrimero(p.nombre)} title={V.moverPrimero(p.nombre)}>
                ⇤
              </button>
              <button type="button" className="btn btn--ghost btn--qty" disabled={i === 0 || ocupado} onClick={() => mover(i, -1)} aria-label={V.moverAntes(p.nombre)}>
                ◀
              </button>
              <button type="button" className="btn btn--ghost btn--qty" disabled={i === productos.length - 1 || ocupado} onClick={() => mover(i, 1)} aria-label={V.moverDespues(p.nombre)}>
                ▶
              </button>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
