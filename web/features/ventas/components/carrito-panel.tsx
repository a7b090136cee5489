import { useState, type ReactNode } from 'react';
import { formatCantidad, porUnidadDe } from '#shared/cantidad';
import { isoADdMmAaaa } from '#shared/fecha-texto';
import { lotesCaja } from '#shared/messages/lotes-caja';
import { ventasCaja } from '#shared/messages/ventas-caja';
import { promocionesCaja } from '#shared/messages/promociones-caja';
import type { ResultadoPromociones } from '#shared/promociones';
import { formatPesos } from '#shared/money';
// The same limits as the sale's schema, without the schema module (and zod) on the till's path (issue #20).
import { LIMITES_DINERO as VENTA_LIMITS } from '#shared/money';
import { IconCart, IconEdit } from '../../../components/ui/icons';
import { claveLinea, esPorMedida, excedeStock, importeDe, totalCarrito, unidadesCarrito, type LineaCarrito } from '../carrito';
import './promociones.css';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { ventas: ventasCaja, promociones: promocionesCaja, lotes: lotesCaja };

const V = M.ventas;

interface Props {
  lineas: LineaCarrito[];
  /** The line's key (claveLinea): a product's id, or its pack's. */
  onCantidad: (id: number | string, cantidad: number) => void;
  /** A weighed line's quantity: the page opens the por peso / por valor dialog on it (issue #33). */
  onEditarPeso: (id: number) => void;
  /** Enter in a quantity: the quantity is kept and the cashier goes back to the search box. */
  onListo: () => void;
  onVaciar: () => void;
  onEnEspera: () => void;
  onGenerarPago: () => void;
  /** Carts put aside, shown under the cart with their actions. */
  espera?: ReactNode;
  /** The line just taken out (a quantity of 0, or − at 1), with its undo. */
  quitada?: { nombre: string; onDeshacer: () => void } | null;
  /** The cart's promotions (ADR 052), by line in `lineas`' order: each line's saving and the Ahorro above the total. */
  promociones?: ResultadoPromociones | null;
  /** A line of a product that tracks lots (issue #58 point 2): the page opens the lot chooser on it (its key). */
  onElegirLote?: (clave: string) => void;
  /** Offline no lot is chosen: the server takes the first to expire when the sale syncs. */
  enLinea?: boolean;
}

/** A line's lot as the cart shows it: the one chosen, or the first to expire. */
const textoLoteLinea = (l: LineaCarrito) =>
  !l.lote ? M.lotes.loteAutomatico : l.lote.codigo ? M.lotes.loteVence(l.lote.codigo, l.lote.vence ? isoADdMmAaaa(l.lote.vence) : '') : M.lotes.loteSinCodigo;

/** A quantity the cashier may also type (24 beers are not 24 clicks). */
function CantidadInput({ linea, onCantidad, onListo }: { linea: LineaCarrito; onCantidad: Props['onCantidad']; onListo: Props['onListo'] }) {
  const [draft, setDraft] = useState<string | null>(null);
  // "−2" was read as 2 (issue #52 point 7): a minus sign stays in the box and is refused in words.
  const [negativa, setNegativa] = useState(false);
  const commit = () => {
    if (draft === null) return;
    if (draft.startsWith('-')) {
      setNegativa(true);
      setDraft(null);
      return;
    }
    const n = Number(draft);
    // 0 takes the line out (issue #36 point 12; the cart offers to undo it); an empty box keeps it.
    if (draft !== '' && Number.isInteger(n) && n >= 0) onCantidad(claveLinea(linea), Math.min(n, VENTA_LIMITS.maxCantidad));
    setDraft(null);
  };
  return (
    <>
      <input
        className="cart-line__qty-input"
        inputMode="numeric"
        aria-label={V.cantidadDe(linea.nombre)}
        aria-invalid={negativa || undefined}
        aria-describedby={negativa ? `negativa-${claveLinea(linea)}` : undefined}
        value={draft ?? String(linea.cantidad)}
        onChange={(e) => {
          setNegativa(false);
          const v = e.target.value.trim();
          setDraft(`${v.startsWith('-') || v.startsWith('−') ? '-' : ''}${v.replace(/\D/g, '').slice(0, 4)}`);
        }}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            // What tills do: keep the quantity and go back to the search box for the next product,
            // never on to the payment.
            e.preventDefault();
            commit();
            onListo();
          }
          if (e.key === 'Escape') setDraft(null);
        }}
      />
      {negativa ? (
        <span className="cart-line__error" id={`negativa-${claveLinea(linea)}`} role="alert">
          {V.cantidadNegativa}
        </span>
      ) : null}
    </>
  );
}

