import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { AppError } from '#shared/errors';
import { generic } from '#shared/messages/comun';
import { ventas } from '#shared/messages/ventas';
import { formatNumber, formatPesos, parsePesos } from '#shared/money';
import { totalConDescuentos } from '#shared/descuento';
import { METODO, ROL, TIPOS_DOC_CLIENTE } from '#shared/roles';
import type { TClienteVenta, TDescuentoVenta, TRecibo, TSupervisor } from '#shared/schemas/venta';
import { Field, SelectField } from '../../components/ui/field';
import { MoneyField } from '../../components/ui/money-field';
import { IconBack } from '../../components/ui/icons';
import { paths } from '../../config/paths';
import { alertError, alertFailure, alertWarning, confirmAction, promptText } from '../../lib/alerts';
import { NetworkError } from '../../lib/api-client';
import { STORAGE_KEYS, useSession } from '../../lib/session';
import { useAtajo } from '../../lib/use-atajo';
import { useEscaner } from '../impresion/use-escaner';
import { buscarCliente } from './api/buscar-cliente';
import { sugerirClientes } from './api/sugerir-clientes';
import type { TCliente } from '#shared/schemas/cliente';
import { errorDocumentoPorTipo } from '#shared/documento';
import { registrarClienteRapido } from './api/registrar-cliente';
import { useMetodosPago } from './api/metodos-pago';
import { useRegistrarVenta } from './api/registrar-venta';
import { listarSupervisores } from './api/supervisores';
import { pedirPinSupervisor, type IntentoPin } from './components/pin-supervisor';
import { claveDeVenta, leerCarrito, parseCarrito, totalCarrito, unidadesCarrito, vaciarCarrito, type LineaCarrito } from './carrito';
import { useAtrasAlInicio } from './use-atras-al-inicio';
import './ventas.css';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { generic, ventas };

const V = M.ventas;
const EFECTIVO = METODO.EFECTIVO;
const FIADO = METODO.FIADO;
const DOCUMENTO_RE = /^[0-9A-Za-z-]{3,20}$/;

/** A refusal of the supervisor's PIN (wrong, or the cashier's tries used up): answered inside the PIN dialog. */
const esErrorDePin = (err: unknown): err is AppError =>
  err instanceof AppError && (err.code === 'RATE_LIMITED' || err.message === V.pinIncorrecto);

/** What a customer is likely to hand over for this total: the next 1 000, 2 000, 5 000 and the bills that cover it. */
export function sugerencias(total: number): number[] {
  const steps = [1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000];
  const values = new Set(steps.map((s) => Math.ceil(total / s) * s).filter((v) => v > total));
  return [...values].sort((a, b) => a - b);
}

/** A suggested customer as the sale names it. */
const clienteDeSugerido = (c: TCliente): TClienteVenta => ({
  id: c.id,
  documento: c.documento,
  nombre: `${c.nombre} ${c.apellido}`.trim(),
  telefono: c.telefono,
  credito: c.fiado && c.credito ? { cupo: c.credito.cupo, saldo: c.credito.saldo, disponible: c.credito.disponible } : null,
});

/** Payment (spec §2 /generar_pago): the cart from navigation state, or the stored cart after a reload. */
export default function GenerarPagoPage() {
  const location = useLocation();
  const [lineas] = useState<LineaCarrito[]>(() => {
    const fromState = parseCarrito((location.state as { carrito?: unknown } | null)?.carrito);
    return fromState.length ? fromState : leerCarrito();
  });
  useAtrasAlInicio();
  if (lineas.length === 0) return <Navigate to={paths.ventas} replace />;
  return <Pago lineas={lineas} />;
}

