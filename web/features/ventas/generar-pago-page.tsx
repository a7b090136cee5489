import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { AppError } from '#shared/errors';
import { generic } from '#shared/messages/comun';
import { ventas } from '#shared/messages/ventas';
import { lotes } from '#shared/messages/lotes';
import { topeDatosComprador } from '#shared/impuestos';
import { formatNumber, formatPesos } from '#shared/money';
import { METODO, ROL } from '#shared/roles';
import type { TRecibo } from '#shared/schemas/venta';
import { IconBack } from '../../components/ui/icons';
import { paths } from '../../config/paths';
import { alertError, alertWarning, confirmAction } from '../../lib/alerts';
import { NetworkError } from '../../lib/api-client';
import { useAjustesTienda } from '../../lib/ajustes-tienda';
import { esReciboLocal } from '../../lib/fuente-venta';
import { useFechas } from '../../lib/fechas';
import { useMisPermisos } from '../../lib/mis-permisos';
import { pedirPinSupervisor, supervisoresParaPin, type IntentoPin } from '../../lib/pin-supervisor';
import { STORAGE_KEYS, useSession } from '../../lib/session';
import { useAtajo } from '../../lib/use-atajo';
import { useEscaner } from '../../lib/impresion/use-escaner';
import { useMetodosPago } from './api/metodos-pago';
import { useRegistrarVenta } from './api/registrar-venta';
import { PagoCliente } from './components/pago-cliente';
import { PagoCobro } from './components/pago-cobro';
import { PagoResumen } from './components/pago-resumen';
import { FACTURA_VACIA, PagoFactura, revisarFactura, type FormFactura } from './components/pago-factura';
import { registrarVentaFactura } from './api/factura-electronica';
import { facturaElectronica as FE } from '#shared/messages/factura-electronica';
import type { TAdquirente } from '#shared/schemas/factura-electronica';
import { carritoParaPagar, claveDeVenta, claveLinea, vaciarCarrito, type LineaCarrito } from './carrito';
import { calcularPago, construirPedido, revisarCliente, revisarCobro, type TPedido } from './pedido-pago';
import { usePago } from './use-pago';
import { conListaDePrecios } from '#shared/listas-precios';
import { usePromocionesCaja } from '../../lib/promociones-caja';
import { promocionesDelCarrito } from '../../lib/promociones-carrito';
import type { TClienteVentaConLista } from '#shared/schemas/listas-precios';
import { useAtrasAlInicio } from './use-atras-al-inicio';
import './ventas.css';
import './pago.css';
import './recibo.css';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { generic, ventas, lotes };

const V = M.ventas;

/** A sale asked as factura electrónica: its buyer, and whether the number is a customer of the store. */
type Factura = { adquirente: TAdquirente; cliente: boolean };

/** A refusal of the supervisor's PIN (wrong, or the cashier's tries used up): answered inside the PIN dialog. */
const esErrorDePin = (err: unknown): err is AppError => err instanceof AppError && (err.code === 'RATE_LIMITED' || err.message === V.pinIncorrecto);

/**
 * Payment (spec §2 /generar_pago): the till's cart, as long as it was not sold meanwhile; a cart
 * already sold (Back after the receipt) sends the person to the empty till (issue #51 point 1).
 */
export default function GenerarPagoPage() {
  const location = useLocation();
  const [lineas] = useState<LineaCarrito[]>(() => carritoParaPagar((location.state as { carrito?: unknown } | null)?.carrito));
  // The cashier chose "Vender de todos modos" at the till (issue #36 point 7): the sale asks past stock.
  const [sinStock] = useState(() => (location.state as { venderSinStock?: unknown } | null)?.venderSinStock === true);
  useAtrasAlInicio();
  if (lineas.length === 0) return <Navigate to={paths.ventas} replace />;
  return <Pago lineas={lineas} sinStock={sinStock} />;
}

/**
 * The payment: its state is usePago's reducer, its request pedido-pago.ts's pure builder; this
 * component wires the shortcuts and the scanner, sends the sale and lays out the three sections.
 */
