import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AppError } from '#shared/errors';
import { generic } from '#shared/messages/comun';
import { devoluciones } from '#shared/messages/devoluciones';
import { facturas } from '#shared/messages/facturas';
import { facturaElectronica } from '#shared/messages/factura-electronica';
import { impuestos as mensajesImpuestos } from '#shared/messages/impuestos';
import { ventas } from '#shared/messages/ventas';
import type { TRecibo } from '#shared/schemas/venta';
import { formatCantidad, formatMilesimas, milesimasDe, porUnidadDe } from '#shared/cantidad';
import { formatPesos } from '#shared/money';
import { METODO } from '#shared/roles';
import { MEDIDAS, unidadDeMedida, type TMedida } from '#shared/unidades';
import { paths } from '../../config/paths';
import { alertFailure, alertWarning, confirmAction, toastSuccess } from '../../lib/alerts';
import { api, NetworkError } from '../../lib/api-client';
import { useFechas } from '../../lib/fechas';
import { useImpuestosVenta } from '../../lib/impuestos-venta';
import { formaDePago, partesFiscales } from '../../lib/impresion/texto-recibo';
import { useCambiarEstadoVenta, useFactura } from './api/get-factura';
import { estadoBadge } from './components/formato';
import { PageHeader } from '../../components/page-header';
import { Cabeceras, numerica } from '../../components/ui/cabeceras';
import { DevolucionesVenta } from '../devoluciones/devoluciones-venta';
import { NotasDebitoVenta } from './notas-debito-venta';
import { CopiaComprador } from './copia-comprador';
import './facturas.css';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { devoluciones, facturas, facturaElectronica, generic, impuestos: mensajesImpuestos, ventas };

const F = M.facturas;
const C = F.columnas;
const D = F.detalle;
const R = M.ventas.recibo;
const FE = M.facturaElectronica;

interface NavState {
  idVenta?: unknown;
  from?: unknown;
}

/** Reads the sale id from the navigation state (spec), or from ?id= after a reload. */
function useIdVenta(): number | null {
  const location = useLocation();
  const [params] = useSearchParams();
  const fromState = (location.state as NavState | null)?.idVenta;
  const raw = typeof fromState === 'number' ? String(fromState) : params.get('id');
  return raw && /^\d{1,10}$/.test(raw) && Number(raw) > 0 && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
}

