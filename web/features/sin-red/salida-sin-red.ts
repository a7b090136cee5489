import { sinRed } from '#shared/messages/sin-red';
import { ROL } from '#shared/roles';
import { alertWarning, showDialog } from '../../lib/alerts';
import { identidadDeSesion } from '../../lib/session';
import { baseLocal, pendientesDe, vaciarBaseLocal } from './base-local';

const M = { sinRed };

/**
 * Before signing out (issue #34 point 6): with sales on the device that the server has not recorded,
 * role 1 is warned that they will be lost and must confirm (the device is then emptied, ADR 029);
 * other roles are refused with a message. Without such sales, nothing is asked.
 */
export async function confirmarSalidaSinRed(rol: number): Promise<'salir' | 'quedarse'> {
  const db = baseLocal();
  const pendientes = db ? await pendientesDe(db).catch(() => 0) : 0;
  if (pendientes === 0) return 'salir';
  if (rol !== ROL.ADMIN) {
    await alertWarning(M.sinRed.salirConPendientesTitulo, M.sinRed.salirRechazado);
    return 'quedarse';
  }
  const r = await showDialog({
    icon: 'warning',
    title: M.sinRed.salirConPendientesTitulo,
    text: M.sinRed.salirConPendientes(pendientes),
    showCancelButton: true,
    confirmButtonText: M.sinRed.salirConfirmar,
    cancelButtonText: M.sinRed.salirCancelar,
  });
  if (!r.isConfirmed) return 'quedarse';
  await vaciarBaseLocal(identidadDeSesion(), true);
  return 'salir';
}
