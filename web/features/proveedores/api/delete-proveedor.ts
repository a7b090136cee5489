import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { proveedoresKeys } from './keys';

export const deleteProveedor = (id: number) => api<{ message: string }>(`/proveedores/${id}`, { method: 'DELETE' });

export const useDeleteProveedor = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteProveedor,
    // Its products lose their supplier: product lists refresh too.
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: proveedoresKeys.all }), qc.invalidateQueries({ queryKey: ['productos'] })]),
  });
};
