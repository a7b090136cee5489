import { useState } from 'react';
import { Link } from 'react-router';
import { comun } from '#shared/messages/comun';
import { dian } from '#shared/messages/dian';
import { impuestos } from '#shared/messages/impuestos';
import { numeracion } from '#shared/messages/numeracion';
import { formatCentavos, IMPUESTOS, UNIDADES_DIAN, type TImpuesto, type TUnidadDian } from '#shared/impuestos';
import type { TClasificacion } from '#shared/schemas/impuestos';
import { PageHeader } from '../../components/page-header';
import { Cabeceras } from '../../components/ui/cabeceras';
import { paths } from '../../config/paths';
import { alertFailure, toastSuccess } from '../../lib/alerts';
import { useFechas } from '../../lib/fechas';
import { descargarDocumentosDian, descargarInforme, useAsignarCategoria, useAsignarProductos, useClasificacion, useConteoDocumentosDian, useInformeImpuestos } from './api/impuestos';
import { EstadoCarga } from '../../components/ui/list-state';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { comun, impuestos };
const I = M.impuestos;
const C = I.clasificacion;

/**
 * /impuestos (role 1, issue #30): the guided classification — categories with their tax and the
 * products still without one, assigned in bulk by category or one by one — and the monthly report by rate.
 */
export default function ImpuestosPage() {
  const { data, isError } = useClasificacion();
  return (
    <>
      <PageHeader title={C.titulo} backTo={paths.inicio} backLabel={M.comun.volverInicio} />
      <p>
        {C.intro} <Link to={paths.datosFiscales}>{I.perfil.titulo}</Link>
      </p>
      {data ? <Clasificacion data={data} /> : <EstadoCarga error={isError} />}
      <InformeMes />
    </>
  );
}

