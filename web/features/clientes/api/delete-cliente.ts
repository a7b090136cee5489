import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { clientesKeys } from './keys';

export const deleteCliente = (id: number) => api<{ message: string }>(`/clientes/${id}`, { method: 'DELETE' });

export const useDeleteCliente = () => {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteCliente, onSuccess: () => qc.invalidateQueries({ queryKey: clientesKeys.all }) });
};

/** Archives a client (issue #27): hidden from the list and the till; only with a zero balance. */
export const archivarCliente = (id: number) => api<{ message: string }>(`/clientes/${id}/archivar`, { method: 'POST' });

export const useArchivarCliente = () => {
  const qc = useQueryClient();
  return useMutation({ mutationFn: archivarCliente, onSuccess: () => qc.invalidateQueries({ queryKey: clientesKeys.all }) });
};
