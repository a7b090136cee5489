import { useId, useState, type FormEvent } from 'react';
import { formatCantidad } from '#shared/cantidad';
import { generic } from '#shared/messages/comun';
import { dian } from '#shared/messages/dian';
import { documentoSoporte } from '#shared/messages/documento-soporte';
import { formatPesos, parsePesos } from '#shared/money';
import { ROL } from '#shared/roles';
import { ZNotaSoporteRequest, type TNotaSoporte, type TSoporteRecepcion } from '#shared/schemas/documento-soporte';
import { ErrorCampo, Field, SelectField } from '../../components/ui/field';
import { MoneyField } from '../../components/ui/money-field';
import { alertFailure, toastSuccess } from '../../lib/alerts';
import { descargarArchivo } from '../../lib/descargar';
import { useSession } from '../../lib/session';
import { useNotaSoporte } from './api/compras';
import { leerCantidad } from './lineas';

// This component's texts only: the catalogue splits per screen (issue #20).
const M = { generic, dian, documentoSoporte };
const S = M.documentoSoporte;

const estadoDe = (e: string) => M.dian.estados[e as keyof typeof M.dian.estados] ?? e;

/** The PDF of the DS or of its note `numero`, once DIAN accepted it (ADR 058). */
function PdfSoporte({ recepcionId, numero, nota }: { recepcionId: number; numero: string; nota?: boolean }) {
  const descargar = () =>
    descargarArchivo(`/compras/recepciones/${recepcionId}/soporte/pdf`, nota ? { numero } : undefined, { fallo: S.pdfFallo, nombre: `${numero}.pdf` }).catch((err: unknown) => alertFailure(err));
  return (
    <button type="button" className="btn btn--ghost btn--sm cmp-soporte__pdf" aria-label={S.pdfDe(numero)} onClick={() => void descargar()}>
      {S.pdf}
    </button>
  );
}

/**
 * A reception's documento soporte (issue #57 point 3, ADR 055): its number, DIAN state and CUDS, its
 * adjustment notes, or why it has none yet (no DS range in use). Only a reception from a supplier
 * who does not invoice has one. The store's owner (role 1) issues its adjustment note (type 95) here.
 */
