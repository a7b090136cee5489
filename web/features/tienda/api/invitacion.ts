import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ROL } from '#shared/roles';
import type { TCodigoInvitacionRegenerado } from '#shared/schemas/tienda';
import type { TEmpleadosPendientes, TInvitacion, TUpdateInvitacion, TVigencia } from '#shared/schemas/invitacion';
import { api } from '../../../lib/api-client';
import { getSession, saveSession, useSession } from '../../../lib/session';
import { invitacionKey } from './invitacion-vigencia';

export { getInvitacion, useInvitacion } from './invitacion-vigencia';

/** The invitation code's expiry, the approval switch and the pending employees (issue #15); the expiry's read is in ./invitacion-vigencia.ts. */
const pendientesKey = (idTienda: number) => ['tienda', 'empleados-pendientes', idTienda] as const;

export const getPendientes = () => api<TEmpleadosPendientes>('/tienda/empleados-pendientes');

export const usePendientes = () => {
  const s = useSession();
  const idTienda = s?.id_Tienda ?? 0;
  return useQuery({ queryKey: pendientesKey(idTienda), queryFn: getPendientes, enabled: !!s && s.id_Tienda != null && s.rol === ROL.ADMIN });
};

const useRefrescar = () => {
  const qc = useQueryClient();
  const idTienda = useSession()?.id_Tienda ?? 0;
  return () => Promise.all([qc.invalidateQueries({ queryKey: invitacionKey(idTienda) }), qc.invalidateQueries({ queryKey: pendientesKey(idTienda) })]);
};

export const useConfigurarInvitacion = () => {
  const qc = useQueryClient();
  const idTienda = useSession()?.id_Tienda ?? 0;
  return useMutation({
    mutationFn: (body: TUpdateInvitacion) => api<TInvitacion>('/tienda/invitacion', { method: 'PUT', body }),
    onSuccess: (r) => qc.setQueryData([...invitacionKey(idTienda), r.codigo_invitacion], r),
  });
};

/** A new code with the chosen expiry; the footer's code changes at once. */
export const useRegenerarConVigencia = () => {
  const qc = useQueryClient();
  const refrescar = useRefrescar();
  return useMutation({
    mutationFn: (vigencia: TVigencia) => api<TCodigoInvitacionRegenerado>('/tienda/codigo-invitacion/regenerar', { method: 'POST', body: { vigencia } }),
    onSuccess: async (r) => {
      const s = getSession();
      if (s) saveSession(s.token, { ...s, codigo_invitacion: r.codigo_invitacion });
      await Promise.all([refrescar(), qc.invalidateQueries({ queryKey: ['sesion'] })]);
    },
  });
};

export const useAprobarEmpleado = () => {
  const refrescar = useRefrescar();
  return useMutation({
    mutationFn: (id: number) => api<{ message: string }>(`/tienda/empleados-pendientes/${id}/aprobar`, { method: 'POST' }),
    onSettled: refrescar,
  });
};

export const useRechazarEmpleado = () => {
  const refrescar = useRefrescar();
  return useMutation({
    mutationFn: (id: number) => api<{ message: string }>(`/tienda/empleados-pendientes/${id}`, { method: 'DELETE' }),
    onSettled: refrescar,
  });
};
