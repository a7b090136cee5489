import { Fragment, useState } from 'react';
import { useNavigate } from 'react-router';
import { comun } from '#shared/messages/comun';
import { compras } from '#shared/messages/compras';
import { documentoSoporte } from '#shared/messages/documento-soporte';
import { formatCantidad } from '#shared/cantidad';
import { formatPesos } from '#shared/money';
import { PageHeader } from '../../components/page-header';
import { Field, SelectField } from '../../components/ui/field';
import { Cabeceras, numerica } from '../../components/ui/cabeceras';
import { paths } from '../../config/paths';
import { alertFailure, alertWarning, toastSuccess } from '../../lib/alerts';
import { useCrearOrden, useProductosDeProveedor, useProveedoresOpciones, useRecibir, useSoporteRecepcion } from './api/compras';
import { SoporteRecepcion } from './soporte-recepcion';
import { buscarCodigo, CampoEscaner, cambiarUnidad, CeldaCantidad, CeldaCosto, importeDeFila, leerCantidad, lineaDeFila, presentacionDe, SelectorPresentacion, type FilaCompra } from './lineas';
import { loteVacio, LotesDeLinea, lotesParaApi, type LoteFila } from './lotes-linea';
import { rutaOrden } from './rutas';
import './compras.css';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { comun, compras, documentoSoporte };
const C = M.compras.columnas;

/**
 * /ordenes_compra/nueva (issue #32 points 4–5): an order by hand for one supplier — a quantity and a
 * unit cost for each of its products — or the same lines received at once, without an order. A line
 * may be in one of the product's packs (ADR 036: packs and cost per pack), picked in its select or by
 * scanning the pack's barcode; a product sold by weight or measure takes decimals ("25,5").
 */
