import { Link, useNavigate } from 'react-router';
import { caja } from '#shared/messages/caja';
import { formatPesos } from '#shared/money';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { useFechas } from '../../lib/fechas';
import { useReporte } from './api/get-reporte';
import { useTurnoActual } from './api/get-turno-actual';
import { AbrirCajaForm } from './components/abrir-caja-form';
import { CierreForm } from './components/cierre-form';
import { MovimientoForm } from './components/movimiento-form';
import { ReferenciasPendientes } from './components/referencias-pendientes';
import { reportePath } from './format';
import { AvisosNumeracion } from '../../components/avisos-numeracion';
import './caja.css';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { caja };

/** /caja: the session's shift — open it, cash in/out, transfers to check, and the close. */
export default function CajaPage() {
  const navigate = useNavigate();
  const actual = useTurnoActual();
  const turno = actual.data?.turno ?? null;
  const reporte = useReporte(turno?.id ?? null);
  const fechas = useFechas();

  let body;
  if (actual.isPending || (turno && reporte.isPending))
    body = (
      <div className="card state" role="status">
        {M.caja.cargando}
      </div>
    );
  else if (actual.isError || (turno && (reporte.isError || !reporte.data)))
    body = (
      <div className="card state" role="alert">
        <p>{M.caja.cargaFallida}</p>
        <button type="button" className="btn" onClick={() => (actual.isError ? actual.refetch() : reporte.refetch())}>
          {M.caja.reintentar}
        </button>
      </div>
    );
  else if (!turno)
    body = (
      <section className="card caja-gate" aria-labelledby="caja-abrir-title">
        <h2 id="caja-abrir-title">{M.caja.abrirTitulo}</h2>
        <p className="caja-muted">{M.caja.abrirTexto}</p>
        <AbrirCajaForm />
      </section>
    );
  else {
    const r = reporte.data!;
    body = (
      <>
        <section className="card caja-estado" aria-live="polite">
          <div>
            <h2>{M.caja.abierta(fechas.hora(turno.abiertoEn))}</h2>
            <p className="caja-muted">
              {M.caja.fondoInicial}: <strong>{formatPesos(turno.fondoInicial)}</strong> · {M.caja.numeroVentas}: <strong>{r.numeroVentas}</strong>
            </p>
          </div>
          <Link className="btn" to={paths.ventas}>
            {M.caja.vender}
          </Link>
        </section>
        <div className="caja-layout">
          <div className="caja-col">
            <MovimientoForm movimientos={r.movimientos} />
            <ReferenciasPendientes items={r.referenciasPendientes} editable />
          </div>
          <div className="caja-col">
            <CierreForm reporte={r} onClosed={(z) => navigate(reportePath(z.turno.id))} />
          </div>
        </div>
      </>
    );
  }

  return (
    <>
      <PageHeader title={M.caja.titulo}>
        <Link className="btn btn--ghost" to={paths.turnosCaja}>
          {M.caja.historial}
        </Link>
      </PageHeader>
      {actual.data?.exigirCaja === false ? (
        <p className="card caja-muted" role="note">
          {M.caja.cajaNoControlada}
        </p>
      ) : null}
      <AvisosNumeracion conEnlace />
      {body}
    </>
  );
}
