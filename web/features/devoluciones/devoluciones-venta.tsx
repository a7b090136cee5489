import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { aMilesimas, deMilesimas, formatCantidad, porUnidad } from '#shared/cantidad';
import { repartirReembolso, valorDevueltoCantidad, type PorMetodo } from '#shared/devolucion';
import { AppError } from '#shared/errors';
import { generic } from '#shared/messages/comun';
import { devoluciones } from '#shared/messages/devoluciones';
import { formatPesos } from '#shared/money';
import { METODO } from '#shared/roles';
import type { TDestino, TDevolucion, TDevolucionesDeVenta } from '#shared/schemas/devolucion';
import type { TAutorizacionPin } from '#shared/schemas/venta';
import { paths } from '../../config/paths';
import { CuentasCambio, errorNuevos, importeNuevo, milesimasNuevo, milesimasPedidas, ProductosNuevos, RecibidoCambio, type Nuevo } from '../../components/cambio-nuevos';
import { ErrorCampo, Field, SelectField } from '../../components/ui/field';
import { Cabeceras, numerica } from '../../components/ui/cabeceras';
import { useAjustesTienda } from '../../lib/ajustes-tienda';
import { alertWarning, toastSuccess } from '../../lib/alerts';
import { NetworkError } from '../../lib/api-client';
import { useFechas } from '../../lib/fechas';
import { useMisPermisos } from '../../lib/mis-permisos';
import { pedirPinSupervisor, supervisoresParaPin, type IntentoPin } from '../../lib/pin-supervisor';
import { COLUMNAS, enlaceWhatsApp } from '../../lib/impresion/texto-recibo';
import { useDevolucionesDeVenta, useMetodosReembolso, useProductosCambio, useRegistrarCambio, useRegistrarDevolucion } from './api';
import { lineasDevolucion, textoReembolso, textoWhatsAppDevolucion } from './texto-devolucion';
import './devoluciones.css';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { devoluciones, generic };
const D = M.devoluciones;

/**
 * A sale's returns (issue #32 point 1), under its invoice: the returns made, each with its document to
 * print, download or send, and for a completed sale the form that returns some units of some lines.
 */
export function DevolucionesVenta({ idVenta, estado }: { idVenta: number; estado: string }) {
  const query = useDevolucionesDeVenta(idVenta);
  // Which form is open: a plain return, or an exchange (issue #32 point 2).
  const [abierto, setAbierto] = useState<'devolucion' | 'cambio' | null>(null);
  const [ultima, setUltima] = useState<number | null>(null);
  const data = query.data;
  if (!data) return null;
  const quedan = data.lineas.some((l) => quedanDe(l) > 0);
  if (estado !== 'Completada' && data.devoluciones.length === 0) return null;
  return (
    <section className="card devoluciones" aria-labelledby="devoluciones-titulo">
      <header className="devoluciones__head">
        <h2 id="devoluciones-titulo">{D.historial}</h2>
        {estado === 'Completada' && quedan && !abierto ? (
          <div className="devoluciones__botones">
            <button type="button" className="btn" onClick={() => setAbierto('devolucion')}>
              {D.boton}
            </button>
            <button type="button" className="btn btn--ghost" onClick={() => setAbierto('cambio')}>
              {D.botonCambio}
            </button>
          </div>
        ) : null}
      </header>
      {abierto ? (
        <FormularioDevolucion
          key={abierto}
          datos={data}
          cambio={abierto === 'cambio'}
          onCancelar={() => setAbierto(null)}
          onHecha={(d) => {
            setAbierto(null);
            setUltima(d.idDevolucion);
          }}
        />
      ) : null}
      {data.devoluciones.length === 0 ? (
        <p className="devoluciones__vacio">{D.sinDevoluciones}</p>
      ) : (
        <ul className="devoluciones__lista">
          {data.devoluciones.map((d) => (
            <li key={d.idDevolucion}>
              <Documento d={d} destacado={d.idDevolucion === ultima} telefono={d.cliente?.telefono ?? null} />
            </li>
          ))}
        </ul>
      )}
      {estado === 'Completada' && !quedan ? <p className="devoluciones__vacio">{D.nadaPorDevolver}</p> : null}
    </section>
  );
}

interface Fila {
  cantidad: string;
  destino: TDestino;
}

type LineaDevolvible = TDevolucionesDeVenta['lineas'][number];

