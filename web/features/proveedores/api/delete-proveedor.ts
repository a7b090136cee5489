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

/**
 * Merges the other supplier with the same flagged NIT or cédula (the list names it, `gemeloId`) into
 * `p` (issue #56, ADR 072): the other's products and open orders become `p`'s, so product lists refresh too.
 */
export const unirProveedor = (p: { id: number; gemeloId?: number }) =>
  api<{ message: string }>(`/proveedores/${p.id}/unir`, { method: 'POST', body: { proveedorId: p.gemeloId ?? p.id } });

export const useUnirProveedor = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: unirProveedor,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: proveedoresKeys.all }), qc.invalidateQueries({ queryKey: ['productos'] })]),
  });
};
