import { useState, type FormEvent } from 'react';
import { AppError } from '#shared/errors';
import { generic } from '#shared/messages/comun';
import { dian } from '#shared/messages/dian';
import { impuestos } from '#shared/messages/impuestos';
import { formatPesos, parsePesos } from '#shared/money';
import { ROL } from '#shared/roles';
import { IMPUESTOS_NOTA_DEBITO, type TNotaDebitoRequest } from '#shared/schemas/dian';
import { Field, SelectField, TextAreaField } from '../../components/ui/field';
import { Cabeceras, numerica } from '../../components/ui/cabeceras';
import { alertWarning, toastSuccess } from '../../lib/alerts';
import { NetworkError } from '../../lib/api-client';
import { useFechas } from '../../lib/fechas';
import { useSession } from '../../lib/session';
import { useEmitirNotaDebito, useNotasDebito } from './api/notas-debito';
import './notas-debito.css';

// This screen's texts only.
const M = { dian, generic, impuestos };
const N = M.dian.notaDebito;

type Impuesto = (typeof IMPUESTOS_NOTA_DEBITO)[number];
interface Cargo {
  clave: number;
  descripcion: string;
  valor: string;
  impuesto: Impuesto;
}
const CONCEPTOS = [1, 2, 3, 4] as const;
/** DIAN's answer in the badge's colours. */
const BADGE: Record<string, string> = { aceptado: 'badge--ok', rechazado: 'badge--danger', contingencia: 'badge--warn' };

/**
 * An invoiced sale's debit notes (issue #57 point 2, ADR 050), under its detail, for role 1 only: the
 * notes issued, each with its number, concept, total and DIAN state, and the form that charges
 * something after the sale (a freight, interest, a price corrected upward).
 */
