import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { sucursales } from '#shared/messages/sucursales';
import type { TCopiaEnTienda } from '#shared/schemas/sucursal';
import { alertFailure, toastSuccess } from '../../lib/alerts';
import { useCopiarATiendas, useOtrasTiendas } from './api/copia';

// This component's texts only (issue #20).
const C = sucursales.copia;

/** What one store got, in a line ("Sede Norte: creada con 2 productos. Sin ese producto allí: Panela."). */
const lineaDe = (r: TCopiaEnTienda) =>
  [r.resultado === 'creada' ? C.creada(r.nombreTienda, r.productos) : r.resultado === 'actualizada' ? C.actualizada(r.nombreTienda, r.productos) : C.omitida(r.nombreTienda), r.sinPar.length ? C.sinPar(r.sinPar.join(', ')) : '']
    .filter(Boolean)
    .join(' ');

/**
 * *Copiar a otras tiendas* (issue #59 point 1): the empresa's owner chooses other stores of the empresa
 * and copies this price list or promotion there; each store gets it on its own products and the answer
 * says, store by store, what it got. Nothing for anyone else, nor for a one-store shop.
 */
export function CopiarATiendas(props: { recurso: 'listas-precios' | 'promociones'; id: number; nombre: string; onCerrar?: () => void }) {
  const otras = useOtrasTiendas();
  const copiar = useCopiarATiendas(props.recurso);
  const [elegidas, setElegidas] = useState<number[]>([]);
  const [resultado, setResultado] = useState<TCopiaEnTienda[] | null>(null);
  const titulo = useId();
  const seccion = useRef<HTMLElement>(null);
  const abierta = !!props.onCerrar && otras.length > 0;
  // Opened from a row further down (the promotions' list, on a phone): it comes into view, its first store focused.
  useEffect(() => {
    if (!abierta) return;
    seccion.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    seccion.current?.querySelector('input')?.focus({ preventScroll: true });
  }, [abierta]);
  if (otras.length === 0) return null;
  const alternar = (id: number, si: boolean) => setElegidas((xs) => (si ? [...xs, id] : xs.filter((x) => x !== id)));
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const r = await copiar.mutateAsync({ id: props.id, tiendas: elegidas });
      setResultado(r.tiendas);
      toastSuccess(r.message);
    } catch (err) {
      alertFailure(err);
    }
  };
  return (
    <section ref={seccion} className="card precios-seccion precios-copia" aria-labelledby={titulo}>
      <h2 id={titulo}>{C.copiarA(props.nombre)}</h2>
      <p className="precios-ayuda">{props.recurso === 'listas-precios' ? C.ayudaLista : C.ayudaPromocion}</p>
      <form onSubmit={onSubmit} noValidate>
        <fieldset className="precios-copia__tiendas">
          <legend>{C.tiendas}</legend>
          {otras.map((t) => (
            <label key={t.idTienda} className="promos-check">
              <input type="checkbox" checked={elegidas.includes(t.idTienda)} onChange={(e) => alternar(t.idTienda, e.target.checked)} /> {t.nombreTienda}
            </label>
          ))}
        </fieldset>
        <div className="precios-acciones">
          <button type="submit" className="btn" disabled={copiar.isPending || elegidas.length === 0}>
            {copiar.isPending ? C.copiando : C.copiar}
          </button>
          {props.onCerrar ? (
            <button type="button" className="btn btn--ghost" onClick={props.onCerrar}>
              {C.cerrar}
            </button>
          ) : null}
        </div>
      </form>
      {resultado ? (
        <ul className="precios-copia__resultado" role="status" aria-label={C.resultadoTitulo}>
          {resultado.map((r) => (
            <li key={r.idTienda} className={r.resultado === 'omitida' ? 'precios-copia__omitida' : undefined}>
              {lineaDe(r)}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
