import { liveQuery } from 'dexie';
import './sin-red.css';
import { useEffect, useState } from 'react';
import { formatCantidad } from '#shared/cantidad';
import { devoluciones } from '#shared/messages/devoluciones';
import { sinRed } from '#shared/messages/sin-red';
import { formatPesos } from '#shared/money';
import { confirmAction } from '../../lib/alerts';
import type { BaseLocal, DeshacerSalida, VentaSalida } from './base-local';
import { CamposCambio, useCambio } from './cambio-equipo';
import { anularSinRed, devolverSinRed, lineasEscritas, metodoConReferencia, motivoNoAnular, restantesDe } from './deshacer-local';
import { ErrorCampo } from '../../components/ui/field';

const M = { sinRed, devoluciones };

/** How many of the device's latest sales the list shows. */
const ULTIMAS = 15;

/**
 * The sales this device knows (its outbox: sent or still waiting), newest first, each with its
 * returns and annulments queued offline marked *Pendiente* — nothing issued until the server has them
 * (ADR 034) — or the server's reason when it refused one.
 */
export function VentasEquipo({ db }: { db: BaseLocal }) {
  const [datos, setDatos] = useState<{ ventas: VentaSalida[]; ops: DeshacerSalida[] }>({ ventas: [], ops: [] });
  // The sale whose return or exchange (issue #53 point 4) is being filled in.
  const [abierto, setAbierto] = useState<{ clave: string; cambio: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const sub = liveQuery(async () => ({
      ventas: await db.salida.orderBy('n').reverse().limit(ULTIMAS).toArray(),
      ops: await db.deshacer.orderBy('n').toArray(),
    })).subscribe({ next: setDatos, error: () => undefined });
    return () => sub.unsubscribe();
  }, [db]);

  const anular = async (v: VentaSalida) => {
    setError(null);
    if (!(await confirmAction(M.sinRed.anularTitulo(v.numero), M.sinRed.anularTexto, M.sinRed.anularConfirmar))) return;
    try {
      await anularSinRed(db, v);
    } catch (err) {
      setError((err as Error).message);
    }
  };

  return (
    <section className="card ventas-equipo" aria-labelledby="ventas-equipo-titulo">
      <h2 id="ventas-equipo-titulo">{M.sinRed.ventasEquipo}</h2>
      <p className="muted">{M.sinRed.devolucionesSinRed}</p>
      <ErrorCampo error={error} como="p" />
      {datos.ventas.length === 0 ? <p className="muted">{M.sinRed.ventasEquipoVacio}</p> : null}
      <ul className="ventas-equipo__lista">
        {datos.ventas.map((v) => {
          const ops = datos.ops.filter((o) => o.ventaClave === v.clave);
          const puedeAnular = v.estado !== 'rechazada' && motivoNoAnular(v, datos.ops) === null;
          const puedeDevolver = v.estado !== 'rechazada' && !ops.some((o) => o.tipo === 'anulacion' && (o.estado === 'pendiente' || o.estado === 'enviada')) && restantesDe(v, datos.ops).some((r) => r > 0);
          return (
            <li key={v.clave} className="ventas-equipo__venta" data-testid="venta-equipo">
              <div className="ventas-equipo__cabecera">
                <strong>{v.numero}</strong>
                <span>{formatPesos(v.recibo.total)}</span>
                <span className={`ventas-equipo__estado ventas-equipo__estado--${v.estado}`}>{M.sinRed.estadoVenta[v.estado]}</span>
              </div>
              <p className="ventas-equipo__detalle">{v.recibo.lineas.map((l) => `${formatCantidad(l.cantidad, l.unidad)} × ${l.presentacion ? `${l.nombre} (${l.presentacion})` : l.nombre}`).join(' · ')}</p>
              {ops.map((o) => (
                <p key={o.clave} className={`ventas-equipo__op ventas-equipo__op--${o.estado}`} data-testid="operacion-sin-red">
                  {o.estado === 'pendiente' ? <span className="ventas-equipo__pendiente">{M.sinRed.pendiente}</span> : null} {textoOperacion(o, v)}
                </p>
              ))}
              {puedeAnular || puedeDevolver ? (
                <div className="ventas-equipo__acciones">
                  {puedeDevolver ? (
                    <>
                      <button type="button" className="btn btn--ghost btn--sm" aria-label={M.sinRed.devolverLabel(v.numero)} onClick={() => setAbierto({ clave: v.clave, cambio: false })}>
                        {M.sinRed.devolver}
                      </button>
                      <button type="button" className="btn btn--ghost btn--sm" aria-label={M.sinRed.cambiarLabel(v.numero)} onClick={() => setAbierto({ clave: v.clave, cambio: true })}>
                        {M.sinRed.cambiar}
                      </button>
                    </>
                  ) : null}
                  {puedeAnular ? (
                    <button type="button" className="btn btn--ghost btn--sm" aria-label={M.sinRed.anularLabel(v.numero)} onClick={() => void anular(v)}>
                      {M.sinRed.anular}
                    </button>
                  ) : null}
                </div>
              ) : null}
              {abierto?.clave === v.clave ? <FormDevolucion key={String(abierto.cambio)} db={db} venta={v} ops={datos.ops} cambio={abierto.cambio} onCerrar={() => setAbierto(null)} /> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** What an operation queued for a sale says under it: pending (what it does), applied, or the server's reason. */
function textoOperacion(o: DeshacerSalida, v: VentaSalida): string {
  if (o.estado === 'rechazada' || o.estado === 'vista') return M.sinRed.rechazo(M.sinRed.tipoOperacion[o.tipo], v.numero, o.error ?? '');
  if (o.estado === 'enviada') return o.tipo === 'anulacion' ? M.sinRed.anulacionAplicada : o.tipo === 'cambio' ? M.sinRed.cambioAplicado : M.sinRed.devolucionAplicada;
  if (o.tipo === 'anulacion') return M.sinRed.anulacionPendiente;
  const devueltas = (o.lineas ?? []).map((l) => `${formatCantidad(l.cantidad, v.recibo.lineas[l.indice]?.unidad)} × ${v.recibo.lineas[l.indice]?.nombre ?? ''}`).join(', ');
  if (o.tipo === 'devolucion') return M.sinRed.devolucionPendiente(devueltas);
  return M.sinRed.cambioPendiente(devueltas, (o.nuevas ?? []).map((n) => `${formatCantidad(n.cantidad, n.unidadVentaId ? '94' : n.unidad)} × ${n.nombre}`).join(', '));
}

/**
 * A return of some of the sale's lines: how much of each (at most what is left), and why. With
 * `cambio`, the exchange (issue #53 point 4): the same lines coming back, what the customer takes
 * instead and the difference's method, as the online exchange asks them.
 */
function FormDevolucion({ db, venta, ops, cambio, onCerrar }: { db: BaseLocal; venta: VentaSalida; ops: DeshacerSalida[]; cambio: boolean; onCerrar: () => void }) {
  const restantes = restantesDe(venta, ops);
  const estadoCambio = useCambio(db, venta);
  const [cantidades, setCantidades] = useState<string[]>(() => venta.recibo.lineas.map(() => ''));
  const [motivo, setMotivo] = useState('');
  const [referencia, setReferencia] = useState('');
  const [error, setError] = useState<string | null>(null);
  const metodo = metodoConReferencia(venta);

  const confirmar = async () => {
    setError(null);
    const lineas = lineasEscritas(cantidades);
    try {
      if (cambio) await estadoCambio.confirmar(lineas, motivo);
      else await devolverSinRed(db, venta, lineas, motivo, referencia);
      onCerrar();
    } catch (err) {
      setError((err as Error).message);
    }
  };

  return (
    <form
      className="ventas-equipo__devolucion"
      aria-label={cambio ? M.devoluciones.cambioTitulo : M.sinRed.devolverTitulo(venta.numero)}
      onSubmit={(e) => {
        e.preventDefault();
        void confirmar();
      }}
    >
      {cambio ? (
        <>
          <h3 className="ventas-equipo__titulo">{M.devoluciones.cambioTitulo}</h3>
          <p className="muted">{M.devoluciones.cambioAyuda}</p>
        </>
      ) : null}
      {venta.recibo.lineas.map((l, i) =>
        (restantes[i] ?? 0) > 0 ? (
          <label className="field" key={`${l.productoId}:${l.presentacion ?? ''}:${i}`}>
            <span>{M.sinRed.cantidadDevolver(l.presentacion ? `${l.nombre} (${l.presentacion})` : l.nombre, formatCantidad(restantes[i] ?? 0, l.presentacion ? '94' : l.unidad))}</span>
            <input className="input" inputMode="decimal" value={cantidades[i]} onChange={(e) => setCantidades((c) => c.map((x, j) => (j === i ? e.target.value : x)))} />
          </label>
        ) : null,
      )}
      {cambio ? <CamposCambio estado={estadoCambio} venta={venta} ops={ops} lineas={lineasEscritas(cantidades)} /> : null}
      <label className="field">
        <span>{M.sinRed.motivoDevolucion}</span>
        <input className="input" value={motivo} maxLength={200} onChange={(e) => setMotivo(e.target.value)} />
      </label>
      {metodo && !cambio ? (
        <label className="field">
          <span>{M.devoluciones.referencia(metodo)}</span>
          <input className="input" value={referencia} maxLength={40} onChange={(e) => setReferencia(e.target.value)} />
        </label>
      ) : null}
      <ErrorCampo error={error} como="p" />
      <div className="ventas-equipo__acciones">
        <button type="button" className="btn btn--ghost btn--sm" onClick={onCerrar}>
          {M.sinRed.cancelar}
        </button>
        <button type="submit" className="btn btn--sm">
          {cambio ? M.sinRed.confirmarCambio : M.sinRed.confirmarDevolucion}
        </button>
      </div>
    </form>
  );
}
