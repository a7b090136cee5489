import { ventas } from '#shared/messages/ventas';
import type { TProductoVenta } from '#shared/schemas/venta';
import { alertFailure, toastSuccess } from '../../../lib/alerts';
import { useFijarOrdenRejilla } from '../api/orden-rejilla';

// This screen's texts only: the catalogue splits per screen (issue #20).
const V = ventas;

/**
 * Ordering the till's grid (issue #36 point 11): the store's role 1 fixes which products come first
 * and in what order. Its own chunk, loaded when asked for (issue #55 point 4).
 */
interface OrdenarProps {
  productos: TProductoVenta[];
  onChange: (productos: TProductoVenta[]) => void;
  /** How many products have a fixed place (any: "Volver a los más vendidos" gives the grid back to the best sellers). */
  fijos: number;
  /** Back to the grid: saved, or cancelled. */
  onCerrar: () => void;
}

/** The grid's tiles with arrows to move each one; saving fixes them in this order. */
export function OrdenarRejilla({ productos, onChange, fijos, onCerrar }: OrdenarProps) {
  const fijar = useFijarOrdenRejilla();
  const guardar = (orden: TProductoVenta[]) =>
    fijar.mutate(
      orden.map((p) => p.id),
      {
        onSuccess: () => {
          onCerrar();
          toastSuccess(orden.length ? V.ordenGuardado : V.ordenQuitado);
        },
        onError: (err) => alertFailure(err, V.ordenNoGuardado),
      },
    );
  const ocupado = fijar.isPending;
  const onGuardar = () => guardar(productos);
  const onLibre = fijos ? () => guardar([]) : undefined;
  const onCancelar = onCerrar;
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
