import { useState, type FormEvent } from 'react';
import { comun } from '#shared/messages/comun';
import { lotes } from '#shared/messages/lotes';
import { formatCantidad } from '#shared/cantidad';
import { isoADdMmAaaa } from '#shared/fecha-texto';
import { formatPesos } from '#shared/money';
import { ROL } from '#shared/roles';
import { PageHeader } from '../../components/page-header';
import { Cabeceras, numerica } from '../../components/ui/cabeceras';
import { Field } from '../../components/ui/field';
import { paths } from '../../config/paths';
import { alertFailure, toastSuccess } from '../../lib/alerts';
import { useSession } from '../../lib/session';
import { useGuardarDias, usePorVencer } from './api/lotes';
import './lotes.css';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { comun, lotes };
const L = M.lotes;
const C = L.columnas;

/** How far a lot is from its date, in words: expired, today, or in so many days. */
export const quedan = (dias: number) => (dias < 0 ? L.vencidoHace(-dias) : dias === 0 ? L.venceHoy : L.venceEn(dias));

/** Role 1 sets how many days ahead the list looks (1–365). */
function DiasPorVencer({ dias }: { dias: number }) {
  const guardar = useGuardarDias();
  const [texto, setTexto] = useState(String(dias));
  const [error, setError] = useState<string | undefined>();
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const n = Number(texto);
    if (!Number.isInteger(n) || n < 1 || n > 365) return setError(L.diasInvalidos);
    setError(undefined);
    try {
      toastSuccess((await guardar.mutateAsync(n)).message);
    } catch (err) {
      alertFailure(err);
    }
  };
  return (
    <form className="lotes-dias" onSubmit={onSubmit} noValidate>
      <Field label={L.dias} hint={L.diasAyuda} inputMode="numeric" value={texto} onChange={(e) => setTexto(e.target.value)} error={error} />
      <button type="submit" className="btn" disabled={guardar.isPending}>
        {L.guardarDias}
      </button>
    </form>
  );
}

/** *Por vencer* (issue #58 point 2): lots with units expiring within the store's days, and the expired ones, with their value at cost. */
export default function PorVencerPage() {
  const session = useSession();
  const { data, isLoading, isError } = usePorVencer();
  const costos = data?.total != null;
  return (
    <>
      <PageHeader title={L.porVencer} backTo={paths.inicio} />
      {data ? <p className="muted">{L.porVencerSubtitulo(data.dias)}</p> : null}
      {data && session?.rol === ROL.ADMIN ? <DiasPorVencer key={data.dias} dias={data.dias} /> : null}
      <section className="card">
        {isLoading ? <p>{M.comun.cargando}</p> : null}
        {isError ? <p role="alert">{L.cargaFallida}</p> : null}
        {data && data.lotes.length === 0 ? <p>{L.porVencerVacio}</p> : null}
        {data && data.lotes.length > 0 ? (
          <>
            <div className="table-wrap">
              <table className="table lotes-tabla" data-testid="tabla-por-vencer">
                <Cabeceras columnas={[C.producto, C.lote, C.vence, C.quedan, numerica(C.cantidad), costos && numerica(C.costo), costos && numerica(C.valor)]} />
                <tbody>
                  {data.lotes.map((l) => (
                    <tr key={l.loteId} className={l.dias < 0 ? 'lotes-vencido' : undefined}>
                      <td>{l.producto}</td>
                      <td>{l.codigo}</td>
                      <td>{isoADdMmAaaa(l.vence)}</td>
                      <td>{quedan(l.dias)}</td>
                      <td className="num">{formatCantidad(l.cantidad, l.unidad)}</td>
                      {costos ? <td className="num">{l.costoUnit == null ? '—' : formatPesos(l.costoUnit)}</td> : null}
                      {costos ? <td className="num">{l.valor == null ? '—' : formatPesos(l.valor)}</td> : null}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {costos ? (
              <p className="lotes-total" data-testid="total-por-vencer">
                {L.total}: {formatPesos(data.total!)}
              </p>
            ) : null}
          </>
        ) : null}
      </section>
    </>
  );
}
