import { Link, useSearchParams } from 'react-router';
import { comun } from '#shared/messages/comun';
import { fiado } from '#shared/messages/fiado';
import { isoADdMmAaaa } from '#shared/fecha-texto';
import { formatPesos } from '#shared/money';
import { anchoTirilla, imprimirEnTirilla } from '../../lib/imprimir-tirilla';
import { useAjustesTienda } from '../../lib/ajustes-tienda';
import { PageHeader } from '../../components/page-header';
import { LoadFailed, Skeleton } from '../../components/ui/list-state';
import { TablaDatos } from '../../components/ui/tabla-datos';
import { paths } from '../../config/paths';
import { useFechas } from '../../lib/fechas';
import { useEstadoCuenta } from './api/fiado-api';
import { AbonoForm } from './components/abono-form';
import { antiguedad, conSigno, enlaceEstadoCuenta } from './formato';
import './fiado.css';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { comun, fiado };

const C = M.fiado.columnas;

/** /estado_de_cuenta?cliente=ID: every charge and payment with the running balance; print, WhatsApp, abono. */
export default function EstadoCuentaPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('cliente'));
  const cuenta = useEstadoCuenta(id);
  const c = cuenta.data;
  const fechas = useFechas();
  // The roll is the receipt's: 58 or 80 mm (Ajustes de la tienda).
  const tirilla = anchoTirilla(useAjustesTienda().data?.anchoPapel);

  return (
    <>
      <PageHeader title={M.fiado.cuentaTitulo} backTo={paths.cuentasPorCobrar} backLabel={M.fiado.volverCxc} className="fiado-header">
        <Link className="btn btn--ghost" to={paths.gestionarClientes}>
          {M.comun.nav.clientes}
        </Link>
        {c ? (
          <>
            <button type="button" className="btn btn--ghost" onClick={() => window.print()}>
              {M.comun.imprimir}
            </button>
            <button type="button" className="btn btn--ghost" onClick={() => imprimirEnTirilla(tirilla)}>
              {M.comun.imprimirTirilla(tirilla)}
            </button>
            <a className="btn fiado-whatsapp" href={enlaceEstadoCuenta(c, fechas)} target="_blank" rel="noopener noreferrer">
              {M.fiado.enviarWhatsapp}
            </a>
          </>
        ) : null}
      </PageHeader>

      {cuenta.isPending && id > 0 ? (
        <Skeleton label={M.fiado.cuentaCargando} />
      ) : !c ? (
        <LoadFailed message={M.fiado.cuentaCargaFallida} onRetry={id > 0 ? cuenta.refetch : undefined} />
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
                  {c.cliente.telefono ? M.fiado.celular(c.cliente.telefono) : ''}
                </p>
              </div>
              <p className="fiado-muted fiado-cuenta__fecha">{M.fiado.cuentaAl(fechas.fechaHora(c.generado))}</p>
            </header>

            <dl className="fiado-resumen">
              <div className="fiado-resumen__saldo">
                <dt>{M.fiado.saldoPendiente}</dt>
                <dd data-testid="saldo">{formatPesos(c.credito.saldo)}</dd>
              </div>
              <div>
                <dt>{C.cupo}</dt>
                <dd>{c.credito.fiado ? formatPesos(c.credito.cupo) : M.fiado.fiadoNoHabilitado}</dd>
              </div>
              <div>
                <dt>{M.fiado.disponible}</dt>
                <dd>{formatPesos(c.credito.disponible)}</dd>
              </div>
              <div>
                <dt>{C.deudaAntigua}</dt>
                <dd>{c.credito.deudaDesde ? `${fechas.fecha(c.credito.deudaDesde)} (${antiguedad(c.credito.antiguedadDias)})` : '—'}</dd>
              </div>
            </dl>

            <TablaDatos
              caption={M.fiado.movimientosTabla}
              className="fiado-movs"
              rows={c.movimientos}
              rowKey={(m) => m.id}
              rowClassName={(m) => `fiado-mov fiado-mov--${m.tipo}`}
              vacio={M.fiado.sinMovimientos}
              columns={[
                { header: C.fecha, cell: (m) => fechas.fechaHora(m.fecha) },
                { header: C.movimiento, cell: (m) => M.fiado.tipo[m.tipo] ?? m.tipo },
                // The customer is the empresa's (issue #56): a line of another of its stores names that store.
                ...(c.movimientos.some((m) => m.tienda !== c.tienda) ? [{ header: C.tienda, cell: (m: (typeof c.movimientos)[number]) => m.tienda }] : []),
                {
                  header: C.detalle,
                  className: 'fiado-muted',
                  cell: (m) => [m.ventaNumero ? M.fiado.venta(m.ventaNumero) : null, m.vence ? M.fiado.vence(isoADdMmAaaa(m.vence)) : null, m.metodo, m.nota, m.usuario ? M.fiado.porUsuario(m.usuario) : null].filter(Boolean).join(' · ') || '—',
                },
                { header: C.valor, num: true, cell: (m) => conSigno(m.monto) },
                { header: C.saldo, num: true, className: 'fiado-movs__saldo', cell: (m) => formatPesos(m.saldo) },
              ]}
            />
          </article>

          <aside className="fiado-aside">
            <AbonoForm key={c.cliente.id} clienteId={c.cliente.id} saldo={c.credito.saldo} />
          </aside>
        </div>
      )}
    </>
  );
}
