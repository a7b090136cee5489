import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { aMilesimas, cantidadPorValor, formatCantidad, formatMilesimas, importeLinea, MILESIMAS, parseCantidad, porUnidadDe, SIMBOLO_UNIDAD } from '#shared/cantidad';
import { reglaUnidad, type TUnidadDian } from '#shared/unidades';
import { ventas } from '#shared/messages/ventas';
import { formatPesos, LIMITES_DINERO, parsePesos } from '#shared/money';
import { useDialogoModal } from '../lib/use-dialogo-modal';
import { useTrasRender } from '../lib/use-tras-render';
import { ErrorCampo } from './ui/field';
import './dialogo-cantidad.css';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { ventas };

const P = M.ventas.peso;

type Modo = 'peso' | 'valor';

export interface ProductoPorMedida {
  nombre: string;
  precio: number;
  unidad: string;
  stock: number;
}

interface Props {
  producto: ProductoPorMedida;
  /** The line's quantity when the cashier changes it (the dialog opens on it); absent when adding. */
  cantidad?: number;
  /** The quantity; sold by value, also the value asked (the line charges exactly it, issue #52 point 4). */
  onConfirmar: (cantidad: number, importe?: number) => void;
  onCancelar: () => void;
}

/** Thousandths typed as a quantity: null unless above 0 and at most 9 999 units. */
function milesimasTecleadas(texto: string): number | null {
  const m = parseCantidad(texto);
  return m !== null && m >= 1 && m <= LIMITES_DINERO.maxCantidad * MILESIMAS ? m : null;
}

/**
 * What the line will be, for the dialog to show before the cashier confirms: the quantity in
 * thousandths and the amount charged, or null when the text does not give a quantity. By weight the
 * amount is ADR 030's rule (integer thousandths); by value it is the value asked, exactly (issue #52
 * point 4: "$ 2.000 de arroz" charges $ 2.000), with `valor` set. Exported for its unit test.
 */
export function calcularDialogo(modo: Modo, texto: string, precio: number): { milesimas: number; importe: number; valor?: number } | null {
  if (modo === 'peso') {
    const milesimas = milesimasTecleadas(texto);
    return milesimas === null ? null : { milesimas, importe: importeLinea(precio, milesimas) };
  }
  const valor = parsePesos(texto);
  const milesimas = valor === null || valor <= 0 || valor > LIMITES_DINERO.maxMonto ? null : cantidadPorValor(valor, precio);
  return milesimas === null || valor === null ? null : { milesimas, importe: valor, valor };
}

/**
 * The quantity of a product sold by weight or measure (issue #33 point 3, ADR 030): *por peso* (what
 * the scale shows, in the product's unit, with a decimal comma) or *por valor* ("$ 500 de aceite":
 * the quantity nearest to that value). The quantity and the amount show before the line is added.
 * A native modal <dialog>: it keeps the focus, Esc cancels, the focus goes back when it closes.
 */
