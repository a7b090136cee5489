import { Link, useSearchParams } from 'react-router';
import { M } from '#shared/messages';
import { formatPesos } from '#shared/money';
import { ListState } from '../../components/ui/list-state';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { useCuentasPorCobrar } from './api/fiado-api';
import { antiguedad, fecha } from './formato';
import './fiado.css';

const ORDENES = [
  { value: 'monto', label: 'Mayor saldo' },
  { value: 'antiguedad', label: 'Deuda más antigua' },
] as const;

/** /cuentas_por_cobrar: every customer who owes, by amount or by age, with the totals. */
export default function CuentasPorCobrarPage() {
  const [params, setParams] = useSearchParams();
  const orden = params.get('orden') === 'antiguedad' ? 'antiguedad' : 'monto';
  const list = useCuentasPorCobrar(orden);
  const data = list.data;

  return (
    <>
      <PageHeader title={M.fiado.cxcTitulo} className="fiado-header">
        <Link className="btn btn--ghost" to={paths.gestionarClientes}>
          Clientes
        </Link>
      </PageHeader>
      <p className="fiado-muted">{M.fiado.cxcDescripcion}</p>

      {data && data.clientes > 0 ? (
        <dl className="fiado-resumen fiado-resumen--cxc" aria-label="Totales">
          <div className="fiado-resumen__saldo">
            <dt>Total por cobrar</dt>
            <dd data-testid="total-cxc">{formatPesos(data.total)}</dd>
          </div>
          <div>
            <dt>Clientes con saldo</dt>
            <dd>{data.clientes}</dd>
          </div>
        </dl>
      ) : null}

      <div className="fiado-orden" role="group" aria-label="Ordenar por">
        {ORDENES.map((o) => (
          <button
            key={o.value}
            type="button"
            className={`btn btn--sm ${orden === o.value ? '' : 'btn--ghost'}`}
            aria-pressed={orden === o.value}
            onClick={() => setParams(o.value === 'monto' ? {} : { orden: o.value }, { replace: true })}
          >
            {o.label}
          </button>
        ))}
      </div>

      <ListState query={list} loading="Cargando cuentas por cobrar…" failed={M.fiado.cxcCargaFallida} empty={M.fiado.cxcVacio}>
        {(items) => (
          <div className="table-wrap">
            <table className="table fiado-cxc" aria-busy={list.isFetching}>
              <caption className="visually-hidden">Clientes que deben</caption>
              <thead>
                <tr>
                  <th scope="col">Cliente</th>
                  <th scope="col">Documento</th>
                  <th scope="col" className="num">
                    Saldo
                  </th>
                  <th scope="col" className="num">
                    Cupo
                  </th>
                  <th scope="col">Deuda más antigua</th>
                  <th scope="col">
                    <span className="visually-hidden">Acciones</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((i) => (
                  <tr key={i.clienteId}>
                    <td data-label="Cliente">{i.nombre}</td>
                    <td data-label="Documento">{i.documento}</td>
                    <td data-label="Saldo" className="num fiado-strong">
                      {formatPesos(i.saldo)}
                    </td>
                    <td data-label="Cupo" className="num">
                      {formatPesos(i.cupo)}
                    </td>
                    <td data-label="Deuda más antigua">
                      {i.deudaDesde ? (
                        <span className={`badge ${(i.antiguedadDias ?? 0) > 30 ? 'badge--danger' : (i.antiguedadDias ?? 0) > 15 ? 'badge--warn' : 'badge--ok'}`}>
                          {fecha.format(new Date(i.deudaDesde))} · {antiguedad(i.antiguedadDias)}
                        </span>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td className="fiado-acciones">
                      <Link className="btn btn--ghost btn--sm" to={`${paths.estadoCuenta}?cliente=${i.clienteId}`} aria-label={`Estado de cuenta de ${i.nombre}`}>
                        Estado de cuenta
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListState>
    </>
  );
}