/** What is left to return of a line, in thousandths (a weighed line, issue #33: exact, never 0,30000000000000004). */
const quedanDe = (l: LineaDevolvible) => (aMilesimas(l.vendidas) ?? 0) - (aMilesimas(l.devueltas) ?? 0);

/** A wrong PIN (or a cashier past their tries): the dialog stays open with it. */
const esErrorDePin = (err: unknown): err is AppError => err instanceof AppError && (err.code === 'RATE_LIMITED' || err.message === D.pinIncorrecto);

/** What the sale's methods paid and what its returns gave back, as `repartirReembolso` reads them. */
const porMetodo = (pagos: TDevolucionesDeVenta['pagos'], campo: 'pagado' | 'devuelto'): PorMetodo => Object.fromEntries(pagos.map((p) => [p.metodoPagoId, p[campo]]));

/** One part of a refund as the form says it: to the account, from the drawer, or by the sale's transfer or card. */
const etiquetaParte = (metodoPagoId: number, nombre: string) =>
  metodoPagoId === METODO.FIADO ? D.parteFiado : metodoPagoId === METODO.EFECTIVO ? D.parteEfectivo : D.parteOtro(nombre);

/**
 * The return's form; with `cambio`, the exchange's (issue #32 point 2): the same lines to give back,
 * what the customer takes instead, and one method for the difference either way.
 */
