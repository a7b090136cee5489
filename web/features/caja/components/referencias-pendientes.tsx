import { caja } from '#shared/messages/caja';
import { formatPesos } from '#shared/money';
import type { TReferenciaPendiente } from '#shared/schemas/caja';
import { alertFailure } from '../../../lib/alerts';
import { useVerificarReferencia } from '../api/mutations';
import { useFechas } from '../../../lib/fechas';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { caja };

/** Transfers and card payments of the shift not yet checked, each with a button to mark it. */
export function ReferenciasPendientes(props: { items: TReferenciaPendiente[]; editable: boolean }) {
  const verificar = useVerificarReferencia();
  const fechas = useFechas();
  const onVerificar = async (id: number) => {
    try {
      await verificar.mutateAsync(id);
    } catch (err) {
      await alertFailure(err);
    }
  };
  return (
    <section className="card caja-card" aria-labelledby="caja-ref-title">
      <h2 id="caja-ref-title">{M.caja.referenciasTitulo}</h2>
      {props.items.length === 0 ? (
        <p className="caja-muted">{M.caja.sinReferencias}</p>
      ) : (
        <>
          <p className="caja-muted">{M.caja.referenciasTexto}</p>
          <ul className="caja-list">
            {props.items.map((r) => (
              <li key={r.ventaId}>
                <span className="caja-list__text">
                  <strong>{r.metodo}</strong> · {M.caja.ventaNumero(r.numero)} · {r.referencia ?? M.caja.sinReferencia} <small className="caja-muted">{fechas.hora(r.fecha)}</small>
                </span>
                <strong className="caja-num">{formatPesos(r.monto)}</strong>
                {props.editable ? (
                  <button type="button" className="btn btn--ghost btn--sm" disabled={verificar.isPending} onClick={() => onVerificar(r.ventaId)} aria-label={M.caja.verificarLabel(r.numero)}>
                    {M.caja.verificarBoton}
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