function Pago({ lineas, sinStock }: { lineas: LineaCarrito[]; sinStock: boolean }) {
  const metodos = useMetodosPago();
  const pago = usePago();
  const { s, dispatch } = pago;
  const documentoRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const montoRef = useRef<HTMLInputElement>(null);
  // Discounts and lower prices (issue #16 point 4): roles 1 and 3, or a cashier (role 2) with a
  // supervisor's PIN asked when charging; the server checks it again.
  const sesion = useSession();
  const permisos = useMisPermisos();
  const puedeDescontar = sesion?.rol === ROL.ADMIN || sesion?.rol === ROL.ENCARGADO || sesion?.rol === ROL.EMPLEADO;
  // Offline too: the device checks the PIN against the verifier the last sync brought (issue #53 point 3, ADR 053).
  const conPin = sesion?.rol === ROL.EMPLEADO;
  // The customer's price list (issue #59, ADR 047): the checkout charges it, so the payment shows it.
  const lineasCliente = conListaDePrecios(lineas, (s.cliente as TClienteVentaConLista | null)?.lista);
  // The promotions (issue #59 point 2, ADR 052) on the prices charged; a line with a lower price typed takes none.
  const promosCaja = usePromocionesCaja().data;
  const promos = promocionesDelCarrito(lineasCliente, promosCaja, { conDescuento: (l) => s.precios[claveLinea(l)] != null });
  const ahorros = promosCaja === undefined ? null : lineasCliente.map((_, i) => (promos?.lineas[i] ?? []).reduce((a, x) => a + x.ahorro, 0));
  const calculo = calcularPago(lineasCliente, s.precios, s.descVenta, ahorros);
  const total = calculo.total;
  // Issue #30 point 6: above 5 UVT of this year, a store responsible for IVA is offered the buyer's data.
  const ajustes = useAjustesTienda().data;
  const fechas = useFechas();
  const tope = topeDatosComprador(Number(fechas.hoy().slice(0, 4)));
  const topeComprador = ajustes?.responsableIva && total > tope ? tope : null;
  // Issue #27: passing a customer's limit is the store's `credito` permission (role 1 always).
  // Issue #36 point 7: past the recorded stock, the `venderSinStock` permission or a supervisor's PIN.
  // Factura electrónica de venta (issue #57): the buyer's data, checked when confirming.
  const [factura, setFactura] = useState<FormFactura>(FACTURA_VACIA);
  const [erroresFactura, setErroresFactura] = useState<Record<string, string>>({});
  const facturaRef = useRef(factura);
  facturaRef.current = factura;
  const prepararFactura = (): Factura | 'error' | null => {
    const f = facturaRef.current;
    if (!f.activa) return null;
    const r = revisarFactura(f);
    if ('errores' in r) {
      setErroresFactura(r.errores);
      void alertWarning(FE.opcion, Object.values(r.errores)[0]!);
      return 'error';
    }
    setErroresFactura({});
    return { adquirente: r.adquirente, cliente: f.cliente };
  };
  const confirmar = useCobrar({ lineas, pago, calculo, conPin, esAdmin: permisos.credito, puedeSinStock: permisos.venderSinStock, sinStock, documentoRef, prepararFactura });

  const elegirMetodo = (id: number) => {
    dispatch({ tipo: 'metodo', id, total });
    // Fiado: nothing is received now, the customer is what matters.
    if (id === METODO.FIADO && !s.cliente) documentoRef.current?.focus();
  };
  /** A quick-cash button: that amount received, and the sale confirmed (one tap, as tills do). */
  const cobrarCon = (valor: number) => {
    dispatch({ tipo: 'texto', campo: 'monto', valor: formatNumber(valor) });
    if (montoRef.current) montoRef.current.value = formatNumber(valor);
    formRef.current?.requestSubmit();
  };
  useAtajo('F8', () => {
    elegirMetodo(METODO.EFECTIVO);
    montoRef.current?.focus();
  });
  useAtajo('F4', () => formRef.current?.requestSubmit());
  // A scan here never types its digits into the amount (issue #36 point 1): the field keeps its value.
  useEscaner((codigo) => dispatch({ tipo: 'escaner', aviso: V.escaneadoEnPago(codigo) }), true, { enCampos: true });

  return (
    <>
      <header className="page-header">
        <div className="page-header__actions">
          <Link className="btn btn--ghost" to={paths.ventas}>
            <IconBack /> {V.volverCarrito}
          </Link>
        </div>
        <h1>{V.generarPago}</h1>
        <div className="page-header__actions" />
      </header>

      {s.avisoEscaner ? (
        <p className="pos__aviso pos__aviso--error" role="status" data-testid="aviso-escaner">
          {s.avisoEscaner}
        </p>
      ) : null}
      <div className="pago">
        <PagoResumen lineas={lineasCliente} pago={pago} calculo={calculo} puedeDescontar={puedeDescontar} conPin={conPin} />
        <form ref={formRef} className="card pago__form" onSubmit={confirmar} noValidate aria-labelledby="pago-form-title">
          <h2 id="pago-form-title" className="visually-hidden">
            {V.datosPago}
          </h2>
          <div className="pago__a-pagar">
            <span>{V.totalAPagar}</span>
            <strong>{formatPesos(total)}</strong>
          </div>
          <PagoCobro pago={pago} total={total} metodos={metodos} montoRef={montoRef} elegirMetodo={elegirMetodo} cobrarCon={cobrarCon} />
          <PagoCliente pago={pago} documentoRef={documentoRef} topeComprador={topeComprador} />
          <PagoFactura
            form={factura}
            // A change answers the messages of the last confirmation: they are checked again on the next.
            setForm={(f) => {
              setFactura(f);
              setErroresFactura({});
            }}
            errores={erroresFactura}
          />
          <button type="submit" className="btn btn--block btn--lg" disabled={s.ocupado} aria-busy={s.ocupado}>
            {s.ocupado ? (
              V.registrando
            ) : (
              <>
                {V.confirmarPago} <kbd className="atajo">F4</kbd>
              </>
            )}
          </button>
        </form>
      </div>
    </>
  );
}