function FormularioDevolucion({
  datos,
  cambio = false,
  onCancelar,
  onHecha,
}: {
  datos: TDevolucionesDeVenta;
  cambio?: boolean;
  onCancelar: () => void;
  onHecha: (d: TDevolucion) => void;
}) {
  const registrar = useRegistrarDevolucion(datos.ventaId);
  const registrarCambio = useRegistrarCambio(datos.ventaId);
  const navigate = useNavigate();
  const [nuevos, setNuevos] = useState<Nuevo[]>([]);
  const [recibido, setRecibido] = useState('');
  const metodos = useMetodosReembolso();
  const [filas, setFilas] = useState<Record<number, Fila>>({});
  const [metodo, setMetodo] = useState<number>(METODO.EFECTIVO);
  // A plain return's money goes back the way it came (ADR 039); with a customer, all of it may go to their account instead.
  const [aCuenta, setACuenta] = useState(false);
  const [referencia, setReferencia] = useState('');
  // Without `devolver` (issue #51 point 3), a supervisor's PIN authorises giving money back.
  const puedeDevolver = useMisPermisos().devolver;
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [clave] = useState(() => crypto.randomUUID());

  const fila = (facturaId: number): Fila => filas[facturaId] ?? { cantidad: '', destino: 'inventario' };
  // A message about what was typed goes once it is typed again.
  const cambiar = (facturaId: number, cambio: Partial<Fila>) => {
    setFilas((f) => ({ ...f, [facturaId]: { ...fila(facturaId), ...cambio } }));
    setError(null);
  };
  const cambiarNuevos = (n: Nuevo[]) => {
    setNuevos(n);
    setError(null);
  };
  const pedidas = datos.lineas.flatMap((l) => {
    const m = milesimasPedidas(fila(l.facturaId).cantidad, l.unidad);
    return !m ? [] : [{ l, milesimas: m, cantidad: deMilesimas(m), destino: fila(l.facturaId).destino }];
  });
  const total = pedidas.reduce((s, x) => s + valorDevueltoCantidad(x.l.pagado, x.l.vendidas, x.l.devueltas, deMilesimas(Math.min(x.milesimas, quedanDe(x.l)))), 0);
  const nombresMetodo = new Map(datos.pagos.map((p) => [p.metodoPagoId, p.metodo]));
  const partes = aCuenta ? (total > 0 ? [{ metodoPagoId: METODO.FIADO, monto: total }] : []) : repartirReembolso(porMetodo(datos.pagos, 'pagado'), porMetodo(datos.pagos, 'devuelto'), total).partes;
  // A transfer or card part is refunded by it, with its reference.
  const parteConReferencia = partes.find((x) => x.metodoPagoId !== METODO.FIADO && x.metodoPagoId !== METODO.EFECTIVO);
  const valorNuevo = nuevos.reduce((acc, n) => acc + importeNuevo(n), 0);
  const diferencia = valorNuevo - total;
  const opciones = useMemo(
    () =>
      (metodos.data ?? [])
        .filter((m) => m.id !== METODO.FIADO || datos.cliente)
        .map((m) => ({ value: String(m.id), label: m.id === METODO.FIADO ? `${D.alFiado} · ${formatPesos(datos.cliente?.saldo ?? 0)}` : m.nombre })),
    [metodos.data, datos.cliente],
  );

  const enviar = async () => {
    setError(null);
    // A typed text that is no quantity (two commas, four decimals): said, not silently left out.
    const malEscrita = datos.lineas.find((l) => milesimasPedidas(fila(l.facturaId).cantidad, l.unidad) === null);
    if (malEscrita) return setError(porUnidad(malEscrita.unidad) ? D.cantidadEntera(malEscrita.producto) : D.cantidadInvalida);
    if (pedidas.length === 0) return setError(D.sinLineas);
    // The server refuses the same; said here in the store's words, not the browser's.
    const demasiadas = pedidas.find((x) => x.milesimas > quedanDe(x.l));
    if (demasiadas) {
      const q = quedanDe(demasiadas.l);
      return setError(D.masDeLoVendido(demasiadas.l.producto, porUnidad(demasiadas.l.unidad) || q === 0 ? deMilesimas(q) : formatCantidad(deMilesimas(q), demasiadas.l.unidad)));
    }
    if (cambio) return enviarCambio();
    try {
      const d = await conPermiso((autorizacion) =>
        registrar.mutateAsync({
          clave,
          ...(aCuenta ? { metodoPagoId: METODO.FIADO } : {}),
          ...(parteConReferencia ? { referencia: referencia.trim() } : {}),
          motivo,
          lineas: pedidas.map((x) => ({ facturaId: x.l.facturaId, cantidad: x.cantidad, destino: x.destino })),
          ...(autorizacion ? { autorizacion } : {}),
        }),
      );
      if (!d) return;
      toastSuccess(D.registrada, D.registradaTexto(d.numero, formatPesos(d.total)));
      onHecha(d);
    } catch (err) {
      if (err instanceof NetworkError) return void alertWarning(M.generic.connectionTitle, M.generic.connectionText);
      const mensaje = err instanceof AppError ? (Object.values(err.fields ?? {})[0] ?? err.message) : M.generic.errorText;
      setError(mensaje);
    }
  };

  /**
   * Sends at once with the `devolver` permission; without it, through the supervisor's PIN dialog (the
   * discounts' and the caja's): a wrong PIN keeps it open. Null when the person closed it.
   */
  async function conPermiso<T>(enviar: (autorizacion?: TAutorizacionPin) => Promise<T>): Promise<T | null> {
    if (puedeDevolver) return enviar();
    const supervisores = await supervisoresParaPin(D.sinSupervisores);
    if (!supervisores) return null;
    const hecho = await pedirPinSupervisor(
      supervisores,
      async (autorizacion): Promise<IntentoPin<{ valor: T } | { error: unknown }>> => {
        try {
          return { hecho: { valor: await enviar(autorizacion) } };
        } catch (err) {
          return esErrorDePin(err) ? { pinError: err.message } : { hecho: { error: err } };
        }
      },
      { texto: D.pinTexto, autorizar: D.pinAutorizar },
    );
    if (!hecho) return null;
    if ('error' in hecho) throw hecho.error;
    return hecho.valor;
  }

  const enviarCambio = async () => {
    // A product added with no quantity, or one that is none, is named: it is not silently left out.
    const malNuevo = errorNuevos(nuevos);
    if (malNuevo) return setError(malNuevo);
    try {
      const c = await conPermiso((autorizacion) =>
        registrarCambio.mutateAsync({
          clave,
          metodoPagoId: metodo,
          motivo,
          devolver: pedidas.map((x) => ({ facturaId: x.l.facturaId, cantidad: x.cantidad, destino: x.destino })),
          lineas: nuevos.map((n) => ({ productoId: n.producto.id, cantidad: deMilesimas(milesimasNuevo(n)) })),
          // What the customer hands over for the difference; left empty, exactly the difference.
          montoRecibido: diferencia > 0 && metodo !== METODO.FIADO ? (recibido.trim() === '' ? diferencia : Number(recibido) || 0) : 0,
          ...(autorizacion ? { autorizacion } : {}),
        }),
      );
      if (!c) return;
      toastSuccess(D.cambioRegistrado, D.cambioRegistradoTexto(c.devolucion.numero, c.venta.numero));
      onHecha(c.devolucion);
      // The new sale's document: it says it came from this exchange and the credit it applied.
      navigate(`${paths.detalleFactura}?id=${c.venta.id}`, { state: { idVenta: c.venta.id } });
    } catch (err) {
      if (err instanceof NetworkError) return void alertWarning(M.generic.connectionTitle, M.generic.connectionText);
      const mensaje = err instanceof AppError ? (Object.values(err.fields ?? {})[0] ?? err.message) : M.generic.errorText;
      setError(mensaje);
    }
  };

  return (
    <form
      className="devolucion-form"
      aria-label={cambio ? D.cambioTitulo : D.dialogoTitulo}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void enviar();
      }}
    >
      <h3>{cambio ? D.cambioTitulo : D.dialogoTitulo}</h3>
      <p className="devolucion-form__ayuda">{cambio ? D.cambioAyuda : D.dialogoAyuda}</p>
      <div className="table-wrap">
        <table className="table devolucion-tabla">
          <Cabeceras columnas={[D.producto, numerica(D.vendidas), numerica(D.yaDevueltas), D.aDevolver, D.destino]} />
          <tbody>
            {datos.lineas.map((l) => {
              const quedan = quedanDe(l);
              const f = fila(l.facturaId);
              // A weighed line takes up to three decimals with a comma (issue #33): a text field, not a number one.
              const medida = !porUnidad(l.unidad);
              return (
                <tr key={l.facturaId}>
                  <td className="devolucion-c-producto">{l.producto}</td>
                  <td className="num" data-label={D.vendidas}>
                    {formatCantidad(l.vendidas, l.unidad)}
                  </td>
                  <td className="num" data-label={D.yaDevueltas}>
                    {formatCantidad(l.devueltas, l.unidad)}
                  </td>
                  <td data-label={D.aDevolver}>
                    <input
                      className="devolucion-cantidad"
                      {...(medida
                        ? { type: 'text', inputMode: 'decimal' as const, placeholder: formatCantidad(deMilesimas(quedan), l.unidad) }
                        : { type: 'number', inputMode: 'numeric' as const, min: 0, max: deMilesimas(quedan), step: 1 })}
                      disabled={quedan === 0}
                      aria-label={`${D.aDevolver}: ${l.producto}`}
                      value={f.cantidad}
                      onChange={(e) => cambiar(l.facturaId, { cantidad: e.target.value })}
                    />
                  </td>
                  <td data-label={D.destino}>
                    <select aria-label={`${D.destino}: ${l.producto}`} value={f.destino} disabled={quedan === 0} onChange={(e) => cambiar(l.facturaId, { destino: e.target.value as TDestino })}>
                      <option value="inventario">{D.vuelveAlInventario}</option>
                      <option value="merma">{D.merma}</option>
                    </select>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {cambio ? <ProductosNuevos nuevos={nuevos} onChange={cambiarNuevos} useBuscar={useBuscarCambio} /> : null}
      <div className="devolucion-form__campos">
        {cambio ? (
          <SelectField label={D.medioDiferencia} value={String(metodo)} onChange={(e) => setMetodo(Number(e.target.value))} options={opciones} />
        ) : datos.cliente ? (
          <SelectField
            label={D.reembolso}
            value={aCuenta ? String(METODO.FIADO) : ''}
            onChange={(e) => setACuenta(e.target.value === String(METODO.FIADO))}
            options={[
              { value: '', label: D.comoSePago },
              { value: String(METODO.FIADO), label: `${D.alFiado} · ${formatPesos(datos.cliente.saldo)}` },
            ]}
          />
        ) : null}
        {!cambio && parteConReferencia ? (
          <Field
            label={D.referencia(nombresMetodo.get(parteConReferencia.metodoPagoId) ?? '')}
            hint={D.referenciaAyuda}
            value={referencia}
            maxLength={40}
            autoComplete="off"
            onChange={(e) => setReferencia(e.target.value)}
          />
        ) : null}
        {cambio && diferencia > 0 && metodo !== METODO.FIADO ? <RecibidoCambio diferencia={diferencia} value={recibido} onChange={setRecibido} /> : null}
        <Field label={D.motivo} hint={D.motivoAyuda} value={motivo} maxLength={200} onChange={(e) => setMotivo(e.target.value)} />
      </div>
      {cambio ? (
        <CuentasCambio devuelto={total} nuevo={valorNuevo} />
      ) : (
        <>
          <p className="devolucion-form__total">
            {D.totalADevolver}: <strong data-testid="devolucion-total">{formatPesos(total)}</strong>
          </p>
          <section className="devolucion-form__reembolso" aria-label={D.comoVuelve} data-testid="devolucion-reembolso">
            <h4>{D.comoVuelve}</h4>
            <p className="devolucion-form__ayuda">{D.comoVuelveAyuda}</p>
            {partes.length ? (
              <dl>
                {partes.map((x) => (
                  <div key={x.metodoPagoId}>
                    <dt>{etiquetaParte(x.metodoPagoId, nombresMetodo.get(x.metodoPagoId) ?? '')}</dt>
                    <dd>{formatPesos(x.monto)}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
          </section>
        </>
      )}
      {!puedeDevolver ? <p className="devolucion-form__pin">{D.necesitaPin}</p> : null}
      <ErrorCampo error={error} className="devolucion-form__error" como="p" />
      <div className="devolucion-form__acciones">
        <button type="button" className="btn btn--ghost" onClick={onCancelar}>
          {D.cancelar}
        </button>
        <button type="submit" className="btn" disabled={registrar.isPending || registrarCambio.isPending}>
          {cambio ? D.confirmarCambio : D.confirmar}
        </button>
      </div>
    </form>
  );
}

/** The till's product search, for what an exchange's customer takes instead. */
const useBuscarCambio = (q: string) => useProductosCambio(q).data;

/** One return's document: its summary, and the slip at the store's paper width to print, download or send. */
function Documento({ d, destacado, telefono }: { d: TDevolucion; destacado: boolean; telefono: string | null }) {
  const ajustes = useAjustesTienda();
  const fechas = useFechas();
  const ancho = ajustes.data?.anchoPapel === '58' ? '58' : '80';
  const zona = ajustes.data?.zonaHoraria;
  const lineas = lineasDevolucion(d, COLUMNAS[ancho], zona);
  const imprimir = () => {
    // The slip alone, in a frame of its own: the page around it is not printed.
    const frame = document.createElement('iframe');
    frame.className = 'devolucion-frame';
    document.body.appendChild(frame);
    const doc = frame.contentDocument!;
    doc.title = D.tituloN(d.numero);
    const pre = doc.createElement('pre');
    pre.style.font = '12px/1.3 monospace';
    pre.style.margin = '0';
    pre.textContent = lineas.join('\n');
    doc.body.appendChild(pre);
    frame.contentWindow!.focus();
    frame.contentWindow!.print();
    setTimeout(() => frame.remove(), 1000);
  };
  const pdf = async () => {
    const { pdfDeLineas } = await import('../../lib/impresion/pdf');
    pdfDeLineas(lineas, COLUMNAS[ancho], D.tituloN(d.numero)).save(D.pdfArchivo(d.numero));
  };
  return (
    <article className={`devolucion-doc${destacado ? ' devolucion-doc--nueva' : ''}`} aria-label={D.tituloN(d.numero)} data-testid={`devolucion-${d.numero}`}>
      <div className="devolucion-doc__resumen">
        <strong>{D.tituloN(d.numero)}</strong>
        <span>{fechas.fechaHora(d.fecha)}</span>
        <span>
          {d.lineas.map((l) => `${formatCantidad(l.cantidad, l.unidad)} × ${l.producto}${l.destino === 'merma' ? ` (${D.merma.toLowerCase()})` : ''}`).join(', ')}
        </span>
        <span>
          {D.totalDevuelto}: <strong>{formatPesos(d.total)}</strong> · {textoReembolso(d)}
        </span>
        <span className="devolucion-doc__motivo">
          {D.motivo}: {d.motivo}
        </span>
        {d.ventaCambio ? (
          <span className="devolucion-doc__cambio" data-testid={`devolucion-${d.numero}-cambio`}>
            {D.cambioAVenta(d.ventaCambio.numero)} ·{' '}
            <Link to={`${paths.detalleFactura}?id=${d.ventaCambio.id}`} state={{ idVenta: d.ventaCambio.id }}>
              {D.verVentaNueva(d.ventaCambio.numero)}
            </Link>
          </span>
        ) : null}
      </div>
      <div className="devolucion-doc__acciones">
        <button type="button" className="btn btn--sm" onClick={imprimir}>
          {D.imprimir}
        </button>
        <button type="button" className="btn btn--sm btn--ghost" onClick={() => void pdf()}>
          {D.pdf}
        </button>
        <a className="btn btn--sm btn--ghost" href={enlaceWhatsApp(textoWhatsAppDevolucion(d, zona), telefono)} target="_blank" rel="noreferrer">
          {D.whatsapp}
        </a>
      </div>
    </article>
  );
}
