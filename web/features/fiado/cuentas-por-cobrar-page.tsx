import { Link } from 'react-router';
import { comun } from '#shared/messages/comun';
import { fiado } from '#shared/messages/fiado';
import { formatPesos } from '#shared/money';
import { TablaPaginada } from '../../components/ui/tabla-filtrada';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { useFechas } from '../../lib/fechas';
import { useListaPaginada } from '../../lib/use-lista-paginada';
import { cuentasPorCobrarQuery } from './api/fiado-api';
import { antiguedad } from './formato';
import './fiado.css';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { comun, fiado };

const C = M.fiado.columnas;

const ORDENES = [
  { value: 'monto', label: M.fiado.ordenes.monto },
  { value: 'antiguedad', label: M.fiado.ordenes.antiguedad },
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
          {M.comun.nav.clientes}
        </Link>
      </PageHeader>
      <p className="fiado-muted">{M.fiado.cxcDescripcion}</p>

      {data && data.clientes > 0 ? (
        <dl className="fiado-resumen fiado-resumen--cxc" aria-label={M.fiado.totales}>
          <div className="fiado-resumen__saldo">
            <dt>{M.fiado.totalPorCobrar}</dt>
            <dd data-testid="total-cxc">{formatPesos(data.total)}</dd>
          </div>
          <div>
            <dt>{M.fiado.clientesConSaldo}</dt>
            <dd>{data.clientes}</dd>
          </div>
        </dl>
      ) : null}

      <div className="fiado-orden" role="group" aria-label={M.fiado.ordenarPor}>
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

      <TablaPaginada
        lista={lista}
        textos={{ titulo: M.fiado.cxcTabla, cargando: M.fiado.cxcCargando, cargaFallida: M.fiado.cxcCargaFallida, vacio: M.fiado.cxcVacio }}
        className="fiado-cxc"
        rowKey={(i) => i.clienteId}
        columns={[
          { header: C.cliente, cell: (i) => i.nombre },
          { header: C.documento, cell: (i) => i.documento },
          { header: C.saldo, num: true, className: 'fiado-strong', cell: (i) => formatPesos(i.saldo) },
          { header: C.cupo, num: true, cell: (i) => formatPesos(i.cupo) },
          {
            header: C.deudaAntigua,
            cell: (i) =>
              i.deudaDesde ? (
                // Coloured by the due date when the sale has one: overdue is red, not yet due green.
                <span
                  className={`badge ${i.diasVencida != null ? (i.diasVencida > 0 ? 'badge--danger' : 'badge--ok') : (i.antiguedadDias ?? 0) > 30 ? 'badge--danger' : (i.antiguedadDias ?? 0) > 15 ? 'badge--warn' : 'badge--ok'}`}
                  data-testid="cxc-vence"
                >
                  {fechas.fecha(i.deudaDesde)} · {antiguedad(i.antiguedadDias)}
                  {i.vence ? ` · ${i.diasVencida ? M.fiado.vencida(i.diasVencida) : M.fiado.venceEl(fechas.fecha(`${i.vence}T12:00:00`))}` : ''}
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
              <Link className="btn btn--ghost btn--sm" to={`${paths.estadoCuenta}?cliente=${i.clienteId}`} aria-label={M.fiado.cuentaDe(i.nombre)}>
                {M.fiado.cuentaTitulo}
              </Link>
            ),
          },
        ]}
      />
    </>
  );
}
