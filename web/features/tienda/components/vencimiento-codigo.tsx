import { Link } from 'react-router';
import { invitacion } from '#shared/messages/invitacion';
import { ROL } from '#shared/roles';
import { paths } from '../../../config/paths';
import { useFechas } from '../../../lib/fechas';
import { useSession } from '../../../lib/session';
import { useInvitacion } from '../api/invitacion-vigencia';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { invitacion };

/** 'Vence el …' or 'Sin vencimiento' beside the code (issue #15); role 1 also gets the settings' link and the pending count. */
export function VencimientoCodigo() {
  const session = useSession();
  const { data } = useInvitacion();
  const f = useFechas();
  if (!data) return null;
  const texto = data.codigo_expira ? (data.vencido ? M.invitacion.vencido : M.invitacion.vence)(f.fechaHora(data.codigo_expira)) : M.invitacion.sinVencimiento;
  return (
    <>
      {' '}
      <span className={data.vencido ? 'badge badge--danger' : 'codigo-vence'} data-testid="footer-codigo-vence">
        {texto}
      </span>
      {session?.rol === ROL.ADMIN ? (
        <>
          {' '}
          <Link to={paths.invitacion} className="codigo-enlace" data-testid="footer-invitacion">
            {data.pendientes ? <span className="badge badge--warn">{M.invitacion.pendientesAviso(data.pendientes)}</span> : M.invitacion.enlace}
          </Link>
        </>
      ) : null}
    </>
  );
}