function Pago({ lineas }: { lineas: LineaCarrito[] }) {
  const navigate = useNavigate();
  const metodos = useMetodosPago();
  const registrar = useRegistrarVenta();
  // The sale's key, the same for every try of this cart (ADR 011).
  const [clave] = useState(() => claveDeVenta(lineas));
  // Locked from the first click: React state would let a second click in before the next render.
  const enviando = useRef(false);
  const [ocupado, setOcupado] = useState(false);
  // Most sales at a tienda are cash: Efectivo is chosen and the amount field has the focus.
  const [metodo, setMetodo] = useState<number>(EFECTIVO);
  const [monto, setMonto] = useState('');
  // Fiado (issue #17): the whole sale on credit (method Fiado), or what the customer does not pay now.
  const [dejarResto, setDejarResto] = useState(false);
  // Transfers and cards (issue #18): the reference the cashier reads on the customer's phone or voucher.
  const [referencia, setReferencia] = useState('');
  const [verificado, setVerificado] = useState(false);
  const documentoRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const montoRef = useRef<HTMLInputElement>(null);
  const [documento, setDocumento] = useState('');
  // A cédula is often written with dots or spaces ("1.023.456.789"): its digits are the documento.
  const documentoLimpio = documento.replace(/[.\s-]/g, '');
  const [cliente, setCliente] = useState<TClienteVenta | null>(null);
  const [clienteAviso, setClienteAviso] = useState<string | null>(null);
  const [buscando, setBuscando] = useState(false);
  // Quick-add: a documento the store does not know yet, registered without leaving the payment.
  const [nuevo, setNuevo] = useState<{ tipoDocumento: string; nombre: string; apellido: string } | null>(null);
  const [guardandoCliente, setGuardandoCliente] = useState(false);
  const cambioId = useId();
  // Customers whose name, documento or phone contain what is typed (issue #36 point 4), with their credit.
  const [sugeridos, setSugeridos] = useState<TCliente[]>([]);
  const textoCliente = documento.trim();
  useEffect(() => {
    if (cliente || textoCliente.length < 2) return setSugeridos([]);
    const ctrl = new AbortController();
    const t = setTimeout(() => {
      sugerirClientes(textoCliente, ctrl.signal)
        .then((page) => setSugeridos(page.items))
        .catch(() => undefined);
    }, 250);
    return () => {
      clearTimeout(t);
      ctrl.abort();
    };
  }, [textoCliente, cliente]);
  const elegirCliente = (c: TCliente) => {
    setCliente(clienteDeSugerido(c));
    setDocumento(c.documento);
    setClienteAviso(null);
    setNuevo(null);
    setSugeridos([]);
  };

  // Discounts and lower prices (issue #16 point 4): roles 1 and 3, or a cashier (role 2) with a
  // supervisor's PIN asked when charging; the server checks it again.
  const sesion = useSession();
  const puedeDescontar = sesion?.rol === ROL.ADMIN || sesion?.rol === ROL.ENCARGADO || sesion?.rol === ROL.EMPLEADO;
  const conPin = sesion?.rol === ROL.EMPLEADO;
  const [precios, setPrecios] = useState<Record<number, number>>({});
  const [descVenta, setDescVenta] = useState<TDescuentoVenta | undefined>(undefined);
  const [motivoDesc, setMotivoDesc] = useState('');
  const lineasPedidas = lineas.map((l) => ({
    productoId: l.id,
    cantidad: l.cantidad,
    ...(precios[l.id] != null ? { descuento: { tipo: 'precio' as const, valor: precios[l.id]! } } : {}),
  }));
  const conDescuento = !!descVenta || Object.keys(precios).length > 0;
  const calculo = totalConDescuentos(
    lineas.map((l, i) => ({ precio: l.precio, cantidad: l.cantidad, descuento: lineasPedidas[i]!.descuento })),
    descVenta,
  );
  const bruto = totalCarrito(lineas);
  const total = calculo.total;
  const unidades = unidadesCarrito(lineas);

  const cambiarPrecio = async (l: LineaCarrito) => {
    const texto = await promptText(V.cambiarPrecioTitle(l.nombre), { label: V.cambiarPrecioLabel(formatPesos(l.precio)), confirmButtonText: V.aplicar });
    if (texto === null) return;
    const { [l.id]: _quitado, ...resto } = precios;
    if (!texto) return setPrecios(resto);
    const nuevo = parsePesos(texto);
    if (nuevo == null || nuevo > l.precio) return void alertWarning(V.descuentoInvalidoTitle, V.descuentoInvalido);
    setPrecios({ ...resto, [l.id]: nuevo });
  };
  const descontarVenta = async () => {
    const texto = await promptText(V.descuentoVentaTitle, { label: V.descuentoVentaLabel, placeholder: V.descuentoVentaPlaceholder, confirmButtonText: V.aplicar });
    if (texto === null) return;
    if (!texto) return setDescVenta(undefined);
    const pct = /^(\d{1,3})\s*%$/.exec(texto);
    const valor = pct ? Number(pct[1]) : parsePesos(texto);
    if (valor == null || (pct && valor > 100)) return void alertWarning(V.descuentoInvalidoTitle, V.descuentoInvalido);
    setDescVenta({ tipo: pct ? 'porcentaje' : 'valor', valor });
  };
  const esFiado = metodo === FIADO;
  const conReferencia = metodo !== EFECTIVO && metodo !== FIADO;
  const recibido = monto.trim() ? parsePesos(monto) : null;
  const cambio = recibido != null ? recibido - total : null;
  const credito = cliente?.credito ?? null;
  const restoFiado = !esFiado && dejarResto && credito && cambio != null && cambio < 0 ? -cambio : 0;

  const elegirMetodo = (id: number) => {
    setMetodo(id);
    if (id === FIADO) {
      // Nothing is received now: the customer is what matters.
      setMonto('');
      if (!cliente) documentoRef.current?.focus();
      return;
    }
    // Cards and wallets charge the exact total.
    if (id !== EFECTIVO && !monto.trim()) setMonto(formatNumber(total));
  };

  /** A quick-cash button: that amount received, and the sale confirmed (one tap, as tills do). */
  const cobrarCon = (valor: number) => {
    setMonto(formatNumber(valor));
    if (montoRef.current) montoRef.current.value = formatNumber(valor);
    formRef.current?.requestSubmit();
  };

  useAtajo('F8', () => {
    elegirMetodo(EFECTIVO);
    montoRef.current?.focus();
  });
  useAtajo('F4', () => formRef.current?.requestSubmit());
  // A scan here never types its digits into the amount (issue #36 point 1): the field keeps its value.
  const [avisoEscaner, setAvisoEscaner] = useState<string | null>(null);
  useEscaner((codigo) => setAvisoEscaner(V.escaneadoEnPago(codigo)), true, { enCampos: true });

  /** The customer of the store with that documento, or null (and a message) when there is none. */
  const resolverCliente = async (): Promise<TClienteVenta | null | 'error'> => {
    const doc = documentoLimpio;
    if (!doc) return null;
    if (cliente?.documento === doc) return cliente;
    // A name (no digit in it) is not a documento: the one customer it finds, or a choice to make.
    if (!/\d/.test(doc)) {
      const encontrados = await sugerirClientes(documento.trim()).then((p) => p.items, () => []);
      if (encontrados.length === 1) {
        elegirCliente(encontrados[0]!);
        return clienteDeSugerido(encontrados[0]!);
      }
      setSugeridos(encontrados);
      setClienteAviso(V.elijaCliente);
      return 'error';
    }
    if (!DOCUMENTO_RE.test(doc)) {
      setClienteAviso(V.documentoInvalido);
      return 'error';
    }
    setBuscando(true);
    try {
      const c = await buscarCliente(doc);
      setCliente(c);
      setClienteAviso(null);
      return c;
    } catch (err) {
      setCliente(null);
      if (err instanceof AppError && err.code === 'NOT_FOUND') setClienteAviso(V.clienteNoEncontrado);
      else setClienteAviso(err instanceof NetworkError ? M.generic.connectionText : M.generic.errorText);
      return 'error';
    } finally {
      setBuscando(false);
    }
  };

  const registrarCliente = async () => {
    if (!nuevo || guardandoCliente) return;
    // The documento against its type, as the server checks it (issue #36 point 12).
    const malDocumento = errorDocumentoPorTipo(nuevo.tipoDocumento, documentoLimpio.toUpperCase());
    if (malDocumento) return void setClienteAviso(malDocumento);
    setGuardandoCliente(true);
    try {
      const c = await registrarClienteRapido({ documento: documentoLimpio, ...nuevo });
      setCliente(c);
      setDocumento(c.documento);
      setClienteAviso(null);
      setNuevo(null);
    } catch (err) {
      setClienteAviso(err instanceof NetworkError ? M.generic.connectionText : err instanceof AppError ? err.message : M.generic.errorText);
    } finally {
      setGuardandoCliente(false);
    }
  };

  // Enter in the new customer's fields saves the customer, never the payment.
  const enterGuarda = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    void registrarCliente();
  };

  const confirmar = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (enviando.current) return;
    enviando.current = true;
    setOcupado(true);
    try {
      await cobrar(e.currentTarget);
    } finally {
      enviando.current = false;
      setOcupado(false);
    }
  };

  const cobrar = async (form: HTMLFormElement) => {
    // What the field shows right now (a fast typist or a scanner may beat the last render).
    const campo = form.elements.namedItem('monto');
    const texto = campo instanceof HTMLInputElement ? campo.value : monto;
    const recibido = texto.trim() ? parsePesos(texto) : null;
    if (!metodo) return void alertWarning(V.metodoRequeridoTitle, V.metodoRequerido);
    if (!esFiado && (recibido == null || recibido <= 0)) return void alertWarning(V.montoInvalidoTitle, V.cantidadInvalida);
    if (!calculo.valido) return void alertWarning(V.descuentoInvalidoTitle, V.descuentoInvalido);
    if (conDescuento && motivoDesc.trim().length < 3) return void alertWarning(V.motivoDescuentoTitle, V.motivoDescuentoRequerido);
    const aCredito = esFiado || (dejarResto && recibido != null && recibido < total);
    if (!aCredito && recibido! < total) return void alertWarning(V.montoInsuficienteTitle, V.montoInsuficiente);
    const c = await resolverCliente();
    if (c === 'error') return void alertWarning(V.clienteNoEncontradoTitle, V.clienteNoEncontrado);
    if (aCredito && !c) {
      documentoRef.current?.focus();
      return void alertWarning(V.fiadoSinClienteTitle, V.fiadoRequiereCliente);
    }
    if (aCredito && !c!.credito) return void alertWarning(V.clienteSinFiadoTitle, V.clienteSinFiado(c!.nombre));
    const pedido = {
      clave,
      lineas: lineasPedidas,
      ...(descVenta ? { descuento: descVenta } : {}),
      ...(conDescuento ? { motivoDescuento: motivoDesc.trim() } : {}),
      metodoPagoId: metodo,
      montoRecibido: esFiado ? 0 : recibido!,
      documentoCliente: c?.documento,
      ...(aCredito ? { aCredito: true } : {}),
      ...(conReferencia && referencia.trim() ? { referencia: referencia.trim() } : {}),
      ...(conReferencia && verificado ? { verificado: true } : {}),
    };
    try {
      let recibo: TRecibo;
      if (conDescuento && conPin) {
        // A cashier's discount: a supervisor standing at the till chooses their name and types the
        // PIN; the sale is sent from the dialog, which stays open on a wrong PIN (issue #36 point 11).
        let supervisores: TSupervisor[];
        try {
          supervisores = await listarSupervisores();
        } catch (err) {
          return void alertFailure(err);
        }
        if (!supervisores.length) return void alertWarning(V.pinTitle, V.sinSupervisores);
        const hecho = await pedirPinSupervisor(supervisores, async (autorizacion): Promise<IntentoPin<{ recibo: TRecibo } | { error: unknown }>> => {
          try {
            return { hecho: { recibo: await registrar.mutateAsync({ ...pedido, autorizacion }) } };
          } catch (err) {
            return esErrorDePin(err) ? { pinError: err.message } : { hecho: { error: err } };
          }
        });
        if (!hecho) return;
        if ('error' in hecho) throw hecho.error;
        recibo = hecho.recibo;
      } else {
        try {
          recibo = await registrar.mutateAsync(pedido);
        } catch (err) {
          // Past the customer's limit: an administrator may authorise it, and that is recorded.
          const sobreCupo = err instanceof AppError && err.title === V.cupoInsuficienteTitle && sesion?.rol === ROL.ADMIN;
          if (!sobreCupo) throw err;
          if (!(await confirmAction(V.autorizarSobreCupoTitle, V.autorizarSobreCupoText(err.message), V.autorizarSobreCupo))) return;
          recibo = await registrar.mutateAsync({ ...pedido, autorizarSobreCupo: true });
        }
      }
      window.localStorage.setItem(STORAGE_KEYS.idVenta, String(recibo.id));
      vaciarCarrito();
      navigate(paths.factura, { replace: true, state: { recibo } });
    } catch (err) {
      if (err instanceof NetworkError) return void alertError(M.generic.connectionTitle, M.generic.connectionText);
      if (err instanceof AppError && err.status < 500 && err.code !== 'UNAUTHORIZED') return void alertWarning(err.title ?? V.noSeCobroTitle, err.message);
      return void alertError(M.generic.errorTitle, V.registroError);
    }
  };

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

      {avisoEscaner ? (
        <p className="pos__aviso pos__aviso--error" role="status" data-testid="aviso-escaner">
          {avisoEscaner}
        </p>
      ) : null}
      <div className="pago">
        <section className="card pago__resumen" aria-labelledby="pago-resumen-title">
          <h2 id="pago-resumen-title">{V.resumenVenta}</h2>
          <ul className="pago__lineas">
            {lineas.map((l) => {
              const nuevo = precios[l.id];
              return (
                <li key={l.id}>
                  <span className="pago__linea-nombre">
                    {l.nombre}
                    <small>
                      {l.cantidad} × {nuevo != null ? <s>{formatPesos(l.precio)}</s> : formatPesos(l.precio)}
                      {nuevo != null ? <> {formatPesos(nuevo)}</> : null}
                    </small>
                    {puedeDescontar ? (
                      <button type="button" className="btn btn--link btn--sm" onClick={() => void cambiarPrecio(l)} aria-label={V.cambiarPrecioDe(l.nombre)}>
                        {V.cambiarPrecio}
                      </button>
                    ) : null}
                  </span>
                  <span className="pago__linea-total">{formatPesos((nuevo ?? l.precio) * l.cantidad)}</span>
                </li>
              );
            })}
          </ul>
          {puedeDescontar ? (
            <div className="pago__descuento">
              <button type="button" className="btn btn--ghost btn--sm" onClick={() => void descontarVenta()}>
                {descVenta ? V.cambiarDescuentoVenta : V.descuentoVentaTitle}
              </button>
              {conDescuento ? (
                <>
                  {descVenta ? (
                    <p>
                      {V.descuentoVentaTitle}: <strong data-testid="pago-descuento">−{formatPesos(calculo.descuentoVenta)}</strong>
                      {descVenta.tipo === 'porcentaje' ? ` (${descVenta.valor} %)` : ''}
                    </p>
                  ) : null}
                  <Field label={V.motivoDescuento} name="motivoDescuento" autoComplete="off" maxLength={120} value={motivoDesc} onChange={(e) => setMotivoDesc(e.target.value)} />
                  {conPin ? <p className="pago__pin-aviso">{V.pinText}</p> : null}
                </>
              ) : null}
            </div>
          ) : null}
          {conDescuento ? (
            <p className="pago__antes">
              {V.antesDeDescuentos}: <s>{formatPesos(bruto)}</s>
            </p>
          ) : null}
          <div className="cart__total">
            <span>
              {V.total} <small>({V.unidades(unidades)})</small>
            </span>
            <strong data-testid="pago-total">{formatPesos(total)}</strong>
          </div>
        </section>

        <form ref={formRef} className="card pago__form" onSubmit={confirmar} noValidate aria-labelledby="pago-form-title">
          <h2 id="pago-form-title" className="visually-hidden">
            {V.datosPago}
          </h2>
          <div className="pago__a-pagar">
            <span>{V.totalAPagar}</span>
            <strong>{formatPesos(total)}</strong>
          </div>

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
                {metodos.data.map((m) => (
                  <label key={m.id} className="metodo">
                    <input type="radio" name="metodo" value={m.id} checked={metodo === m.id} onChange={() => elegirMetodo(m.id)} />
                    <span>
                      {m.nombre}
                      {m.id === EFECTIVO ? <kbd className="atajo">F8</kbd> : null}
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
          ) : (
            <>
              <MoneyField
                ref={montoRef}
                label={V.montoRecibido}
                name="monto"
                placeholder={V.montoPlaceholder}
                autoFocus
                value={monto}
                onValue={setMonto}
                aria-describedby={cambioId}
              />
              <div className="montos" aria-label={V.cobrarCon} role="group">
                <button type="button" className="btn btn--ghost btn--sm" disabled={ocupado} onClick={() => cobrarCon(total)} aria-label={V.cobrarExacto(formatPesos(total))}>
                  {V.pagoExacto}
                </button>
                {metodo === EFECTIVO
                  ? sugerencias(total).map((v) => (
                      <button key={v} type="button" className="btn btn--ghost btn--sm" disabled={ocupado} onClick={() => cobrarCon(v)} aria-label={V.cobrarRecibiendo(formatPesos(v))}>
                        {formatPesos(v)}
                      </button>
                    ))
                  : null}
              </div>
              <p id={cambioId} className={`pago__cambio${cambio != null && cambio < 0 && !restoFiado ? ' pago__cambio--falta' : ''}`} aria-live="polite">
                {restoFiado > 0 ? (
                  <>
                    {V.quedaFiado}: <strong data-testid="pago-resto-fiado">{formatPesos(restoFiado)}</strong>
                  </>
                ) : recibido == null ? (
                  monto.trim() ? (
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
                  <input type="checkbox" checked={dejarResto} onChange={(e) => setDejarResto(e.target.checked)} />
                  <span>{V.dejarRestoFiado(formatPesos(-cambio))}</span>
                </label>
              ) : null}
              {conReferencia ? (
                <div className="pago__referencia">
                  <Field label={V.referencia} name="referencia" autoComplete="off" maxLength={40} value={referencia} onChange={(e) => setReferencia(e.target.value)} />
                  <label className="check">
                    <input type="checkbox" name="verificado" checked={verificado} onChange={(e) => setVerificado(e.target.checked)} />
                    <span>{V.verificado}</span>
                  </label>
                </div>
              ) : null}
            </>
          )}

          <div className="pago__cliente">
            <Field
              ref={documentoRef}
              label={esFiado ? V.documentoCliente : V.documentoClienteOpcional}
              name="documentoCliente"
              placeholder={V.buscarClientePlaceholder}
              autoComplete="off"
              value={documento}
              error={clienteAviso ?? undefined}
              onChange={(e) => {
                setDocumento(e.target.value);
                setCliente(null);
                setClienteAviso(null);
                setNuevo(null);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  void resolverCliente();
                }
              }}
            />
            <button type="button" className="btn btn--ghost" onClick={() => void resolverCliente()} disabled={buscando || !documento.trim()}>
              {buscando ? V.buscando : V.buscarCliente}
            </button>
          </div>
          {sugeridos.length && !cliente ? (
            <ul className="pago__sugerencias" aria-label={V.clientesSugeridos}>
              {sugeridos.map((c) => (
                <li key={c.id}>
                  <button type="button" className="btn btn--ghost btn--block pago__sugerencia" onClick={() => elegirCliente(c)}>
                    <span>{V.sugerenciaCliente(`${c.nombre} ${c.apellido}`.trim(), c.tipoDocumento, c.documento)}</span>
                    <small>{c.fiado && c.credito ? V.sugerenciaCredito(formatPesos(c.credito.saldo), formatPesos(c.credito.disponible)) : V.sugerenciaSinFiado}</small>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {cliente ? (
            <p className="pago__cliente-ok" role="status">
              {V.cliente}: <strong>{cliente.nombre}</strong>
              {credito ? (
                <small data-testid="pago-credito"> · {V.fiadoDisponible(formatPesos(credito.disponible), formatPesos(credito.cupo))}</small>
              ) : esFiado ? (
                <small className="pago__aviso"> · {V.fiadoNoHabilitado}</small>
              ) : null}
            </p>
          ) : clienteAviso === V.clienteNoEncontrado && !nuevo && /\d/.test(documentoLimpio) ? (
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => setNuevo({ tipoDocumento: 'CC', nombre: '', apellido: '' })}>
              {V.registrarCliente}
            </button>
          ) : null}
          {nuevo && !cliente ? (
            <fieldset className="pago__nuevo-cliente">
              <legend>{V.nuevoCliente(documentoLimpio)}</legend>
              <SelectField
                label={V.tipoDocumento}
                name="tipoDocumentoNuevo"
                options={TIPOS_DOC_CLIENTE}
                value={nuevo.tipoDocumento}
                onChange={(e) => setNuevo({ ...nuevo, tipoDocumento: e.target.value })}
              />
              <Field label={V.nombre} name="nombreNuevo" autoComplete="off" value={nuevo.nombre} onChange={(e) => setNuevo({ ...nuevo, nombre: e.target.value })} onKeyDown={enterGuarda} />
              <Field label={V.apellido} name="apellidoNuevo" autoComplete="off" value={nuevo.apellido} onChange={(e) => setNuevo({ ...nuevo, apellido: e.target.value })} onKeyDown={enterGuarda} />
              <div className="pago__nuevo-acciones">
                <button type="button" className="btn btn--sm" disabled={guardandoCliente} onClick={() => void registrarCliente()}>
                  {guardandoCliente ? V.guardando : V.guardarCliente}
                </button>
                <button type="button" className="btn btn--ghost btn--sm" onClick={() => setNuevo(null)}>
                  {M.generic.cancel}
                </button>
              </div>
            </fieldset>
          ) : null}

          <button type="submit" className="btn btn--block btn--lg" disabled={ocupado} aria-busy={ocupado}>
            {ocupado ? (
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
