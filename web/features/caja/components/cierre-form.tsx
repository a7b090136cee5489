import { useState, type FormEvent } from 'react';
import { caja } from '#shared/messages/caja';
import { formatPesos, parsePesos } from '#shared/money';
import { METODO } from '#shared/roles';
import { BILLETES, MONEDAS, ZCerrarTurnoRequest, sumaDenominaciones, type TDenominaciones, type TReporteTurno } from '#shared/schemas/caja';
import { MoneyField } from '../../../components/ui/money-field';
import { alertFailure, confirmAction } from '../../../lib/alerts';
import { useMetodosPago } from '../api/metodos-pago';
import { useCerrarTurno } from '../api/mutations';
import { ErrorCampo } from '../../../components/ui/field';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { caja };

const cantidad = (text: string) => {
  const n = Number(text);
  return text.trim() === '' ? 0 : Number.isInteger(n) && n >= 0 ? n : Number.NaN;
};

/**
 * The close: the cashier counts the cash (as one amount or bill by bill) and types the totals of the
 * other methods. Role 2 closes blind; roles 1 and 3 see what is expected and the difference as they type.
 */
export function CierreForm(props: { reporte: TReporteTurno; onClosed: (r: TReporteTurno) => void }) {
  const { reporte } = props;
  const metodos = useMetodosPago();
  const cerrar = useCerrarTurno();
  const [porDenominacion, setPorDenominacion] = useState(false);
  const [efectivo, setEfectivo] = useState('');
  const [billetes, setBilletes] = useState<Record<string, string>>({});
  const [monedasSuma, setMonedasSuma] = useState(true);
  const [monedas, setMonedas] = useState<Record<string, string>>({});
  const [monedasTotal, setMonedasTotal] = useState('');
  const [otros, setOtros] = useState<Record<string, string>>({});
  const [nota, setNota] = useState('');
  const [error, setError] = useState<string>();

  // Credit and points (ADR 054) are not money to count.
  const otrosMetodos = (metodos.data ?? []).filter((m) => m.id !== METODO.EFECTIVO && m.id !== METODO.FIADO && m.id !== METODO.PUNTOS);
  const esperado = (id: number) => reporte.lineas.find((l) => l.metodoPagoId === id)?.esperado ?? 0;

  const denominaciones = (): TDenominaciones | null => {
    const b = Object.fromEntries(BILLETES.map((v) => [String(v), cantidad(billetes[v] ?? '')]));
    const d: TDenominaciones = { billetes: b };
    if (monedasSuma) d.monedasTotal = monedasTotal ? (parsePesos(monedasTotal) ?? Number.NaN) : 0;
    else d.monedas = Object.fromEntries(MONEDAS.map((v) => [String(v), cantidad(monedas[v] ?? '')]));
    const values = [...Object.values(d.billetes), ...Object.values(d.monedas ?? {}), d.monedasTotal ?? 0];
    return values.some((v) => Number.isNaN(v)) ? null : d;
  };
  const efectivoContado = (): number | null => {
    if (!porDenominacion) return parsePesos(efectivo);
    const d = denominaciones();
    return d ? sumaDenominaciones(d) : null;
  };
  const contadoEfectivo = efectivoContado();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const d = porDenominacion ? denominaciones() : undefined;
    if (contadoEfectivo == null || d === null) return setError(porDenominacion ? M.caja.cantidadInvalida : M.caja.contadoInvalido);
    const lista = otrosMetodos.map((m) => ({ metodoPagoId: m.id, monto: otros[m.id] ? (parsePesos(otros[m.id]!) ?? Number.NaN) : 0 }));
    const parsed = ZCerrarTurnoRequest.safeParse({ efectivo: contadoEfectivo, otros: lista.filter((o) => o.monto !== 0), denominaciones: d, nota: nota || undefined });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? M.caja.contadoInvalido);
    setError(undefined);
    if (!(await confirmAction(M.caja.cerrarConfirmTitulo, M.caja.cerrarConfirmTexto, M.caja.cerrarConfirmBoton))) return;
    try {
      props.onClosed(await cerrar.mutateAsync({ id: reporte.turno.id, body: parsed.data }));
    } catch (err) {
      await alertFailure(err);
    }
  };

  const diferencia = (id: number, contado: number | null) =>
    reporte.verEsperado && contado != null ? (
      <span className={`caja-dif${contado - esperado(id) < 0 ? ' caja-dif--neg' : ''}`}>
        {M.caja.esperado}: {formatPesos(esperado(id))} · {M.caja.diferencia}: {formatPesos(contado - esperado(id))}
      </span>
    ) : null;

  return (
    <section className="card caja-card caja-cierre" aria-labelledby="caja-cierre-title">
      <h2 id="caja-cierre-title">{M.caja.cerrarTitulo}</h2>
      <p className="caja-muted">{reporte.verEsperado ? M.caja.cerrarTexto : M.caja.cerrarTextoCiego}</p>
      <form onSubmit={onSubmit} noValidate>
        <label className="caja-check">
          <input type="checkbox" checked={porDenominacion} onChange={(e) => setPorDenominacion(e.target.checked)} /> {M.caja.porDenominacion}
        </label>
        {porDenominacion ? (
          <fieldset className="caja-denominaciones">
            <legend>{M.caja.billetes}</legend>
            <div className="caja-denom-grid">
              {BILLETES.map((v) => (
                <div className="field" key={v}>
                  <label htmlFor={`billete-${v}`}>{formatPesos(v)}</label>
                  <input id={`billete-${v}`} inputMode="numeric" autoComplete="off" placeholder="0" value={billetes[v] ?? ''} onChange={(e) => setBilletes({ ...billetes, [v]: e.target.value.replace(/\D/g, '').slice(0, 6) })} />
                </div>
              ))}
            </div>
            <div className="caja-monedas-head">
              <span className="caja-legend">{M.caja.monedas}</span>
              <label className="caja-check">
                <input type="checkbox" checked={monedasSuma} onChange={(e) => setMonedasSuma(e.target.checked)} /> {M.caja.monedasUnaSuma}
              </label>
            </div>
            {monedasSuma ? (
              <MoneyField label={M.caja.monedasTotalLabel} value={monedasTotal} onValue={setMonedasTotal} placeholder="0" />
            ) : (
              <div className="caja-denom-grid">
                {MONEDAS.map((v) => (
                  <div className="field" key={v}>
                    <label htmlFor={`moneda-${v}`}>{formatPesos(v)}</label>
                    <input id={`moneda-${v}`} inputMode="numeric" autoComplete="off" placeholder="0" value={monedas[v] ?? ''} onChange={(e) => setMonedas({ ...monedas, [v]: e.target.value.replace(/\D/g, '').slice(0, 6) })} />
                  </div>
                ))}
              </div>
            )}
            <p className="caja-total-contado">
              {M.caja.efectivoLabel}: <strong data-testid="efectivo-contado">{contadoEfectivo == null ? '—' : formatPesos(contadoEfectivo)}</strong>
            </p>
          </fieldset>
        ) : (
          <MoneyField label={M.caja.efectivoLabel} value={efectivo} onValue={setEfectivo} placeholder="0" />
        )}
        {diferencia(METODO.EFECTIVO, contadoEfectivo)}

        {otrosMetodos.length ? <h3 className="caja-subtitle">{M.caja.otrosMetodos}</h3> : null}
        <div className="caja-otros">
          {otrosMetodos.map((m) => (
            <div key={m.id}>
              <MoneyField label={m.nombre} value={otros[m.id] ?? ''} onValue={(v) => setOtros({ ...otros, [m.id]: v })} placeholder="0" />
              {diferencia(m.id, otros[m.id] ? parsePesos(otros[m.id]!) : 0)}
            </div>
          ))}
        </div>
        <div className="field">
          <label htmlFor="caja-nota">{M.caja.notaLabel}</label>
          <textarea id="caja-nota" rows={2} maxLength={300} value={nota} onChange={(e) => setNota(e.target.value)} />
        </div>
        <ErrorCampo error={error} como="p" />
        <button type="submit" className="btn btn--block" disabled={cerrar.isPending}>
          {M.caja.cerrarBoton}
        </button>
      </form>
    </section>
  );
}
