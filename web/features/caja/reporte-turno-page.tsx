import { Link, useParams } from 'react-router';
import { caja } from '#shared/messages/caja';
import { comun } from '#shared/messages/comun';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { anchoTirilla, imprimirEnTirilla } from '../../lib/imprimir-tirilla';
import { useAjustesTienda } from '../../lib/ajustes-tienda';
import { useReporte } from './api/get-reporte';
import { CierreForm } from './components/cierre-form';
import { ReferenciasPendientes } from './components/referencias-pendientes';
import { ReporteZ } from './components/reporte-z';
import './caja.css';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { caja, comun };

/**
 * /caja/turnos/:id: the Z report, printable (the browser's print dialog, or "Guardar como PDF").
 * An open shift the caller may close (a supervisor's view of a cashier who went home) shows the close.
 */
export default function ReporteTurnoPage() {
  const id = Number(useParams().id);
  const reporte = useReporte(Number.isInteger(id) && id > 0 ? id : null);
  const r = reporte.data;
  // The roll is the receipt's: 58 or 80 mm (Ajustes de la tienda).
  const tirilla = anchoTirilla(useAjustesTienda().data?.anchoPapel);

  return (
    <>
      <PageHeader title={M.caja.tituloReporte} backTo={paths.turnosCaja} backLabel={M.caja.historial} className="caja-noprint">
        <Link className="btn btn--ghost" to={paths.caja}>
          {M.caja.irACaja}
        </Link>
        {r ? (
          <>
            <button type="button" className="btn" onClick={() => window.print()}>
              {M.caja.imprimir}
            </button>
            <button type="button" className="btn btn--ghost" onClick={() => imprimirEnTirilla(tirilla)}>
              {M.comun.imprimirTirilla(tirilla)}
            </button>
          </>
        ) : null}
      </PageHeader>
      {reporte.isPending && id > 0 ? (
        <div className="card state" role="status">
          {M.caja.cargando}
        </div>
      ) : !r ? (
        <div className="card state" role="alert">
          <p>{reporte.error?.message ?? M.caja.turnoNoEncontrado}</p>
        </div>
      ) : (
        <div className="caja-reporte">
          <ReporteZ reporte={r} />
          {r.puedeCerrar ? (
            <div className="caja-layout caja-noprint">
              <div className="caja-col">
                <ReferenciasPendientes items={r.referenciasPendientes} editable />
              </div>
              <div className="caja-col">
                <CierreForm reporte={r} onClosed={() => reporte.refetch()} />
              </div>
            </div>
          ) : null}
        </div>
      )}
    </>
  );
}
