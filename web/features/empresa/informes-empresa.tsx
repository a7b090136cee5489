import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { comun } from '#shared/messages/comun';
import { empresa } from '#shared/messages/empresa';
import { reportes } from '#shared/messages/reportes';
import { formatCentavos } from '#shared/impuestos';
import { formatNumber, formatPesos } from '#shared/money';
import type { TEmpleadosEmpresa, TFilaEmpleadoEmpresa, TFilaProductoEmpresa, TImpuestosEmpresa, TProductosEmpresa, TResumenEmpresaQuery, TTarifaEmpresa } from '#shared/schemas/empresa';
import { alertFailure } from '../../lib/alerts';
import { descargarInforme, empleadosEmpresaQuery, impuestosEmpresaQuery, productosEmpresaQuery, type TInformeEmpresa } from './api/empresa';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { comun, empresa, reportes };
const E = M.empresa;
const C = E.columnas;
const R = M.reportes;

/**
 * *Todas mis tiendas*' reports per product, per person and per tax rate (issue #56 points 4 and 5):
 * for the period chosen above, a card per store and one for the empresa (side by side on a wide
 * screen, one under the other on a phone), each with its own small table; each section exports every
 * row as CSV or Excel with the store first.
 */
export function InformesEmpresa({ query, habilitado }: { query: TResumenEmpresaQuery; habilitado: boolean }) {
  const productos = useQuery({ ...productosEmpresaQuery(query), enabled: habilitado });
  const empleados = useQuery({ ...empleadosEmpresaQuery(query), enabled: habilitado });
  const impuestos = useQuery({ ...impuestosEmpresaQuery(query), enabled: habilitado });
  return (
    <>
      <Seccion informe="productos" titulo={E.productos} intro={E.productosIntro} query={query} q={productos}>
        {(d: TProductosEmpresa) => (
          <Tarjetas
            tiendas={[...d.tiendas, { idTienda: 0, nombreTienda: E.total, actual: false, ...d.total }]}
            vacio={(x) => x.filas.length === 0}
            nota={(x) => (x.grupos > x.filas.length ? E.primeros(x.filas.length, x.grupos) : E.productosN(x.grupos))}
            tabla={(x) => <TablaProductos filas={x.filas} />}
          />
        )}
      </Seccion>
      <Seccion informe="empleados" titulo={E.empleados} query={query} q={empleados}>
        {(d: TEmpleadosEmpresa) => (
          <Tarjetas tiendas={[...d.tiendas, { idTienda: 0, nombreTienda: E.total, actual: false, ...d.total }]} vacio={(x) => x.filas.length === 0} tabla={(x) => <TablaEmpleados filas={x.filas} />} />
        )}
      </Seccion>
      <Seccion informe="impuestos" titulo={E.impuestos} intro={E.impuestosIntro} query={query} q={impuestos}>
        {(d: TImpuestosEmpresa) => (
          <Tarjetas
            tiendas={[...d.tiendas, { idTienda: 0, nombreTienda: E.total, actual: false, numeracion: null, ...d.total }]}
            vacio={(x) => x.tarifas.length === 0}
            nota={(x) => E.ventasN(x.ventas)}
            tabla={(x) => (
              <>
                <TablaTarifas tarifas={x.tarifas} base={x.base} valor={x.valor} />
                {x.numeracion == null ? null : x.numeracion.length ? (
                  <ul className="empresa__numeracion">
                    {x.numeracion.map((n) => (
                      <li key={n}>{n}</li>
                    ))}
                  </ul>
                ) : (
                  <p className="empresa__nota">{E.sinNumeracion}</p>
                )}
              </>
            )}
          />
        )}
      </Seccion>
    </>
  );
}

function Seccion<T>({ informe, titulo, intro, query, q, children }: { informe: TInformeEmpresa; titulo: string; intro?: string; query: TResumenEmpresaQuery; q: UseQueryResult<T>; children: (d: T) => ReactNode }) {
  const [exportando, setExportando] = useState<string | null>(null);
  const exportar = async (formato: 'csv' | 'xlsx') => {
    setExportando(formato);
    try {
      await descargarInforme(informe, query, formato);
    } catch (err) {
      alertFailure(err, E.errorCarga);
    } finally {
      setExportando(null);
    }
  };
  return (
    <section className="card empresa__seccion" aria-labelledby={`empresa-${informe}`} data-testid={`empresa-${informe}`}>
      <div className="empresa__cabeza">
        <h2 id={`empresa-${informe}`}>{titulo}</h2>
        <div className="empresa__exportar">
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => void exportar('csv')} disabled={exportando != null || !q.data}>
            {exportando === 'csv' ? R.exportar.descargando : E.exportarCsv}
          </button>
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => void exportar('xlsx')} disabled={exportando != null || !q.data}>
            {exportando === 'xlsx' ? R.exportar.descargando : E.exportarXlsx}
          </button>
        </div>
      </div>
      {intro ? <p className="empresa__nota">{intro}</p> : null}
      {q.isError ? (
        <p className="state state--error" role="alert">
          {q.error instanceof Error && q.error.message ? q.error.message : E.errorCarga}
        </p>
      ) : q.data ? (
        <div aria-busy={q.isFetching}>{children(q.data)}</div>
      ) : (
        <p className="state" role="status">
          {E.cargando}
        </p>
      )}
    </section>
  );
}

