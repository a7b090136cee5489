import { Link } from 'react-router';
import { fiado } from '#shared/messages/fiado';
import { formatPesos } from '#shared/money';
import { ListState } from '../../components/ui/list-state';
import { TablaDatos } from '../../components/ui/tabla-datos';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { useFechas } from '../../lib/fechas';
import { useListaPaginada } from '../../lib/use-lista-paginada';
import { cuentasPorCobrarQuery } from './api/fiado-api';
import { antiguedad } from './formato';
import './fiado.css';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { fiado };

const ORDENES = [
  { value: 'monto', label: 'Mayor saldo' },
  { value: 'antiguedad', label: 'Deuda más antigua' },
] as const;

const ordenValido = (v: string) => (v === 'antiguedad' ? 'antiguedad' : 'monto');

/** /cuentas_por_cobrar: every customer who owes, by amount or by age, with the totals. */
export default function CuentasPorCobrarPage() {
  const lista = useListaPaginada({ query: ({ orden }) => cuentasPorCobrarQuery(ordenValido(orden)), filters: { orden: 'monto' } });
  const orden = ordenValido(lista.filtros.orden);
  const data = lista.query.data;
  const fechas = useFechas();

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
            onClick={() => lista.setFiltros({ orden: o.value })}
          >
            {o.label}
          </button>
        ))}
      </div>

      <ListState lista={lista} loading="Cargando cuentas por cobrar…" failed={M.fiado.cxcCargaFallida} empty={M.fiado.cxcVacio}>
        {(items) => (
          <TablaDatos
            caption="Clientes que deben"
            className="fiado-cxc"
            rows={items}
            rowKey={(i) => i.clienteId}
            busy={lista.query.isFetching}
            columns={[
              { header: 'Cliente', cell: (i) => i.nombre },
              { header: 'Documento', cell: (i) => i.documento },
              { header: 'Saldo', num: true, className: 'fiado-strong', cell: (i) => formatPesos(i.saldo) },
              { header: 'Cupo', num: true, cell: (i) => formatPesos(i.cupo) },
              {
                header: 'Deuda más antigua',
                cell: (i) =>
                  i.deudaDesde ? (
                    <span className={`badge ${(i.antiguedadDias ?? 0) > 30 ? 'badge--danger' : (i.antiguedadDias ?? 0) > 15 ? 'badge--warn' : 'badge--ok'}`}>
                      {fechas.fecha(i.deudaDesde)} · {antiguedad(i.antiguedadDias)}
                    </span>
                  ) : (
                    '—'
                  ),
              },
            ]}
            acciones={[
              {
                className: 'fiado-acciones',
                cell: (i) => (
                  <Link className="btn btn--ghost btn--sm" to={`${paths.estadoCuenta}?cliente=${i.clienteId}`} aria-label={`Estado de cuenta de ${i.nombre}`}>
                    Estado de cuenta
                  </Link>
                ),
              },
            ]}
          />
        )}
      </ListState>
    </>
  );
}
