import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { M } from '#shared/messages';
import { formatPesos } from '#shared/money';
import { ESTADOS_VENTA, type TEstadoVenta } from '#shared/schemas/factura';
import { Field, SelectField } from '../../components/ui/field';
import { Pager } from '../../components/ui/pager';
import { paths } from '../../config/paths';
import { useDebounced } from '../../lib/use-debounced';
import { useUrlFilters } from '../../lib/use-url-filters';
import { useFacturas } from './api/get-facturas';
import { estadoBadge, fechaCorta } from './components/formato';
import { PageHeader } from '../../components/page-header';
import './facturas.css';

const F = M.facturas;
const C = F.columnas;
const PAGE_SIZE = 20;
const ESTADO_OPTIONS = [{ value: '', label: F.todos }, ...ESTADOS_VENTA.map((e) => ({ value: e, label: e }))];

/** The store's sales and their invoices (spec §2 /gestionar_ventas, titled Gestionar Facturas). */
export default function GestionarVentasPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params, update] = useUrlFilters();
  const estadoParam = params.get('estado') ?? '';
  const estado = (ESTADOS_VENTA as readonly string[]).includes(estadoParam) ? (estadoParam as TEstadoVenta) : '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [texto, setTexto] = useState(params.get('q') ?? '');
  const q = useDebounced(texto.trim(), 250);

  const query = useFacturas({ q, estado, page, pageSize: PAGE_SIZE });

  const urlQ = params.get('q') ?? '';
  useEffect(() => {
    if (q !== urlQ) update({ q });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q]);

  /** The detail gets the id as navigation state (spec) and in the address, so a reload works. */
  const detalle = (idVenta: number) => ({
    pathname: paths.detalleFactura,
    search: `?id=${idVenta}`,
  });
  const abrir = (idVenta: number) => navigate(detalle(idVenta), { state: { idVenta, from: location.search } });

  const data = query.data;
  const filtrado = Boolean(q || estado);

  return (
    <>
      <PageHeader title={F.titulo} className="facturas-header" />
      <p className="facturas-intro">{F.subtitulo}</p>

      <form className="toolbar" role="search" aria-label="Buscar facturas" onSubmit={(e) => e.preventDefault()}>
        <Field
          label={F.buscar}
          type="search"
          name="q"
          inputMode="search"
          placeholder="Ej.: 25 o arroz"
          autoComplete="off"
          value={texto}
          onChange={(e) => setTexto(e.target.value)}
        />
        <SelectField label={F.estadoFiltro} name="estado" options={ESTADO_OPTIONS} value={estado} onChange={(e) => update({ estado: e.target.value })} />
      </form>

      {query.isPending ? (
        <div className="state" role="status">
          Cargando…
        </div>
      ) : query.isError ? (
        <div className="card state" role="alert">
          <p>{F.cargaFallida}</p>
          <button type="button" className="btn" onClick={() => query.refetch()}>
            Reintentar
          </button>
        </div>
      ) : !data ? null : data.items.length === 0 ? (
        <div className="card state">
          <p>{filtrado ? F.sinResultados : F.vacio}</p>
        </div>
      ) : (
        <>
          <div className="table-wrap facturas-wrap" aria-busy={query.isFetching}>
            <table className="table facturas-table">
              <caption className="visually-hidden">{F.titulo}</caption>
              <thead>
                <tr>
                  <th scope="col">{C.venta}</th>
                  <th scope="col">{C.fecha}</th>
                  <th scope="col">{C.productos}</th>
                  <th scope="col" className="facturas-opcional">
                    {C.cliente}
                  </th>
                  <th scope="col" className="facturas-opcional">
                    {C.metodo}
                  </th>
                  <th scope="col" className="num">
                    {C.total}
                  </th>
                  <th scope="col">{C.estado}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((f) => (
                  <tr key={f.idVenta} className="facturas-row" onClick={() => abrir(f.idVenta)}>
                    <td className="facturas-c-venta">
                      <Link
                        to={detalle(f.idVenta)}
                        state={{ idVenta: f.idVenta, from: location.search }}
                        aria-label={`Ver factura de la venta ${f.idVenta}`}
                        onClick={(e) => e.stopPropagation()}
                      >
                        #{f.idVenta}
                      </Link>
                    </td>
                    <td className="facturas-nowrap facturas-c-fecha">{fechaCorta.format(new Date(f.fecha))}</td>
                    <td className="facturas-c-productos">{F.lineas(f.lineas, f.unidades)}</td>
                    <td className="facturas-opcional">{f.cliente ?? <span className="facturas-muted">{F.clienteGeneral}</span>}</td>
                    <td className="facturas-opcional">{f.metodoPago ?? '—'}</td>
                    <td className="num facturas-nowrap facturas-c-total">
                      <strong>{formatPesos(f.total)}</strong>
                    </td>
                    <td className="facturas-c-estado">
                      <span className={estadoBadge(f.estado)}>{f.estado}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} pageSize={PAGE_SIZE} total={data.total} onPage={(p) => update({ page: String(p) })} />
        </>
      )}
    </>
  );
}
