import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent, type RefObject } from 'react';
import { formatCantidad, porUnidadDe } from '#shared/cantidad';
import { AppError } from '#shared/errors';
import { generic } from '#shared/messages/comun';
import { ventasCaja } from '#shared/messages/ventas-caja';
import { formatPesos } from '#shared/money';
import type { TProductoPorCodigo, TProductoVenta } from '#shared/schemas/venta';
import { sinTildes } from '#shared/texto';
import { Pager } from '../../../components/ui/pager';
import { NetworkError } from '../../../lib/api-client';
import { useDebounced } from '../../../lib/use-debounced';
import { AgregarSinStock } from './agregar-sin-stock';
import { ProductosFallidos, RejillaProductos } from './rejilla-productos';
import { fetchProductoPorCodigo, PAGE_SIZE, primeraPaginaDe, useProductosVenta } from '../api/productos-venta';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { generic, ventas: ventasCaja };

const V = M.ventas;
const C = V.columnas;

const CODE_RE = /^[0-9A-Za-z-]{1,64}$/;

/** The first product of a list that can be sold now. */
const primeroDisponible = (items: readonly TProductoVenta[]) => items.find((p) => p.stock > 0);

interface Props {
  /**
   * Adds the product; false when it waits for its quantity first (a product sold by weight opens the
   * dialog). `cantidad`: a scale label's quantity, added as it is.
   */
  onAdd: (p: TProductoVenta, cantidad?: number) => boolean;
  onProducts: (items: TProductoVenta[]) => void;
  /** What each product has in the cart, as the cart writes it ("2", "0,375 kg"). */
  enCarrito: ReadonlyMap<number, string>;
  /** The search box, for the page to send the cashier back to it (after a quantity, say). */
  inputRef: RefObject<HTMLInputElement | null>;
  /** Runs a lookup in the page's one queue, after the scans and lookups asked for before it; a step answers false when it added nothing. */
  enOrden: (paso: () => Promise<boolean | void>) => void;
}

/**
 * Search box and product list of the till. Typing searches on the server (accents and case aside);
 * ↓ and ↑ pick a product of the list and Enter adds it; otherwise Enter adds the product whose exact
 * code, id or name was typed (a barcode scanner types the code and presses Enter), the only product
 * found, or with several the highlighted one (the first in stock, issue #36). Escape clears the search.
 */
