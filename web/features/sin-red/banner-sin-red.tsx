import { sinRed } from '#shared/messages/sin-red';
import { useFechas } from '../../lib/fechas';
import { baseLocal } from './base-local';
import { useEnLinea, useEstadoSinRed } from './use-sin-red';
import './sin-red.css';

const M = { sinRed };

/**
 * The device's state for selling without the network (issue #34 point 6): offline, an unmistakable
 * red band on every screen with the sales waiting and the last sync; online, only when sales are
 * still waiting or were refused.
 */
export function BannerSinRed({ cuenta }: { cuenta: string }) {
  const enLinea = useEnLinea();
  const { pendientes, rechazadas, deshacerPendientes, deshacerRechazados, rechazos, aviso, ultimaSincronizacion } = useEstadoSinRed(cuenta);
  const f = useFechas();
  const cuando = ultimaSincronizacion ? M.sinRed.ultimaSincronizacion(f.fechaHora(ultimaSincronizacion)) : M.sinRed.nuncaSincronizado;
  if (enLinea && pendientes + rechazadas + deshacerPendientes + deshacerRechazados === 0) return null;
  return (
    <div className={`banner-sin-red${enLinea ? ' banner-sin-red--en-linea' : ''}`} role="status" aria-live="polite" data-testid="banner-sin-red">
      {enLinea ? null : (
        <p className="banner-sin-red__titulo">
          <strong>{M.sinRed.bannerTitulo}</strong> <span>{M.sinRed.banner}</span>
        </p>
      )}
      <p className="banner-sin-red__estado">
        {pendientes > 0 ? <strong data-testid="ventas-pendientes">{enLinea ? `${M.sinRed.enviando} ${M.sinRed.pendientes(pendientes)}` : M.sinRed.pendientes(pendientes)}</strong> : null}
        {rechazadas > 0 ? <strong className="banner-sin-red__rechazadas">{M.sinRed.rechazadas(rechazadas)}</strong> : null}
        {deshacerPendientes > 0 ? <strong data-testid="deshacer-pendientes">{M.sinRed.deshacerPendientes(deshacerPendientes)}</strong> : null}
        {deshacerRechazados > 0 ? <strong className="banner-sin-red__rechazadas">{M.sinRed.deshacerRechazados(deshacerRechazados)}</strong> : null}
        <span data-testid="ultima-sincronizacion">{cuando}</span>
      </p>
      {pendientes > 0 && aviso ? (
        <p className="banner-sin-red__aviso" data-testid="ventas-esperan">
          {aviso}
        </p>
      ) : null}
      {rechazos.length ? (
        <ul className="banner-sin-red__rechazos" data-testid="deshacer-rechazos">
          {rechazos.map((r) => (
            <li key={r.clave}>
              {M.sinRed.rechazo(M.sinRed.tipoOperacion[r.tipo], r.ventaNumero, r.error)}{' '}
              <button type="button" className="btn btn--ghost btn--sm" onClick={() => void baseLocal()?.deshacer.update(r.clave, { estado: 'vista' })}>
                {M.sinRed.entendido}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
