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

/** A column of a card's table: its title (also each cell's label on a narrow card) and each row's figure. */
interface Columna<F> {
  titulo: string;
  valor: (f: F) => string;
}

/**
 * A card's table: each row headed by its name (`nombre`), then `columnas`' figures, each cell labelled
 * with its column for the narrow card's layout; `total` a last row in bold.
 */
function TablaEmpresa<F>({ nombre, columnas, filas, clave, total }: { nombre: Columna<F>; columnas: Columna<F>[]; filas: F[]; clave: (f: F) => string | number; total?: F }) {
  const fila = (f: F, k: string | number, className?: string) => (
    <tr key={k} className={className}>
      <th scope="row">{nombre.valor(f)}</th>
      {columnas.map((c) => (
        <td key={c.titulo} className="num" data-label={c.titulo}>
          {c.valor(f)}
        </td>
      ))}
    </tr>
  );
  return (
    <table className="table">
      <thead>
        <tr>
          <th scope="col">{nombre.titulo}</th>
          {columnas.map((c) => (
            <th key={c.titulo} scope="col" className="num">
              {c.titulo}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {filas.map((f) => fila(f, clave(f)))}
        {total === undefined ? null : fila(total, 'total', 'empresa__fila-total')}
      </tbody>
    </table>
  );
}

const COLUMNAS_PRODUCTOS: Columna<TFilaProductoEmpresa>[] = [
  { titulo: C.cantidad, valor: (f) => formatNumber(f.cantidad) },
  { titulo: C.neto, valor: (f) => formatPesos(f.neto) },
  { titulo: C.margen, valor: (f) => (f.margen == null ? '—' : formatPesos(f.margen)) },
];

function TablaProductos({ filas }: { filas: TFilaProductoEmpresa[] }) {
  return <TablaEmpresa nombre={{ titulo: C.producto, valor: (f) => `${f.puesto}. ${f.producto}` }} columnas={COLUMNAS_PRODUCTOS} filas={filas} clave={(f) => f.puesto} />;
}

const COLUMNAS_EMPLEADOS: Columna<TFilaEmpleadoEmpresa>[] = [
  { titulo: C.tickets, valor: (f) => formatNumber(f.tickets) },
  { titulo: C.neto, valor: (f) => formatPesos(f.neto) },
  { titulo: C.descuentosDados, valor: (f) => formatPesos(f.descuentos) },
  { titulo: C.anuladas, valor: (f) => formatNumber(f.anuladas) },
];

function TablaEmpleados({ filas }: { filas: TFilaEmpleadoEmpresa[] }) {
  return <TablaEmpresa nombre={{ titulo: C.persona, valor: (f) => f.persona }} columnas={COLUMNAS_EMPLEADOS} filas={filas} clave={(f) => f.persona} />;
}

const COLUMNAS_TARIFAS: Columna<TTarifaEmpresa>[] = [
  { titulo: C.base, valor: (f) => formatCentavos(f.base) },
  { titulo: C.impuesto, valor: (f) => formatCentavos(f.valor) },
];

function TablaTarifas({ tarifas, base, valor }: { tarifas: TTarifaEmpresa[]; base: number; valor: number }) {
  return (
    <TablaEmpresa
      nombre={{ titulo: C.tarifa, valor: (f) => f.tarifa }}
      columnas={COLUMNAS_TARIFAS}
      filas={tarifas}
      clave={(f) => f.impuesto}
      total={{ impuesto: '', tarifa: R.total, lineas: 0, base, valor }}
    />
  );
}