/** The cart: lines with − quantity +, line totals, the total and 'Generar pago'. */
export function CarritoPanel({ lineas, onCantidad, onEditarPeso, onListo, onVaciar, onEnEspera, onGenerarPago, espera, quitada, promociones: promos, onElegirLote, enLinea = true }: Props) {
  const ahorro = promos?.ahorro ?? 0;
  const total = totalCarrito(lineas) - ahorro;
  const unidades = unidadesCarrito(lineas);
  return (
    <aside className="pos__carrito card" id="carrito" aria-labelledby="pos-carrito-title">
      <div className="cart__head">
        <h2 id="pos-carrito-title">
          <IconCart /> {V.carrito}
        </h2>
        {lineas.length ? (
          <div className="cart__head-acciones">
            <button type="button" className="btn btn--ghost btn--sm" onClick={onEnEspera}>
              {V.enEspera}
            </button>
            <button type="button" className="btn btn--ghost btn--sm" onClick={onVaciar}>
              {V.vaciar}
            </button>
          </div>
        ) : null}
      </div>
      <div role="status" className="cart__quitada-wrap">
        {quitada ? (
          <p className="cart__quitada">
            <span>{V.lineaQuitada(quitada.nombre)}</span>
            <button type="button" className="btn btn--ghost btn--sm" onClick={quitada.onDeshacer}>
              {V.deshacer}
            </button>
          </p>
        ) : null}
      </div>
      {lineas.length === 0 ? (
        <p className="cart__empty">{V.carritoVacioAyuda}</p>
      ) : (
        <ul className="cart__lines" aria-label={V.productosEnCarrito}>
          {lineas.map((l, i) => {
            const short = excedeStock(l);
            const medida = esPorMedida(l);
            const cantidad = formatCantidad(l.cantidad, l.unidad);
            return (
              <li key={claveLinea(l)} className={`cart-line${short ? ' cart-line--short' : ''}`}>
                <div className="cart-line__info">
                  <span className="cart-line__name">
                    {l.nombre}
                    {l.unidadVenta ? <span className="cart-line__pack"> · {l.unidadVenta.nombre}</span> : null}
                  </span>
                  <span className="cart-line__unit">
                    {medida ? V.peso.pesado(cantidad, `${formatPesos(l.precio)}${porUnidadDe(l.unidad)}`) : V.precioUnidad(formatPesos(l.precio))}
                  </span>
                  {(promos?.lineas[i] ?? []).map((a) => (
                    <span key={a.promocionId} className="cart-line__promo">
                      {a.nombre} −{formatPesos(a.ahorro)}
                    </span>
                  ))}
                  {l.lotes && onElegirLote ? (
                    enLinea ? (
                      <button
                        type="button"
                        className="btn btn--ghost btn--sm cart-line__lote"
                        onClick={() => onElegirLote(claveLinea(l))}
                        aria-label={`${M.lotes.loteLinea(textoLoteLinea(l))} · ${M.lotes.elegirLoteDe(l.nombre)}`}
                      >
                        {M.lotes.loteLinea(textoLoteLinea(l))}
                      </button>
                    ) : (
                      <span className="cart-line__lote-nota">{M.lotes.loteSinRed}</span>
                    )
                  ) : null}
                  {short ? (
                    <span className="cart-line__warn">{l.stock > 0 ? V.soloHayStock(formatCantidad(l.stock, l.unidad)) : V.sinStockLinea}</span>
                  ) : null}
                </div>
                {medida ? (
                  // Weighed: no ± by one; the quantity opens the dialog again, × takes the line out.
                  <div className="cart-line__qty" role="group" aria-label={V.unidadesDe(l.nombre)}>
                    <button type="button" className="btn btn--ghost btn--sm cart-line__peso" onClick={() => onEditarPeso(l.id)} aria-label={V.peso.cambiarCantidadDe(l.nombre, cantidad)}>
                      {cantidad} <IconEdit />
                    </button>
                    <button type="button" className="btn btn--ghost btn--icon btn--qty" onClick={() => onCantidad(claveLinea(l), 0)} aria-label={V.quitar(l.nombre)}>
                      ×
                    </button>
                  </div>
                ) : (
                  <div className="cart-line__qty" role="group" aria-label={V.unidadesDe(l.nombre)}>
                    <button type="button" className="btn btn--ghost btn--icon btn--qty" onClick={() => onCantidad(claveLinea(l), l.cantidad - 1)} aria-label={l.cantidad === 1 ? V.quitar(l.nombre) : V.unoMenos(l.nombre)}>
                      −
                    </button>
                    <CantidadInput key={l.cantidad} linea={l} onCantidad={onCantidad} onListo={onListo} />
                    <button
                      type="button"
                      className="btn btn--ghost btn--icon btn--qty"
                      onClick={() => onCantidad(claveLinea(l), l.cantidad + 1)}
                      disabled={l.cantidad >= VENTA_LIMITS.maxCantidad}
                      aria-label={V.unoMas(l.nombre)}
                    >
                      +
                    </button>
                  </div>
                )}
                <span className="cart-line__total">{formatPesos(importeDe(l))}</span>
              </li>
            );
          })}
        </ul>
      )}
      {ahorro > 0 ? (
        <div className="cart__ahorro" data-testid="carrito-ahorro">
          <span>{M.promociones.ahorro}</span>
          <strong>−{formatPesos(ahorro)}</strong>
        </div>
      ) : null}
      <div className="cart__total">
        <span>
          {V.total}
          {unidades ? <small> ({lineas.some(esPorMedida) ? V.articulos(unidades) : V.unidades(unidades)})</small> : null}
        </span>
        <strong data-testid="carrito-total">{formatPesos(total)}</strong>
      </div>
      <button type="button" className="btn btn--block btn--lg" onClick={onGenerarPago}>
        {V.generarPago} <kbd className="atajo">F4</kbd>
      </button>
      {espera}
    </aside>
  );
}
