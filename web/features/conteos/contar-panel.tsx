import { useRef, useState, type FormEvent } from 'react';
import { formatCantidad, parseCantidad, porUnidad } from '#shared/cantidad';
import { comun, generic } from '#shared/messages/comun';
import { conteos } from '#shared/messages/conteos';
import type { TProductoConteo } from '#shared/schemas/conteo';
import { FechaInput } from '../../components/ui/field';
import { alertFailure, toastSuccess } from '../../lib/alerts';
import { fuenteConteo } from '../../lib/fuente-conteo';
import { useEscaner } from '../../lib/impresion/use-escaner';
import { buscarEnConteo, useRegistrarLinea } from './api/conteos';
import { ConteoEnEquipo } from './conteo-en-equipo';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { comun, conteos, generic };

/**
 * Counting on a phone (issue #58 point 1): scan a barcode (a scanner, or type it) or search by name,
 * then type how many; a pack counts as its units, a product by weight takes decimals. Blind: nothing
 * here shows the system's stock.
 */
export function ContarPanel({ conteoId }: { conteoId: number }) {
  const [texto, setTexto] = useState('');
  const [resultados, setResultados] = useState<TProductoConteo[] | null>(null);
  const [elegido, setElegido] = useState<TProductoConteo | null>(null);
  const [cantidad, setCantidad] = useState('');
  // Per lot (issue #58 point 2), for a product that tracks lots: its code, and the expiry of a new one.
  const [loteCodigo, setLoteCodigo] = useState('');
  const [loteVence, setLoteVence] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [buscando, setBuscando] = useState(false);
  const buscarRef = useRef<HTMLInputElement>(null);
  const cantidadRef = useRef<HTMLInputElement>(null);
  const registrar = useRegistrarLinea(conteoId);

  const elegir = (p: TProductoConteo) => {
    setElegido(p);
    setResultados(null);
    setCantidad('');
    setLoteCodigo('');
    setLoteVence('');
    setError(null);
    // The quantity field is rendered in this same update; focus it after.
    setTimeout(() => cantidadRef.current?.focus(), 0);
  };

  /** Without the network the device's catalogue answers and keeps the line (ADR 042's addendum); online, the server. */
  const sinRed = () => (navigator.onLine ? null : fuenteConteo());

  const nombre = (p: TProductoConteo) => (p.presentacion ? M.conteos.presentacionDe(`${p.nombre} · ${p.presentacion}`, p.factor) : p.nombre);

  /** Records `cantidad` of the product (or packs of it), or keeps it on the device offline; then back to the search. */
  const contar = async (p: TProductoConteo, cantidad: number, lote?: { codigo: string; vence?: string }) => {
    const total = formatCantidad(cantidad * p.factor, p.unidad);
    const equipo = sinRed();
    try {
      if (equipo) {
        await equipo.guardar(conteoId, p, cantidad, lote);
        toastSuccess(M.conteos.guardadaEnEquipo(lote ? `${nombre(p)} (${M.conteos.loteDeLinea(lote.codigo)})` : nombre(p), total));
      } else {
        await registrar.mutateAsync({ productoId: p.productoId, presentacionId: p.presentacionId, cantidad, ...(lote ? { lote } : {}) });
        toastSuccess(M.conteos.registrada(lote ? `${p.nombre} (${M.conteos.loteDeLinea(lote.codigo)})` : p.nombre, total));
      }
      setElegido(null);
      setTexto('');
      setCantidad('');
      buscarRef.current?.focus();
    } catch (err) {
      alertFailure(err);
    }
  };

  const buscar = async (q: string) => {
    const limpio = q.trim();
    if (!limpio) return;
    setBuscando(true);
    try {
      const equipo = sinRed();
      const encontrados = equipo ? await equipo.buscar(limpio) : await buscarEnConteo(conteoId, limpio);
      // A scanned code names one product or pack: straight to its quantity; a scale label carries it, and is counted at once.
      // A name search lists what it found, to choose.
      const porCodigo = encontrados.find((p) => p.codigoBarras === limpio);
      if (porCodigo?.cantidad != null) await contar(porCodigo, porCodigo.cantidad);
      else if (porCodigo) elegir(porCodigo);
      else setResultados(encontrados);
    } catch (err) {
      alertFailure(err);
    } finally {
      setBuscando(false);
    }
  };

  useEscaner((codigo) => {
    setTexto(codigo);
    void buscar(codigo);
  }, !elegido);

  const onBuscar = (e: FormEvent) => {
    e.preventDefault();
    void buscar(texto);
  };

  const onRegistrar = async (e: FormEvent) => {
    e.preventDefault();
    if (!elegido) return;
    const m = parseCantidad(cantidad);
    const entero = porUnidad(elegido.unidad) || elegido.factor > 1;
    if (m === null || (entero && m % 1000 !== 0)) return setError(M.conteos.cantidadInvalida);
    // Online and offline (the device keeps the lot with the line; the server checks it at sync).
    const codigo = elegido.manejaLotes ? loteCodigo.trim() : '';
    await contar(elegido, m / 1000, codigo ? { codigo, ...(loteVence ? { vence: loteVence } : {}) } : undefined);
  };

  return (
    <section className="conteo-contar" aria-label={M.conteos.contar}>
      <ConteoEnEquipo conteoId={conteoId} />
      <p className="conteo-ciego">{M.conteos.ciego}</p>
      {elegido ? (
        <form className="conteo-cantidad" onSubmit={onRegistrar} noValidate>
          <label htmlFor="conteo-cantidad">
            <span className="conteo-cantidad__producto">{M.conteos.cantidadDe(nombre(elegido))}</span>
          </label>
          <input
            id="conteo-cantidad"
            ref={cantidadRef}
            className="input conteo-cantidad__input"
            inputMode={porUnidad(elegido.unidad) || elegido.factor > 1 ? 'numeric' : 'decimal'}
            autoComplete="off"
            value={cantidad}
            maxLength={9}
            onChange={(e) => {
              setCantidad(e.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'conteo-cantidad-error' : undefined}
          />
          {error ? (
            <p id="conteo-cantidad-error" className="field__error" role="alert">
              {error}
            </p>
          ) : null}
          {elegido.manejaLotes ? (
            <fieldset className="conteo-lote" aria-describedby="conteo-lote-ayuda">
              <legend>{M.conteos.porLote}</legend>
              <div className="conteo-lote__campos">
                <label>
                  <span>{M.conteos.loteCampo}</span>
                  <input className="input" autoComplete="off" maxLength={40} value={loteCodigo} onChange={(e) => setLoteCodigo(e.target.value)} />
                </label>
                <label>
                  <span>{M.conteos.loteVenceCampo}</span>
                  <FechaInput className="input" value={loteVence} onChange={(e) => setLoteVence(e.target.value)} />
                </label>
              </div>
              <small id="conteo-lote-ayuda" className="field__hint">
                {M.conteos.porLoteAyuda}
                {sinRed() ? ` ${M.conteos.porLoteSinConexion}` : null}
              </small>
            </fieldset>
          ) : null}
          <div className="conteo-cantidad__acciones">
            <button type="button" className="btn btn--ghost" onClick={() => setElegido(null)}>
              {M.generic.cancel}
            </button>
            <button type="submit" className="btn" disabled={registrar.isPending}>
              {registrar.isPending ? M.comun.registrando : M.conteos.registrar}
            </button>
          </div>
        </form>
      ) : (
        <form className="conteo-buscar" onSubmit={onBuscar} role="search">
          <label htmlFor="conteo-buscar" className="visually-hidden">
            {M.conteos.buscar}
          </label>
          <input
            id="conteo-buscar"
            ref={buscarRef}
            className="input"
            type="search"
            autoComplete="off"
            maxLength={100}
            placeholder={M.conteos.buscarPlaceholder}
            value={texto}
            onChange={(e) => setTexto(e.target.value)}
          />
          <button type="submit" className="btn" disabled={buscando}>
            {M.conteos.buscarBoton}
          </button>
        </form>
      )}
      {resultados ? (
        resultados.length === 0 ? (
          <p className="state">{M.conteos.sinResultados}</p>
        ) : (
          <ul className="conteo-resultados">
            {resultados.map((p) => (
              <li key={`${p.productoId}-${p.presentacionId ?? 0}`}>
                <button type="button" className="conteo-resultado" onClick={() => elegir(p)}>
                  <span>{nombre(p)}</span>
                  {p.codigoBarras ? <small>{p.codigoBarras}</small> : null}
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </section>
  );
}
