import { compras } from '#shared/messages/compras';
import { lotes as lotesM } from '#shared/messages/lotes';
import { FechaInput } from '../../components/ui/field';
import { leerCantidad } from './lineas';

// This module's texts only: the catalogue splits per screen (issue #20).
const M = { compras, lotes: lotesM };

/**
 * The lots of a receipt line of a product that tracks lots (ADR 051), as typed: each lot's code, its
 * expiry (ISO from the dd/mm/aaaa field) and, when the line has more than one lot, its units in the
 * product's own unit. The server checks them all (lote.domain.ts); this only helps to type them.
 */
export interface LoteFila {
  /** A key for the screen only, so that removing a lot keeps the others' fields. */
  clave: number;
  codigo: string;
  vence: string;
  cantidad: string;
}

let siguiente = 1;
export const loteVacio = (): LoteFila => ({ clave: siguiente++, codigo: '', vence: '', cantidad: '' });

/**
 * What a line sends of its lots: one lot as `lote` and `vence` (it takes the whole line, in whatever
 * pack it came), several as `lotes` with their units; a lot left blank is not sent. A units cell that
 * is not a number goes up as -1, so the server answers its message.
 */
export function lotesParaApi(filas: readonly LoteFila[]): { lote: string | null; vence: string | null; lotes?: { codigo: string; vence: string; cantidad: number }[] } {
  const llenos = filas.filter((l) => l.codigo.trim() || l.vence || l.cantidad.trim());
  if (llenos.length === 0) return { lote: null, vence: null };
  if (llenos.length === 1) return { lote: llenos[0]!.codigo.trim() || null, vence: llenos[0]!.vence || null };
  return {
    lote: null,
    vence: null,
    lotes: llenos.map((l) => {
      const c = leerCantidad(l.cantidad);
      return { codigo: l.codigo.trim(), vence: l.vence, cantidad: c === null || Number.isNaN(c) ? -1 : c };
    }),
  };
}

/**
 * The lots of one line, as a row under it spanning the table: the lot and its expiry, "Otro lote" to
 * add one (then each lot asks its units), and a button to take one out again.
 */
export function LotesDeLinea(props: { nombre: string; unidad: string; columnas: number; lotes: readonly LoteFila[]; onChange: (lotes: LoteFila[]) => void }) {
  const { nombre, lotes, onChange } = props;
  const varios = lotes.length > 1;
  const cambiar = (clave: number, cambio: Partial<LoteFila>) => onChange(lotes.map((l) => (l.clave === clave ? { ...l, ...cambio } : l)));
  const C = M.lotes.columnas;
  return (
    <tr className="cmp-lotes-fila">
      <td colSpan={props.columnas}>
        <div className="cmp-lotes" role="group" aria-label={M.lotes.lotesDe(nombre)}>
          {lotes.map((l, i) => (
            <div className="cmp-lote-item" key={l.clave}>
              <label className="cmp-lote-campo">
                <span>{C.lote}</span>
                <input className="cmp-lote" maxLength={40} autoComplete="off" aria-label={i === 0 ? M.compras.loteDe(nombre) : M.lotes.loteNDe(nombre, i + 1)} value={l.codigo} onChange={(e) => cambiar(l.clave, { codigo: e.target.value })} />
              </label>
              <label className="cmp-lote-campo">
                <span>{C.vence}</span>
                <FechaInput className="cmp-vence" aria-label={i === 0 ? M.compras.venceDe(nombre) : M.lotes.venceNDe(nombre, i + 1)} value={l.vence} onChange={(e) => cambiar(l.clave, { vence: e.target.value })} />
              </label>
              {varios ? (
                <label className="cmp-lote-campo">
                  <span>{C.cantidad}</span>
                  <input
                    className="cmp-num"
                    inputMode={props.unidad === '94' ? 'numeric' : 'decimal'}
                    autoComplete="off"
                    aria-label={i === 0 ? M.lotes.cantidadLoteDe(nombre) : M.lotes.cantidadLoteNDe(nombre, i + 1)}
                    value={l.cantidad}
                    onChange={(e) => cambiar(l.clave, { cantidad: e.target.value })}
                  />
                </label>
              ) : null}
              {varios ? (
                <button type="button" className="btn btn--ghost btn--sm" aria-label={M.lotes.quitarLoteDe(nombre, i + 1)} onClick={() => onChange(lotes.filter((x) => x.clave !== l.clave))}>
                  {M.lotes.quitarLote}
                </button>
              ) : null}
            </div>
          ))}
          <button type="button" className="btn btn--ghost btn--sm cmp-otro-lote" onClick={() => onChange([...lotes, loteVacio()])}>
            {M.lotes.otroLote}
          </button>
          {varios ? <small className="cmp-muted cmp-lotes-ayuda">{M.lotes.lotesAyuda}</small> : null}
        </div>
      </td>
    </tr>
  );
}
