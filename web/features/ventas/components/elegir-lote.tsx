import { useId, useState, type FormEvent } from 'react';
import { formatCantidad } from '#shared/cantidad';
import { isoADdMmAaaa } from '#shared/fecha-texto';
import { lotes } from '#shared/messages/lotes';
import type { TLote } from '#shared/schemas/lote';
import type { LineaCarrito, LoteElegido } from '../carrito';
import { useLotesProducto } from '../api/lotes-producto';
import { useDialogoModal } from '../../../lib/use-dialogo-modal';
import './elegir-lote.css';

// This screen's texts only: the catalogue splits per screen (issue #20).
const L = lotes;

/** How a lot reads on the till: its code and expiry, or "Sin lote" for the units of no known lot. */
export const textoLote = (l: Pick<TLote, 'codigo' | 'vence'>) => (l.codigo ? L.loteVence(l.codigo, l.vence ? isoADdMmAaaa(l.vence) : '') : L.loteSinCodigo);

/** The lot the server takes when none is chosen (ADR 051's FEFO): the first to expire that is not expired, else the units of no known lot. */
export const loteFefo = (lista: readonly TLote[]): TLote | undefined => lista.find((l) => l.codigo && !l.vencido) ?? lista.find((l) => !l.codigo);

interface Props {
  linea: Pick<LineaCarrito, 'id' | 'nombre' | 'unidad' | 'lote'>;
  /** The lot chosen, or null for the first to expire (FEFO). */
  onElegir: (lote: LoteElegido | null) => void;
  onCancelar: () => void;
}

/**
 * The lot of a cart line of a product that tracks lots (issue #58 point 2, ADR 051): its lots with
 * units, first to expire first, each with its code, expiry and units; the default, shown first, is
 * the first to expire (FEFO), which the server takes when none is chosen. An expired lot may be
 * chosen: the checkout then asks for a supervisor's authorisation, as for FEFO reaching one. A native
 * modal <dialog>, like the quantity dialog: it keeps the focus, Esc cancels.
 */
export function ElegirLote({ linea, onElegir, onCancelar }: Props) {
  const ref = useDialogoModal();
  const id = useId();
  const { data, isPending, isError } = useLotesProducto(linea.id);
  const [elegido, setElegido] = useState<number | 'auto'>(linea.lote?.id ?? 'auto');
  const lista = data?.lotes ?? [];
  const fefo = loteFefo(lista);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const l = elegido === 'auto' ? undefined : lista.find((x) => x.id === elegido);
    onElegir(l ? { id: l.id, codigo: l.codigo, vence: l.vence } : null);
  };

  const opciones = (
    <fieldset className="lote-dialog__opciones">
      <legend className="visually-hidden">{L.loteDe(linea.nombre)}</legend>
      <label className={`lote-dialog__opcion${elegido === 'auto' ? ' lote-dialog__opcion--elegida' : ''}`}>
        <input type="radio" name={`${id}-lote`} checked={elegido === 'auto'} onChange={() => setElegido('auto')} />
        <span>
          <strong>{L.loteAutomaticoOpcion}</strong>
          {fefo ? <small>{L.loteAutomaticoCual(textoLote(fefo))}</small> : null}
        </span>
      </label>
      {lista.map((l) => (
        <label key={l.id} className={`lote-dialog__opcion${elegido === l.id ? ' lote-dialog__opcion--elegida' : ''}${l.vencido ? ' lote-dialog__opcion--vencida' : ''}`}>
          <input type="radio" name={`${id}-lote`} checked={elegido === l.id} onChange={() => setElegido(l.id)} aria-describedby={l.vencido ? `${id}-vencido-${l.id}` : undefined} />
          <span>
            <strong>{textoLote(l)}</strong>
            <small>
              {L.loteUnidades(formatCantidad(l.cantidad, linea.unidad))}
              {l.vencido ? (
                <>
                  {' · '}
                  <span className="lote-dialog__vencido" id={`${id}-vencido-${l.id}`}>
                    {L.loteVencidoAyuda}
                  </span>
                </>
              ) : null}
            </small>
          </span>
        </label>
      ))}
    </fieldset>
  );

  return (
    <dialog
      ref={ref}
      className="lote-dialog"
      aria-labelledby={`${id}-titulo`}
      data-testid="elegir-lote"
      onCancel={(e) => {
        e.preventDefault();
        onCancelar();
      }}
    >
      <form onSubmit={onSubmit} noValidate>
        <h2 id={`${id}-titulo`} className="lote-dialog__titulo">
          {L.loteDe(linea.nombre)}
        </h2>
        {isPending ? (
          <p role="status">{L.lotesCargando}</p>
        ) : isError ? (
          <p role="alert">{L.lotesFallo}</p>
        ) : (
          <>
            {opciones}
            {lista.length === 0 ? <p className="lote-dialog__nota">{L.lotesNinguno}</p> : null}
          </>
        )}
        <div className="lote-dialog__acciones">
          <button type="button" className="btn btn--ghost" onClick={onCancelar}>
            {L.cancelarLote}
          </button>
          <button type="submit" className="btn" disabled={isPending || isError}>
            {L.usarLote}
          </button>
        </div>
      </form>
    </dialog>
  );
}
