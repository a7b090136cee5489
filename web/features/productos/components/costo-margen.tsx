import { compras } from '#shared/messages/compras';
import { formatPesos } from '#shared/money';
import type { TCostoProducto } from '#shared/schemas/compras';
import { useCostos } from '../api/get-costos';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { compras };

/** A margin in words: pesos and percentage, or a dash. */
export const textoMargen = (c: TCostoProducto | undefined) =>
  c?.margen == null ? '—' : c.margenPorcentaje == null ? formatPesos(c.margen) : M.compras.margenDe(formatPesos(c.margen), M.compras.porcentaje(c.margenPorcentaje));

/**
 * The margin in the product list: the amount and its percentage may go on two lines (each whole), so
 * the column stays narrow enough at 1366 px for the Estado badge beside it.
 */
export function MargenEnLista({ c }: { c: TCostoProducto | undefined }) {
  const texto = textoMargen(c);
  const corte = texto.indexOf(' (');
  if (corte < 0) return <span className="gp-margen-parte">{texto}</span>;
  return (
    <>
      <span className="gp-margen-parte">{texto.slice(0, corte)}</span>{' '}
      <span className="gp-margen-parte">{texto.slice(corte + 1)}</span>
    </>
  );
}

/** *Costo y margen* of a product's detail (issue #32 point 6), shown only to those who may see costs. */
export function CostoMargen({ id }: { id: number }) {
  const q = useCostos([id], true);
  const c = q.data?.get(id);
  return (
    <section className="card gp-costo" aria-labelledby="costo-margen-titulo">
      <h2 id="costo-margen-titulo">{M.compras.costoTitulo}</h2>
      {q.isPending ? (
        <p role="status">{M.compras.costoCargando}</p>
      ) : c?.costoPromedio == null ? (
        <p>{M.compras.sinCosto}</p>
      ) : (
        <dl className="gp-costo__datos">
          <div>
            <dt>{M.compras.costoUltimo}</dt>
            <dd>{c.costo == null ? '—' : formatPesos(c.costo)}</dd>
          </div>
          <div>
            <dt>{M.compras.costoPromedio}</dt>
            <dd>{formatPesos(c.costoPromedio)}</dd>
          </div>
          <div>
            <dt>{M.compras.margenUnidad}</dt>
            <dd>{textoMargen(c)}</dd>
          </div>
        </dl>
      )}
      <small className="gp-costo__ayuda">{M.compras.costoAyuda}</small>
    </section>
  );
}