export function BuscadorProductos({ onAdd, onProducts, enCarrito, inputRef, enOrden }: Props) {
  const qc = useQueryClient();
  const [texto, setTexto] = useState('');
  const [page, setPage] = useState(1);
  // An agotado product picked: the message, and a button to add it anyway (issue #36 point 7).
  const [aviso, setAviso] = useState<{ text: string; tone: 'ok' | 'error'; agregar?: TProductoPorCodigo } | null>(null);
  // The row picked with the arrow keys, by product id (the list may be read again meanwhile).
  const [elegido, setElegido] = useState<number | null>(null);
  // A search waits for the typing to pause; an emptied box shows the grid at once (on a phone the cart
  // sits below the list: it moved a quarter of a second after the box was cleared, under the finger).
  const tecleado = useDebounced(texto.trim(), 250);
  const q = texto.trim() === '' ? '' : tecleado;
  const { data, isPending, isError, isFetching, refetch } = useProductosVenta(q, page);
  const hintId = useId();
  const rowId = useId();

  useEffect(() => {
    if (data) onProducts(data.items);
  }, [data, onProducts]);

  /** False when it waits for its quantity (a weighed product's dialog) or was not added. */
  const added = (p: TProductoPorCodigo): boolean => {
    // A weighed product says it was added once the dialog confirms its quantity (the page says it).
    const cantidad = p.etiqueta?.cantidad;
    const si = onAdd(p, cantidad);
    setAviso(si ? { text: cantidad != null ? V.peso.etiqueta(p.nombre, formatCantidad(cantidad, p.unidad)) : V.agregado(p.nombre), tone: 'ok' } : null);
    return si;
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const picked = elegido != null ? data?.items.find((p) => p.id === elegido) : undefined;
    if (picked) {
      if (picked.stock > 0) {
        enOrden(async () => added(picked));
        setTexto('');
        setElegido(null);
      } else setAviso({ text: V.escaneadoAgotado(picked.nombre), tone: 'error', agregar: picked });
      return;
    }
    const term = texto.trim();
    if (!term) return;
    // The box empties at once and the lookup waits its turn after the scans and lookups asked for
    // before it: what is typed meanwhile is neither lost nor wiped (it used to be), and the cart keeps
    // the order things were asked for.
    setTexto('');
    setElegido(null);
    enOrden(() => buscarYAgregar(term));
  };

  /** A term that added nothing comes back to the box, unless something new was typed meanwhile. */
  const devolver = (term: string) => setTexto((actual) => (actual === '' ? term : actual));

  const buscarYAgregar = async (term: string): Promise<boolean> => {
    try {
      let found: TProductoPorCodigo | undefined;
      if (CODE_RE.test(term) && /\d/.test(term)) {
        found = await fetchProductoPorCodigo(term).catch((err: unknown) => {
          if (err instanceof AppError && err.code === 'NOT_FOUND') return undefined;
          throw err;
        });
      }
      if (!found) {
        const results = await primeraPaginaDe(qc, term);
        // The exact name, else the one found, else the highlighted row: the first of the list that is
        // in stock (issue #36 point 11), as the list shows it.
        found = results.items.find((p) => sinTildes(p.nombre) === sinTildes(term)) ?? (results.total === 1 ? results.items[0] : primeroDisponible(results.items));
        if (!found) {
          setAviso({ text: results.total > 1 ? M.ventas.variosResultados : M.ventas.codigoNoEncontrado(term), tone: 'error' });
          devolver(term);
          return false;
        }
      }
      return added(found);
    } catch (err) {
      // A label the till cannot sell (a product sold by unit, say): the server's reason.
      setAviso({ text: err instanceof NetworkError ? M.generic.connectionText : err instanceof AppError && err.status < 500 ? err.message : M.generic.errorText, tone: 'error' });
      devolver(term);
      return false;
    } finally {
      inputRef.current?.focus();
    }
  };

  const items = data?.items ?? [];
  // The row Enter takes: the one picked with the arrows, else the first in stock of the search shown.
  const resaltado = elegido ?? (q && q === texto.trim() ? primeroDisponible(items)?.id : undefined);

  const mover = (paso: 1 | -1) => {
    if (!items.length) return;
    const at = items.findIndex((p) => p.id === elegido);
    const next = at < 0 ? (paso === 1 ? 0 : items.length - 1) : (at + paso + items.length) % items.length;
    setElegido(items[next]!.id);
    setAviso({ text: V.elegido(items[next]!.nombre, formatPesos(items[next]!.precio) + porUnidadDe(items[next]!.unidad)), tone: 'ok' });
    document.getElementById(`${rowId}-${items[next]!.id}`)?.scrollIntoView({ block: 'nearest' });
  };

  return (
    <section className="pos__productos" aria-labelledby="pos-productos-title">
      <h2 id="pos-productos-title" className="visually-hidden">
        {V.productos}
      </h2>
      <form role="search" className="pos__search" onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor="pos-buscar">{V.buscarProducto}</label>
          <input
            id="pos-buscar"
            ref={inputRef}
            type="search"
            autoFocus
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="enter"
            placeholder={V.buscarPlaceholder}
            aria-describedby={hintId}
            value={texto}
            onChange={(e) => {
              setTexto(e.target.value);
              setPage(1);
              setAviso(null);
              setElegido(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
                e.preventDefault();
                mover(e.key === 'ArrowDown' ? 1 : -1);
              } else if (e.key === 'Escape') {
                // The browser's own clearing of a search box would skip React's state.
                e.preventDefault();
                setTexto('');
                setPage(1);
                setAviso(null);
                setElegido(null);
              }
            }}
          />
          <small id={hintId} className="field__hint">
            <kbd className="atajo">F2</kbd> {V.buscarAyuda}
            <span className="solo-teclado">{V.buscarAyudaTeclado}</span>.
          </small>
        </div>
      </form>
      <p className={`pos__aviso${aviso ? ` pos__aviso--${aviso.tone}` : ''}`} role="status" aria-live="polite">
        {aviso?.text ?? ''}
        {aviso?.agregar ? (
          <AgregarSinStock
            onAgregar={() => {
              const p = aviso.agregar!;
              setAviso(onAdd(p, p.etiqueta?.cantidad) ? { text: V.agregadoSinStock(p.nombre), tone: 'ok' } : null);
              setTexto('');
              setElegido(null);
              inputRef.current?.focus();
            }}
          />
        ) : null}
      </p>

      {!texto.trim() && !q ? (
        <RejillaProductos
          enCarrito={enCarrito}
          onAdd={(p) => {
            added(p);
            // A scanner keeps typing into the search box; on a phone no keyboard pops up.
            if (window.matchMedia('(pointer: fine)').matches) inputRef.current?.focus();
          }}
        />
      ) : isPending ? (
        <div className="state" role="status">
          {V.cargandoProductos}
        </div>
      ) : isError && !data ? (
        <ProductosFallidos onRetry={() => refetch()} />
      ) : items.length === 0 ? (
        <div className="state">{q ? V.sinCoincidencias(q) : V.sinProductos}</div>
      ) : (
        <div
          className="table-wrap"
          // Busy also while the typed text waits for its search: the rows shown are the previous search's.
          aria-busy={isFetching || texto.trim() !== q}
        >
          <table className="table pos__tabla">
            <caption className="visually-hidden">{V.productosDisponibles(q)}</caption>
            <thead>
              <tr>
                <th scope="col">{C.producto}</th>
                <th scope="col" className="pos__col-marca">
                  {C.marca}
                </th>
                <th scope="col" className="num">
                  {C.precio}
                </th>
                <th scope="col" className="num pos__col-stock">
                  {C.stock}
                </th>
                <th scope="col">
                  <span className="visually-hidden">{C.accion}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((p) => {
                const inCart = enCarrito.get(p.id);
                return (
                  <tr key={p.id} id={`${rowId}-${p.id}`} className={p.id === resaltado ? 'pos__fila--elegida' : undefined} aria-current={p.id === resaltado ? 'true' : undefined}>
                    <td>
                      <span className="pos__nombre">{p.nombre}</span>
                      <span className="pos__meta-movil">
                        {p.marca ? `${p.marca} · ` : ''}
                        {p.stock > 0 ? V.stock(formatCantidad(p.stock, p.unidad)) : V.agotado}
                      </span>
                      {inCart ? <span className="pos__en-carrito">{V.enCarrito(inCart)}</span> : null}
                    </td>
                    <td className="pos__col-marca">{p.marca ?? '—'}</td>
                    <td className="num pos__precio">
                      {formatPesos(p.precio)}
                      {porUnidadDe(p.unidad)}
                    </td>
                    <td className="num pos__col-stock">{p.stock > 0 ? formatCantidad(p.stock, p.unidad) : <span className="badge badge--danger">{V.agotado}</span>}</td>
                    <td className="pos__accion">
                      <button
                        type="button"
                        className="btn btn--sm"
                        onClick={(e) => {
                          added(p);
                          // After a mouse click the scanner keeps typing into the search box (no keyboard pops up on phones).
                          if (e.detail > 0 && window.matchMedia('(pointer: fine)').matches) inputRef.current?.focus();
                        }}
                        disabled={p.stock <= 0}
                      >
                        {V.agregar}
                        <span className="visually-hidden"> {p.nombre}</span>
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {data && (texto.trim() || q) ? <Pager page={page} pageSize={PAGE_SIZE} total={data.total} masDe={data.masDe} onPage={setPage} /> : null}
    </section>
  );
}