function Clasificacion({ data }: { data: TClasificacion }) {
  return (
    <>
      <p role="status" className="card">
        <strong>{data.totalSinImpuesto > 0 ? C.pendientes(data.totalSinImpuesto) : C.listos}</strong>
      </p>
      <section className="card" aria-label={C.impuestoCategoria} style={{ overflowX: 'auto' }}>
        {data.tiendas > 1 ? <p data-testid="impuesto-de-empresa">{C.deEmpresa(data.tiendas)}</p> : null}
        <table className="table">
          <Cabeceras columnas={[C.categoria, C.productos, C.sinImpuestoCol, C.impuestoCategoria]} />
          <tbody>
            {data.categorias.map((c) => (
              <tr key={c.categoria ?? ''}>
                <th scope="row">
                  {c.categoria ?? I.sinCategoria}
                  {c.diferia ? (
                    <small className="field__hint" style={{ display: 'block', fontWeight: 'normal' }}>
                      {C.diferia}
                    </small>
                  ) : null}
                </th>
                <td>{c.productos}</td>
                <td>{c.sinImpuesto}</td>
                <td>{c.categoria ? data.editaCatalogo ? <ImpuestoCategoria categoria={c.categoria} actual={c.impuesto} /> : c.impuesto ? I.nombres[c.impuesto] : '—' : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {data.sinImpuesto.length ? (
        <section className="card" aria-label={C.productosSinImpuesto} style={{ overflowX: 'auto' }}>
          <h2>{C.productosSinImpuesto}</h2>
          <table className="table">
            <Cabeceras columnas={[C.producto, C.categoria, C.impuestoProducto]} />
            <tbody>
              {data.sinImpuesto.map((p) => (
                <tr key={p.idProducto}>
                  <th scope="row">{p.nombre}</th>
                  <td>{p.categoria ?? I.sinCategoria}</td>
                  <td>
                    <ImpuestoProducto id={p.idProducto} nombre={p.nombre} unidad={p.unidadDian} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </>
  );
}

/** The tax of a category or a product: "Elegir…" and the rates by name. */
function ElegirImpuesto({ label, valor, onChange }: { label: string; valor: TImpuesto | ''; onChange: (v: TImpuesto) => void }) {
  return (
    <select aria-label={label} value={valor} onChange={(e) => onChange(e.target.value as TImpuesto)}>
      <option value="">{C.elegir}</option>
      {IMPUESTOS.map((i) => (
        <option key={i} value={i}>
          {I.nombres[i]}
        </option>
      ))}
    </select>
  );
}

function ImpuestoCategoria({ categoria, actual }: { categoria: string; actual: TImpuesto | null }) {
  const [valor, setValor] = useState<TImpuesto | ''>(actual ?? '');
  const asignar = useAsignarCategoria();
  const onAsignar = async () => {
    if (!valor) return;
    try {
      await asignar.mutateAsync({ categoria, impuesto: valor });
      toastSuccess(C.asignado(categoria, I.nombres[valor]));
    } catch (err) {
      await alertFailure(err);
    }
  };
  return (
    <span style={{ display: 'inline-flex', gap: '0.5rem', flexWrap: 'wrap' }}>
      <ElegirImpuesto label={C.asignarA(categoria)} valor={valor} onChange={setValor} />
      <button type="button" className="btn btn--sm" disabled={!valor || valor === actual || asignar.isPending} onClick={() => void onAsignar()}>
        {C.asignar}
      </button>
    </span>
  );
}

function ImpuestoProducto({ id, nombre, unidad }: { id: number; nombre: string; unidad: TUnidadDian }) {
  const [valor, setValor] = useState<TImpuesto | ''>('');
  const [u, setU] = useState<TUnidadDian>(unidad);
  const asignar = useAsignarProductos();
  const onGuardar = async () => {
    if (!valor) return;
    try {
      await asignar.mutateAsync({ productoIds: [id], impuesto: valor, unidadDian: u });
      toastSuccess(C.productoGuardado);
    } catch (err) {
      await alertFailure(err);
    }
  };
  return (
    <span style={{ display: 'inline-flex', gap: '0.5rem', flexWrap: 'wrap' }}>
      <ElegirImpuesto label={`${C.impuestoProducto}: ${nombre}`} valor={valor} onChange={setValor} />
      <select aria-label={`${C.unidad}: ${nombre}`} value={u} onChange={(e) => setU(e.target.value as TUnidadDian)}>
        {UNIDADES_DIAN.map((x) => (
          <option key={x} value={x}>
            {I.unidades[x]}
          </option>
        ))}
      </select>
      <button type="button" className="btn btn--sm" disabled={!valor || asignar.isPending} onClick={() => void onGuardar()}>
        {C.guardarProducto}
      </button>
    </span>
  );
}

function InformeMes() {
  // This month in the store's zone (a UTC month would show the next one on a Colombian evening of the last day).
  const hoy = useFechas().hoy();
  const [mes, setMes] = useState(() => hoy.slice(0, 7));
  const { data } = useInformeImpuestos(mes);
  const R = I.informe;
  const descargar = async (formato: 'csv' | 'xlsx') => {
    try {
      await descargarInforme(mes, formato);
    } catch (err) {
      await alertFailure(err);
    }
  };
  return (
    <section className="card" aria-label={R.titulo} style={{ overflowX: 'auto' }}>
      <h2>{R.titulo}</h2>
      <div style={{ display: 'flex', gap: '0.75rem', alignItems: 'end', flexWrap: 'wrap' }}>
        <div className="field">
          <label htmlFor="mes-informe">{R.mes}</label>
          <input id="mes-informe" type="month" value={mes} onChange={(e) => setMes(e.target.value)} />
        </div>
        <button type="button" className="btn btn--ghost" onClick={() => void descargar('csv')}>
          {R.descargarCsv}
        </button>
        <button type="button" className="btn btn--ghost" onClick={() => void descargar('xlsx')}>
          {R.descargarXlsx}
        </button>
      </div>
      {data && (data.tarifas.length || data.sinImpuesto.lineas) ? (
        <table className="table">
          <Cabeceras columnas={[R.tarifa, R.base, R.impuesto, R.lineas]} />
          <tbody>
            {data.tarifas.map((t) => (
              <tr key={t.impuesto}>
                <th scope="row">{I.nombres[t.impuesto]}</th>
                <td>{formatCentavos(t.base)}</td>
                <td>{formatCentavos(t.valor)}</td>
                <td>{t.lineas}</td>
              </tr>
            ))}
            {data.sinImpuesto.lineas ? (
              <tr>
                <th scope="row">{R.sinClasificarLineas}</th>
                <td>{formatCentavos(data.sinImpuesto.base)}</td>
                <td>{formatCentavos(0)}</td>
                <td>{data.sinImpuesto.lineas}</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      ) : (
        <p>{R.sinVentas}</p>
      )}
      {/* The DIAN numbers the month's sales took, per till's prefix, and the inhabilitados (issue #30 point 7). */}
      {data?.numeracion.length ? (
        <ul className="informe-numeracion" data-testid="informe-numeracion">
          {data.numeracion.map((n) => (
            <li key={n.prefijo}>{numeracion.informeNumeracion(n)}</li>
          ))}
        </ul>
      ) : null}
      <DocumentosDianMes mes={mes} />
    </section>
  );
}

/** The month's DIAN documents by type and the accountant's export of all of them (issue #57 point 6). */
function DocumentosDianMes({ mes }: { mes: string }) {
  const { data } = useConteoDocumentosDian(mes);
  const C = dian.contador;
  const descargar = async (formato: 'csv' | 'xlsx') => {
    try {
      await descargarDocumentosDian(mes, formato);
    } catch (err) {
      await alertFailure(err);
    }
  };
  return (
    <div className="informe-documentos-dian" data-testid="informe-documentos-dian">
      <h3>{C.conteo}</h3>
      {data?.tipos.length ? (
        <ul>
          {data.tipos.map((t) => (
            <li key={t.tipo}>
              {t.nombre}: <strong>{t.cantidad}</strong>
            </li>
          ))}
        </ul>
      ) : (
        <p>{C.sinDocumentos}</p>
      )}
      <p className="informe-documentos-dian__ayuda">{C.explicacion}</p>
      <div style={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap' }}>
        <button type="button" className="btn btn--ghost" onClick={() => void descargar('csv')}>
          {C.descargarCsv}
        </button>
        <button type="button" className="btn btn--ghost" onClick={() => void descargar('xlsx')}>
          {C.descargarXlsx}
        </button>
      </div>
    </div>
  );
}
