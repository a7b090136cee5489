import { useState } from 'react';
import { useNavigate } from 'react-router';
import { comun } from '#shared/messages/comun';
import { compras } from '#shared/messages/compras';
import { parsePesos } from '#shared/money';
import { PageHeader } from '../../components/page-header';
import { Field, SelectField } from '../../components/ui/field';
import { paths } from '../../config/paths';
import { alertFailure, alertWarning, toastSuccess } from '../../lib/alerts';
import { useCrearOrden, useProductosDeProveedor, useProveedoresOpciones, useRecibir } from './api/compras';
import { rutaOrden } from './rutas';
import './compras.css';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { comun, compras };
const C = M.compras.columnas;

/**
 * /ordenes_compra/nueva (issue #32 points 4–5): an order by hand for one supplier — a quantity and a
 * unit cost for each of its products — or the same lines received at once, without an order.
 */
export default function NuevaOrdenPage() {
  const navigate = useNavigate();
  const proveedores = useProveedoresOpciones();
  const [proveedorId, setProveedorId] = useState<number | null>(null);
  const productos = useProductosDeProveedor(proveedorId);
  const [filas, setFilas] = useState<Record<number, { cantidad: string; costo: string }>>({});
  const [nota, setNota] = useState('');
  const [factura, setFactura] = useState('');
  const [cufe, setCufe] = useState('');
  const crear = useCrearOrden();
  const recibir = useRecibir();

  const lineas = () =>
    Object.entries(filas)
      .map(([id, f]) => ({ productoId: Number(id), cantidad: Number(f.cantidad || 0), costoUnit: parsePesos(f.costo || '0') ?? -1 }))
      .filter((l) => l.cantidad !== 0);

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
      const r = await recibir.mutateAsync({ proveedorId, facturaNumero: factura || null, cufe: cufe || null, lineas: ls.map((l) => ({ ...l, vence: null, lote: null })) });
      toastSuccess(r.message);
      setFilas({});
      setFactura('');
      setCufe('');
    } catch (err) {
      await alertFailure(err);
    }
  };

  const opciones = [{ value: '', label: M.compras.elegirProveedorVacio }, ...(proveedores.data ?? []).map((p) => ({ value: String(p.id), label: p.nombre }))];
  const items = productos.data?.items ?? [];
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
          }}
          options={opciones}
        />
        {proveedorId != null && productos.data && items.length === 0 ? <p className="cmp-muted">{M.compras.sinProductosProveedor}</p> : null}
        {items.length > 0 ? (
          <div className="table-wrap">
            <table className="table cmp-table">
              <caption className="visually-hidden">{M.compras.productosDelProveedor}</caption>
              <thead>
                <tr>
                  <th>{C.producto}</th>
                  <th className="num">{C.stock}</th>
                  <th className="num">{C.cantidad}</th>
                  <th className="num">{C.costo}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((p) => (
                  <tr key={p.id}>
                    <td>{p.nombre}</td>
                    <td className="num">{p.stock}</td>
                    <td className="num">
                      <input
                        className="cmp-num"
                        type="number"
                        min={0}
                        max={9999}
                        inputMode="numeric"
                        aria-label={M.compras.cantidadDe(p.nombre)}
                        value={filas[p.id]?.cantidad ?? ''}
                        onChange={(e) => setFilas((f) => ({ ...f, [p.id]: { costo: f[p.id]?.costo ?? '', cantidad: e.target.value } }))}
                      />
                    </td>
                    <td className="num">
                      <input
                        className="cmp-costo"
                        inputMode="numeric"
                        aria-label={M.compras.costoDe(p.nombre)}
                        value={filas[p.id]?.costo ?? ''}
                        onChange={(e) => setFilas((f) => ({ ...f, [p.id]: { cantidad: f[p.id]?.cantidad ?? '', costo: e.target.value } }))}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
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
      </div>
    </>
  );
}