export function DialogoCantidad({ producto, cantidad, onConfirmar, onCancelar }: Props) {
  const ref = useDialogoModal();
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const tras = useTrasRender();
  const [modo, setModo] = useState<Modo>('peso');
  const inicial = cantidad != null ? aMilesimas(cantidad) : null;
  const [textos, setTextos] = useState<Record<Modo, string>>({ peso: inicial ? formatMilesimas(inicial) : '', valor: '' });
  const [error, setError] = useState<string | null>(null);

  const unidad = (SIMBOLO_UNIDAD[producto.unidad as TUnidadDian] ? producto.unidad : 'KGM') as TUnidadDian;
  const simbolo = SIMBOLO_UNIDAD[unidad];
  const esPeso = reglaUnidad(unidad).medida === 'kilos';
  const precioTexto = `${formatPesos(producto.precio)}${porUnidadDe(unidad)}`;
  const texto = textos[modo];
  const calculo = calcularDialogo(modo, texto, producto.precio);
  const corto = calculo !== null && calculo.milesimas > Math.round(producto.stock * MILESIMAS);

  // Once the dialog is open (useDialogoModal's effect runs first): the quantity, selected.
  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  const cambiarModo = (m: Modo) => {
    setModo(m);
    setError(null);
    // The new tab's field takes the focus once it shows.
    tras(() => inputRef.current?.focus());
  };

  const onTeclaTabs = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    e.preventDefault();
    const otro: Modo = modo === 'peso' ? 'valor' : 'peso';
    setModo(otro);
    setError(null);
    tras(() => document.getElementById(`${id}-tab-${otro}`)?.focus());
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!calculo) return setError(modo === 'peso' ? P.cantidadInvalida(simbolo) : P.valorInvalido);
    if (calculo.valor != null) onConfirmar(calculo.milesimas / MILESIMAS, calculo.valor);
    else onConfirmar(calculo.milesimas / MILESIMAS);
  };

  const tabs: { modo: Modo; label: string }[] = [
    { modo: 'peso', label: esPeso ? P.porPeso : P.porMedida },
    { modo: 'valor', label: P.porValor },
  ];
  const errorId = `${id}-error`;
  const ayudaId = `${id}-ayuda`;

  return (
    <dialog
      ref={ref}
      className="peso-dialog"
      aria-labelledby={`${id}-titulo`}
      onCancel={(e) => {
        // Esc: the page closes it (and forgets the product), so React stays the one that decides.
        e.preventDefault();
        onCancelar();
      }}
    >
      <form onSubmit={onSubmit} noValidate>
        <h2 id={`${id}-titulo`} className="peso-dialog__titulo">
          {producto.nombre}
        </h2>
        <p className="peso-dialog__precio">{precioTexto}</p>
        <div className="peso-dialog__tabs" role="tablist" aria-label={P.formasDe(producto.nombre)} onKeyDown={onTeclaTabs}>
          {tabs.map((t) => (
            <button
              key={t.modo}
              id={`${id}-tab-${t.modo}`}
              type="button"
              role="tab"
              className="peso-dialog__tab"
              aria-selected={modo === t.modo}
              aria-controls={`${id}-panel`}
              tabIndex={modo === t.modo ? 0 : -1}
              onClick={() => cambiarModo(t.modo)}
            >
              {t.label}
            </button>
          ))}
        </div>
        <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${modo}`} className="peso-dialog__panel">
          <div className={`field${error ? ' field--invalid' : ''}`}>
            <label htmlFor={`${id}-campo`}>{modo === 'peso' ? (esPeso ? P.pesoLabel(simbolo) : P.medidaLabel(simbolo)) : P.valorLabel}</label>
            <div className="peso-dialog__entrada">
              {modo === 'valor' ? <span className="peso-dialog__sufijo" aria-hidden="true">$</span> : null}
              <input
                key={modo}
                id={`${id}-campo`}
                ref={inputRef}
                className="peso-dialog__campo"
                inputMode={modo === 'peso' ? 'decimal' : 'numeric'}
                autoComplete="off"
                enterKeyHint="done"
                placeholder={modo === 'peso' ? '0,375' : '500'}
                value={texto}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${errorId} ${ayudaId}` : ayudaId}
                onChange={(e) => {
                  const v = e.target.value.slice(0, 16);
                  setTextos((x) => ({ ...x, [modo]: v }));
                  setError(null);
                }}
              />
              {modo === 'peso' ? <span className="peso-dialog__sufijo" aria-hidden="true">{simbolo}</span> : null}
            </div>
            <ErrorCampo error={error} id={errorId} />
            <small id={ayudaId} className="field__hint">
              {modo === 'peso' ? (esPeso ? P.pesoAyuda(simbolo) : P.medidaAyuda(simbolo)) : P.valorAyuda}
            </small>
          </div>
          <div className="peso-dialog__resultado" aria-live="polite" data-testid="peso-resultado">
            <dl>
              <div>
                <dt>{P.cantidad}</dt>
                <dd>{calculo ? formatCantidad(calculo.milesimas / MILESIMAS, unidad) : '—'}</dd>
              </div>
              <div>
                <dt>{P.seCobra}</dt>
                <dd className="peso-dialog__importe">{calculo ? formatPesos(calculo.importe) : '—'}</dd>
              </div>
            </dl>
            {calculo ? <p className="peso-dialog__calculo">{P.calculo(formatCantidad(calculo.milesimas / MILESIMAS, unidad), precioTexto)}</p> : null}
            {corto ? <p className="peso-dialog__aviso">{P.soloHay(formatCantidad(producto.stock, unidad))}</p> : null}
          </div>
        </div>
        <div className="peso-dialog__acciones">
          <button type="button" className="btn btn--ghost" onClick={onCancelar}>
            {P.cancelar}
          </button>
          <button type="submit" className="btn">
            {cantidad != null ? P.cambiar : P.agregar}
          </button>
        </div>
      </form>
    </dialog>
  );
}
