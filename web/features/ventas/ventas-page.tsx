import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatCantidad, porUnidad } from '#shared/cantidad';
import { AppError } from '#shared/errors';
import { generic } from '#shared/messages/comun';
import { lotesCaja } from '#shared/messages/lotes-caja';
import { sinRedInstalar } from '#shared/messages/sin-red-instalar';
import { ventasCaja } from '#shared/messages/ventas-caja';
import { ROL } from '#shared/roles';
import { formatPesos } from '#shared/money';
import type { TProductoPorCodigo, TProductoVenta } from '#shared/schemas/venta';
import { IconBack } from '../../components/ui/icons';
import { paths } from '../../config/paths';
import { alertWarning, confirmAction, precargarDialogos, promptText } from '../../lib/alerts-diferidas';
import { useTrasRender } from '../../lib/use-tras-render';
import { NetworkError } from '../../lib/api-client';
import { useFechas } from '../../lib/fechas';
import { useSession } from '../../lib/session';
import { useEscaner } from '../../lib/impresion/use-escaner';
import { fuenteSinRed, useEnLinea } from '../../lib/fuente-venta';
import { usePromocionesDelCarrito } from '../../lib/promociones-caja';
import { fetchProductoPorCodigo } from './api/productos-venta';
import { useMetodosPago } from './api/metodos-pago';
import {
  actualizarDesde,
  agregarProducto,
  claveLinea,
  esPorMedida,
  fijarCantidad,
  fijarLote,
  importeDeEtiqueta,
  leerEspera,
  lineasSinStock,
  ponerEnEspera,
  sacarDeEspera,
  totalCarrito,
  unidadesCarrito,
  useCarrito,
  type LineaCarrito,
  type VentaEnEspera,
} from './carrito';
import { AgregarSinStock } from './components/agregar-sin-stock';
import { BuscadorProductos } from './components/buscador-productos';
import { CarritoPanel } from './components/carrito-panel';
import { useAtrasAlInicio } from './use-atras-al-inicio';
import { useAtajo } from '../../lib/use-atajo';
import './ventas.css';
import './pago.css';
import './recibo.css';

// This screen's texts only: the catalogue splits per screen (issue #20); of the offline ones, only its note (issue #55 point 4).
const M = { generic, ventas: ventasCaja, lotes: lotesCaja, sinRed: sinRedInstalar };

// The camera and its reader load only when the cashier opens them (issue #19).
const EscanerCamara = lazy(() => import('../../lib/impresion/escaner-camara'));
// The quantity and weight dialog loads with the first weighed product (issue #55 point 4: not on the first paint).
// The lot chooser loads with the first lot asked for (issue #58 point 2).
const ElegirLote = lazy(() => import('./components/elegir-lote').then((m) => ({ default: m.ElegirLote })));
const DialogoCantidad = lazy(() => import('../../components/dialogo-cantidad').then((m) => ({ default: m.DialogoCantidad })));
// The texts of the till's questions and warnings, asked for together with the dialogs (issue #55 point 4).
const dialogos = () => {
  precargarDialogos();
  return import('#shared/messages/ventas-dialogos').then((m) => m.ventasDialogos);
};
const dialogo = <T,>(abrir: (D: Awaited<ReturnType<typeof dialogos>>) => Promise<T>) => dialogos().then(abrir);
const hayCamara = () => typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia && window.matchMedia?.('(pointer: coarse)').matches;

/**
 * The till (spec §2 /ventas). Without the network (issue #34, ADR 029; issue #53) it is the same
 * till reading the device's catalogue and recording in its outbox (web/lib/fuente-venta.ts), on a
 * device that may sell offline; the band "Sin conexión · N ventas por enviar" says so on every screen.
 */
export default function VentasPage() {
  const enLinea = useEnLinea();
  // Offline: whether this device may sell (catalogue, numbering, authorised, the app installed on iOS).
  const [impedimento, setImpedimento] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    const f = enLinea ? null : fuenteSinRed();
    if (!f) return void setImpedimento(null);
    let vigente = true;
    void f.impedimento().then((i) => vigente && setImpedimento(i));
    return () => {
      vigente = false;
    };
  }, [enLinea]);
  if (impedimento === undefined) return null;
  if (impedimento === 'instalar')
    return (
      <div className="card state" role="alert" data-testid="sin-red-instalar">
        <strong>{M.sinRed.instalarTitulo}</strong>
        <p>{M.sinRed.instalarIos}</p>
      </div>
    );
  if (impedimento)
    return (
      <div className="card state" role="alert">
        {impedimento}
      </div>
    );
  const Extra = enLinea ? undefined : fuenteSinRed()?.Extra;
  return (
    <>
      <Caja />
      {Extra ? (
        <Suspense fallback={null}>
          <Extra />
        </Suspense>
      ) : null}
    </>
  );
}

