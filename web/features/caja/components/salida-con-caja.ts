import { caja } from '#shared/messages/caja';
import { showDialog } from '../../../lib/alerts';
import { getTurnoActual } from '../api/get-turno-actual';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { caja };

/**
 * Before signing out: with the session's caja still open, asks whether to go and close it or to
 * sign out anyway (issue #18). Without an open shift, or when the server cannot tell, signs out.
 */
export async function confirmarSalidaConCaja(): Promise<'salir' | 'cerrar-caja' | 'quedarse'> {
  let abierta: boolean;
  try {
    abierta = (await getTurnoActual()).turno != null;
  } catch {
    return 'salir';
  }
  if (!abierta) return 'salir';
  const r = await showDialog({
    icon: 'warning',
    title: M.caja.salirTitulo,
    text: M.caja.salirTexto,
    showDenyButton: true,
    showCancelButton: true,
    confirmButtonText: M.caja.salirIrACerrar,
    denyButtonText: M.caja.salirDeTodos,
  });
  return r.isConfirmed ? 'cerrar-caja' : r.isDenied ? 'salir' : 'quedarse';
}
