import { useEffect, useState, type Ref } from 'react';
import { ventas } from '#shared/messages/ventas';
import { formatPesos } from '#shared/money';
import { formatCantidad, porUnidadDe, unidadMostrada as unidadDe } from '#shared/cantidad';
import { partesDelPago } from '#shared/pago';
import { METODO } from '#shared/roles';
import type { TRecibo } from '#shared/schemas/venta';
import { fechasEn } from '../../../lib/fechas';
import { impuestos } from '#shared/messages/impuestos';
import { numeracion } from '#shared/messages/numeracion';
import { formaDePago, partesElectronico, partesFiscales, PIE_POR_DEFECTO, tituloRecibo, type DatosTienda } from '../../../lib/impresion/texto-recibo';
import { dian } from '#shared/messages/dian';
import { promociones } from '#shared/messages/promociones';
import { puntos } from '#shared/messages/puntos';
import './recibo.css';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { impuestos, numeracion, ventas, dian };

const R = M.ventas.recibo;

export type FormatoRecibo = '58' | '80' | 'a4';

/**
 * The printable receipt (spec §2 /factura, issue #19): the store's name, NIT or documento, address and
 * phone; sale number, date and time, cashier; lines; totals; payment, received, fiado and change; a closing line.
 */
export function Recibo({
  recibo,
  formato,
  tienda,
  ref,
  contingencia,
  sobregiro,
}: {
  recibo: TRecibo;
  formato: FormatoRecibo;
  tienda?: DatosTienda | null;
  ref?: Ref<HTMLElement>;
  /** A sale made offline by a store that issues the electronic document: the printed receipt is the type 07 contingency document (ADR 029). */
  contingencia?: { titulo: string; texto: string } | null;
  /** A fiado sale made offline past the customer's limit, as authorised: the note that it is flagged for review (issue #53). */
  sobregiro?: string | null;
}) {
  const anulada = recibo.estado === 'Anulada';
  // The store's time, never the device's (a till whose clock is on UTC printed 7:05 p. m. for a 2:05 p. m. sale).
  const fechas = fechasEn(tienda?.zonaHoraria);
  // The payment as its parts: a split sale shows each method with its amount (issue #36).
  const partes = partesDelPago({ metodoPagoId: recibo.metodoPago.id, metodo: recibo.metodoPago.nombre, total: recibo.total, montoFiado: recibo.montoFiado });
  const fiscal = partesFiscales(tienda?.impuestos);
  const titulo = tituloRecibo(recibo);
  // A sale made by an exchange (issue #32 point 2): the return's credit paid part of it; when it paid
  // all of it, the rest went back to the customer (texto-recibo.ts prints the same lines).
  const cambioDe = recibo.cambioDe ?? null;
  const alFiado = recibo.metodoPago.id === METODO.FIADO;
  const aFavor = cambioDe && !alFiado && cambioDe.credito >= recibo.total ? cambioDe.credito - recibo.total : null;
  const enEfectivo = recibo.metodoPago.id === METODO.EFECTIVO && aFavor == null;
  return (
    <article ref={ref} className={`recibo recibo--${formato}`} aria-labelledby="recibo-title">
      <header className="recibo__head">
        <h2 id="recibo-title" className="recibo__tienda">
          {recibo.tienda}
        </h2>
        {fiscal.encabezado.map((l) => (
          <p key={l} className="recibo__dato" data-testid="recibo-fiscal">
            {l}
          </p>
        ))}
        {tienda?.nit && !fiscal.encabezado.length ? <p className="recibo__dato" data-testid="recibo-nit">{R.nit(tienda.nit)}</p> : null}
        {tienda?.direccion ? <p className="recibo__dato">{tienda.direccion}</p> : null}
        {tienda?.telefono ? <p className="recibo__dato">{R.telefono(tienda.telefono)}</p> : null}
        {recibo.fiscal ? (
          <p className="recibo__dato" data-testid="recibo-resolucion">
            {M.numeracion.reciboResolucion(recibo.fiscal)}
          </p>
        ) : null}
        {/* The one title and number (issue #52 point 5); the internal id and the store's number stay as data for the journeys. */}
        <p className="recibo__sub" data-testid="recibo-id" data-venta-id={recibo.id} data-numero={recibo.numero}>
          {titulo.nombre} N.º <span data-testid={recibo.fiscal ? 'recibo-numero-fiscal' : undefined}>{titulo.numero}</span>
        </p>
        {anulada ? <p className="recibo__anulada">{R.anulada}</p> : null}
        {contingencia ? (
          <div className="recibo__dato" data-testid="recibo-sin-red-contingencia">
            <strong>{contingencia.titulo}</strong>
            <p>{contingencia.texto}</p>
          </div>
        ) : null}
      </header>
      <dl className="recibo__meta">
        <div>
          <dt>{R.fecha}</dt>
          <dd>
            <time dateTime={recibo.fecha}>{fechas.fechaHora(recibo.fecha)}</time>
          </dd>
        </div>
        {recibo.fiscal ? (
          <div>
            <dt>{M.numeracion.reciboCaja}</dt>
            <dd>{recibo.fiscal.caja}</dd>
          </div>
        ) : null}
        <div>
          <dt>{R.atendio}</dt>
          <dd>{recibo.cajero}</dd>
        </div>
        {recibo.cliente ? (
          <div>
            <dt>{M.ventas.cliente}</dt>
            <dd>
              {recibo.cliente.nombre} · {recibo.cliente.documento}
            </dd>
          </div>
        ) : null}
        {cambioDe ? (
          <div>
            <dt>{R.cambioDe}</dt>
            <dd data-testid="recibo-cambio-de">{R.cambioDeTexto(cambioDe.devolucionNumero, cambioDe.ventaNumero)}</dd>
          </div>
        ) : null}
      </dl>
      <table className="recibo__lineas">
        <caption className="visually-hidden">{R.productos}</caption>
        <thead>
          <tr>
            <th scope="col">{M.ventas.columnas.producto}</th>
            <th scope="col" className="num">
              {R.cantidad}
            </th>
            <th scope="col" className="num recibo__col-precio">
              {M.ventas.columnas.precio}
            </th>
            <th scope="col" className="num">
              {R.subtotal}
            </th>
          </tr>
        </thead>
        <tbody>
          {recibo.lineas.map((l, i) => (
            <tr key={`${l.productoId}-${i}`}>
              <td>
                {l.nombre}
                {/* A pack's line (ADR 033): "Cerveza lata · Paca x12". */}
                {l.presentacion ? <span className="recibo__pack"> · {l.presentacion}</span> : null}
                {/* A weighed line: "0,375 kg × $ 12.000/kg" (ADR 030). */}
                <span className="recibo__unit">
                  {' '}
                  {formatCantidad(l.cantidad, unidadDe(l))} × {formatPesos(l.precio)}
                  {porUnidadDe(unidadDe(l))}
                </span>
                {/* A promotion's line names it, its saving is the Ahorro row below (once); a cashier's discount is a Descuento. */}
                {l.promocion ? (
                  <span className="recibo__descuento recibo__promocion"> {promociones.enLinea(l.promocion)}</span>
                ) : l.descuento ? (
                  <span className="recibo__descuento"> {R.descuento} −{formatPesos(l.descuento)}</span>
                ) : null}
              </td>
              <td className="num">{formatCantidad(l.cantidad, unidadDe(l))}</td>
              <td className="num recibo__col-precio">{formatPesos(l.precio)}</td>
              <td className="num">{formatPesos(l.subtotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="recibo__totales">
        {/* The promotions' Ahorro (issue #59 point 2, ADR 052): each promotion and what it saved (already in its lines). */}
        {(recibo.ahorros ?? []).map((a) => (
          <div key={a.nombre} className="recibo__ahorro" data-testid="recibo-ahorro">
            <dt>
              {promociones.ahorro} · {a.nombre}
            </dt>
            <dd>−{formatPesos(a.ahorro)}</dd>
          </div>
        ))}
        {recibo.descuento ? (
          <div>
            <dt>{R.descuento}</dt>
            <dd data-testid="recibo-descuento">−{formatPesos(recibo.descuento)}</dd>
          </div>
        ) : null}
        {recibo.motivoDescuento ? (
          <div className="recibo__motivo">
            <dt>{M.ventas.motivoDescuento}</dt>
            <dd>{recibo.motivoDescuento}</dd>
          </div>
        ) : null}
        {recibo.autorizadoPor ? (
          <div className="recibo__motivo">
            <dt>{M.ventas.autorizadoPor}</dt>
            <dd data-testid="recibo-autorizado">{recibo.autorizadoPor}</dd>
          </div>
        ) : null}
        <div className="recibo__total">
          <dt>{M.ventas.total}</dt>
          <dd data-testid="recibo-total">{formatPesos(recibo.total)}</dd>
        </div>
        {partes.length > 1 ? (
          partes.map((p) =>
            p.metodoPagoId === METODO.FIADO ? (
              <div key={p.metodoPagoId} className="recibo__fiado">
                <dt>{R.fiado}</dt>
                <dd data-testid="recibo-fiado">{formatPesos(p.monto)}</dd>
              </div>
            ) : (
              <div key={p.metodoPagoId}>
                <dt>{p.metodo}</dt>
                <dd data-testid={`recibo-pago-${p.metodoPagoId}`}>{formatPesos(p.monto)}</dd>
              </div>
            ),
          )
        ) : (
          <div>
            <dt>{M.ventas.medioPago}</dt>
            <dd>{recibo.metodoPago.nombre}</dd>
          </div>
        )}
        {recibo.referencia ? (
          <div>
            <dt>{R.referencia}</dt>
            <dd data-testid="recibo-referencia">{recibo.referencia}</dd>
          </div>
        ) : null}
        {cambioDe ? (
          <div>
            <dt>{alFiado ? R.creditoCambioFiado : R.creditoCambio}</dt>
            <dd data-testid="recibo-credito-cambio">−{formatPesos(cambioDe.credito)}</dd>
          </div>
        ) : null}
        {aFavor != null ? (
          <div>
            <dt>{R.aFavor(recibo.metodoPago.nombre)}</dt>
            <dd data-testid="recibo-a-favor">{formatPesos(aFavor)}</dd>
          </div>
        ) : null}
        {/* Received and change only on cash (issue #36): a card or a transfer is charged exactly. */}
        {enEfectivo ? (
          <>
            <div>
              <dt>{R.recibido}</dt>
              <dd>{formatPesos(recibo.montoRecibido)}</dd>
            </div>
            <div>
              <dt>{M.ventas.cambio}</dt>
              <dd data-testid="recibo-cambio">{formatPesos(recibo.cambio)}</dd>
            </div>
          </>
        ) : null}
        {partes.length === 1 && recibo.montoFiado > 0 ? (
          <div className="recibo__fiado">
            <dt>{R.fiado}</dt>
            <dd data-testid="recibo-fiado">{formatPesos(recibo.montoFiado)}</dd>
          </div>
        ) : null}
        {formaDePago(recibo, tienda?.impuestos).map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd data-testid={k === R.vence ? 'recibo-vence' : 'recibo-forma-pago'}>{v}</dd>
          </div>
        ))}
        {/* Loyalty points (ADR 054): earned or spent by the sale, and the balance after it. */}
        {recibo.puntos ? (
          <div className="recibo__puntos" data-testid="recibo-puntos">
            <dt>{recibo.puntos.redimidos ? puntos.reciboUsados(recibo.puntos.redimidos) : puntos.reciboGanados(recibo.puntos.ganados)}</dt>
            <dd>{puntos.reciboSaldo(recibo.puntos.saldo)}</dd>
          </div>
        ) : null}
      </dl>
      {sobregiro ? (
        <p className="recibo__aviso" data-testid="recibo-sobregiro">
          {sobregiro}
        </p>
      ) : null}
      {fiscal.impuestos.length ? (
        <dl className="recibo__totales" aria-label={M.impuestos.recibo.impuestos} data-testid="recibo-impuestos">
          {fiscal.impuestos.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <DocumentoElectronico recibo={recibo} />
      {fiscal.leyenda ? <p className="recibo__sub" data-testid="recibo-leyenda">{fiscal.leyenda}</p> : null}
      <p className="recibo__gracias">{tienda?.pieRecibo || PIE_POR_DEFECTO}</p>
    </article>
  );
}

/** The QR of a URL as a PNG data URL (qrcode, loaded only when a receipt has an electronic document). */
function useQr(url: string | null): string | null {
  const [png, setPng] = useState<string | null>(null);
  useEffect(() => {
    let vivo = true;
    if (!url) return;
    void import('qrcode').then(({ default: QRCode }) =>
      QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 4, scale: 6 }).then((d) => {
        if (vivo) setPng(d);
      }),
    );
    return () => {
      vivo = false;
    };
  }, [url]);
  return png;
}

/**
 * The electronic POS document on the tirilla (issue #31 point 6): its title, CUDE, a QR at least 2 cm
 * wide to DIAN's catalogue with that CUDE, and the software's name and maker.
 */
function DocumentoElectronico({ recibo }: { recibo: TRecibo }) {
  const e = partesElectronico(recibo);
  const qr = useQr(e?.url ?? null);
  if (!e) return null;
  return (
    <section className="recibo__electronico" aria-label={e.titulo} data-testid="recibo-electronico">
      <p className="recibo__sub">{e.titulo}</p>
      {e.contingencia ? <p className="recibo__anulada">{e.contingencia}</p> : null}
      {e.adquirente ? (
        <p className="recibo__dato" data-testid="recibo-adquirente">
          {e.adquirente}
        </p>
      ) : null}
      <p className="recibo__cude">
        <span>{e.etiqueta}: </span>
        <span data-testid="recibo-cude">{e.cude}</span>
      </p>
      {qr ? <img className="recibo__qr" src={qr} alt={e.qr} data-testid="recibo-qr" data-url={e.url} /> : <span className="recibo__qr" aria-hidden="true" />}
      <p className="recibo__dato">{e.qr}</p>
      <p className="recibo__dato" data-testid="recibo-software">
        {e.software}
      </p>
    </section>
  );
}