/** One invoice as a real document (spec §2 /detalle_factura): header, lines, totals, status. */
export default function DetalleFacturaPage() {
  const location = useLocation();
  const idVenta = useIdVenta();
  const from = (location.state as NavState | null)?.from;
  const back = `${paths.gestionarVentas}${typeof from === 'string' && from.startsWith('?') ? from : ''}`;
  const query = useFactura(idVenta);
  const f = query.data;
  // A sale invoiced to a buyer (issue #57): the invoice's number and buyer, the store's number as secondary.
  const fe = f?.facturaElectronica ?? null;
  // The sale's base and tax by rate (issue #30), as its receipt prints them; none for a store not responsible for IVA.
  const datosImpuestos = useImpuestosVenta(idVenta ?? 0, idVenta != null).data;
  const impuestos = partesFiscales(datosImpuestos).impuestos;
  // A line of a sale left on credit is not "Pagado" (issue #36): wholly or partly fiado.
  const fiado = f?.pagos.find((p) => p.metodoPagoId === METODO.FIADO);
  const estadoLinea = (estado: string) => (estado === 'Pagado' && fiado ? (f!.pagos.length > 1 ? F.lineaPagoParcial : F.lineaFiada) : estado);
  const fechas = useFechas();
  const navigate = useNavigate();
  /**
   * The sale's ticket again (58/80 mm, the printer, PDF, WhatsApp): an exchange's new sale, a reprint.
   * Only for a sale already settled: the ticket page completes a pending sale when left.
   */
  const verTicket = async () => {
    try {
      const recibo = await api<TRecibo>(`/ventas/${f!.idVenta}`);
      navigate(paths.factura, { state: { recibo, consulta: true } });
    } catch (err) {
      await alertFailure(err);
    }
  };

  const header = (
    <PageHeader
      title={fe ? F.numeroFactura(fe.numero) : f ? `${F.detalleTitulo} #${f.numero}` : F.detalleTitulo}
      backTo={back}
      backLabel={F.volver}
      className="facturas-header"
      actionsClassName="facturas-header__actions"
    >
      {f && f.estado !== 'Pendiente' ? (
        <button type="button" className="btn btn--ghost" onClick={() => void verTicket()}>
          {F.verTicket}
        </button>
      ) : null}
      {f ? (
        <button type="button" className="btn" onClick={() => window.print()}>
          {F.imprimir}
        </button>
      ) : null}
    </PageHeader>
  );

  if (idVenta == null || (query.error instanceof AppError && query.error.code === 'NOT_FOUND'))
    return (
      <>
        {header}
        <div className="card state" role="alert">
          <p>{idVenta == null ? F.sinId : F.noEncontrada}</p>
          <Link className="btn" to={back}>
            {F.volver}
          </Link>
        </div>
      </>
    );

  return (
    <>
      {header}
      {query.isPending ? (
        <div className="state" role="status">
          {F.cargando}
        </div>
      ) : query.isError || !f ? (
        <div className="card state" role="alert">
          <p>{F.detalleFallido}</p>
          <button type="button" className="btn" onClick={() => query.refetch()}>
            {F.reintentar}
          </button>
        </div>
      ) : (
        <article className="card factura" aria-labelledby="factura-titulo">
          {f.estado === 'Anulada' ? (
            <p className="factura-aviso factura-aviso--anulada" role="note">
              {F.anuladaAviso}
            </p>
          ) : f.estado === 'Pendiente' ? (
            <VentaPendiente idVenta={f.idVenta} />
          ) : null}
          {f.cambioDe ? (
            <p className="factura-aviso factura-aviso--cambio" role="note" data-testid="factura-cambio-de">
              {R.cambioDe}: {R.cambioDeTexto(f.cambioDe.devolucionNumero, f.cambioDe.ventaNumero)} ·{' '}
              <Link to={`${paths.detalleFactura}?id=${f.cambioDe.ventaId}`} state={{ idVenta: f.cambioDe.ventaId }}>
                {M.devoluciones.verVentaOriginal(f.cambioDe.ventaNumero)}
              </Link>
            </p>
          ) : null}

          <header className="factura-head">
            <div className="factura-tienda">
              <strong className="factura-tienda__nombre" data-testid="factura-tienda">
                {f.tienda.nombre}
              </strong>
              {f.tienda.direccion ? <span>{f.tienda.direccion}</span> : null}
              {f.tienda.telefono ? <span>{F.telefono(f.tienda.telefono)}</span> : null}
            </div>
            <div className="factura-numero">
              <h2 id="factura-titulo">{fe ? FE.nombreDocumento : F.detalleTitulo}</h2>
              {fe ? (
                <>
                  <span className="factura-numero__id" data-testid="factura-numero-fe">
                    {F.numero(fe.numero)}
                  </span>
                  <span className="facturas-sin-red" data-testid="factura-id">
                    {F.numeroVenta(f.numero)}
                  </span>
                </>
              ) : (
                <span className="factura-numero__id" data-testid="factura-id">
                  {F.numero(f.numero)}
                </span>
              )}
              {f.numeroDispositivo ? (
                <span className="facturas-sin-red" title={F.numeroSinRedTitulo} data-testid="factura-sin-red">
                  {F.numeroSinRed(f.numeroDispositivo)}
                </span>
              ) : null}
              <span className={estadoBadge(f.estado)} data-testid="factura-estado">
                {f.estado}
              </span>
            </div>
          </header>

          <dl className="factura-datos">
            <div>
              <dt>{C.fecha}</dt>
              <dd>{fechas.fechaLarga(f.fecha)}</dd>
            </div>
            <div>
              <dt>{F.hora}</dt>
              <dd>{fechas.hora(f.fecha)}</dd>
            </div>
            <div>
              <dt>{F.cajero}</dt>
              <dd>{f.cajero}</dd>
            </div>
            <div>
              <dt>{fe ? F.adquirente : C.cliente}</dt>
              <dd data-testid="factura-cliente">
                {fe ? (
                  <>
                    {fe.adquirente.nombre}
                    <span className="factura-doc">{fe.adquirente.documento}</span>
                  </>
                ) : f.cliente ? (
                  <>
                    {f.cliente.nombre}
                    <span className="factura-doc">
                      {f.cliente.tipoDocumento} {f.cliente.documento}
                    </span>
                  </>
                ) : (
                  F.clienteGeneral
                )}
              </dd>
            </div>
            <div>
              <dt>{C.metodo}</dt>
              <dd data-testid="factura-metodo">{f.pagos.length ? f.pagos.map((p) => p.metodo).join(' + ') : (f.metodoPago ?? '—')}</dd>
            </div>
          </dl>
          {fe?.cufe ? (
            <p className="factura-cufe">
              <span>{FE.cufe}: </span>
              <span data-testid="factura-cufe">{fe.cufe}</span>
            </p>
          ) : null}
          {fe?.cufe ? <CopiaComprador idVenta={f.idVenta} /> : null}

          <div className="table-wrap factura-lineas">
            <table className="table factura-tabla">
              <caption className="visually-hidden">{F.productosCaption(f.numero)}</caption>
              <Cabeceras columnas={[M.ventas.columnas.producto, numerica(D.cantidad), numerica(D.precioUnitario), numerica(R.subtotal), { texto: C.estado, className: 'factura-col-estado' }]} />
              <tbody>
                {f.lineas.map((l) => (
                  <tr key={l.productoId}>
                    <td className="factura-c-producto">
                      {l.producto}
                      {l.descuento ? <small className="factura-descuento"> {R.descuento} −{formatPesos(l.descuento)}</small> : null}
                    </td>
                    <td className="num factura-c-cantidad" data-label={D.cantidad}>
                      {formatCantidad(l.cantidad, l.unidad)}
                      {l.presentacion ? <small className="factura-presentacion"> {F.presentacion(l.presentacion, l.factor)}</small> : null}
                    </td>
                    <td className="num factura-c-precio" data-label={D.precioUnitario}>
                      {formatPesos(l.precio)}
                      {l.presentacion ? null : porUnidadDe(l.unidad)}
                    </td>
                    <td className="num factura-c-subtotal" data-label={R.subtotal}>
                      {formatPesos(l.subtotal)}
                    </td>
                    <td className="factura-col-estado">
                      <span className={estadoBadge(l.estado)}>{estadoLinea(l.estado)}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          <dl className="factura-totales">
            {/* Units and each measure apart, never added (issue #52 point 3; the one unit rule, issue #58 point 3). */}
            {f.unidades > 0 || !MEDIDAS.some((m) => m !== 'unidades' && f[m]) ? (
              <div>
                <dt>{F.unidades}</dt>
                <dd data-testid="factura-unidades">{formatMilesimas(milesimasDe(f.unidades))}</dd>
              </div>
            ) : null}
            {MEDIDAS.filter((m) => m !== 'unidades' && f[m]).map((m) => (
              <div key={m}>
                <dt>{F[m as Exclude<TMedida, 'unidades'>]}</dt>
                <dd data-testid={`factura-${m}`}>{formatCantidad(f[m], unidadDeMedida(m))}</dd>
              </div>
            ))}
            {f.descuento ? (
              <div>
                <dt>{R.descuento}</dt>
                <dd data-testid="factura-descuento">−{formatPesos(f.descuento)}</dd>
              </div>
            ) : null}
            {f.motivoDescuento ? (
              <div>
                <dt>{M.ventas.motivoDescuento}</dt>
                <dd>{f.motivoDescuento}</dd>
              </div>
            ) : null}
            {f.autorizadoPor ? (
              <div>
                <dt>{M.ventas.autorizadoPor}</dt>
                <dd data-testid="factura-autorizado">{f.autorizadoPor}</dd>
              </div>
            ) : null}
            <div className="factura-totales__total">
              <dt>{C.total}</dt>
              <dd data-testid="factura-total">{formatPesos(f.total)}</dd>
            </div>
            {/* A split payment: each part with its amount (issue #36). */}
            {f.pagos.length > 1
              ? f.pagos.map((p) => (
                  <div key={p.metodoPagoId}>
                    <dt>{p.metodoPagoId === METODO.FIADO ? R.fiado : p.metodo}</dt>
                    <dd data-testid={`factura-pago-${p.metodoPagoId}`}>{formatPesos(p.monto)}</dd>
                  </div>
                ))
              : null}
            {/* An exchange's sale (issue #32 point 2): the return's value paid part of it. */}
            {f.cambioDe ? (
              <div>
                <dt>{f.pagos.some((p) => p.metodoPagoId === METODO.FIADO) ? R.creditoCambioFiado : R.creditoCambio}</dt>
                <dd data-testid="factura-credito-cambio">-{formatPesos(f.cambioDe.credito)}</dd>
              </div>
            ) : null}
            {/* Received and change only on cash; never a negative change. */}
            {f.montoRecibido != null && f.cambio != null ? (
              <>
                <div>
                  <dt>{R.recibido}</dt>
                  <dd>{formatPesos(f.montoRecibido)}</dd>
                </div>
                <div>
                  <dt>{M.ventas.cambio}</dt>
                  <dd data-testid="factura-cambio">{formatPesos(f.cambio)}</dd>
                </div>
              </>
            ) : null}
            {/* Payment form (issue #30 point 6): crédito with its due date, or contado for a store responsible for IVA. */}
            {formaDePago({ montoFiado: f.pagos.find((p) => p.metodoPagoId === METODO.FIADO)?.monto ?? 0, fiadoVence: f.fiadoVence }, datosImpuestos).map(([k, v]) => (
              <div key={k}>
                <dt>{k}</dt>
                <dd data-testid={k === R.vence ? 'factura-vence' : 'factura-forma-pago'}>{v}</dd>
              </div>
            ))}
          </dl>
          {impuestos.length ? (
            <dl className="factura-totales factura-impuestos" aria-label={M.impuestos.recibo.impuestos} data-testid="factura-impuestos">
              {impuestos.map(([etiqueta, valor]) => (
                <div key={etiqueta}>
                  <dt>{etiqueta}</dt>
                  <dd>{valor}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </article>
      )}
      {f ? <DevolucionesVenta idVenta={f.idVenta} estado={f.estado} /> : null}
      {/* An invoiced sale's debit notes, for role 1 (issue #57, ADR 050). */}
      {f ? <NotasDebitoVenta idVenta={f.idVenta} /> : null}
    </>
  );
}

/** A sale left Pendiente (the receipt closed before leaving it): complete it or annul it here. */
function VentaPendiente({ idVenta }: { idVenta: number }) {
  const cambiar = useCambiarEstadoVenta(idVenta);
  const hacer = async (accion: 'completar' | 'anular') => {
    const ok =
      accion === 'completar'
        ? await confirmAction(F.completarTitulo, F.completarTexto, F.completarConfirmar)
        : await confirmAction(M.ventas.anularTitle, M.ventas.anularText, M.ventas.anularConfirm);
    if (!ok || cambiar.isPending) return;
    try {
      await cambiar.mutateAsync(accion);
      if (accion === 'completar') toastSuccess(F.completada);
      else toastSuccess(M.ventas.ventaAnulada, M.ventas.ventaAnuladaText);
    } catch (err) {
      if (err instanceof NetworkError) return void alertWarning(M.generic.connectionTitle, M.generic.connectionText);
      void alertWarning(F.cambioFallido, err instanceof AppError ? err.message : M.generic.errorText);
    }
  };
  return (
    <div className="factura-aviso factura-aviso--pendiente factura-pendiente" role="note">
      <p>
        <strong>{F.pendienteAviso}</strong> {F.pendienteAcciones}
      </p>
      <div className="factura-pendiente__acciones">
        <button type="button" className="btn btn--sm" disabled={cambiar.isPending} onClick={() => void hacer('completar')}>
          {F.completar}
        </button>
        <button type="button" className="btn btn--ghost btn--sm btn--danger-text" disabled={cambiar.isPending} onClick={() => void hacer('anular')}>
          {F.anular}
        </button>
      </div>
    </div>
  );
}
