import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { clientesKeys } from './keys';

export const deleteCliente = (id: number) => api<{ message: string }>(`/clientes/${id}`, { method: 'DELETE' });

export const useDeleteCliente = () => {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteCliente, onSuccess: () => qc.invalidateQueries({ queryKey: clientesKeys.all }) });
};
