import { useQuery } from '@tanstack/react-query';
import { canSeeInvitationCode } from '#shared/roles';
import type { TInvitacion } from '#shared/schemas/invitacion';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/**
 * The invitation code's expiry (issue #15), which the footer shows on every screen: a read only, apart
 * from ./invitacion.ts's writes (the invitation screen's), so the footer loads no mutation (issue #55 point 4).
 */
export const invitacionKey = (idTienda: number) => ['tienda', 'invitacion', idTienda] as const;

export const getInvitacion = () => api<TInvitacion>('/tienda/invitacion');

/** Roles 1 and 3 (who see the code): its expiry. */
export const useInvitacion = () => {
  const s = useSession();
  const idTienda = s?.id_Tienda ?? 0;
  // Keyed by the code too: a code changed elsewhere (the footer's button) reads its expiry again.
  return useQuery({ queryKey: [...invitacionKey(idTienda), s?.codigo_invitacion ?? ''], queryFn: getInvitacion, staleTime: 60_000, enabled: !!s && s.id_Tienda != null && canSeeInvitationCode(s.rol) });
};

