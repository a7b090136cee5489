import { Fragment, lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import { comun } from '#shared/messages/comun';
import { compras } from '#shared/messages/compras';
import { aMilesimas, deMilesimas, formatCantidad, formatMilesimas } from '#shared/cantidad';
import { formatPesos } from '#shared/money';
import { cufeDeQr, type TOrden } from '#shared/schemas/compras';
import { PageHeader } from '../../components/page-header';
import { Field, FechaInput, SelectField } from '../../components/ui/field';
import { Cabeceras, numerica } from '../../components/ui/cabeceras';
import { paths } from '../../config/paths';
import { alertFailure, alertWarning, confirmAction, toastSuccess } from '../../lib/alerts';
import { useFechas } from '../../lib/fechas';
import { useMisPermisos } from '../../lib/mis-permisos';
import { useSession } from '../../lib/session';
import { useActualizarOrden, useCambiarOrden, useOrden, useProductosDeProveedor, useRecibir } from './api/compras';
import { claseEstado } from './estado';
import { buscarCodigo, CampoEscaner, cambiarUnidad, cantidadDeLinea, costoDeLinea, CeldaCantidad, CeldaCosto, importeDeFila, leerCantidad, lineaDeFila, presentacionDe, SelectorPresentacion, type FilaCompra, type Presentacion } from './lineas';
import { loteVacio, LotesDeLinea, lotesParaApi, type LoteFila } from './lotes-linea';
import { SoporteRecepcion } from './soporte-recepcion';
import { enlaceWhatsapp } from './whatsapp';
import { importeDeLinea, valorOrden } from './valor';
import './compras.css';

const EscanerCamara = lazy(() => import('../../lib/impresion/escaner-camara'));

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { comun, compras };
const C = M.compras.columnas;

interface Fila extends FilaCompra {
  vence: string;
  lote: string;
}

const milesimas = (n: number) => aMilesimas(n) ?? Math.round(n * 1000);

/** The packs a line may be received in: the product's (from the supplier's list) and, if it is gone from there, the one the order asked. */
function presentacionesDeLinea(l: TOrden['items'][number], deProveedor: Map<number, Presentacion[]>): Presentacion[] {
  const propias = deProveedor.get(l.productoId ?? 0) ?? [];
  const e = l.empaque;
  if (e?.unidadVentaId != null && !propias.some((p) => p.id === e.unidadVentaId)) return [{ id: e.unidadVentaId, nombre: e.nombre, factor: e.factor }, ...propias];
  return propias;
}

/**
 * What is still pending of a line, as its first receipt row: in the order's pack when the pending
 * units are whole packs of it (ADR 036), else in the product's own unit.
 */
function filaInicial(l: TOrden['items'][number]): Fila {
  const pendiente = milesimas(l.cantidad) - milesimas(l.recibido);
  const e = l.empaque;
  if (e?.unidadVentaId != null && pendiente % (e.factor * 1000) === 0) {
    return { cantidad: String(pendiente / (e.factor * 1000)), costo: e.costo != null ? String(e.costo) : '', unidadVentaId: e.unidadVentaId, vence: '', lote: '' };
  }
  return { cantidad: formatMilesimas(pendiente), costo: l.costoUnit != null ? String(l.costoUnit) : '', unidadVentaId: null, vence: '', lote: '' };
}

/**
 * Receiving an order: what came of each line (the pending by default, in the pack the order asked it
 * in), its unit or pack, its cost, expiry and lot; the supplier's invoice. Scanning a pack's barcode
 * picks the pack on its line (ADR 036).
 */
function RecibirOrden({ orden }: { orden: TOrden }) {
  const recibir = useRecibir();
  const productos = useProductosDeProveedor(orden.proveedorId);
  const deProveedor = new Map((productos.data?.items ?? []).map((p) => [p.id, p.presentaciones as Presentacion[]]));
  // The products that track lots (ADR 051): their lines take one or more lots under them.
  const conLotes = new Set((productos.data?.items ?? []).filter((p) => p.manejaLotes).map((p) => p.id));
  const pendientes = orden.items.filter((l) => l.productoId != null && milesimas(l.cantidad) > milesimas(l.recibido));
  const [filas, setFilas] = useState<Record<number, Fila>>(() => Object.fromEntries(pendientes.map((l) => [l.id, filaInicial(l)])));
  const [lotes, setLotes] = useState<Record<number, LoteFila[]>>(() => Object.fromEntries(pendientes.map((l) => [l.id, [loteVacio()]])));
  const [factura, setFactura] = useState('');
  const [cufe, setCufe] = useState('');
  const [camara, setCamara] = useState(false);
  const [errores, setErrores] = useState<Record<string, string>>({});
  const cambiar = (id: number, cambio: Partial<Fila>) => setFilas((f) => ({ ...f, [id]: { ...f[id]!, ...cambio } }));

  // A scanned barcode of a product of this order: its line switches to what was scanned, one more of it.
  const onCodigo = (codigo: string) => {
    const hallado = buscarCodigo(productos.data?.items ?? [], codigo);
    const l = hallado && pendientes.find((x) => x.productoId === hallado.producto.id);
    if (!hallado || !l) return void alertWarning(M.compras.codigoNoEsDeOrden);
    const f = filas[l.id]!;
    const pres = hallado.presentacion;
    const misma = f.unidadVentaId === (pres?.id ?? null);
    const antes = misma ? leerCantidad(f.cantidad) : null;
    const base = misma ? f : cambiarUnidad({ ...f, cantidad: '' }, presentacionDe(presentacionesDeLinea(l, deProveedor), f.unidadVentaId), pres);
    cambiar(l.id, { ...base, cantidad: String((antes && !Number.isNaN(antes) ? antes : 0) + 1).replace('.', ',') });
    toastSuccess(M.compras.codigoLeido(pres ? `${l.nombre} · ${pres.nombre}` : l.nombre));
  };

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    const lineas = pendientes.flatMap((l) => {
      const f = filas[l.id]!;
      const linea = lineaDeFila(l.productoId!, f);
      if (!linea) return [];
      return [conLotes.has(l.productoId!) ? { ...linea, ...lotesParaApi(lotes[l.id] ?? []) } : { ...linea, vence: f.vence || null, lote: f.lote || null }];
    });
    if (lineas.length === 0) return void alertWarning(M.compras.nadaQueRecibir);
    try {
      const r = await recibir.mutateAsync({ ordenId: orden.id, facturaNumero: factura || null, cufe: cufe || null, lineas });
      setErrores({});
      toastSuccess(r.message);
    } catch (err) {
      const fields = (err as { fields?: Record<string, string> }).fields;
      if (fields) setErrores(fields);
      await alertFailure(err);
    }
  };

  return (
    <form className="card cmp-recibir" onSubmit={onSubmit} noValidate aria-labelledby="recibir-title">
      <h2 id="recibir-title">{M.compras.recibir}</h2>
      <CampoEscaner onCodigo={onCodigo} />
      {/* The lines wait for the supplier's products: which of them track lots decides the lot fields. */}
      {productos.isPending ? (
        <div className="state" role="status">
          {M.comun.cargando}
        </div>
      ) : (
        <div className="table-wrap">
          <table className="table cmp-table">
            <Cabeceras columnas={[C.producto, numerica(C.pendiente), M.compras.presentacion, numerica(C.recibir), numerica(C.costo), numerica(C.subtotal), C.vence, C.lote]} />
            <tbody>
              {pendientes.map((l) => {
                const f = filas[l.id]!;
                const opciones = presentacionesDeLinea(l, deProveedor);
                const pres = presentacionDe(opciones, f.unidadVentaId);
                const porLotes = conLotes.has(l.productoId!);
                return (
                  <Fragment key={l.id}>
                    <tr className={porLotes ? 'cmp-con-lotes' : undefined}>
                      <td>{l.nombre}</td>
                      <td className="num">{formatCantidad(deMilesimas(milesimas(l.cantidad) - milesimas(l.recibido)), l.unidad)}</td>
                      <td>
                        {opciones.length > 0 ? (
                          <SelectorPresentacion nombre={l.nombre} presentaciones={opciones} value={f.unidadVentaId} onChange={(a) => cambiar(l.id, cambiarUnidad(f, pres, a))} />
                        ) : (
                          <span className="cmp-muted">{M.compras.porUnidad}</span>
                        )}
                      </td>
                      <CeldaCantidad etiqueta={M.compras.recibidoDe(l.nombre)} unidad={l.unidad} value={f.cantidad} onChange={(cantidad) => cambiar(l.id, { cantidad })} />
                      <CeldaCosto nombre={l.nombre} presentacion={pres} value={f.costo} onChange={(costo) => cambiar(l.id, { costo })} />
                      <td className="num">{formatPesos(importeDeFila(f, pres?.factor ?? null))}</td>
                      {porLotes ? (
                        <td colSpan={2} />
                      ) : (
                        <>
                          <td>
                            <FechaInput className="cmp-vence" aria-label={M.compras.venceDe(l.nombre)} value={f.vence} onChange={(e) => cambiar(l.id, { vence: e.target.value })} />
                          </td>
                          <td>
                            <input className="cmp-lote" maxLength={40} aria-label={M.compras.loteDe(l.nombre)} value={f.lote} onChange={(e) => cambiar(l.id, { lote: e.target.value })} />
                          </td>
                        </>
                      )}
                    </tr>
                    {porLotes ? <LotesDeLinea nombre={l.nombre} unidad={l.unidad} columnas={8} lotes={lotes[l.id] ?? []} onChange={(ls) => setLotes((x) => ({ ...x, [l.id]: ls }))} /> : null}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <div className="form-grid cmp-factura">
        <Field label={M.compras.facturaNumero} maxLength={40} value={factura} onChange={(e) => setFactura(e.target.value)} error={errores.facturaNumero} />
        <div>
          <Field label={M.compras.cufe} value={cufe} onChange={(e) => setCufe(e.target.value.trim())} error={errores.cufe} hint={M.compras.cufeAyuda} spellCheck={false} autoComplete="off" />
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => setCamara(true)}>
            {M.compras.cufeLeer}
          </button>
        </div>
      </div>
      <button type="submit" className="btn" disabled={recibir.isPending || productos.isPending}>
        {M.compras.registrarRecepcion}
      </button>
      {camara ? (
        <Suspense fallback={null}>
          <EscanerCamara
            qr
            onCerrar={() => setCamara(false)}
            onCodigo={(texto) => {
              setCamara(false);
              const leido = cufeDeQr(texto);
              if (!leido) return void alertWarning(M.compras.cufeNoEncontrado);
              setCufe(leido);
              toastSuccess(M.compras.cufeLeido);
            }}
          />
        </Suspense>
      ) : null}
    </form>
  );
}

interface LineaEditada extends FilaCompra {
  productoId: number;
  nombre: string;
  unidad: string;
}

/** An order line as the edit form starts it: in its pack while the pack exists, else in units. */
function lineaEditada(l: TOrden['items'][number]): LineaEditada {
  const base = { productoId: l.productoId!, nombre: l.nombre, unidad: l.unidad };
  const e = l.empaque;
  if (e?.unidadVentaId != null) return { ...base, cantidad: String(e.empaques), costo: String(e.costo ?? 0), unidadVentaId: e.unidadVentaId };
  return { ...base, cantidad: formatMilesimas(milesimas(l.cantidad)), costo: String(l.costoUnit ?? 0), unidadVentaId: null };
}

/**
 * An order still in borrador, edited on screen (issue #32 point 4): quantities, units or packs and
 * their costs, lines removed, products of the supplier added; the server replaces the lines (PUT,
 * refused once sent).
 */
function EditarOrden({ orden, onCerrar }: { orden: TOrden; onCerrar: () => void }) {
  const actualizar = useActualizarOrden(orden.id);
  const productos = useProductosDeProveedor(orden.proveedorId);
  const deProveedor = new Map((productos.data?.items ?? []).map((p) => [p.id, p.presentaciones as Presentacion[]]));
  const [lineas, setLineas] = useState<LineaEditada[]>(() => orden.items.filter((l) => l.productoId != null).map(lineaEditada));
  const [nota, setNota] = useState(orden.nota ?? '');
  const cambiar = (productoId: number, cambio: Partial<FilaCompra>) => setLineas((ls) => ls.map((l) => (l.productoId === productoId ? { ...l, ...cambio } : l)));
  const enOrden = new Set(lineas.map((l) => l.productoId));
  const disponibles = (productos.data?.items ?? []).filter((p) => !enOrden.has(p.id));
  const opcionesDe = (l: LineaEditada): Presentacion[] => {
    const propias = deProveedor.get(l.productoId) ?? [];
    const original = orden.items.find((x) => x.productoId === l.productoId)?.empaque;
    return original?.unidadVentaId != null && !propias.some((p) => p.id === original.unidadVentaId)
      ? [{ id: original.unidadVentaId, nombre: original.nombre, factor: original.factor }, ...propias]
      : propias;
  };
  const total = lineas.reduce((s, l) => s + importeDeFila(l, presentacionDe(opcionesDe(l), l.unidadVentaId)?.factor ?? null), 0);

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    const pedidas = lineas.flatMap((l) => lineaDeFila(l.productoId, l) ?? []);
    if (pedidas.length === 0) return void alertWarning(M.compras.sinLineas);
    try {
      await actualizar.mutateAsync({ lineas: pedidas, nota: nota.trim() || null });
      toastSuccess(M.compras.ordenGuardada, M.compras.ordenNumero(orden.numero));
      onCerrar();
    } catch (err) {
      await alertFailure(err);
    }
  };

  return (
    <form className="card cmp-editar" onSubmit={onSubmit} noValidate aria-labelledby="editar-title">
      <h2 id="editar-title">{M.compras.editarTitulo}</h2>
      <p className="cmp-muted">{M.compras.editarTexto}</p>
      <div className="table-wrap">
        <table className="table cmp-table">
          <Cabeceras
            columnas={[C.producto, M.compras.presentacion, numerica(C.cantidad), numerica(C.costo), numerica(C.subtotal), { texto: <span className="visually-hidden">{M.compras.quitar}</span> }]}
          />
          <tbody>
            {lineas.map((l) => {
              const opciones = opcionesDe(l);
              const pres = presentacionDe(opciones, l.unidadVentaId);
              return (
                <tr key={l.productoId}>
                  <td>{l.nombre}</td>
                  <td>
                    {opciones.length > 0 ? (
                      <SelectorPresentacion nombre={l.nombre} presentaciones={opciones} value={l.unidadVentaId} onChange={(a) => cambiar(l.productoId, cambiarUnidad(l, pres, a))} />
                    ) : (
                      <span className="cmp-muted">{M.compras.porUnidad}</span>
                    )}
                  </td>
                  <CeldaCantidad etiqueta={M.compras.cantidadDe(l.nombre)} unidad={l.unidad} value={l.cantidad} onChange={(cantidad) => cambiar(l.productoId, { cantidad })} />
                  <CeldaCosto nombre={l.nombre} presentacion={pres} value={l.costo} onChange={(costo) => cambiar(l.productoId, { costo })} />
                  <td className="num">{formatPesos(importeDeFila(l, pres?.factor ?? null))}</td>
                  <td>
                    <button type="button" className="btn btn--sm btn--ghost" aria-label={M.compras.quitarDe(l.nombre)} onClick={() => setLineas((ls) => ls.filter((x) => x.productoId !== l.productoId))}>
                      {M.compras.quitar}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="form-grid">
        <SelectField
          label={M.compras.agregarProducto}
          value=""
          onChange={(e) => {
            const p = disponibles.find((x) => String(x.id) === e.target.value);
            if (p) setLineas((ls) => [...ls, { productoId: p.id, nombre: p.nombre, unidad: p.unidad, cantidad: '1', costo: '', unidadVentaId: null }]);
          }}
          options={[{ value: '', label: M.compras.agregarElegir }, ...disponibles.map((p) => ({ value: String(p.id), label: p.nombre }))]}
        />
        <Field label={M.compras.nota} maxLength={500} value={nota} onChange={(e) => setNota(e.target.value)} />
      </div>
      <p className="cmp-editar__total">
        {C.total}: <strong data-testid="orden-editada-total">{formatPesos(total)}</strong>
      </p>
      <div className="cmp-acciones">
        <button type="button" className="btn btn--ghost" onClick={onCerrar}>
          {M.compras.descartarCambios}
        </button>
        <button type="submit" className="btn" disabled={actualizar.isPending}>
          {M.compras.guardarCambios}
        </button>
      </div>
    </form>
  );
}

/** /ordenes_compra/:id (issue #32 points 4–5): one purchase order, its PDF and WhatsApp, its state, and receiving it. */
export default function OrdenPage() {
  const { id } = useParams();
  const idOrden = id && /^\d{1,9}$/.test(id) ? Number(id) : null;
  const q = useOrden(idOrden);
  const cambiar = useCambiarOrden(idOrden ?? 0);
  const fechas = useFechas();
  const session = useSession();
  const permisos = useMisPermisos();
  const orden = q.data;
  const tienda = session?.tienda ?? '';
  const [editando, setEditando] = useState(false);

  const onEnviar = async () => {
    try {
      await cambiar.mutateAsync('enviar');
      toastSuccess(M.compras.ordenEnviada);
    } catch (err) {
      await alertFailure(err);
    }
  };
  const onCancelar = async () => {
    if (!(await confirmAction(M.compras.cancelarTitulo, M.compras.cancelarTexto, M.compras.cancelarBoton))) return;
    try {
      await cambiar.mutateAsync('cancelar');
      toastSuccess(M.compras.ordenCancelada);
    } catch (err) {
      await alertFailure(err);
    }
  };
  const onPdf = async () => {
    if (!orden) return;
    const { pdfOrden } = await import('./orden-pdf');
    pdfOrden(orden, tienda, fechas.fecha(orden.creadaEn)).save(`OC-${orden.numero}.pdf`);
  };

  if (!orden) {
    return (
      <>
        <PageHeader title={M.compras.ordenesTitulo} backTo={paths.ordenesCompra} backLabel={M.compras.verOrdenes} />
        <div className="state" role={q.isError ? 'alert' : 'status'}>
          {q.isError || idOrden == null ? M.compras.ordenNoExiste : M.compras.ordenesCargando}
        </div>
      </>
    );
  }
  const abierta = orden.estado === 'borrador' || orden.estado === 'enviada' || orden.estado === 'parcial';
  return (
    <>
      <PageHeader title={M.compras.ordenTitulo(orden.numero)} backTo={paths.ordenesCompra} backLabel={M.compras.verOrdenes}>
        <button type="button" className="btn btn--ghost" onClick={onPdf}>
          {M.compras.pdf}
        </button>
        <a className="btn btn--ghost" href={enlaceWhatsapp(orden, tienda)} target="_blank" rel="noopener noreferrer">
          {M.compras.whatsapp}
        </a>
        {/* Costs hidden from this role (total null): it cannot price the lines, so it does not edit them. */}
        {orden.estado === 'borrador' && permisos.stock && orden.total != null && !editando ? (
          <button type="button" className="btn btn--ghost" onClick={() => setEditando(true)}>
            {M.compras.editar}
          </button>
        ) : null}
        {orden.estado === 'borrador' && permisos.stock && !editando ? (
          <button type="button" className="btn" onClick={onEnviar} disabled={cambiar.isPending}>
            {M.compras.enviar}
          </button>
        ) : null}
        {(orden.estado === 'borrador' || orden.estado === 'enviada') && permisos.stock ? (
          <button type="button" className="btn btn--ghost btn--danger-text" onClick={onCancelar} disabled={cambiar.isPending}>
            {M.compras.cancelar}
          </button>
        ) : null}
      </PageHeader>

      <section className="card cmp-resumen" aria-label={M.compras.resumen}>
        <dl className="cmp-dl">
          <div>
            <dt>{C.proveedor}</dt>
            <dd>{orden.proveedor}</dd>
          </div>
          <div>
            <dt>{C.estado}</dt>
            <dd>
              <span className={claseEstado(orden.estado)}>{M.compras.estados[orden.estado]}</span>
            </dd>
          </div>
          <div>
            <dt>{C.fecha}</dt>
            <dd>{fechas.fechaHora(orden.creadaEn)}</dd>
          </div>
          {orden.total != null ? (
            <div>
              <dt>{C.total}</dt>
              <dd data-testid="orden-total">{valorOrden({ total: orden.total, items: orden.items })}</dd>
            </div>
          ) : null}
        </dl>
        {orden.nota ? <p className="cmp-muted">{orden.nota}</p> : null}
      </section>

      {editando && orden.estado === 'borrador' ? (
        <EditarOrden key={orden.id} orden={orden} onCerrar={() => setEditando(false)} />
      ) : (
        <div className="table-wrap">
          <table className="table cmp-table">
            <caption className="visually-hidden">{M.compras.lineas}</caption>
            <Cabeceras columnas={[C.producto, numerica(C.cantidad), orden.total != null && numerica(C.costo), orden.total != null && numerica(C.subtotal), numerica(C.recibido), numerica(C.pendiente)]} />
            <tbody>
              {orden.items.map((l) => (
                <tr key={l.id}>
                  <td>{l.nombre}</td>
                  <td className="num cmp-nowrap">{cantidadDeLinea(l)}</td>
                  {orden.total != null ? <td className="num cmp-nowrap">{costoDeLinea(l)}</td> : null}
                  {orden.total != null ? <td className="num">{importeDeLinea(l)}</td> : null}
                  <td className="num">{formatCantidad(l.recibido, l.unidad)}</td>
                  <td className="num">{formatCantidad(deMilesimas(Math.max(milesimas(l.cantidad) - milesimas(l.recibido), 0)), l.unidad)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {abierta && permisos.stock && !editando ? <RecibirOrden key={orden.recepciones.length} orden={orden} /> : null}

      <section className="card cmp-recepciones" aria-labelledby="recepciones-title">
        <h2 id="recepciones-title">{M.compras.recepciones}</h2>
        {orden.recepciones.length === 0 ? (
          <p className="cmp-muted">{M.compras.recepcionesVacio}</p>
        ) : (
          <ul className="cmp-lista">
            {orden.recepciones.map((r) => (
              <li key={r.id}>
                <strong>{M.compras.recepcionNumero(r.numero)}</strong> · {fechas.fechaHora(r.fecha)} · {M.compras.unidades(formatMilesimas(milesimas(r.unidades)))}
                {r.total != null ? ` · ${formatPesos(r.total)}` : ''}
                {r.facturaNumero ? ` · ${M.compras.facturaCorta(r.facturaNumero)}` : ''} · {r.persona}
                <SoporteRecepcion recepcionId={r.id} soporte={r.soporte} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
