import { useEffect, useRef, useState } from 'react';
import { formatCantidad, porUnidad, porUnidadDe } from '#shared/cantidad';
import { AppError } from '#shared/errors';
import { sinRed } from '#shared/messages/sin-red';
import { ventas } from '#shared/messages/ventas';
import { formatPesos } from '#shared/money';
import { METODO } from '#shared/roles';
import type { TClienteSinRed, TEquipoPropio } from '#shared/schemas/sin-red';
import type { TProductoVenta } from '#shared/schemas/venta';
import { DialogoCantidad } from '../../components/dialogo-cantidad';
import { useFechas } from '../../lib/fechas';
import { enModoApp, esIosSafari } from '../../lib/instalacion';
import { useSession } from '../../lib/session';
import { baseLocal, leerAjuste, plegar, type ProductoLocal, type VentaSalida } from './base-local';
import { sincronizar } from './sincronizar';
import { VentasEquipo } from './ventas-equipo';
import { agregarProducto, claveLinea, esPorMedida, fijarCantidad, importeDe, importeDeEtiqueta } from '../ventas/carrito';
import {
  buscarPorCodigo,
  catalogoDe,
  claveReciboLinea,
  descuentoSinRed,
  disponibleFiado,
  fiadoSinContar,
  productoVentaDe,
  totalConDescuentoDe,
  totalDe,
  venderSinRed,
  type LineaCarrito,
} from './venta-local';
import './sin-red.css';

const M = { sinRed, ventas };

/** "0,375 kg × Queso · $ 12.000/kg", "2 × Cerveza (Paca x12)": a line as the cart and the receipt show it. */
function textoLinea(l: { cantidad: number; nombre: string; precio: number; unidad?: string; presentacion?: string }) {
  const unidad = l.unidad ?? '94';
  const nombre = l.presentacion ? `${l.nombre} (${l.presentacion})` : l.nombre;
  return porUnidad(unidad) ? `${formatCantidad(l.cantidad, unidad)} × ${nombre}` : `${formatCantidad(l.cantidad, unidad)} × ${nombre} · ${formatPesos(l.precio)}${porUnidadDe(unidad)}`;
}

type Metodo = 'efectivo' | 'tarjeta' | 'fiado';
const ID_METODO: Record<Metodo, number> = { efectivo: METODO.EFECTIVO, tarjeta: 2, fiado: METODO.FIADO };
const NOMBRE: Record<Metodo, string> = { efectivo: M.sinRed.efectivo, tarjeta: M.sinRed.tarjeta, fiado: M.sinRed.fiado };

/**
 * The till without the network (issue #34 point 4, ADR 029): search and scan over the device's
 * catalogue, the cart, payment in cash, card or fiado (checked against the last synced balance plus
 * this device's unsent sales; over the limit allowed and flagged), and the receipt, shown only once the
 * sale is in the device's outbox with its number.
 */
