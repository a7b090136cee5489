import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCodigoInvitacionRegenerado } from '#shared/schemas/tienda';
import { api } from '../../../lib/api-client';
import { getSession, saveSession } from '../../../lib/session';

export const regenerarCodigo = () => api<TCodigoInvitacionRegenerado>('/tienda/codigo-invitacion/regenerar', { method: 'POST' });

/** The new code goes into the stored session at once (the footer shows it), then the session is re-read. */
export const useRegenerarCodigo = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: regenerarCodigo,
    onSuccess: (r) => {
      const s = getSession();
      if (s) saveSession(s.token, { ...s, codigo_invitacion: r.codigo_invitacion });
      return qc.invalidateQueries({ queryKey: ['sesion'] });
    },
  });
};