/** A card per store and the empresa's last. */
function Tarjetas<X extends { idTienda: number; nombreTienda: string; actual: boolean }>({ tiendas, vacio, nota, tabla }: { tiendas: X[]; vacio: (x: X) => boolean; nota?: (x: X) => string; tabla: (x: X) => ReactNode }) {
  return (
    <ul className="empresa__informes">
      {tiendas.map((t) => (
        <li key={t.idTienda} className={`empresa__informe${t.idTienda === 0 ? ' empresa__tarjeta--total' : ''}`} data-testid={`informe-${t.idTienda === 0 ? 'total' : t.idTienda}`}>
          <h3>
            {t.nombreTienda}
            {t.actual ? <span className="badge">{E.actual}</span> : null}
          </h3>
          {vacio(t) ? (
            <p className="empresa__nota">{E.sinVentas}</p>
          ) : (
            <>
              {nota ? <p className="empresa__nota">{nota(t)}</p> : null}
              <div className="table-wrap">{tabla(t)}</div>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

function TablaProductos({ filas }: { filas: TFilaProductoEmpresa[] }) {
  return (
    <table className="table">
      <thead>
        <tr>
          <th scope="col">{C.producto}</th>
          <th scope="col" className="num">
            {C.cantidad}
          </th>
          <th scope="col" className="num">
            {C.neto}
          </th>
          <th scope="col" className="num">
            {C.margen}
          </th>
        </tr>
      </thead>
      <tbody>
        {filas.map((f) => (
          <tr key={f.puesto}>
            <th scope="row">{`${f.puesto}. ${f.producto}`}</th>
            <td className="num" data-label={C.cantidad}>{formatNumber(f.cantidad)}</td>
            <td className="num" data-label={C.neto}>{formatPesos(f.neto)}</td>
            <td className="num" data-label={C.margen}>{f.margen == null ? '—' : formatPesos(f.margen)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function TablaEmpleados({ filas }: { filas: TFilaEmpleadoEmpresa[] }) {
  return (
    <table className="table">
      <thead>
        <tr>
          <th scope="col">{C.persona}</th>
          <th scope="col" className="num">
            {C.tickets}
          </th>
          <th scope="col" className="num">
            {C.neto}
          </th>
          <th scope="col" className="num">
            {C.descuentosDados}
          </th>
          <th scope="col" className="num">
            {C.anuladas}
          </th>
        </tr>
      </thead>
      <tbody>
        {filas.map((f) => (
          <tr key={f.persona}>
            <th scope="row">{f.persona}</th>
            <td className="num" data-label={C.tickets}>{formatNumber(f.tickets)}</td>
            <td className="num" data-label={C.neto}>{formatPesos(f.neto)}</td>
            <td className="num" data-label={C.descuentosDados}>{formatPesos(f.descuentos)}</td>
            <td className="num" data-label={C.anuladas}>{formatNumber(f.anuladas)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function TablaTarifas({ tarifas, base, valor }: { tarifas: TTarifaEmpresa[]; base: number; valor: number }) {
  return (
    <table className="table">
      <thead>
        <tr>
          <th scope="col">{C.tarifa}</th>
          <th scope="col" className="num">
            {C.base}
          </th>
          <th scope="col" className="num">
            {C.impuesto}
          </th>
        </tr>
      </thead>
      <tbody>
        {tarifas.map((f) => (
          <tr key={f.impuesto}>
            <th scope="row">{f.tarifa}</th>
            <td className="num" data-label={C.base}>{formatCentavos(f.base)}</td>
            <td className="num" data-label={C.impuesto}>{formatCentavos(f.valor)}</td>
          </tr>
        ))}
        <tr className="empresa__fila-total">
          <th scope="row">{R.total}</th>
          <td className="num" data-label={C.base}>{formatCentavos(base)}</td>
          <td className="num" data-label={C.impuesto}>{formatCentavos(valor)}</td>
        </tr>
      </tbody>
    </table>
  );
}