/** The till, online or not: search or scan products, build the cart, go to payment. */
function Caja() {
  const navigate = useNavigate();
  const { lineas, update } = useCarrito();
  // The cart's promotions (issue #59 point 2, ADR 052), as the checkout will charge them.
  const promociones = usePromocionesDelCarrito(lineas);
  // The payment's methods, asked for with the first line (not on the till's first paint): the payment opens with them.
  useMetodosPago(lineas.length > 0);
  const buscarRef = useRef<HTMLInputElement>(null);
  const tras = useTrasRender();
  useAtrasAlInicio(undefined, lineas.length ? () => dialogo((D) => confirmAction(D.salirTitle, D.salirText, D.salirConfirm)) : undefined);

  // A product sold by weight or measure (issue #33, ADR 030) asks its quantity first: the dialog
  // por peso / por valor, opened to add it or, from a cart line, to change it.
  const [pesar, setPesar] = useState<{ producto: TProductoVenta | LineaCarrito; lineaId?: number; cantidad?: number } | null>(null);
  // The cart line whose lot the cashier is choosing (issue #58 point 2), by its key.
  const [eligiendoLote, setEligiendoLote] = useState<string | null>(null);
  const lineaLote = eligiendoLote ? lineas.find((l) => claveLinea(l) === eligiendoLote) : undefined;
  const enLineaCaja = useEnLinea();
  const lineasRef = useRef(lineas);
  lineasRef.current = lineas;
  /** Adds a product: a unit at once; one sold by measure opens the dialog (false: not added yet), unless its quantity is known (a scale label). */
  const onAdd = useCallback(
    (p: TProductoVenta, cantidad?: number, importe?: number, formulaVista = false): boolean => {
      // A product at $ 0 is not added (issue #52 point 7): the server refuses it too; its price is set in Productos.
      if (p.precio <= 0) {
        void dialogo((D) => alertWarning(D.sinPrecioTitle, D.sinPrecio([p.nombre])));
        return false;
      }
      // Sold only on prescription (issue #58 point 2): asked once per cart line; No leaves it out, Sí adds it with `formula`.
      if (p.bajoFormula && !formulaVista && !lineasRef.current.some((l) => l.id === p.id && l.formula)) {
        void confirmAction(M.lotes.formulaPregunta, M.lotes.formulaProducto(p.nombre), M.lotes.formulaSi, M.lotes.formulaNo).then((si) => si && onAdd(p, cantidad, importe, true));
        return false;
      }
      // A pack (a roll of 50 m too) is counted, never weighed or measured (issue #58 point 2).
      if (cantidad == null && !porUnidad(p.unidad) && !p.unidadVenta) {
        setPesar({ producto: p });
        return false;
      }
      update((l) => agregarProducto(l, p, cantidad, importe));
      return true;
    },
    [update],
  );
  const onProducts = useCallback((items: TProductoVenta[]) => update((l) => actualizarDesde(l, items)), [update]);
  const enCarrito = useMemo(() => new Map(lineas.map((l) => [l.id, formatCantidad(l.cantidad, l.unidad)])), [lineas]);

  const generarPago = async () => {
    if (enCola > 0) return void setPagarAlTerminar(true);
    if (lineas.length === 0) return void dialogo((D) => alertWarning(M.ventas.carritoVacio, D.carritoVacioText));
    const cortos = lineasSinStock(lineas);
    // Past the recorded stock (issue #36 point 7): the product is in the customer's hand, so the
    // count is wrong; the cashier may sell anyway, and the payment asks the permission or a PIN.
    if (cortos.length) {
      if (!(await dialogo((D) => confirmAction(D.sinStockTitle, D.venderSinStockText(M.ventas.sinStock(cortos.map((l) => l.nombre))), D.venderDeTodosModos)))) return;
      return void navigate(paths.generarPago, { state: { carrito: lineas, venderSinStock: true } });
    }
    navigate(paths.generarPago, { state: { carrito: lineas } });
  };

  const unidades = unidadesCarrito(lineas);

  // A scanner's burst (or the camera's read) adds the product by its code; an unknown code offers
  // to create the product with it (roles 1 and 3, who may add products).
  const session = useSession();
  // An agotado product scanned: the message, and a button to add it anyway (issue #36 point 7).
  const [avisoEscaner, setAvisoEscaner] = useState<{ text: string; tone: 'ok' | 'error'; agregar?: TProductoPorCodigo } | null>(null);
  const [camara, setCamara] = useState(false);
  // What the cashier asks for — a scan, or a code or name and Enter in the search box — is added in
  // the order asked, one after another: on a slow network the answers may come back in any order.
  // "Generar pago" (or F4) pressed while a scan is still being looked up waits for it: a cashier who
  // scans and pays at once got the payment page without the last product (or "El carrito está vacío").
  // A step that added nothing (a code not found, agotado, a quantity still to weigh) drops the wait:
  // the till shows why, and the cashier pays again.
  const cola = useRef<Promise<void>>(Promise.resolve());
  const [enCola, setEnCola] = useState(0);
  const [pagarAlTerminar, setPagarAlTerminar] = useState(false);
  const enOrden = useCallback((paso: () => Promise<boolean | void>) => {
    setEnCola((n) => n + 1);
    cola.current = cola.current
      .then(paso)
      .then((agregado) => {
        if (agregado === false) setPagarAlTerminar(false);
      })
      .catch((err: unknown) => {
        setPagarAlTerminar(false);
        window.reportError(err);
      })
      .finally(() => setEnCola((n) => n - 1));
  }, []);
  const escanear = (codigo: string) => {
    // Asked for at once; added in its turn.
    const leido = fetchProductoPorCodigo(codigo);
    leido.catch(() => undefined); // handled in its turn
    enOrden(() => agregarEscaneado(codigo, leido));
  };
  /** Adds a scanned product in its turn; false when nothing was added (enOrden). */
  const agregarEscaneado = async (codigo: string, leido: Promise<TProductoPorCodigo>): Promise<boolean> => {
    try {
      const p = await leido;
      // A scale label brings its quantity (issue #33 point 4): the line is added without the dialog.
      const cantidad = p.etiqueta?.cantidad;
      if (p.stock <= 0) return (setAvisoEscaner({ text: M.ventas.escaneadoAgotado(p.nombre), tone: 'error', agregar: p }), false);
      if (!onAdd(p, cantidad, importeDeEtiqueta(p))) return (setAvisoEscaner(null), false);
      setAvisoEscaner({ text: cantidad != null ? M.ventas.peso.etiqueta(p.nombre, formatCantidad(cantidad, p.unidad)) : M.ventas.escaneado(p.nombre), tone: 'ok' });
      return true;
    } catch (err) {
      if (err instanceof AppError && err.code === 'NOT_FOUND') {
        const puedeCrear = session?.rol === ROL.ADMIN || session?.rol === ROL.ENCARGADO;
        // A scale label whose item no product has: the product to create has the item code, sold by weight.
        const item = err.datos?.codigo;
        if (!puedeCrear) return (setAvisoEscaner({ text: item ? err.message : M.ventas.codigoNoEncontrado(codigo), tone: 'error' }), false);
        setPagarAlTerminar(false); // the question below is answered before anything else
        const D = await dialogos();
        const texto = item ? D.etiquetaDesconocidaText(item) : D.codigoDesconocidoText(codigo);
        if (await confirmAction(D.codigoDesconocidoTitle, texto, D.codigoDesconocidoConfirm))
          navigate(`${paths.gestionarProductos}?codigo=${encodeURIComponent(item ?? codigo)}${item ? '&unidad=KGM' : ''}`);
        return false;
      }
      // A label the till cannot sell (a product sold by unit, say): the server's reason.
      if (err instanceof AppError && err.status < 500) return (setAvisoEscaner({ text: err.message, tone: 'error' }), false);
      setAvisoEscaner({ text: err instanceof NetworkError ? M.generic.connectionText : M.generic.errorText, tone: 'error' });
      return false;
    }
  };
  // The payment asked for while the queue worked goes ahead once it is empty and the cart shows what it added.
  const generarPagoRef = useRef(generarPago);
  generarPagoRef.current = generarPago;
  useEffect(() => {
    if (!pagarAlTerminar || enCola > 0) return;
    setPagarAlTerminar(false);
    void generarPagoRef.current();
  }, [pagarAlTerminar, enCola]);
  // Whatever field has the focus (a quantity too): a scan adds its product and changes no field (issue #36).
  // Not while the quantity dialog is open: a scan then would add a product behind it.
  useEscaner(escanear, !camara && !pesar && !lineaLote, { enCampos: true });
  useAtajo('F2', () => buscarRef.current?.focus());

  // Ventas en espera: the cart put aside while another customer pays, resumed later on this device.
  const [espera, setEspera] = useState<VentaEnEspera[]>(leerEspera);
  const aparcar = async () => {
    if (!lineas.length) return;
    const etiqueta = await dialogo((D) => promptText(D.enEsperaTitle, { label: D.enEsperaLabel, placeholder: D.enEsperaPlaceholder, confirmButtonText: D.enEsperaConfirm }));
    if (etiqueta === null) return;
    if (!ponerEnEspera(lineas, etiqueta)) return void dialogo((D) => alertWarning(D.enEsperaLlenaTitle, D.enEsperaLlena));
    update(() => []);
    setEspera(leerEspera());
    buscarRef.current?.focus();
  };
  const retomar = async (id: string) => {
    if (lineas.length) {
      if (!(await dialogo((D) => confirmAction(D.retomarTitle, D.retomarText, D.retomarConfirm)))) return;
      if (!ponerEnEspera(lineas, '')) return void dialogo((D) => alertWarning(D.enEsperaLlenaTitle, D.enEsperaLlena));
    }
    const v = sacarDeEspera(id);
    if (v) update(() => v.lineas);
    setEspera(leerEspera());
  };
  const descartar = async (id: string) => {
    if (!(await dialogo((D) => confirmAction(D.descartarTitle, D.descartarText, D.descartarConfirm)))) return;
    sacarDeEspera(id);
    setEspera(leerEspera());
  };
  const fechas = useFechas();
  useAtajo('F4', generarPago);

  // A line taken out (a quantity of 0, or − at 1) may come back where it was (issue #36 point 12).
  const [quitada, setQuitada] = useState<{ linea: LineaCarrito; indice: number } | null>(null);
  const cambiarCantidad = (id: number | string, cantidad: number, importe?: number) => {
    const indice = lineas.findIndex((l) => claveLinea(l) === String(id));
    if (cantidad <= 0 && indice >= 0) setQuitada({ linea: lineas[indice]!, indice });
    else setQuitada(null);
    update((l) => fijarCantidad(l, id, cantidad, importe));
  };
  const deshacerQuitada = () => {
    if (!quitada) return;
    const { linea, indice } = quitada;
    update((l) => (l.some((x) => claveLinea(x) === claveLinea(linea)) ? l : [...l.slice(0, indice), linea, ...l.slice(indice)]));
    setQuitada(null);
  };

  return (
    <>
      <header className="page-header">
        <div className="page-header__actions">
          <Link className="btn btn--ghost btn--icon" to={paths.inicio} aria-label={M.ventas.volverAlInicio}>
            <IconBack />
          </Link>
        </div>
        <h1>{M.ventas.titulo}</h1>
        <div className="page-header__actions">
          {hayCamara() ? (
            <button type="button" className="btn btn--ghost" onClick={() => setCamara(true)}>
              {M.ventas.escanearCamara}
            </button>
          ) : null}
        </div>
      </header>
      {avisoEscaner ? (
        <p className={`pos__aviso pos__aviso--${avisoEscaner.tone}`} role="status" data-testid="aviso-escaner">
          {avisoEscaner.text}
          {avisoEscaner.agregar ? (
            <AgregarSinStock
              onAgregar={() => {
                const p = avisoEscaner.agregar!;
                if (onAdd(p, p.etiqueta?.cantidad, importeDeEtiqueta(p))) setAvisoEscaner({ text: M.ventas.agregadoSinStock(p.nombre), tone: 'ok' });
                else setAvisoEscaner(null);
              }}
            />
          ) : null}
        </p>
      ) : null}
      {camara ? (
        <Suspense fallback={null}>
          <EscanerCamara
            onCerrar={() => setCamara(false)}
            onCodigo={(codigo) => {
              setCamara(false);
              escanear(codigo);
            }}
          />
        </Suspense>
      ) : null}
      <div className="pos">
        <BuscadorProductos onAdd={onAdd} onProducts={onProducts} enCarrito={enCarrito} inputRef={buscarRef} enOrden={enOrden} />
        <CarritoPanel
          lineas={lineas}
          onCantidad={cambiarCantidad}
          promociones={promociones}
          enLinea={enLineaCaja}
          onElegirLote={setEligiendoLote}
          onEditarPeso={(id) => {
            const l = lineas.find((x) => x.id === id);
            if (l) setPesar({ producto: l, lineaId: id, cantidad: l.cantidad });
          }}
          quitada={quitada && { nombre: quitada.linea.nombre, onDeshacer: deshacerQuitada }}
          onListo={() => buscarRef.current?.focus()}
          onVaciar={async () => {
            if (await dialogo((D) => confirmAction(D.vaciarTitle, D.vaciarText, D.vaciarConfirm))) update(() => []);
          }}
          onGenerarPago={generarPago}
          onEnEspera={() => void aparcar()}
          espera={
            espera.length ? (
              <section className="espera" aria-labelledby="espera-title">
                <h3 id="espera-title">{M.ventas.esperaTitulo(espera.length)}</h3>
                <ul>
                  {espera.map((v, i) => (
                    <li key={v.id}>
                      <span className="espera__info">
                        <strong>{v.etiqueta || M.ventas.esperaNombre(i + 1)}</strong>
                        <small>{M.ventas.esperaResumen(unidadesCarrito(v.lineas), formatPesos(totalCarrito(v.lineas)), v.creada ? fechas.hora(v.creada) : '')}</small>
                      </span>
                      <span className="espera__acciones">
                        <button type="button" className="btn btn--sm" onClick={() => void retomar(v.id)} aria-label={M.ventas.retomarLabel(v.etiqueta, i + 1)}>
                          {M.ventas.retomar}
                        </button>
                        <button type="button" className="btn btn--ghost btn--sm" onClick={() => void descartar(v.id)} aria-label={M.ventas.descartarLabel(v.etiqueta, i + 1)}>
                          {M.ventas.descartar}
                        </button>
                      </span>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null
          }
        />
      </div>
      {pesar ? (
        <Suspense fallback={null}>
        <DialogoCantidad
          producto={pesar.producto}
          cantidad={pesar.cantidad}
          onCancelar={() => setPesar(null)}
          onConfirmar={(cantidad, importe) => {
            const { producto: p, lineaId } = pesar;
            setPesar(null);
            if (lineaId != null) return cambiarCantidad(lineaId, cantidad, importe);
            update((l) => agregarProducto(l, p as TProductoVenta, cantidad, importe));
            setAvisoEscaner({ text: M.ventas.peso.agregado(p.nombre, formatCantidad(cantidad, p.unidad)), tone: 'ok' });
            // As after any product added: the scanner keeps typing into the search box (no keyboard pops up on phones).
            if (window.matchMedia?.('(pointer: fine)').matches) tras(() => buscarRef.current?.focus());
          }}
        />
        </Suspense>
      ) : null}
      {lineaLote ? (
        <Suspense fallback={null}>
          <ElegirLote
            linea={lineaLote}
            onCancelar={() => setEligiendoLote(null)}
            onElegir={(lote) => {
              setEligiendoLote(null);
              update((l) => fijarLote(l, claveLinea(lineaLote), lote));
            }}
          />
        </Suspense>
      ) : null}
      {lineas.length ? (
        <div className="pos__barra" aria-hidden="true">
          <a href="#carrito" tabIndex={-1}>
            {lineas.some(esPorMedida) ? M.ventas.articulos(unidades) : M.ventas.unidades(unidades)} · <strong>{formatPesos(totalCarrito(lineas) - (promociones?.ahorro ?? 0))}</strong>
          </a>
          <button type="button" className="btn btn--sm" tabIndex={-1} onClick={generarPago}>
            {M.ventas.generarPago}
          </button>
        </div>
      ) : null}
    </>
  );
}
