import { Link, useSearchParams } from 'react-router';
import { M } from '#shared/messages';
import { formatPesos } from '#shared/money';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { useEstadoCuenta } from './api/fiado-api';
import { AbonoForm } from './components/abono-form';
import { antiguedad, conSigno, enlaceEstadoCuenta, fecha, fechaHora } from './formato';
import './fiado.css';

/** /estado_de_cuenta?cliente=ID: every charge and payment with the running balance; print, WhatsApp, abono. */
export default function EstadoCuentaPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('cliente'));
  const cuenta = useEstadoCuenta(id);
  const c = cuenta.data;

  return (
    <>
      <PageHeader title={M.fiado.cuentaTitulo} backTo={paths.cuentasPorCobrar} backLabel="Volver a cuentas por cobrar" className="fiado-header">
        <Link className="btn btn--ghost" to={paths.gestionarClientes}>
          Clientes
        </Link>
        {c ? (
          <>
            <button type="button" className="btn btn--ghost" onClick={() => window.print()}>
              Imprimir
            </button>
            <a className="btn fiado-whatsapp" href={enlaceEstadoCuenta(c)} target="_blank" rel="noopener noreferrer">
              Enviar por WhatsApp
            </a>
          </>
        ) : null}
      </PageHeader>

      {cuenta.isPending && id > 0 ? (
        <div className="card state" role="status">
          Cargando estado de cuenta…
        </div>
      ) : !c ? (
        <div className="card state" role="alert">
          <p>{M.fiado.cuentaCargaFallida}</p>
          {id > 0 ? (
            <button type="button" className="btn" onClick={() => cuenta.refetch()}>
              Reintentar
            </button>
          ) : null}
        </div>
      ) : (
        <div className="fiado-layout">
          <article className="card fiado-cuenta" aria-labelledby="cuenta-cliente">
            <header className="fiado-cuenta__head">
              <div>
                <p className="fiado-cuenta__tienda">{c.tienda}</p>
                <h2 id="cuenta-cliente">
                  {c.cliente.nombre} {c.cliente.apellido}
                </h2>
                <p className="fiado-muted">
                  {c.cliente.tipoDocumento} {c.cliente.documento}
                  {c.cliente.telefono ? ` · Cel. ${c.cliente.telefono}` : ''}
                </p>
              </div>
              <p className="fiado-muted fiado-cuenta__fecha">Estado de cuenta al {fechaHora.format(new Date(c.generado))}</p>
            </header>

            <dl className="fiado-resumen">
              <div className="fiado-resumen__saldo">
                <dt>Saldo pendiente</dt>
                <dd data-testid="saldo">{formatPesos(c.credito.saldo)}</dd>
              </div>
              <div>
                <dt>Cupo</dt>
                <dd>{c.credito.fiado ? formatPesos(c.credito.cupo) : 'Fiado no habilitado'}</dd>
              </div>
              <div>
                <dt>Disponible</dt>
                <dd>{formatPesos(c.credito.disponible)}</dd>
              </div>
              <div>
                <dt>Deuda más antigua</dt>
                <dd>{c.credito.deudaDesde ? `${fecha.format(new Date(c.credito.deudaDesde))} (${antiguedad(c.credito.antiguedadDias)})` : '—'}</dd>
              </div>
            </dl>

            {c.movimientos.length === 0 ? (
              <p className="state">{M.fiado.sinMovimientos}</p>
            ) : (
              <div className="table-wrap">
                <table className="table fiado-movs">
                  <caption className="visually-hidden">Movimientos de fiado</caption>
                  <thead>
                    <tr>
                      <th scope="col">Fecha</th>
                      <th scope="col">Movimiento</th>
                      <th scope="col">Detalle</th>
                      <th scope="col" className="num">
                        Valor
                      </th>
                      <th scope="col" className="num">
                        Saldo
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {c.movimientos.map((m) => (
                      <tr key={m.id} className={`fiado-mov fiado-mov--${m.tipo}`}>
                        <td data-label="Fecha">{fechaHora.format(new Date(m.fecha))}</td>
                        <td data-label="Movimiento">{M.fiado.tipo[m.tipo] ?? m.tipo}</td>
                        <td data-label="Detalle" className="fiado-muted">
                          {[m.ventaId ? `Venta ${m.ventaId}` : null, m.metodo, m.nota, m.usuario ? `por ${m.usuario}` : null].filter(Boolean).join(' · ') || '—'}
                        </td>
                        <td data-label="Valor" className="num">
                          {conSigno(m.monto)}
                        </td>
                        <td data-label="Saldo" className="num fiado-movs__saldo">
                          {formatPesos(m.saldo)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </article>

          <aside className="fiado-aside">
            <AbonoForm key={c.cliente.id} clienteId={c.cliente.id} saldo={c.credito.saldo} />
          </aside>
        </div>
      )}
    </>
  );
}
