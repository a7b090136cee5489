import type { QueryClient } from '@tanstack/react-query';
import { codigoInvitacion } from '#shared/messages/codigo-invitacion';
import type { TCodigoInvitacionRegenerado } from '#shared/schemas/tienda';
import { alertFailure, alertSuccess, confirmAction } from '../../../lib/alerts';
import { api } from '../../../lib/api-client';
import { getSession, saveSession } from '../../../lib/session';

const M = { codigoInvitacion };

export const regenerarCodigo = () => api<TCodigoInvitacionRegenerado>('/tienda/codigo-invitacion/regenerar', { method: 'POST' });

/**
 * After confirming, a new invitation code: it goes into the stored session at once (the footer shows
 * it), then the session is re-read; the button is busy while the request runs.
 */
export async function cambiarCodigoInvitacion(qc: QueryClient, enviando: (v: boolean) => void): Promise<void> {
  const ok = await confirmAction(M.codigoInvitacion.confirmTitle, M.codigoInvitacion.confirmText, M.codigoInvitacion.confirmButton);
  if (!ok) return;
  enviando(true);
  try {
    const r = await regenerarCodigo();
    const s = getSession();
    if (s) saveSession(s.token, { ...s, codigo_invitacion: r.codigo_invitacion });
    await qc.invalidateQueries({ queryKey: ['sesion'] });
    enviando(false);
    await alertSuccess(M.codigoInvitacion.regenerado, M.codigoInvitacion.regeneradoText(r.codigo_invitacion));
  } catch (err) {
    enviando(false);
    await alertFailure(err);
  }
}
