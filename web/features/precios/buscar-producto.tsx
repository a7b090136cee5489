import { useEffect, useRef, useState } from 'react';
import { formatPesos } from '#shared/money';
import type { TProductoListItem } from '#shared/schemas/producto';
import { Field } from '../../components/ui/field';
import { buscarProductos } from './api/listas';

export type Producto = { id: number; nombre: string };

interface Props {
  label: string;
  placeholder: string;
  valor: Producto | null;
  onElegir: (p: Producto | null) => void;
  error?: string;
}

/**
 * A product picked by name or code (the product list's own search), for a list's price and a
 * promotion's products. Typing after a pick drops the pick and keeps the text; a new `valor` from the
 * form (a reset, an edit) shows its name.
 */
export function BuscarProducto({ label, placeholder, valor, onElegir, error }: Props) {
  const [q, setQ] = useState(valor?.nombre ?? '');
  const [opciones, setOpciones] = useState<TProductoListItem[]>([]);
  const escribiendo = useRef(false);
  useEffect(() => {
    if (escribiendo.current) escribiendo.current = false;
    else setQ(valor?.nombre ?? '');
  }, [valor]);
  useEffect(() => {
    const texto = q.trim();
    if (texto.length < 2 || valor?.nombre === texto) return setOpciones([]);
    const ctrl = new AbortController();
    const t = setTimeout(() => {
      buscarProductos(texto, ctrl.signal)
        .then((r) => setOpciones(r.items))
        .catch(() => undefined);
    }, 250);
    return () => {
      clearTimeout(t);
      ctrl.abort();
    };
  }, [q, valor]);
  return (
    <div className="precios-buscar">
      <Field
        label={label}
        placeholder={placeholder}
        value={q}
        autoComplete="off"
        error={error}
        onChange={(e) => {
          setQ(e.target.value);
          if (valor) {
            escribiendo.current = true;
            onElegir(null);
          }
        }}
      />
      {opciones.length > 0 ? (
        <ul className="precios-opciones" role="listbox" aria-label={placeholder}>
          {opciones.map((p) => (
            <li key={p.id} role="option" aria-selected={false}>
              <button
                type="button"
                onClick={() => {
                  onElegir({ id: p.id, nombre: p.nombre });
                  setOpciones([]);
                }}
              >
                {p.nombre} · {formatPesos(p.precio)}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