export function SoporteRecepcion({ recepcionId, soporte }: { recepcionId: number; soporte: TSoporteRecepcion | null }) {
  const session = useSession();
  if (!soporte) return null;
  const d = soporte.documento;
  if (!d) return <p className="cmp-muted cmp-soporte">{soporte.aviso}</p>;
  return (
    <div className="cmp-soporte">
      <strong>{S.numero(d.numero)}</strong> · {S.estado}: {estadoDe(d.estado)}
      {d.estado === 'aceptado' ? <PdfSoporte recepcionId={recepcionId} numero={d.numero} /> : null}
      <div className="cmp-soporte__codigo">
        {S.cuds}: <code>{d.cuds}</code>
      </div>
      {soporte.notas.length > 0 ? (
        <ul className="cmp-soporte__notas" aria-label={S.notasEmitidas}>
          {soporte.notas.map((n) => (
            <li key={n.numero}>
              {S.nota} {S.notaResumen(n.numero, S.conceptos[n.concepto] ?? String(n.concepto), formatPesos(n.total), estadoDe(n.estado))}
              {n.estado === 'aceptado' ? <PdfSoporte recepcionId={recepcionId} numero={n.numero} nota /> : null}
              <div className="cmp-soporte__codigo">
                {S.cuds}: <code>{n.cuds}</code>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {session?.rol === ROL.ADMIN ? soporte.queda > 0 ? <NotaAjusteForm recepcionId={recepcionId} soporte={soporte} /> : <p className="cmp-muted">{S.sinSaldo}</p> : null}
    </div>
  );
}

type Concepto = 1 | 2 | 3 | 4;

/**
 * The adjustment note's form: a concept, its reason, and what it takes back — units of the
 * reception's products (1), the whole DS (2), or a value in pesos (3, 4) — never more than what is
 * left of the DS. Checked here with the API's own schema, in Spanish; the server checks again.
 */
function NotaAjusteForm({ recepcionId, soporte }: { recepcionId: number; soporte: TSoporteRecepcion }) {
  const [abierto, setAbierto] = useState(false);
  const [concepto, setConcepto] = useState<Concepto>(1);
  const [motivo, setMotivo] = useState('');
  const [valor, setValor] = useState('');
  const [cantidades, setCantidades] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [emitida, setEmitida] = useState<TNotaSoporte['nota'] | null>(null);
  const nota = useNotaSoporte(recepcionId);
  const id = useId();
  const queda = formatPesos(soporte.queda);
  /** A field typed again loses its refusal (and the lines' common one with any line). */
  const sinError = (...campos: string[]) => setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !campos.includes(k))));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    const lineas: { productoId: number; cantidad: number }[] = [];
    if (concepto === 1) {
      for (const l of soporte.lineas) {
        const texto = cantidades[l.productoId] ?? '';
        if (!texto.trim()) continue;
        const cantidad = leerCantidad(texto);
        if (cantidad == null || Number.isNaN(cantidad) || cantidad <= 0) next[`linea-${l.productoId}`] = S.cantidadInvalida;
        else if (cantidad > l.cantidad) next[`linea-${l.productoId}`] = S.masQueRecibido(l.nombre);
        else lineas.push({ productoId: l.productoId, cantidad });
      }
    }
    const pesos = concepto === 3 || concepto === 4 ? (parsePesos(valor) ?? undefined) : undefined;
    const parsed = ZNotaSoporteRequest.safeParse({ concepto, motivo, ...(concepto === 1 ? { lineas } : {}), ...(concepto === 3 || concepto === 4 ? { valor: pesos ?? Number.NaN } : {}) });
    // A line's own refusal says more than "say which products": the latter only when no line has one.
    const deLinea = Object.keys(next).length > 0;
    if (!parsed.success) for (const issue of parsed.error.issues) if (!(deLinea && issue.path[0] === 'lineas')) next[String(issue.path[0])] ??= issue.message;
    if (pesos != null && pesos > soporte.queda) next.valor ??= S.valorMayor;
    if (Object.keys(next).length > 0 || !parsed.success) return setErrors(next);
    setErrors({});
    try {
      const r = await nota.mutateAsync(parsed.data);
      toastSuccess(r.message);
      setEmitida(r.nota);
      setMotivo('');
      setValor('');
      setCantidades({});
      setAbierto(false);
    } catch (err) {
      await alertFailure(err);
    }
  };

  const opciones = ([1, 2, 3, 4] as const).map((c) => ({ value: String(c), label: S.conceptos[c]! }));
  return (
    <div className="cmp-nota-soporte">
      {emitida ? (
        <p className="cmp-nota-soporte__emitida" role="status">
          <strong>{S.emitida}:</strong> {S.notaResumen(emitida.numero, S.conceptos[emitida.concepto] ?? '', formatPesos(emitida.total), estadoDe(emitida.estado))}
          <span className="cmp-soporte__codigo">
            {S.cuds}: <code>{emitida.cuds}</code>
          </span>
        </p>
      ) : null}
      {abierto ? (
        <form className="cmp-nota-soporte__form" aria-labelledby={`${id}-titulo`} onSubmit={onSubmit} noValidate>
          <h3 id={`${id}-titulo`}>{S.formularioNota}</h3>
          <p className="cmp-muted">
            {S.notaTexto} {S.queda(queda)}.
          </p>
          <SelectField label={S.concepto} value={String(concepto)} onChange={(e) => (setConcepto(Number(e.target.value) as Concepto), setErrors({}))} options={opciones} error={errors.concepto} />
          <Field label={S.motivo} value={motivo} onChange={(e) => (setMotivo(e.target.value), sinError('motivo'))} maxLength={300} hint={S.motivoAyuda} error={errors.motivo} />
          {concepto === 1 ? (
            <fieldset className="cmp-nota-soporte__lineas">
              <legend>{S.conceptos[1]}</legend>
              <ErrorCampo error={errors.lineas} />
              {soporte.lineas.map((l) => (
                <Field
                  key={l.productoId}
                  label={S.devolver(l.nombre)}
                  inputMode="decimal"
                  autoComplete="off"
                  value={cantidades[l.productoId] ?? ''}
                  onChange={(e) => (setCantidades((c) => ({ ...c, [l.productoId]: e.target.value })), sinError(`linea-${l.productoId}`, 'lineas'))}
                  hint={S.recibidas(formatCantidad(l.cantidad, l.unidad))}
                  error={errors[`linea-${l.productoId}`]}
                />
              ))}
            </fieldset>
          ) : null}
          {concepto === 2 ? <p className="cmp-muted">{S.anulacionTexto(queda)}</p> : null}
          {concepto === 3 || concepto === 4 ? <MoneyField label={S.valor} value={valor} onValue={(v) => (setValor(v), sinError('valor'))} placeholder="0" hint={S.queda(queda)} error={errors.valor} /> : null}
          <div className="cmp-acciones">
            <button type="submit" className="btn" disabled={nota.isPending}>
              {S.emitirNota}
            </button>
            <button type="button" className="btn btn--ghost" onClick={() => (setAbierto(false), setErrors({}))}>
              {M.generic.cancel}
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => setAbierto(true)}>
          {S.emitirNota}
        </button>
      )}
    </div>
  );
}
