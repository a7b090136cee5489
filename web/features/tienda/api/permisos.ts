import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPermisosTienda } from '#shared/schemas/permisos';
import { api } from '../../../lib/api-client';
import { misPermisosKey } from '../../../lib/mis-permisos';

const permisosKey = ['tienda', 'permisos'] as const;

export const usePermisosTienda = () => useQuery({ queryKey: permisosKey, queryFn: () => api<TPermisosTienda>('/tienda/permisos') });

export const useGuardarPermisos = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TPermisosTienda) => api<TPermisosTienda>('/tienda/permisos', { method: 'PUT', body }),
    onSuccess: (data) => {
      qc.setQueryData(permisosKey, data);
      return qc.invalidateQueries({ queryKey: misPermisosKey });
    },
  });
};