export function VenderSinRed() {
  const session = useSession();
  const f = useFechas();
  const db = baseLocal();
  const [listo, setListo] = useState<'cargando' | 'sin-catalogo' | 'sin-dispositivo' | 'sin-permiso' | 'ok'>('cargando');
  const [q, setQ] = useState('');
  const [resultados, setResultados] = useState<ProductoLocal[]>([]);
  // The text those results are of (the box may be ahead of them).
  const [resultadosDe, setResultadosDe] = useState('');
  const [carrito, setCarrito] = useState<LineaCarrito[]>([]);
  const [metodo, setMetodo] = useState<Metodo>('efectivo');
  const [recibido, setRecibido] = useState('');
  const [documento, setDocumento] = useState('');
  const [cliente, setCliente] = useState<TClienteSinRed | null>(null);
  const [disponible, setDisponible] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [recibo, setRecibo] = useState<VentaSalida | null>(null);
  // A product sold by weight or measure asks its quantity in the online till's dialog (ADR 030):
  // to add it, or from its cart line to change it.
  const [pesar, setPesar] = useState<{ producto: TProductoVenta; linea?: string; cantidad?: number } | null>(null);
  const [aviso, setAviso] = useState<string | null>(null);
  const enviando = useRef(false);
  // The lookups of Enter, one after another.
  const cola = useRef<Promise<void>>(Promise.resolve());
  const buscador = useRef<HTMLInputElement>(null);
  const [descTipo, setDescTipo] = useState<'porcentaje' | 'valor'>('porcentaje');
  const [descTexto, setDescTexto] = useState('');
  const [descMotivo, setDescMotivo] = useState('');
  // A discount on the whole sale (ADR 034): by the online rule, checked by descuentoSinRed.
  const desc = session ? descuentoSinRed(session.rol, descTipo, descTexto, descMotivo, carrito) : {};
  const conDescuento = totalConDescuentoDe(carrito, desc.descuento);
  const subtotal = totalDe(carrito);
  const total = conDescuento.total;

  useEffect(() => {
    if (!db) return;
    void (async () => {
      if ((await db.productos.count()) === 0) return setListo('sin-catalogo');
      if (!(await leerAjuste(db, 'dispositivo'))) return setListo('sin-dispositivo');
      // Only a device the owner authorised sells offline (issue #51 point 5).
      const equipo = await leerAjuste<TEquipoPropio>(db, 'equipo');
      if (equipo?.estado !== 'autorizado') return setListo('sin-permiso');
      setListo('ok');
    })();
  }, [db]);

  useEffect(() => {
    if (!db) return;
    const texto = plegar(q.trim());
    if (!texto) return void setResultados([]);
    let vigente = true;
    void (async () => {
      const porCodigo = await db.productos.where('codigoBarras').equals(q.trim()).or('codigosPresentacion').equals(q.trim()).toArray();
      const encontrados = porCodigo.length ? porCodigo : await db.productos.filter((p) => p.busqueda.includes(texto)).limit(20).toArray();
      if (vigente) {
        setResultados(encontrados);
        setResultadosDe(q);
      }
    })();
    return () => {
      vigente = false;
    };
  }, [db, q]);

  useEffect(() => {
    if (!db || metodo !== 'fiado') return;
    let vigente = true;
    void (async () => {
      const c = documento.trim() ? ((await db.clientes.where('documento').equals(documento.trim()).first()) ?? null) : null;
      const d = c ? disponibleFiado(c, await fiadoSinContar(db, c.id)) : null;
      if (vigente) {
        setCliente(c);
        setDisponible(d);
      }
    })();
    return () => {
      vigente = false;
    };
  }, [db, metodo, documento, recibo]);

  if (!db || !session) return null;
  // Safari on iOS deletes a site's stored data after 7 days without use unless the app is installed:
  // sales kept on a phone in a browser tab could be lost before they are sent (issue #34 point 2).
  if (esIosSafari() && !enModoApp())
    return (
      <div className="card state" role="alert" data-testid="sin-red-instalar">
        <strong>{M.sinRed.instalarTitulo}</strong>
        <p>{M.sinRed.instalarIos}</p>
      </div>
    );
  if (listo === 'cargando') return null;
  if (listo !== 'ok')
    return (
      <div className="card state" role="alert">
        {listo === 'sin-catalogo' ? M.sinRed.sinCatalogo : listo === 'sin-permiso' ? M.sinRed.equipoNoAutorizado : M.sinRed.sinDispositivo}
      </div>
    );

  /** Adds a product (or a pack): a unit at once, a measured one through the dialog unless a scale label gave its quantity. */
  const agregar = (p: TProductoVenta, cantidad?: number, importe?: number) => {
    setAviso(null);
    // A product at $ 0 is not sold offline either (issue #52 point 7): the server would refuse the sale when it is sent.
    if (p.precio <= 0) return setAviso(M.ventas.sinPrecio([p.nombre]));
    if (cantidad == null && !porUnidad(p.unidad)) return setPesar({ producto: p });
    setCarrito((c) => agregarProducto(c, p, cantidad, importe));
    if (cantidad != null) setAviso(M.ventas.peso.etiqueta(p.nombre, formatCantidad(cantidad, p.unidad)));
    buscador.current?.focus();
  };

  /**
   * Enter in the search: a barcode, a pack's barcode or a scale label first (the server's order), else
   * the only name found. The box empties at once and the lookups go in the order typed, as the online
   * till's (a scanner's next code, typed while this one is looked up, is neither lost nor wiped); a
   * text that added nothing comes back to the box unless something new was typed meanwhile.
   */
  const alEnter = () => {
    const texto = q.trim();
    if (!texto) return;
    const unico = resultadosDe === q && resultados.length === 1 ? resultados[0]! : null;
    setQ('');
    cola.current = cola.current.then(async () => {
      try {
        const p = await buscarPorCodigo(catalogoDe(db), texto);
        if (p) return agregar(p, p.etiqueta?.cantidad, importeDeEtiqueta(p));
      } catch (err) {
        // A label the till cannot sell (a product sold by unit, a weight for one sold by volume): its reason.
        if (err instanceof AppError) return setAviso(err.message);
        throw err;
      }
      if (unico) agregar(productoVentaDe(unico));
      else setQ((actual) => (actual === '' ? texto : actual));
    }).catch((err: unknown) => window.reportError(err)); // a lookup that broke does not stop the next ones
  };

  const sobregiro = metodo === 'fiado' && cliente != null && disponible != null && total > disponible;

  const confirmar = async () => {
    if (enviando.current) return;
    setError(null);
    if (carrito.length === 0) return setError(M.sinRed.carritoVacio);
    if (desc.error) return setError(desc.error);
    const monto = Number(recibido.replace(/\D/g, '')) || 0;
    if (metodo === 'efectivo' && monto < total) return setError(M.sinRed.montoInsuficiente);
    if (metodo === 'fiado' && !cliente) return setError(M.sinRed.clienteNoEncontrado);
    if (metodo === 'fiado' && cliente && !cliente.fiado) return setError(M.sinRed.clienteSinFiado);
    enviando.current = true;
    try {
      const venta = await venderSinRed(db, {
        lineas: carrito,
        pago: { metodoPagoId: ID_METODO[metodo], metodo: NOMBRE[metodo], montoRecibido: monto, cliente: metodo === 'fiado' ? cliente : null },
        tienda: session.tienda ?? '',
        cajero: session.usuario,
        sobregiro,
        ...(desc.descuento ? { descuento: desc.descuento, motivoDescuento: desc.motivo } : {}),
      });
      setRecibo(venta);
      setCarrito([]);
      setRecibido('');
      setDescTexto('');
      setDescMotivo('');
      setDocumento('');
      if (navigator.onLine) void sincronizar();
    } catch {
      setError(M.sinRed.sinDispositivo);
    } finally {
      enviando.current = false;
    }
  };

  if (recibo) {
    const r = recibo.recibo;
    return (
      <section className="card recibo-sin-red" aria-labelledby="recibo-sin-red-titulo">
        <h2 id="recibo-sin-red-titulo">{M.sinRed.reciboTitulo}</h2>
        {r.contingencia ? (
          <div className="recibo-sin-red__contingencia" data-testid="recibo-sin-red-contingencia">
            <strong>{M.sinRed.contingenciaTitulo}</strong>
            <p>{M.sinRed.contingencia}</p>
          </div>
        ) : null}
        <p>
          <strong data-testid="recibo-sin-red-numero">{M.sinRed.numero(r.numero)}</strong>
        </p>
        <p>
          {r.tienda} · {r.cajero} · {f.fechaHora(r.fecha)}
        </p>
        {r.lineas.map((l, i) => (
          <div className="venta-sin-red__linea" key={claveReciboLinea(l, i)}>
            <span>{textoLinea(l)}</span>
            <span>{formatPesos(l.subtotal)}</span>
          </div>
        ))}
        {r.descuento ? (
          <div className="venta-sin-red__linea" data-testid="recibo-sin-red-descuento">
            <span>
              {M.sinRed.descuentoCantidad}
              {r.motivoDescuento ? ` (${r.motivoDescuento})` : ''}
            </span>
            <span>−{formatPesos(r.descuento)}</span>
          </div>
        ) : null}
        <div className="venta-sin-red__total">
          <span>{M.sinRed.total}</span>
          <span data-testid="recibo-sin-red-total">{formatPesos(r.total)}</span>
        </div>
        <p>
          {M.sinRed.metodo}: {r.metodo}
          {r.cliente ? ` · ${r.cliente}` : ''}
        </p>
        {r.cambio > 0 ? (
          <p>
            {M.sinRed.cambio}: {formatPesos(r.cambio)}
          </p>
        ) : null}
        {r.sobregiro ? <p className="venta-sin-red__aviso">{M.sinRed.sobregiro}</p> : null}
        <p className="recibo-sin-red__pendiente">{M.sinRed.pendienteEnvio}</p>
        <div className="venta-sin-red__metodos">
          <button type="button" className="btn btn--ghost" onClick={() => window.print()}>
            {M.sinRed.imprimir}
          </button>
          <button type="button" className="btn" onClick={() => setRecibo(null)}>
            {M.sinRed.nuevaVenta}
          </button>
        </div>
      </section>
    );
  }

  return (
    <div className="venta-sin-red">
      <section className="card" aria-labelledby="sin-red-titulo">
        <h2 id="sin-red-titulo">{M.sinRed.titulo}</h2>
        <label className="field">
          <span>{M.sinRed.buscar}</span>
          <input
            ref={buscador}
            className="input"
            value={q}
            autoFocus
            onChange={(e) => setQ(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                alEnter();
              }
            }}
          />
        </label>
        <p className="muted">{M.sinRed.buscarAyuda}</p>
        {q.trim() && resultados.length === 0 ? <p className="muted">{M.sinRed.sinResultados}</p> : null}
        {aviso ? (
          <p className="muted" role="status">
            {aviso}
          </p>
        ) : null}
        <ul className="venta-sin-red__resultados">
          {resultados.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                className="btn btn--ghost"
                aria-label={M.sinRed.agregar(p.nombre)}
                onClick={() => {
                  setQ('');
                  agregar(productoVentaDe(p));
                }}
              >
                <span>
                  {p.nombre}
                  {p.marca ? ` · ${p.marca}` : ''}
                </span>
                <span>
                  {formatPesos(p.precio)}
                  {porUnidadDe(p.unidad)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </section>
      <section className="card" aria-labelledby="sin-red-carrito">
        <h2 id="sin-red-carrito">{M.sinRed.carrito}</h2>
        {carrito.length === 0 ? <p className="muted">{M.sinRed.carritoVacio}</p> : null}
        {carrito.map((l) => (
          <div className="venta-sin-red__linea" key={claveLinea(l)} data-testid="sin-red-linea">
            {esPorMedida(l) ? (
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                aria-label={M.ventas.peso.cambiarCantidadDe(l.nombre, formatCantidad(l.cantidad, l.unidad))}
                onClick={() => setPesar({ producto: { ...l, codigoBarras: null }, linea: claveLinea(l), cantidad: l.cantidad })}
              >
                {textoLinea(l)}
              </button>
            ) : (
              <span>{textoLinea({ ...l, presentacion: l.unidadVenta?.nombre })}</span>
            )}
            <span>
              {formatPesos(importeDe(l))}{' '}
              <button type="button" className="btn btn--ghost btn--sm" aria-label={M.sinRed.quitar(l.unidadVenta ? `${l.nombre} (${l.unidadVenta.nombre})` : l.nombre)} onClick={() => setCarrito((c) => c.filter((x) => x !== l))}>
                ×
              </button>
            </span>
          </div>
        ))}
        <fieldset className="venta-sin-red__descuento">
          <legend>{M.sinRed.descuento}</legend>
          <label className="field">
            <span>{M.sinRed.descuentoTipo}</span>
            <select className="input" value={descTipo} onChange={(e) => setDescTipo(e.target.value as 'porcentaje' | 'valor')}>
              <option value="porcentaje">{M.sinRed.descuentoPorcentaje}</option>
              <option value="valor">{M.sinRed.descuentoValor}</option>
            </select>
          </label>
          <label className="field">
            <span>{M.sinRed.descuentoCantidad}</span>
            <input className="input" inputMode="numeric" value={descTexto} onChange={(e) => {
                setDescTexto(e.target.value.slice(0, 16));
                setError(null);
              }} />
          </label>
          {descTexto.trim() ? (
            <label className="field venta-sin-red__motivo">
              <span>{M.sinRed.motivoDescuento}</span>
              <input className="input" value={descMotivo} maxLength={120} onChange={(e) => {
                  setDescMotivo(e.target.value);
                  setError(null);
                }} />
            </label>
          ) : null}
          {descTexto.trim() && desc.error && desc.error !== M.sinRed.motivoDescuentoRequerido ? (
            <p className="venta-sin-red__aviso" data-testid="sin-red-descuento-aviso">
              {desc.error}
            </p>
          ) : null}
        </fieldset>
        {conDescuento.descuentoVenta > 0 ? (
          <div className="venta-sin-red__linea">
            <span>{M.sinRed.subtotal}</span>
            <span>{formatPesos(subtotal)}</span>
          </div>
        ) : null}
        {conDescuento.descuentoVenta > 0 ? (
          <div className="venta-sin-red__linea">
            <span>{M.sinRed.descuentoCantidad}</span>
            <span>−{formatPesos(conDescuento.descuentoVenta)}</span>
          </div>
        ) : null}
        <div className="venta-sin-red__total">
          <span>{M.sinRed.total}</span>
          <span data-testid="sin-red-total">{formatPesos(total)}</span>
        </div>
        <fieldset className="venta-sin-red__metodos">
          <legend>{M.sinRed.metodo}</legend>
          {(Object.keys(NOMBRE) as Metodo[]).map((m) => (
            <label key={m}>
              <input type="radio" name="metodo-sin-red" checked={metodo === m} onChange={() => setMetodo(m)} /> {NOMBRE[m]}
            </label>
          ))}
        </fieldset>
        {metodo === 'efectivo' ? (
          <label className="field">
            <span>{M.sinRed.recibido}</span>
            <input className="input" inputMode="numeric" value={recibido} onChange={(e) => setRecibido(e.target.value)} />
          </label>
        ) : null}
        {metodo === 'fiado' ? (
          <>
            <label className="field">
              <span>{M.sinRed.documentoCliente}</span>
              <input className="input" value={documento} onChange={(e) => setDocumento(e.target.value)} />
            </label>
            {documento.trim() && !cliente ? <p className="muted">{M.sinRed.clienteNoEncontrado}</p> : null}
            {cliente ? <p>{cliente.fiado ? M.sinRed.cupo(formatPesos(Math.max(0, disponible ?? 0))) : M.sinRed.clienteSinFiado}</p> : null}
            {sobregiro ? <p className="venta-sin-red__aviso">{M.sinRed.sobreCupo}</p> : null}
          </>
        ) : null}
        {error ? (
          <p className="field__error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="button" className="btn btn--primary" onClick={() => void confirmar()}>
          {M.sinRed.confirmar}
        </button>
      </section>
      <VentasEquipo db={db} />
      {pesar ? (
        <DialogoCantidad
          producto={pesar.producto}
          cantidad={pesar.cantidad}
          onCancelar={() => setPesar(null)}
          onConfirmar={(cantidad, importe) => {
            const { producto: p, linea } = pesar;
            setPesar(null);
            setCarrito((c) => (linea != null ? fijarCantidad(c, linea, cantidad, importe) : agregarProducto(c, p, cantidad, importe)));
            setAviso(M.ventas.peso.agregado(p.nombre, formatCantidad(cantidad, p.unidad)));
            requestAnimationFrame(() => buscador.current?.focus());
          }}
        />
      ) : null}
    </div>
  );
}