/**
 * Confirming the payment: the checks that need no server, the customer, then the sale — through
 * the supervisor's PIN dialog for a cashier's discount, or with an administrator's authorisation
 * past the customer's limit. Locked from the first click (a second one waits for the answer).
 */
function useCobrar(o: {
  lineas: LineaCarrito[];
  pago: ReturnType<typeof usePago>;
  calculo: ReturnType<typeof calcularPago>;
  conPin: boolean;
  esAdmin: boolean;
  puedeSinStock: boolean;
  /** Already chosen at the till: the sale is sent past stock from the start. */
  sinStock: boolean;
  documentoRef: RefObject<HTMLInputElement | null>;
  /** The buyer when the sale is asked as factura electrónica (null: the POS document; 'error': told). */
  prepararFactura: () => Factura | 'error' | null;
}) {
  const { pago, calculo, conPin, esAdmin, puedeSinStock, documentoRef } = o;
  // Set for this confirmation: the sale goes as factura electrónica with this buyer.
  const factura = useRef<Factura | null>(null);
  const mandar = (pedido: Parameters<typeof registrar.mutateAsync>[0]): Promise<TRecibo> => {
    const f = factura.current;
    if (!f) return registrar.mutateAsync(pedido);
    // A buyer who is a customer of the store: the sale names them and they remember these data.
    const venta = f.cliente && !pedido.documentoCliente ? { ...pedido, documentoCliente: f.adquirente.numero } : pedido;
    return registrarVentaFactura({ venta, adquirente: f.adquirente, recordar: f.cliente && venta.documentoCliente === f.adquirente.numero });
  };
  const { s, dispatch } = pago;
  const navigate = useNavigate();
  const registrar = useRegistrarVenta();
  // The sale's key, the same for every try of this cart (ADR 011).
  const [clave] = useState(() => claveDeVenta(o.lineas));
  // Locked from the first click: React state would let a second click in before the next render.
  const enviando = useRef(false);

  type Pedido = TPedido & { venderSinStock?: boolean; venderVencidos?: boolean };

  /**
   * Sends the sale; null when the person stopped it (closed a dialog). "Stock insuficiente" offers
   * to sell anyway (issue #36 point 7): straight away with the permission, else with a supervisor's PIN.
   */
  const enviar = async (pedido: Pedido): Promise<TRecibo | null> => {
    try {
      return await enviarConStock(pedido);
    } catch (err) {
      // An expired lot (issue #58 point 2, ADR 051): sold only if authorised; a cashier's by a supervisor's PIN.
      const vencido = err instanceof AppError && err.title === M.lotes.vencidoTitulo && !pedido.venderVencidos;
      if (!vencido) throw err;
      if (!(await confirmAction(M.lotes.vencidoTitulo, err.message, M.lotes.venderVencido))) return null;
      const otra = { ...pedido, venderVencidos: true, ...(o.sinStock ? { venderSinStock: true } : {}) };
      return enviarUnaVez(otra, conPin || (o.sinStock && !puedeSinStock));
    }
  };

  const enviarConStock = async (pedido: Pedido): Promise<TRecibo | null> => {
    if (o.sinStock) return enviarUnaVez({ ...pedido, venderSinStock: true }, (calculo.conDescuento && conPin) || !puedeSinStock);
    try {
      return await enviarUnaVez(pedido, calculo.conDescuento && conPin);
    } catch (err) {
      const corto = err instanceof AppError && err.title === V.sinStockTitle && !pedido.venderSinStock;
      if (!corto) throw err;
      if (!(await confirmAction(V.sinStockTitle, V.venderSinStockText(err.message), V.venderDeTodosModos))) return null;
      const otra = { ...pedido, venderSinStock: true };
      return enviarUnaVez(otra, (calculo.conDescuento && conPin) || !puedeSinStock);
    }
  };

  const enviarUnaVez = async (pedido: Pedido, pedirPin: boolean): Promise<TRecibo | null> => {
    // Offline a sale past stock is recorded and flagged without a PIN (ADR 029); a cashier's discount asks the PIN, checked on the device (ADR 053).
    if (pedirPin && (navigator.onLine || (calculo.conDescuento && conPin))) {
      // A cashier's discount: a supervisor standing at the till chooses their name and types the
      // PIN; the sale is sent from the dialog, which stays open on a wrong PIN (issue #36 point 11).
      const supervisores = await supervisoresParaPin(V.sinSupervisores);
      if (!supervisores) return null;
      const hecho = await pedirPinSupervisor(supervisores, async (autorizacion): Promise<IntentoPin<{ recibo: TRecibo } | { error: unknown }>> => {
        try {
          return { hecho: { recibo: await mandar({ ...pedido, autorizacion }) } };
        } catch (err) {
          return esErrorDePin(err) ? { pinError: err.message } : { hecho: { error: err } };
        }
      }, pedido.venderVencidos && !(calculo.conDescuento && conPin) ? { texto: M.lotes.pinTexto } : pedido.venderSinStock && !(calculo.conDescuento && conPin) ? { texto: V.pinTextSinStock } : {});
      if (!hecho) return null;
      if ('error' in hecho) throw hecho.error;
      return hecho.recibo;
    }
    try {
      return await mandar(pedido);
    } catch (err) {
      // Past the customer's limit: an administrator may authorise it, and that is recorded.
      const sobreCupo = err instanceof AppError && err.title === V.cupoInsuficienteTitle && esAdmin;
      if (!sobreCupo) throw err;
      if (!(await confirmAction(V.autorizarSobreCupoTitle, V.autorizarSobreCupoText(err.message), V.autorizarSobreCupo))) return null;
      return mandar({ ...pedido, autorizarSobreCupo: true });
    }
  };

  const cobrar = async (form: HTMLFormElement) => {
    // What the field shows right now (a fast typist or a scanner may beat the last render).
    const campo = form.elements.namedItem('monto');
    const cobro = { ...s, textoMonto: campo instanceof HTMLInputElement ? campo.value : s.monto };
    const revisado = revisarCobro(cobro, calculo);
    if ('titulo' in revisado) return void alertWarning(revisado.titulo, revisado.texto);
    const c = await pago.resolverCliente();
    if (c === 'error') return void alertWarning(V.clienteNoEncontradoTitle, V.clienteNoEncontrado);
    const aviso = revisarCliente(revisado.aCredito, c);
    if (aviso) {
      if (!c) documentoRef.current?.focus();
      return void alertWarning(aviso.titulo, aviso.texto);
    }
    const pedido = construirPedido({ clave, pago: calculo, descVenta: s.descVenta, cobro, recibido: revisado.recibido, aCredito: revisado.aCredito, cliente: c });
    const f = o.prepararFactura();
    if (f === 'error') return;
    factura.current = f;
    try {
      const recibo = await enviar(pedido);
      if (!recibo) return;
      if (!esReciboLocal(recibo)) window.localStorage.setItem(STORAGE_KEYS.idVenta, String(recibo.id));
      vaciarCarrito();
      navigate(paths.factura, { replace: true, state: { recibo } });
    } catch (err) {
      if (err instanceof NetworkError) return void alertError(M.generic.connectionTitle, M.generic.connectionText);
      if (err instanceof AppError && err.status < 500 && err.code !== 'UNAUTHORIZED') return void alertWarning(err.title ?? V.noSeCobroTitle, err.message);
      return void alertError(M.generic.errorTitle, V.registroError);
    }
  };

  return async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (enviando.current) return;
    enviando.current = true;
    dispatch({ tipo: 'marca', campo: 'ocupado', valor: true });
    try {
      await cobrar(e.currentTarget);
    } finally {
      enviando.current = false;
      dispatch({ tipo: 'marca', campo: 'ocupado', valor: false });
    }
  };
}
