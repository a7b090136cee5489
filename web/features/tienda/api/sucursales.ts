import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TLoginResponse } from '#shared/schemas/auth';
import type { TCrearSucursalRequest, TPersonaDeEmpresa, TSucursal, TSucursalCreada } from '#shared/schemas/sucursal';
import { api } from '../../../lib/api-client';
import { saveSession } from '../../../lib/session';
import { sesionKey } from '../../../lib/sesion-servidor';

/** The empresa's stores (issue #56 step 3), for its owner. */
const sucursalesKey = ['sucursales'] as const;

export const useSucursales = () => useQuery({ queryKey: sucursalesKey, queryFn: () => api<{ items: TSucursal[] }>('/sucursales') });

export const useCrearSucursal = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TCrearSucursalRequest) => api<TSucursalCreada>('/sucursales', { method: 'POST', body }),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: sucursalesKey }), qc.invalidateQueries({ queryKey: sesionKey })]),
  });
};

/** The people of the empresa's stores with their role in each (Sucursales, the owner only). */
const personasKey = ['sucursales', 'personas'] as const;
export const usePersonasDeEmpresa = () =>
  useQuery({ queryKey: personasKey, queryFn: async () => (await api<{ items: TPersonaDeEmpresa[] }>('/sucursales/personas')).items });

/** The owner gives a person a role in another store of the empresa, or takes it away (`rol` null). */
export const useRolEnTienda = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ idTienda, idUsuario, rol }: { idTienda: number; idUsuario: number; rol: number | null }) =>
      api<{ message: string }>(`/sucursales/${idTienda}/personas/${idUsuario}`, rol == null ? { method: 'DELETE' } : { method: 'PUT', body: { rol } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: personasKey }),
  });
};

/**
 * Acts for another of the session's stores: the server gives a new token, and the session is saved
 * with it (the caches and the cart of the last store are emptied: web/lib/session.ts).
 */
export async function cambiarDeTienda(idTienda: number): Promise<TLoginResponse> {
  const r = await api<TLoginResponse>('/sesion/tienda', { method: 'POST', body: { idTienda } });
  saveSession(r.token, r.sesion);
  return r;
}
