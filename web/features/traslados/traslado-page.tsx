import { useState } from 'react';
import { useParams } from 'react-router';
import { parseCantidad } from '#shared/cantidad';
import { isoADdMmAaaa } from '#shared/fecha-texto';
import { comun } from '#shared/messages/comun';
import { traslados } from '#shared/messages/traslados';
import type { TTraslado, TTrasladoLinea, TTrasladoLote } from '#shared/schemas/traslado';
import { PageHeader } from '../../components/page-header';
import { Field } from '../../components/ui/field';
import { LoadFailed, Skeleton } from '../../components/ui/list-state';
import { TablaDatos } from '../../components/ui/tabla-datos';
import { paths } from '../../config/paths';
import { alertFailure, alertWarning, confirmAction, toastSuccess } from '../../lib/alerts';
import { useFechas } from '../../lib/fechas';
import { useLegTraslado, useTraslado } from './api';
import './traslados.css';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { comun, traslados };
const T = M.traslados;
const C = T.columnas;
const cant = (n: number | null) => (n == null ? '—' : n.toLocaleString('es-CO', { maximumFractionDigits: 3 }));
const aNumero = (texto: string) => {
  const m = parseCantidad(texto.trim() === '' ? '0' : texto);
  return m == null ? null : m / 1000;
};
/** A lot as the remisión and the receipt name it (of no known lot: "Sin lote"). */
const nombreLote = (l: TTrasladoLote) => (l.codigo && l.vence ? T.lote(l.codigo, isoADdMmAaaa(l.vence)) : T.sinLote);
const claveLote = (l: TTrasladoLote) => `l${l.id}`;

/** The quantities typed per line, for the leg the session may do here (dispatch or receive). */
function Leg({ tr, modo }: { tr: TTraslado; modo: 'despachar' | 'recibir' }) {
  const leg = useLegTraslado(tr.id);
  const inicial = (l: TTrasladoLinea) => String(modo === 'despachar' ? l.cantidad : l.enTransito).replace('.', ',');
  // Receiving a line whose lots travel: what arrived of each lot (the line is their sum).
  const porLotes = (l: TTrasladoLinea) => modo === 'recibir' && l.lotes.length > 0;
  const [valores, setValores] = useState<Record<string, string>>(() =>
    Object.fromEntries(tr.detalle.flatMap((l) => [[String(l.id), inicial(l)], ...l.lotes.map((x) => [claveLote(x), String(x.enTransito).replace('.', ',')])])),
  );
  const [cerrar, setCerrar] = useState(false);
  const [motivo, setMotivo] = useState('');
  const lineas = modo === 'despachar' ? tr.detalle : tr.detalle.filter((l) => l.enTransito > 0);
  const enviar = async () => {
    const cantidades = lineas.map((l) => {
      if (!porLotes(l)) return { lineaId: l.id, cantidad: aNumero(valores[l.id] ?? '') };
      const lotes = l.lotes.filter((x) => x.enTransito > 0).map((x) => ({ loteId: x.id, cantidad: aNumero(valores[claveLote(x)] ?? '') }));
      const malo = lotes.some((x) => x.cantidad == null || x.cantidad < 0);
      // Thousandths, so that 0,1 + 0,2 is 0,3.
      const suma = malo ? null : lotes.reduce((s, x) => s + Math.round(x.cantidad! * 1000), 0) / 1000;
      return { lineaId: l.id, cantidad: suma, lotes: lotes as { loteId: number; cantidad: number }[] };
    });
    if (cantidades.some((c) => c.cantidad == null || c.cantidad < 0)) return void alertWarning(T.cantidadInvalida);
    const body = cantidades as { lineaId: number; cantidad: number; lotes?: { loteId: number; cantidad: number }[] }[];
    try {
      const res =
        modo === 'despachar'
          ? await leg.mutateAsync({ accion: 'despachar', body: { version: tr.version, lineas: body } })
          : await leg.mutateAsync({ accion: 'recibir', body: { version: tr.version, lineas: body, cerrar, motivo: motivo.trim() || null } })
      toastSuccess(res.message);
    } catch (err) {
      alertFailure(err);
    }
  };
  return (
    <section className="card tr-leg" aria-labelledby="tr-leg">
      <h2 id="tr-leg">{modo === 'despachar' ? T.despachar : T.recibir}</h2>
      <ul className="tr-lineas">
        {lineas.map((l) => (
          <li key={l.id}>
            <span className="tr-lineas__nombre">
              {l.nombre} <span className="tr-muted">({modo === 'despachar' ? `${C.pedida}: ${cant(l.cantidad)}` : `${C.enTransito}: ${cant(l.enTransito)}`})</span>
            </span>
            {porLotes(l) ? (
              <ul className="tr-lotes">
                {l.lotes
                  .filter((x) => x.enTransito > 0)
                  .map((x) => (
                    <li key={x.id}>
                      <span>
                        {nombreLote(x)} <span className="tr-muted">({`${C.enTransito}: ${cant(x.enTransito)}`})</span>
                      </span>
                      <input
                        className="tr-cantidad"
                        aria-label={`${C.recibir} ${l.nombre} ${nombreLote(x)}`}
                        inputMode="decimal"
                        value={valores[claveLote(x)] ?? ''}
                        onChange={(e) => setValores((v) => ({ ...v, [claveLote(x)]: e.target.value }))}
                      />
                    </li>
                  ))}
              </ul>
            ) : (
              <input
                className="tr-cantidad"
                aria-label={`${modo === 'despachar' ? C.enviar : C.recibir} ${l.nombre}`}
                inputMode="decimal"
                value={valores[l.id] ?? ''}
                onChange={(e) => setValores((v) => ({ ...v, [l.id]: e.target.value }))}
              />
            )}
          </li>
        ))}
      </ul>
      {modo === 'recibir' ? (
        <>
          <label className="tr-check">
            <input type="checkbox" checked={cerrar} onChange={(e) => setCerrar(e.target.checked)} /> {T.cerrar}
          </label>
          <Field label={T.motivo} placeholder={T.motivoPlaceholder} value={motivo} maxLength={200} onChange={(e) => setMotivo(e.target.value)} />
        </>
      ) : null}
      <button type="button" className="btn" disabled={leg.isPending} onClick={() => void enviar()}>
        {leg.isPending ? (modo === 'despachar' ? T.despachando : T.recibiendo) : modo === 'despachar' ? T.despachar : T.recibir}
      </button>
    </section>
  );
}

