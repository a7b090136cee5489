import { sinRed } from '#shared/messages/sin-red';
import { useFechas } from '../../lib/fechas';
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
  const { pendientes, rechazadas, ultimaSincronizacion } = useEstadoSinRed(cuenta);
  const f = useFechas();
  const cuando = ultimaSincronizacion ? M.sinRed.ultimaSincronizacion(f.fechaHora(ultimaSincronizacion)) : M.sinRed.nuncaSincronizado;
  if (enLinea && pendientes === 0 && rechazadas === 0) return null;
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
        <span data-testid="ultima-sincronizacion">{cuando}</span>
      </p>
    </div>
  );
}