export default function NuevaOrdenPage() {
  const navigate = useNavigate();
  const proveedores = useProveedoresOpciones();
  const [proveedorId, setProveedorId] = useState<number | null>(null);
  const productos = useProductosDeProveedor(proveedorId);
  const [filas, setFilas] = useState<Record<number, FilaCompra>>({});
  // The lots of each product that tracks them (ADR 051), sent only when receiving without an order.
  const [lotes, setLotes] = useState<Record<number, LoteFila[]>>({});
  const [nota, setNota] = useState('');
  const [factura, setFactura] = useState('');
  const [cufe, setCufe] = useState('');
  const crear = useCrearOrden();
  const recibir = useRecibir();
  // The last reception without an order that carries a documento soporte.
  const [ultima, setUltima] = useState<{ id: number; numero: number } | null>(null);

  const lineas = () => Object.entries(filas).flatMap(([id, f]) => lineaDeFila(Number(id), f) ?? []);
  const fila = (id: number): FilaCompra => filas[id] ?? { cantidad: '', costo: '', unidadVentaId: null };
  const cambiar = (id: number, cambio: Partial<FilaCompra>) => setFilas((f) => ({ ...f, [id]: { ...(f[id] ?? { cantidad: '', costo: '', unidadVentaId: null }), ...cambio } }));

  // A scanned barcode: the product's own adds one unit, a pack's adds one pack (ADR 036).
  const onCodigo = (codigo: string) => {
    const hallado = buscarCodigo(productos.data?.items ?? [], codigo);
    if (!hallado) return void alertWarning(M.compras.codigoNoEsDelProveedor);
    const { producto: p, presentacion } = hallado;
    const actual = fila(p.id);
    const misma = actual.unidadVentaId === (presentacion?.id ?? null);
    const antes = misma ? leerCantidad(actual.cantidad) : null;
    const base = misma ? actual : cambiarUnidad({ ...actual, cantidad: '' }, presentacionDe(p.presentaciones, actual.unidadVentaId), presentacion);
    cambiar(p.id, { ...base, cantidad: String((antes && !Number.isNaN(antes) ? antes : 0) + 1).replace('.', ',') });
    toastSuccess(M.compras.codigoLeido(presentacion ? `${p.nombre} · ${presentacion.nombre}` : p.nombre));
    document.getElementById(`cmp-costo-${p.id}`)?.focus();
  };

  const onCrear = async () => {
    if (proveedorId == null) return void alertWarning(M.compras.elegirProveedorVacio);
    const ls = lineas();
    if (ls.length === 0) return void alertWarning(M.compras.sinLineas);
    try {
      const r = await crear.mutateAsync({ proveedorId, lineas: ls, nota: nota || null });
      toastSuccess(M.compras.ordenCreada, M.compras.ordenNumero(r.orden.numero));
      navigate(rutaOrden(r.orden.id));
    } catch (err) {
      await alertFailure(err);
    }
  };

  const onRecibir = async () => {
    if (proveedorId == null) return void alertWarning(M.compras.elegirProveedorVacio);
    const ls = lineas();
    if (ls.length === 0) return void alertWarning(M.compras.nadaQueRecibir);
    try {
      const conLotes = new Set((productos.data?.items ?? []).filter((p) => p.manejaLotes).map((p) => p.id));
      const lineas = ls.map((l) => (conLotes.has(l.productoId) ? { ...l, ...lotesParaApi(lotes[l.productoId] ?? []) } : { ...l, vence: null, lote: null }));
      const r = await recibir.mutateAsync({ proveedorId, facturaNumero: factura || null, cufe: cufe || null, lineas });
      toastSuccess(r.message);
      // From a supplier who does not invoice: its documento soporte, shown under the form (ADR 055).
      setUltima(r.soporte ? { id: r.recepcion.id, numero: r.recepcion.numero } : null);
      setFilas({});
      setLotes({});
      setFactura('');
      setCufe('');
    } catch (err) {
      await alertFailure(err);
    }
  };

  const opciones = [{ value: '', label: M.compras.elegirProveedorVacio }, ...(proveedores.data ?? []).map((p) => ({ value: String(p.id), label: p.nombre }))];
  const items = productos.data?.items ?? [];
  const conPresentaciones = items.some((p) => p.presentaciones.length > 0);
  const total = items.reduce((s, p) => s + (filas[p.id] ? importeDeFila(filas[p.id]!, presentacionDe(p.presentaciones, filas[p.id]!.unidadVentaId)?.factor ?? null) : 0), 0);
  return (
    <>
      <PageHeader title={M.compras.nuevaTitulo} backTo={paths.ordenesCompra} backLabel={M.compras.verOrdenes} />
      <p className="cmp-intro">{M.compras.nuevaTexto}</p>
      <div className="card cmp-nueva">
        <SelectField
          label={M.compras.elegirProveedor}
          value={proveedorId == null ? '' : String(proveedorId)}
          onChange={(e) => {
            setProveedorId(e.target.value ? Number(e.target.value) : null);
            setFilas({});
            setLotes({});
          }}
          options={opciones}
        />
        {proveedorId != null && productos.data && items.length === 0 ? <p className="cmp-muted">{M.compras.sinProductosProveedor}</p> : null}
        {items.length > 0 ? <CampoEscaner onCodigo={onCodigo} /> : null}
        {items.length > 0 ? (
          <div className="table-wrap">
            <table className="table cmp-table">
              <caption className="visually-hidden">{M.compras.productosDelProveedor}</caption>
              <Cabeceras columnas={[C.producto, numerica(C.stock), conPresentaciones && M.compras.presentacion, numerica(C.cantidad), numerica(C.costo), numerica(C.subtotal)]} />
              <tbody>
                {items.map((p) => {
                  const f = fila(p.id);
                  const pres = presentacionDe(p.presentaciones, f.unidadVentaId);
                  // A product that tracks lots asks them under its line once a quantity is typed.
                  const porLotes = p.manejaLotes && f.cantidad.trim() !== '';
                  return (
                    <Fragment key={p.id}>
                      <tr className={porLotes ? 'cmp-con-lotes' : undefined}>
                        <td>{p.nombre}</td>
                        <td className="num">{formatCantidad(p.stock, p.unidad)}</td>
                        {conPresentaciones ? (
                          <td>
                            {p.presentaciones.length > 0 ? (
                              <SelectorPresentacion nombre={p.nombre} presentaciones={p.presentaciones} value={f.unidadVentaId} onChange={(a) => cambiar(p.id, cambiarUnidad(f, pres, a))} />
                            ) : null}
                          </td>
                        ) : null}
                        <CeldaCantidad etiqueta={M.compras.cantidadDe(p.nombre)} unidad={p.unidad} value={f.cantidad} onChange={(cantidad) => cambiar(p.id, { cantidad })} />
                        <CeldaCosto id={`cmp-costo-${p.id}`} nombre={p.nombre} presentacion={pres} value={f.costo} onChange={(costo) => cambiar(p.id, { costo })} />
                        <td className="num">{formatPesos(importeDeFila(f, pres?.factor ?? null))}</td>
                      </tr>
                      {porLotes ? (
                        <LotesDeLinea
                          nombre={p.nombre}
                          unidad={p.unidad}
                          columnas={conPresentaciones ? 6 : 5}
                          lotes={lotes[p.id] ?? [{ ...loteVacio(), clave: 0 }]}
                          onChange={(ls) => setLotes((x) => ({ ...x, [p.id]: ls }))}
                        />
                      ) : null}
                    </Fragment>
                  );
                })}
              </tbody>
            </table>
          </div>
        ) : null}
        {items.length > 0 ? (
          <p className="cmp-editar__total">
            {C.total}: <strong data-testid="nueva-orden-total">{formatPesos(total)}</strong>
          </p>
        ) : null}
        <Field label={M.compras.nota} maxLength={500} value={nota} onChange={(e) => setNota(e.target.value)} />
        <div className="cmp-acciones">
          <button type="button" className="btn" onClick={onCrear} disabled={crear.isPending}>
            {M.compras.crearOrden}
          </button>
        </div>
      </div>
      <div className="card cmp-nueva" aria-labelledby="sin-orden-title">
        <h2 id="sin-orden-title">{M.compras.recibirSinOrden}</h2>
        <div className="form-grid">
          <Field label={M.compras.facturaNumero} maxLength={40} value={factura} onChange={(e) => setFactura(e.target.value)} />
          <Field label={M.compras.cufe} value={cufe} onChange={(e) => setCufe(e.target.value.trim())} spellCheck={false} autoComplete="off" />
        </div>
        <button type="button" className="btn btn--ghost" onClick={onRecibir} disabled={recibir.isPending}>
          {M.compras.recibirSinOrden}
        </button>
        {ultima ? <SoporteSinOrden {...ultima} /> : null}
      </div>
    </>
  );
}

/** A reception without an order from a supplier who does not invoice: its documento soporte and its notes (ADR 055). */
function SoporteSinOrden({ id, numero }: { id: number; numero: number }) {
  const soporte = useSoporteRecepcion(id);
  return (
    <section className="cmp-recepcion-sin-orden" aria-labelledby="sin-orden-soporte-title">
      <h3 id="sin-orden-soporte-title">{M.documentoSoporte.recepcionSinOrden(M.compras.recepcionNumero(numero))}</h3>
      {soporte.data !== undefined ? <SoporteRecepcion recepcionId={id} soporte={soporte.data} /> : <p className="cmp-muted">{M.comun.cargando}</p>}
    </section>
  );
}