export function NotasDebitoVenta({ idVenta }: { idVenta: number }) {
  const sesion = useSession();
  const esDueno = sesion?.rol === ROL.ADMIN;
  const query = useNotasDebito(idVenta, esDueno);
  const [abierto, setAbierto] = useState(false);
  const fechas = useFechas();
  const data = query.data;
  if (!esDueno || !data?.factura) return null;
  return (
    <section className="card notas-debito" aria-labelledby="notas-debito-titulo" data-testid="notas-debito">
      <header className="notas-debito__head">
        <div>
          <h2 id="notas-debito-titulo">{N.titulo}</h2>
          <p className="notas-debito__factura">{N.factura(data.factura.numero)}</p>
        </div>
        {data.puedeEmitir && !abierto ? (
          <button type="button" className="btn" onClick={() => setAbierto(true)}>
            {N.nueva}
          </button>
        ) : null}
      </header>
      {abierto ? <FormularioNotaDebito idVenta={idVenta} onCerrar={() => setAbierto(false)} /> : <p className="notas-debito__ayuda">{N.explicacion}</p>}
      {data.notas.length === 0 ? (
        <p className="notas-debito__vacio">{N.sinNotas}</p>
      ) : (
        <div className="table-wrap">
          <table className="table notas-debito__tabla">
            <caption className="visually-hidden">{N.titulo}</caption>
            <Cabeceras columnas={[N.columnas.numero, N.columnas.fecha, N.columnas.concepto, numerica(N.columnas.total), N.columnas.estado]} />
            <tbody>
              {data.notas.map((n) => (
                <tr key={n.id} data-testid="nota-debito">
                  <td data-label={N.columnas.numero}>
                    <strong>{n.numero}</strong>
                    <small className="notas-debito__motivo">{n.motivo}</small>
                  </td>
                  <td data-label={N.columnas.fecha}>{fechas.fechaMedia(n.creadoEn)}</td>
                  <td data-label={N.columnas.concepto}>{n.concepto != null ? (N.conceptosCortos[n.concepto] ?? n.concepto) : '—'}</td>
                  <td className="num notas-debito__total-nota" data-label={N.columnas.total}>
                    {formatPesos(n.total)}
                  </td>
                  <td data-label={N.columnas.estado}>
                    <span className={`badge ${BADGE[n.estado] ?? ''}`}>{M.dian.estados[n.estado] ?? n.estado}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

let siguiente = 1;
const cargoVacio = (): Cargo => ({ clave: siguiente++, descripcion: '', valor: '', impuesto: 'iva19' });

function FormularioNotaDebito({ idVenta, onCerrar }: { idVenta: number; onCerrar: () => void }) {
  const emitir = useEmitirNotaDebito(idVenta);
  const [concepto, setConcepto] = useState<1 | 2 | 3 | 4>(2);
  const [motivo, setMotivo] = useState('');
  const [cargos, setCargos] = useState<Cargo[]>(() => [cargoVacio()]);
  const [errores, setErrores] = useState<Record<string, string>>({});
  const valores = cargos.map((c) => parsePesos(c.valor));
  const total = valores.reduce<number>((s, v) => s + (v ?? 0), 0);
  // A field's message goes as soon as it is corrected.
  const sinError = (k: string) => setErrores(({ [k]: _, ...resto }) => resto);
  const cambiar = (clave: number, campo: Partial<Cargo>) => {
    setCargos((cs) => cs.map((c) => (c.clave === clave ? { ...c, ...campo } : c)));
    for (const k of Object.keys(campo)) sinError(`${k}-${clave}`);
  };

  const enviar = async (ev: FormEvent) => {
    ev.preventDefault();
    if (emitir.isPending) return;
    // The same bounds as the server, said before sending.
    const e: Record<string, string> = {};
    const m = motivo.trim();
    if (m.length < 3 || m.length > 200) e.motivo = N.motivoInvalido;
    cargos.forEach((c, i) => {
      if (!c.descripcion.trim() || c.descripcion.trim().length > 100) e[`descripcion-${c.clave}`] = N.descripcionInvalida;
      const v = valores[i];
      if (v == null || v < 1 || v > 100_000_000) e[`valor-${c.clave}`] = N.valorInvalido;
    });
    setErrores(e);
    if (Object.keys(e).length) return;
    const cuerpo: TNotaDebitoRequest = { concepto, motivo: m, cargos: cargos.map((c, i) => ({ descripcion: c.descripcion.trim(), valor: valores[i]!, impuesto: c.impuesto })) };
    try {
      const nota = await emitir.mutateAsync(cuerpo);
      toastSuccess(N.emitida(nota.numero));
      onCerrar();
    } catch (err) {
      if (err instanceof NetworkError) return void alertWarning(M.generic.connectionTitle, M.generic.connectionText);
      void alertWarning(N.titulo, err instanceof AppError ? err.message : M.generic.errorText);
    }
  };

  return (
    <form className="notas-debito__form" onSubmit={(ev) => void enviar(ev)} noValidate aria-label={N.nueva}>
      <SelectField
        label={N.concepto}
        value={String(concepto)}
        onChange={(ev) => setConcepto(Number(ev.target.value) as 1 | 2 | 3 | 4)}
        options={CONCEPTOS.map((c) => ({ value: String(c), label: N.conceptos[c]! }))}
      />
      <TextAreaField label={N.motivo} value={motivo} maxLength={200} onChange={(ev) => {
          setMotivo(ev.target.value);
          sinError('motivo');
        }} error={errores.motivo} placeholder={N.motivoAyuda} />
      <fieldset className="notas-debito__cargos">
        <legend>{N.cargos}</legend>
        {cargos.map((c, i) => (
          <div className="notas-debito__cargo" key={c.clave} data-testid="cargo">
            <Field
              label={N.descripcion}
              value={c.descripcion}
              maxLength={100}
              onChange={(ev) => cambiar(c.clave, { descripcion: ev.target.value })}
              error={errores[`descripcion-${c.clave}`]}
              wrapperClassName="notas-debito__descripcion"
            />
            <Field label={N.valor} value={c.valor} inputMode="numeric" maxLength={14} onChange={(ev) => cambiar(c.clave, { valor: ev.target.value })} error={errores[`valor-${c.clave}`]} />
            <SelectField label={N.impuesto} value={c.impuesto} onChange={(ev) => cambiar(c.clave, { impuesto: ev.target.value as Impuesto })} options={IMPUESTOS_NOTA_DEBITO.map((t) => ({ value: t, label: M.impuestos.nombres[t] }))} />
            {cargos.length > 1 ? (
              <button type="button" className="btn btn--ghost btn--sm btn--danger-text notas-debito__quitar" onClick={() => setCargos((cs) => cs.filter((x) => x.clave !== c.clave))} aria-label={`${N.quitarCargo} ${i + 1}`}>
                {N.quitarCargo}
              </button>
            ) : null}
          </div>
        ))}
        {cargos.length < 20 ? (
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => setCargos((cs) => [...cs, cargoVacio()])}>
            {N.agregarCargo}
          </button>
        ) : null}
      </fieldset>
      <p className="notas-debito__total">
        {N.total}: <strong data-testid="nota-debito-total">{formatPesos(total)}</strong>
      </p>
      <div className="notas-debito__acciones">
        <button type="button" className="btn btn--ghost" onClick={onCerrar} disabled={emitir.isPending}>
          {N.cancelar}
        </button>
        <button type="submit" className="btn" disabled={emitir.isPending}>
          {emitir.isPending ? N.emitiendo : N.emitir}
        </button>
      </div>
    </form>
  );
}