/** /traslados/:id (issue #56 point 3, ADR 056): a transfer's lines, its legs, the remisión to print. */
export default function TrasladoPage() {
  const id = Number(useParams().id);
  const q = useTraslado(id);
  const leg = useLegTraslado(id);
  const fechas = useFechas();
  if (q.isPending) return <Skeleton label={M.comun.cargando} rows={4} />;
  if (q.isError) return <LoadFailed message={T.cargaFallida} onRetry={() => q.refetch()} />;
  const tr = q.data;
  const cancelar = async () => {
    if (!(await confirmAction(T.cancelarConfirmar(tr.numero)))) return;
    try {
      toastSuccess((await leg.mutateAsync({ accion: 'cancelar', body: { version: tr.version } })).message);
    } catch (err) {
      alertFailure(err);
    }
  };
  return (
    <div className="tr-detalle">
      <PageHeader title={T.numero(tr.numero)} backTo={paths.traslados} backLabel={T.titulo}>
        <button type="button" className="btn btn--ghost" onClick={() => window.print()}>
          {T.remision}
        </button>
      </PageHeader>
      <div className="card tr-remision">
        <h2 className="tr-solo-impresion">{T.remisionTitulo(tr.numero)}</h2>
        <p>
          <span className={`tr-estado tr-estado--${tr.estado}`}>{T.estados[tr.estado]}</span> · {T.origen}: <strong>{tr.origen.nombreTienda}</strong> → {T.destino}:{' '}
          <strong>{tr.destino.nombreTienda}</strong> · {fechas.fechaHora(tr.creadoEn)}
        </p>
        {tr.nota ? <p>{tr.nota}</p> : null}
        <TablaDatos<TTrasladoLinea>
          caption={T.numero(tr.numero)}
          rows={tr.detalle}
          rowKey={(l) => l.id}
          columns={[
            {
              header: C.producto,
              cell: (l) => (
                <>
                  {l.codigoBarras ? `${l.nombre} · ${l.codigoBarras}` : l.nombre}
                  {l.lotes.length > 0 ? (
                    <ul className="tr-lotes" aria-label={`${C.lotes} ${l.nombre}`}>
                      {l.lotes.map((x) => (
                        <li key={x.id}>
                          {nombreLote(x)}: {cant(x.despachada)}
                          {x.recibida > 0 || x.faltante > 0 ? ` · ${C.recibida} ${cant(x.recibida)}` : ''}
                          {x.faltante > 0 ? ` · ${C.faltante} ${cant(x.faltante)}` : ''}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </>
              ),
            },
            { header: C.pedida, num: true, cell: (l) => cant(l.cantidad) },
            { header: C.despachada, num: true, cell: (l) => cant(l.despachada) },
            { header: C.recibida, num: true, cell: (l) => cant(l.recibida) },
            { header: C.faltante, num: true, cell: (l) => cant(l.faltante) },
            { header: C.enTransito, num: true, cell: (l) => cant(l.enTransito) },
          ]}
        />
        <div className="tr-firmas tr-solo-impresion">
          <span>{T.firmaEntrega}: ______________________</span>
          <span>{T.firmaRecibe}: ______________________</span>
        </div>
      </div>
      {tr.puede.despachar ? <Leg key={`d${tr.version}`} tr={tr} modo="despachar" /> : null}
      {tr.puede.recibir ? <Leg key={`r${tr.version}`} tr={tr} modo="recibir" /> : null}
      {tr.puede.cancelar ? (
        <button type="button" className="btn btn--ghost tr-no-impresion" disabled={leg.isPending} onClick={() => void cancelar()}>
          {T.cancelar}
        </button>
      ) : null}
      <section className="card tr-historial" aria-labelledby="tr-historial">
        <h2 id="tr-historial">{T.historial}</h2>
        <ul>
          {tr.eventos.map((e, i) => (
            <li key={i}>
              {fechas.fechaHora(e.fecha)} · {e.tienda} · {e.usuario}: {T.eventos[e.tipo]} {e.lineas.reduce((s, l) => s + l.cantidad, 0).toLocaleString('es-CO')}
              {e.lineas.some((l) => (l.faltante ?? 0) > 0) ? ` · ${C.faltante}: ${e.lineas.reduce((s, l) => s + (l.faltante ?? 0), 0).toLocaleString('es-CO')}` : ''}
              {e.motivo ? ` — ${T.motivoDe(e.motivo)}` : ''}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
