import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { ROL } from '#shared/roles';
import { generic } from '#shared/messages/comun';
import { impresion } from '#shared/messages/impresion';
import { dian } from '#shared/messages/dian';
import { sinRed } from '#shared/messages/sin-red';
import { ventas } from '#shared/messages/ventas';
import type { TRecibo } from '#shared/schemas/venta';
import { IconClose, IconReceipt } from '../../components/ui/icons';
import { paths } from '../../config/paths';
import { alertError, alertFailure, confirmAction, toastSuccess } from '../../lib/alerts';
import { descargarArchivo } from '../../lib/descargar';
import { NetworkError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { enviarAImpresora, impresionDirectaDisponible } from '../../lib/impresion/impresora';
import { enlaceWhatsApp, textoWhatsApp } from '../../lib/impresion/texto-recibo';
import { useAjustesTienda } from '../../lib/ajustes-tienda';
import { esReciboLocal, fuenteRegistrada } from '../../lib/fuente-venta';
import { completarVenta, useAnularVenta, useCompletarVenta } from './api/estado-venta';
import { useImpuestosVenta } from '../../lib/impuestos-venta';
import { Recibo, type FormatoRecibo } from './components/recibo';
import { useAtrasAlInicio } from './use-atras-al-inicio';
import { useEscaner } from '../../lib/impresion/use-escaner';
import { fetchProductoPorCodigo } from './api/productos-venta';
import { agregarProducto, guardarCarrito } from './carrito';
import './ventas.css';
import './pago.css';
import './recibo.css';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { generic, ventas, impresion, dian, sinRed };

const V = M.ventas;
const I = M.impresion;
const FORMATO_KEY = 'formatoRecibo';
const FORMATOS: { value: FormatoRecibo; label: string }[] = [
  { value: '80', label: I.formatos['80'] },
  { value: '58', label: I.formatos['58'] },
  { value: 'a4', label: I.formatos.a4 },
];
const MM_POR_PX = 25.4 / 96;

/**
 * The printer's page: A4, or a roll 80 or 58 mm wide and as long as the ticket. (`80mm auto` is not
 * valid CSS: Chrome ignored it and printed on Letter.) The ticket is shown at its printed width, so
 * its height on screen, less its padding, is its height on paper.
 */
function tamanoPagina(formato: FormatoRecibo, ticket: HTMLElement | null): string {
  if (formato === 'a4' || !ticket) return 'A4';
  const estilo = getComputedStyle(ticket);
  const alto = ticket.clientHeight - parseFloat(estilo.paddingTop) - parseFloat(estilo.paddingBottom);
  return `${formato}mm ${Math.ceil(alto * MM_POR_PX) + 8}mm`;
}

function isRecibo(v: unknown): v is TRecibo {
  const r = v as TRecibo | null;
  return !!r && typeof r === 'object' && Number.isInteger(r.id) && Array.isArray(r.lineas) && typeof r.total === 'number';
}

const failure = (err: unknown) =>
  err instanceof NetworkError ? alertError(M.generic.connectionTitle, M.generic.connectionText) : alertError(M.generic.errorTitle, V.estadoVentaError);

/** The receipt (spec §2 /factura): needs the sale as navigation state, otherwise back to /ventas. */
export default function FacturaPage() {
  const location = useLocation();
  const state = location.state as { recibo?: unknown; consulta?: unknown } | null;
  const recibo = state?.recibo;
  if (!isRecibo(recibo)) return <Navigate to={paths.ventas} replace />;
  return <Factura recibo={recibo} consulta={state?.consulta === true} />;
}

/**
 * `consulta`: an earlier sale's ticket opened again from its detail (Ver ticket, issue #52 point 7): it
 * says the sale's state, not "registrada", and an annulled sale offers no annulment.
 */
function Factura({ recibo, consulta }: { recibo: TRecibo; consulta: boolean }) {
  const navigate = useNavigate();
  const completar = useCompletarVenta();
  const anular = useAnularVenta();
  const session = useSession();
  // The paper: this device's choice (the printer is attached to it), else the store's default (issue #19).
  const ajustes = useAjustesTienda();
  const [formatoLocal, setFormato] = useState<FormatoRecibo | null>(() => {
    const saved = window.localStorage.getItem(FORMATO_KEY);
    return FORMATOS.some((f) => f.value === saved) ? (saved as FormatoRecibo) : null;
  });
  const formato: FormatoRecibo = formatoLocal ?? ajustes.data?.anchoPapel ?? '80';
  // A sale made offline (issue #53): in the device's outbox, not yet on the server; the server completes it when it syncs.
  const local = esReciboLocal(recibo);
  const impuestosVenta = useImpuestosVenta(recibo.id, !local);
  // Its taxes computed on the device, as the server computes them (the NIT and IVA by rate of the last sync).
  const impuestosLocal = useQuery({ enabled: local, queryKey: ['impuestos', 'sin-red', recibo.sinRed?.numero], queryFn: async () => (await fuenteRegistrada()?.impuestosDe(recibo)) ?? null, staleTime: Infinity });
  const impuestos = local ? impuestosLocal.data : impuestosVenta.data;
  const contingencia = useQuery({ enabled: local, queryKey: ['sin-red', 'contingencia'], queryFn: async () => (await fuenteRegistrada()?.contingencia()) ?? false }).data;
  // Fiado past the customer's limit, authorised offline: the sale is flagged for review, and its receipt says so (issue #53).
  const sobregiro = useQuery({ enabled: local, queryKey: ['sin-red', 'sobregiro', recibo.sinRed?.numero], queryFn: async () => (await fuenteRegistrada()?.sobregiro(recibo.sinRed!.numero)) ?? false, staleTime: Infinity }).data;
  const tienda = useMemo(() => (ajustes.data ? { ...ajustes.data, impuestos: impuestos ?? null } : null), [ajustes.data, impuestos]);
  const ancho = formato === '58' ? '58' : '80';
  const [imprimiendo, setImprimiendo] = useState(false);

  /** Straight to the thermal printer where the browser can (ESC/POS, drawer on cash); the print dialog otherwise. */
  const imprimirDirecto = async () => {
    setImprimiendo(true);
    try {
      const { bytesRecibo } = await import('../../lib/impresion/escpos');
      await enviarAImpresora(bytesRecibo(recibo, tienda, ancho));
    } catch (err) {
      // The cashier closing the printer chooser is not a failure.
      if (!(err instanceof DOMException && err.name === 'NotFoundError')) {
        await alertError(M.generic.errorTitle, V.impresionDirectaFallida);
        window.print();
      }
    } finally {
      setImprimiendo(false);
    }
  };
  const pdf = async () => {
    const { descargarPdf } = await import('../../lib/impresion/pdf');
    await descargarPdf(recibo, tienda, ancho);
  };
  /** The customer's copy of the electronic document (issue #31 point 6). */
  const xml = async () => {
    try {
      await descargarArchivo(`/dian/ventas/${recibo.id}/xml`, undefined, { fallo: M.generic.errorText, nombre: `${recibo.documento?.numero ?? recibo.id}.xml` });
    } catch (err) {
      await alertFailure(err);
    }
  };
  const whatsapp = () => window.open(enlaceWhatsApp(textoWhatsApp(recibo, tienda), recibo.cliente?.telefono), '_blank', 'noopener');
  /** Once the sale has been completed or annulled, leaving does nothing more. */
  const settled = useRef(recibo.estado !== 'Pendiente' || local);
  const busy = completar.isPending || anular.isPending;

  // Leaving the receipt with the browser's back button completes the sale too (spec §4).
  useAtrasAlInicio(() => {
    if (settled.current) return;
    settled.current = true;
    completar.mutateAsync(recibo.id).catch(failure);
  });

  // Any other way out (a link, signing out) completes it as well, quietly. The check is deferred
  // so that a development remount (StrictMode) is not taken for leaving.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      setTimeout(() => {
        if (mounted.current || settled.current) return;
        settled.current = true;
        completarVenta(recibo.id).catch(() => undefined);
      }, 0);
    };
  }, [recibo.id]);

  /** 'Nueva venta' and 'Volver al inicio': the sale becomes Completada, then we leave. */
  const salir = async (to: string) => {
    if (busy) return;
    if (!settled.current) {
      try {
        await completar.mutateAsync(recibo.id);
        settled.current = true;
      } catch (err) {
        return void failure(err);
      }
    }
    navigate(to, { replace: true });
  };

  const anularVenta = async () => {
    if (busy) return;
    if (!(await confirmAction(V.anularTitle, V.anularText, V.anularConfirm))) return;
    try {
      await anular.mutateAsync(recibo.id);
      settled.current = true;
    } catch (err) {
      return void failure(err);
    }
    toastSuccess(V.ventaAnulada, V.ventaAnuladaText);
    navigate(paths.ventas, { replace: true });
  };

  // Enter (outside a control) starts the next sale; a scan starts it with that product in the cart.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Enter' || e.defaultPrevented || document.querySelector('.swal2-container')) return;
      const el = document.activeElement;
      if (el instanceof HTMLButtonElement || el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLAnchorElement) return;
      e.preventDefault();
      void salirRef.current(paths.ventas);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const salirRef = useRef(salir);
  useEffect(() => {
    salirRef.current = salir;
  });
  useEscaner(
    (codigo) =>
      void fetchProductoPorCodigo(codigo)
        .then((p) => {
          if (p.stock > 0) guardarCarrito(agregarProducto([], p));
        })
        .catch(() => undefined)
        .finally(() => void salirRef.current(paths.ventas)),
    !busy,
    { enCampos: true },
  );

  const elegirFormato = (value: FormatoRecibo) => {
    setFormato(value);
    window.localStorage.setItem(FORMATO_KEY, value);
  };

  const ticketRef = useRef<HTMLElement>(null);
  const [page, setPage] = useState('A4');
  useEffect(() => {
    const medir = () => setPage(tamanoPagina(formato, ticketRef.current));
    medir();
    window.addEventListener('resize', medir);
    // The store's details arrive after the ticket is drawn, and fonts load late: measure when it changes size.
    const obs = typeof ResizeObserver === 'function' && ticketRef.current ? new ResizeObserver(medir) : null;
    if (obs) obs.observe(ticketRef.current!);
    return () => {
      window.removeEventListener('resize', medir);
      obs?.disconnect();
    };
  }, [formato, recibo, tienda]);

  return (
    <>
      {/* The printer's paper follows the chosen format. */}
      <style>{`@media print { @page { size: ${page}; margin: ${formato === 'a4' ? '15mm' : '3mm'}; } }`}</style>
      <header className="page-header no-print">
        <h1>
          <IconReceipt /> {V.facturaTitulo}
        </h1>
        <div className="page-header__actions">
          {/* The next sale first (issue #36 point 6): focused, the first Tab stop, in sight on a phone. */}
          <button type="button" className="btn" onClick={() => salir(paths.ventas)} disabled={busy} autoFocus>
            {V.nuevaVenta}
          </button>
        </div>
      </header>

      <div className="venta-factura">
        <Recibo ref={ticketRef} recibo={recibo} formato={formato} tienda={tienda} contingencia={local && contingencia ? { titulo: M.sinRed.contingenciaTitulo, texto: M.sinRed.contingencia } : null} sobregiro={local && sobregiro ? M.sinRed.sobregiro : null} />

        <aside className="factura__acciones no-print" aria-label={V.accionesFactura}>
          {local ? (
            <p className="factura__estado" role="status" data-testid="recibo-sin-red-numero">
              {M.sinRed.numero(recibo.sinRed!.numero)} · {M.sinRed.pendienteEnvio}
            </p>
          ) : (
            <p className={consulta ? 'factura__estado' : 'factura__ok'} role="status">
              {consulta ? V.ventaConsultada(recibo.numero, recibo.estado) : V.ventaRegistrada(recibo.numero)}
            </p>
          )}
          <div className="field">
            <label htmlFor="formato-recibo">{I.formato}</label>
            <select id="formato-recibo" value={formato} onChange={(e) => elegirFormato(e.target.value as FormatoRecibo)}>
              {FORMATOS.map((f) => (
                <option key={f.value} value={f.value}>
                  {f.label}
                </option>
              ))}
            </select>
          </div>
          <button type="button" className="btn btn--ghost btn--block" onClick={() => window.print()}>
            {I.imprimir}
          </button>
          <div className="factura__extra">
            {impresionDirectaDisponible() && formato !== 'a4' ? (
              <button type="button" className="btn btn--ghost btn--block" onClick={() => void imprimirDirecto()} disabled={imprimiendo}>
                {imprimiendo ? I.imprimiendo : I.imprimirTermica}
              </button>
            ) : null}
            <button type="button" className="btn btn--ghost btn--block" onClick={() => void pdf()}>
              {I.descargarPdf}
            </button>
            <button type="button" className="btn btn--ghost btn--block" onClick={whatsapp}>
              {recibo.cliente?.telefono ? I.whatsappCliente : I.whatsapp}
            </button>
            {recibo.documento ? (
              <button type="button" className="btn btn--ghost btn--block" onClick={() => void xml()}>
                {M.dian.descargarXml}
              </button>
            ) : null}
            {session?.rol === ROL.ADMIN ? (
              <p className="factura__nota">
                <Link to="/ajustes_tienda">{I.datosRecibo}</Link>
              </p>
            ) : null}
          </div>
          <button type="button" className="btn btn--ghost btn--block" onClick={() => salir(paths.inicio)} disabled={busy}>
            {V.volverAlInicio}
          </button>
          {recibo.estado === 'Anulada' || local ? null : (
            <button type="button" className="btn btn--ghost btn--block btn--danger-text" onClick={anularVenta} disabled={busy}>
              <IconClose /> {V.anularVenta}
            </button>
          )}
        </aside>
      </div>
    </>
  );
}
