import { useId, type Ref } from 'react';
import { ventas } from '#shared/messages/ventas';
import { puntos } from '#shared/messages/puntos';
import { formatPesos, parsePesos } from '#shared/money';
import { METODO } from '#shared/roles';
import { puntosParaPagar } from '#shared/puntos';
import { Field } from '../../../components/ui/field';
import { MoneyField } from '../../../components/ui/money-field';
import type { useMetodosPago } from '../api/metodos-pago';
import { useEnLinea } from '../../../lib/fuente-venta';
import { sugerencias } from '../pedido-pago';
import type { Pago } from '../use-pago';

const V = ventas;

/** How the customer pays: the method, the amount received with the change (or what is missing), the fiado rest, the reference. */
export function PagoCobro(props: {
  pago: Pago;
  total: number;
  metodos: ReturnType<typeof useMetodosPago>;
  montoRef: Ref<HTMLInputElement>;
  elegirMetodo: (id: number) => void;
  cobrarCon: (valor: number) => void;
}) {
  const { pago, total, metodos, montoRef, elegirMetodo, cobrarCon } = props;
  const { s, dispatch } = pago;
  const cambioId = useId();
  const esFiado = s.metodo === METODO.FIADO;
  // Puntos pays the whole sale (ADR 054): nothing is received, nothing to refer to; the points it spends instead.
  const conPuntos = s.metodo === METODO.PUNTOS && s.cliente?.puntos ? s.cliente.puntos : null;
  // Offline the device cannot know the balance and the sync refuses a points sale (ADR 054): Puntos is not offered.
  const enLinea = useEnLinea();
  return (
    <>
      <fieldset className="metodos">
        <legend>{V.medioPago}</legend>
        {metodos.isPending ? (
          <p className="state" role="status">
            {V.cargandoMetodos}
          </p>
        ) : metodos.isError ? (
          <div className="state" role="alert">
            <p>{V.metodosFallidos}</p>
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => metodos.refetch()}>
              {V.reintentar}
            </button>
          </div>
        ) : (
          <div className="metodos__grid">
            {/* Puntos (ADR 054) only online, with a chosen customer of a store that gives points, with their balance. */}
            {metodos.data.filter((m) => m.id !== METODO.PUNTOS || (enLinea && !!s.cliente?.puntos?.saldo)).map((m) => (
              <label key={m.id} className="metodo">
                <input type="radio" name="metodo" value={m.id} checked={s.metodo === m.id} onChange={() => elegirMetodo(m.id)} />
                <span>
                  {m.nombre}
                  {m.id === METODO.EFECTIVO ? <kbd className="atajo">F8</kbd> : null}
                  {m.id === METODO.PUNTOS && s.cliente?.puntos ? <small> · {puntos.saldoEnCaja(s.cliente.puntos.saldo, s.cliente.puntos.valorPunto)}</small> : null}
                </span>
              </label>
            ))}
          </div>
        )}
      </fieldset>

      {esFiado ? (
        <p className="pago__cambio" aria-live="polite" data-testid="pago-fiado">
          {V.fiadoTodo(formatPesos(total))}
        </p>
      ) : conPuntos ? (
        <PuntosAPagar total={total} saldo={conPuntos.saldo} valorPunto={conPuntos.valorPunto} />
      ) : (
        <>
          <MoneyField
            ref={montoRef}
            label={V.montoRecibido}
            name="monto"
            placeholder={V.montoPlaceholder}
            autoFocus
            value={s.monto}
            onValue={(valor) => dispatch({ tipo: 'texto', campo: 'monto', valor })}
            aria-describedby={cambioId}
          />
          <div className="montos" aria-label={V.cobrarCon} role="group">
            <button type="button" className="btn btn--ghost btn--sm" disabled={s.ocupado} onClick={() => cobrarCon(total)} aria-label={V.cobrarExacto(formatPesos(total))}>
              {V.pagoExacto}
            </button>
            {s.metodo === METODO.EFECTIVO
              ? sugerencias(total).map((v) => (
                  <button key={v} type="button" className="btn btn--ghost btn--sm" disabled={s.ocupado} onClick={() => cobrarCon(v)} aria-label={V.cobrarRecibiendo(formatPesos(v))}>
                    {formatPesos(v)}
                  </button>
                ))
              : null}
          </div>
          <Cambio id={cambioId} pago={pago} total={total} />
          {s.metodo !== METODO.EFECTIVO ? (
            <div className="pago__referencia">
              <Field label={V.referencia} name="referencia" autoComplete="off" maxLength={40} {...pago.texto('referencia')} />
              <label className="check">
                <input type="checkbox" name="verificado" checked={s.verificado} onChange={(e) => dispatch({ tipo: 'marca', campo: 'verificado', valor: e.target.checked })} />
                <span>{V.verificado}</span>
              </label>
            </div>
          ) : null}
        </>
      )}
    </>
  );
}

/** The points a sale paid with Puntos spends and the balance left, or why the balance does not reach (the server checks it again). */
function PuntosAPagar({ total, saldo, valorPunto }: { total: number; saldo: number; valorPunto: number }) {
  const necesarios = puntosParaPagar(total, valorPunto);
  const alcanza = necesarios <= saldo;
  return (
    <p className={`pago__cambio${alcanza ? '' : ' pago__cambio--falta'}`} aria-live="polite" data-testid="pago-puntos">
      {alcanza ? puntos.pagoConPuntos(necesarios, total, saldo - necesarios) : puntos.insuficientes(saldo, necesarios)}
    </p>
  );
}

/** The change to give, what is missing, or what stays on the customer's account; and the choice to leave the rest as fiado. */
function Cambio({ id, pago, total }: { id: string; pago: Pago; total: number }) {
  const { s, dispatch } = pago;
  const recibido = s.monto.trim() ? parsePesos(s.monto) : null;
  const cambio = recibido != null ? recibido - total : null;
  const credito = s.cliente?.credito ?? null;
  const restoFiado = s.dejarResto && credito && cambio != null && cambio < 0 ? -cambio : 0;
  return (
    <>
      <p id={id} className={`pago__cambio${cambio != null && cambio < 0 && !restoFiado ? ' pago__cambio--falta' : ''}`} aria-live="polite">
        {restoFiado > 0 ? (
          <>
            {V.quedaFiado}: <strong data-testid="pago-resto-fiado">{formatPesos(restoFiado)}</strong>
          </>
        ) : recibido == null ? (
          s.monto.trim() ? (
            V.cantidadInvalida
          ) : (
            V.cambioSinMonto
          )
        ) : cambio! < 0 ? (
          V.faltan(formatPesos(-cambio!))
        ) : (
          <>
            {V.cambio}: <strong data-testid="pago-cambio">{formatPesos(cambio!)}</strong>
          </>
        )}
      </p>
      {credito && cambio != null && cambio < 0 ? (
        <label className="check">
          <input type="checkbox" checked={s.dejarResto} onChange={(e) => dispatch({ tipo: 'marca', campo: 'dejarResto', valor: e.target.checked })} />
          <span>{V.dejarRestoFiado(formatPesos(-cambio))}</span>
        </label>
      ) : null}
    </>
  );
}
